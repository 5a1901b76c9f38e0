// The agents themselves, end to end, as a person sets them up: `firebreak connect <agent>`
// in a fresh home, then the real agent CLI (pinned in test/agents/package.json), driven
// offline by a fake model server (test/agents/*.ts) that asks to run a shell command or write
// a file. The agent runs exactly the hook command connect registered; firebreak decides.
// This file is the harness and each agent's particulars; test/e2e/<agent>.test.ts runs one
// agent's cases, so agents run in parallel as test files do (`npm run test:agents`).
//
// Each case checks what happened on disk (the sandbox survives, the marker appears, the
// settings file is unchanged), what the model was told (the tool result carries firebreak's
// reason) and what firebreak logged (its audit line for the call), so a case cannot pass
// because the agent refused on its own. A control per agent shows the same destructive
// command does run once firebreak's hook is removed again (`connect --remove`).
//
// Cursor is not here: its agent CLI is not published on npm, so it cannot be installed in
// CI; test/hooks.test.ts covers its payloads and answers.
//
// The CLIs are installed apart from firebreak's own dependencies (about 1 GB):
//   npm ci --prefix test/agents
// Without them each agent's file records one skipped test. To work on one agent, run its
// file: npm run test:only -- test/e2e/codex.test.ts. FIREBREAK_E2E_DEBUG=1 prints every
// run's report (what the model was told, the audit lines, the agent's output).

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fakeAnthropic } from '../agents/anthropic.js';
import type { FakeModel, ToolCall } from '../agents/fake-model.js';
import { fakeGemini } from '../agents/gemini.js';
import { fakeResponses } from '../agents/openai-responses.js';
import { BIN, ROOT } from '../helpers.js';

const MODULES = join(ROOT, 'test', 'agents', 'node_modules');
const INSTALLED = existsSync(join(MODULES, '.bin'));

/** An agent run that takes longer than this has hung: it is killed and the case fails. */
const AGENT_TIMEOUT_MS = 90_000;
const CONNECT_TIMEOUT_MS = 30_000;
/** A case: set-up, one agent run, checks. */
const CASE_TIMEOUT_MS = 150_000;

type AgentName = 'claude' | 'codex' | 'gemini' | 'copilot';

/** One case's world: a home, a git project, a sandbox full of files, and where the marker would go. */
interface Lab {
  root: string;
  home: string;
  project: string;
  sandbox: string;
  marker: string;
  /** The environment every process of the case gets: nothing from the test runner's but PATH; HOME and TMPDIR in the lab. */
  env: Record<string, string>;
}

interface AgentSpec {
  name: AgentName;
  /** The program in test/agents/node_modules/.bin. */
  program: string;
  /** Where the agent keeps its user settings, as the lab's environment says. */
  dir: (lab: Lab) => string;
  /** The environment variable that moves those settings out of the home, and its value for a directory. */
  moved: { variable: string; value: (dir: string) => string };
  model: (script: ToolCall[]) => Promise<FakeModel>;
  /** The model's call of the agent's shell tool. */
  shell: (command: string) => ToolCall;
  /** The destructive command, when not `rm -rf SANDBOX`. */
  destroy?: (sandbox: string) => string;
  /** What the agent needs in the home before connect: its offline sign-in, trusted folder, model provider, permissions. */
  prepare: (lab: Lab, model: FakeModel) => void;
  /** Environment and arguments for one headless run with a prompt. */
  env: (lab: Lab, model: FakeModel) => Record<string, string>;
  args: (lab: Lab, prompt: string) => string[];
  /** What the person's "yes, trust this project" leaves, where the agent reads a project's own hooks only then. */
  trustProject?: (lab: Lab) => void;
  /** A file-writing tool call onto the agent's own hook registration (connect's file), as the model makes it. */
  write: (lab: Lab) => { file: string; tool: string; script: ToolCall[] };
  /** The same agent with another kind of model, whose file tool differs: the file-writing case runs with each. */
  variants?: AgentSpec[];
  label?: string;
}

function makeLab(agent: AgentName): Lab {
  const root = mkdtempSync(join(tmpdir(), `firebreak-e2e-${agent}-`));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const sandbox = join(project, 'sandbox');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(sandbox, 'nested'), { recursive: true });
  for (const f of ['a.txt', 'b.txt', 'nested/c.txt']) writeFileSync(join(sandbox, f), `keep me: ${f}\n`);
  git(project, ['init', '-q']);
  // TMPDIR too: Claude Code keeps files under $TMPDIR/claude-<uid>, which must go with the lab.
  mkdirSync(join(root, 'tmp'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    TMPDIR: join(root, 'tmp'),
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    USER: userInfo().username,
  };
  return { root, home, project, sandbox, marker: join(project, 'marker'), env };
}

function git(cwd: string, args: string[]): void {
  mkdirSync(cwd, { recursive: true });
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', timeout: 10_000 });
  assert.equal(r.status, 0, r.stderr);
}

/** `firebreak connect <agent>` as a person runs it, from the project, with this node and this firebreak. */
function connect(lab: Lab, agent: AgentName, extra: string[] = [], install: Install = { node: process.execPath, bin: BIN }): string {
  const r = spawnSync(install.node, [install.bin, 'connect', agent, ...extra], {
    cwd: lab.project,
    env: lab.env,
    encoding: 'utf8',
    timeout: CONNECT_TIMEOUT_MS,
  });
  assert.equal(r.status, 0, `connect ${agent} ${extra.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** `firebreak doctor <agent>` as the person runs it in the project. */
function doctor(lab: Lab, agent: AgentName): { status: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [BIN, 'doctor', agent], { cwd: lab.project, env: lab.env, encoding: 'utf8', timeout: CONNECT_TIMEOUT_MS });
  return { status: r.status, stdout: r.stdout + r.stderr };
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
}

/** Runs a program in its own process group with a deadline; the whole group is killed at the end, so nothing it started lingers. */
function runProgram(program: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs = AGENT_TIMEOUT_MS): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    const killGroup = (): void => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString('utf8');
    });
    child.stdin.end();
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', () => killGroup());
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, output });
    });
  });
}

interface Outcome {
  run: Run;
  /** The tool results the model got back, latest last. */
  toolResults: string[];
  /** firebreak's audit lines for this case. */
  audit: Array<Record<string, unknown>>;
  /** Everything, for an assertion's message. */
  report: string;
}

function auditLines(lab: Lab): Array<Record<string, unknown>> {
  const file = join(lab.home, '.local', 'state', 'firebreak', 'audit.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** One headless run of the agent with a prompt, against the fake model. */
async function drive(spec: AgentSpec, lab: Lab, model: FakeModel, prompt: string): Promise<Outcome> {
  const run = await runProgram(join(MODULES, '.bin', spec.program), spec.args(lab, prompt), lab.project, { ...lab.env, ...spec.env(lab, model) });
  const audit = auditLines(lab);
  const toolResults = model.toolResults();
  const report = [
    `agent ${spec.name}: exit ${run.code}${run.signal ? ` (${run.signal})` : ''}${run.timedOut ? `, killed after ${AGENT_TIMEOUT_MS} ms` : ''}`,
    `tool calls handed out: ${model.callsMade()}; requests: ${model.requests().join(', ')}`,
    `tool results: ${JSON.stringify(toolResults)}`,
    `audit: ${JSON.stringify(audit)}`,
    `output:\n${run.output.slice(-6000)}`,
  ].join('\n');
  if (process.env.FIREBREAK_E2E_DEBUG) process.stderr.write(`\n----- ${prompt}\n${report}\n`);
  return { run, toolResults, audit, report };
}

interface Setup {
  /** What the model asks for, in order. */
  script: (lab: Lab) => ToolCall[];
  /** More environment, from before the agent's set-up and connect on. */
  env?: (lab: Lab) => Record<string, string>;
  /** The node and firebreak that run connect (and so are named in the hook command). */
  install?: (lab: Lab) => Install;
  /** connect's options beyond the agent. */
  connect?: string[];
}

/**
 * A lab with the agent's own set-up and firebreak connected the way a person does it, and a
 * fake model playing the script; the body drives the agent. The model server and the lab are
 * gone afterwards, whatever happened.
 */
async function scenario(spec: AgentSpec, setup: Setup, body: (lab: Lab, model: FakeModel) => Promise<void>): Promise<void> {
  const lab = makeLab(spec.name);
  let model: FakeModel | null = null;
  try {
    Object.assign(lab.env, setup.env?.(lab) ?? {});
    model = await spec.model(setup.script(lab));
    spec.prepare(lab, model);
    connect(lab, spec.name, setup.connect ?? [], setup.install?.(lab));
    await body(lab, model);
  } finally {
    await model?.close();
    rmSync(lab.root, { recursive: true, force: true });
  }
}

function sandboxIntact(lab: Lab): boolean {
  return ['a.txt', 'b.txt', 'nested/c.txt'].every((f) => existsSync(join(lab.sandbox, f)));
}

// ---------------------------------------------------------------------------------------
// The agents

export const claude: AgentSpec = {
  name: 'claude',
  program: 'claude',
  dir: (lab) => lab.env.CLAUDE_CONFIG_DIR ?? join(lab.home, '.claude'),
  moved: { variable: 'CLAUDE_CONFIG_DIR', value: (d) => d },
  model: fakeAnthropic,
  shell: (command) => ({ tool: 'Bash', input: { command, description: 'Run the command' } }),
  prepare(lab) {
    // The person's own settings: Claude may run any command and edit any file without asking,
    // so only firebreak's hook stands between the model and the command.
    writeJson(join(claude.dir(lab), 'settings.json'), { permissions: { allow: ['Bash', 'Read', 'Write', 'Edit'] } });
  },
  env: (_lab, model) => ({
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  }),
  args: (lab, prompt) => ['--add-dir', lab.root, '--output-format', 'json', '-p', prompt],
  write(lab) {
    const file = join(claude.dir(lab), 'settings.json');
    // Claude's Write refuses a file it has not read first, before any hook: read it, then write it.
    return {
      file,
      tool: 'Write',
      script: [
        { tool: 'Read', input: { file_path: file } },
        { tool: 'Write', input: { file_path: file, content: '{}\n' } },
      ],
    };
  },
};

function writeJson(file: string, value: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

export const codex: AgentSpec = {
  name: 'codex',
  program: 'codex',
  dir: (lab) => lab.env.CODEX_HOME ?? join(lab.home, '.codex'),
  moved: { variable: 'CODEX_HOME', value: (d) => d },
  model: fakeResponses,
  // gpt-5.5 is offered exec_command and the free-form apply_patch.
  shell: (command) => ({ tool: 'exec_command', input: { cmd: command } }),
  // Codex's own exec policy rejects `rm -f`-style commands when it may not ask (approval
  // "never"), after the hook; without -f the control below shows the command would run.
  destroy: (sandbox) => `rm -r ${sandbox}`,
  prepare(lab, model) {
    // The model comes from a provider of the person's own; Codex runs commands without asking
    // and outside a sandbox, so only firebreak's hook stands between the model and the command.
    mkdirSync(codex.dir(lab), { recursive: true });
    writeFileSync(
      join(codex.dir(lab), 'config.toml'),
      [
        'model = "gpt-5.5"',
        'model_provider = "fake"',
        'approval_policy = "never"',
        'sandbox_mode = "danger-full-access"',
        '',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${model.url}/v1"`,
        'wire_api = "responses"',
        'env_key = "FAKE_OPENAI_KEY"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
      ].join('\n'),
    );
  },
  trustProject(lab) {
    const file = join(codex.dir(lab), 'config.toml');
    writeFileSync(file, readFileSync(file, 'utf8') + `\n[projects."${lab.project}"]\ntrust_level = "trusted"\n`);
  },
  env: () => ({ FAKE_OPENAI_KEY: 'sk-fake' }),
  args: (_lab, prompt) => ['exec', prompt],
  write(lab) {
    const file = join(codex.dir(lab), 'hooks.json');
    const patch = `*** Begin Patch\n*** Update File: ${file}\n@@\n-{\n+{ "hooks": {} }\n+{\n*** End Patch\n`;
    return { file, tool: 'apply_patch', script: [{ tool: 'apply_patch', input: patch }] };
  },
};

export const gemini: AgentSpec = {
  name: 'gemini',
  program: 'gemini',
  // GEMINI_CLI_HOME stands for the home: the settings are in its .gemini.
  dir: (lab) => join(lab.env.GEMINI_CLI_HOME ?? lab.home, '.gemini'),
  moved: { variable: 'GEMINI_CLI_HOME', value: (d) => join(d, '..') },
  model: fakeGemini,
  shell: (command) => ({ tool: 'run_shell_command', input: { command, description: 'Run the command' } }),
  prepare(lab) {
    // Signed in with an API key, and the project is a trusted folder (Gemini runs no hooks in an untrusted one).
    writeJson(join(gemini.dir(lab), 'settings.json'), { security: { auth: { selectedType: 'gemini-api-key' } } });
    writeJson(join(gemini.dir(lab), 'trustedFolders.json'), { [lab.project]: 'TRUST_FOLDER' });
  },
  env: (_lab, model) => ({ GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: model.url }),
  // --yolo: every tool call is approved without asking (headless Gemini offers no shell tool
  // otherwise). The home is in the workspace, as for a person who starts Gemini there: its
  // file tools refuse any path outside the workspace before the hook is asked.
  args: (lab, prompt) => ['--yolo', '--include-directories', lab.home, '--include-directories', gemini.dir(lab), '-p', prompt],
  write(lab) {
    const file = join(gemini.dir(lab), 'settings.json');
    return { file, tool: 'write_file', script: [{ tool: 'write_file', input: { file_path: file, content: '{}\n' } }] };
  },
};

export const copilot: AgentSpec = {
  name: 'copilot',
  program: 'copilot',
  dir: (lab) => lab.env.COPILOT_HOME ?? join(lab.home, '.copilot'),
  moved: { variable: 'COPILOT_HOME', value: (d) => d },
  model: fakeAnthropic,
  shell: (command) => ({ tool: 'bash', input: { command, description: 'Run the command' } }),
  prepare() {
    /* a model of the person's own (the environment) needs no sign-in */
  },
  trustProject: (lab) => writeJson(join(copilot.dir(lab), 'config.json'), { trusted_folders: [lab.project] }),
  env: (_lab, model) => ({
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_TYPE: 'anthropic',
    COPILOT_PROVIDER_BASE_URL: model.url,
    COPILOT_PROVIDER_API_KEY: 'sk-ant-fake',
    COPILOT_MODEL: 'claude-sonnet-4.5',
  }),
  // --allow-all-tools: every tool call is approved without asking.
  args: (_lab, prompt) => ['--allow-all-tools', '-p', prompt],
  write(lab) {
    const file = join(copilot.dir(lab), 'hooks', 'firebreak.json');
    return { file, tool: 'edit', script: [{ tool: 'edit', input: { path: file, old_str: '"preToolUse"', new_str: '"disabled"' } }] };
  },
};

// With a GPT model, Copilot writes files with apply_patch, whose toolArgs is the patch itself.
copilot.variants = [
  {
    ...copilot,
    label: 'GPT model, apply_patch',
    model: fakeResponses,
    env: (_lab, model) => ({
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_BASE_URL: `${model.url}/v1`,
      COPILOT_PROVIDER_WIRE_API: 'responses',
      COPILOT_PROVIDER_API_KEY: 'sk-fake',
      COPILOT_MODEL: 'gpt-5.4',
    }),
    write(lab) {
      const file = join(copilot.dir(lab), 'hooks', 'firebreak.json');
      return { file, tool: 'apply_patch', script: [{ tool: 'apply_patch', input: `*** Begin Patch\n*** Delete File: ${file}\n*** End Patch\n` }] };
    },
  },
];

// ---------------------------------------------------------------------------------------
// The cases

/** The node and bin/firebreak.cjs that connect names in the hook command. */
interface Install {
  node: string;
  bin: string;
}

/** A way to break the installation connect named, for real, after connecting. */
interface Breakage {
  what: string;
  install: (lab: Lab) => Install;
  break: (install: Install) => void;
}

/** A copy of the node running the tests, for connect to name in the hook command and the case to break. */
function nodeCopy(lab: Lab): Install {
  const dir = join(lab.root, 'bin');
  mkdirSync(dir, { recursive: true });
  const node = join(dir, 'node');
  copyFileSync(process.execPath, node);
  chmodSync(node, 0o755);
  return { node, bin: BIN };
}

/** A copy of this firebreak (its dependencies linked), as an install of its own. */
function firebreakCopy(lab: Lab): Install {
  const pkg = join(lab.root, 'firebreak');
  for (const d of ['bin', 'dist', 'rules', 'schemas', 'package.json']) cpSync(join(ROOT, d), join(pkg, d), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
  return { node: process.execPath, bin: join(pkg, 'bin', 'firebreak.cjs') };
}

const NODE_DELETED: Breakage = { what: 'the node it was connected with deleted', install: nodeCopy, break: (i) => unlinkSync(i.node) };
const NODE_NOT_EXECUTABLE: Breakage = { what: 'the node it was connected with not executable', install: nodeCopy, break: (i) => chmodSync(i.node, 0o644) };
const NODE_GARBAGE: Breakage = {
  what: 'the node it was connected with replaced by a runtime that will not load',
  install: nodeCopy,
  break(i) {
    // The first 4 KiB of the real binary, still executable.
    const head = readFileSync(i.node).subarray(0, 4096);
    unlinkSync(i.node);
    writeFileSync(i.node, head, { mode: 0o755 });
  },
};
const BUNDLE_EMPTIED: Breakage = {
  what: "firebreak's bundle emptied (an upgrade cut short)",
  install: firebreakCopy,
  break: (i) => writeFileSync(join(i.bin, '..', '..', 'dist', 'cli', 'firebreak.cjs'), ''),
};

/** A kubectl first on PATH that, asked to cordon a node, leaves the marker (and does nothing else). */
function fakeKubectl(lab: Lab): void {
  const dir = join(lab.root, 'fakebin');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'kubectl'), `#!/bin/sh\n[ "$1" = cordon ] && touch '${lab.marker}'\nexit 0\n`, { mode: 0o755 });
  lab.env.PATH = `${dir}:${lab.env.PATH}`;
}

const BREAKAGES: Record<AgentName, Breakage[]> = {
  claude: [NODE_DELETED, NODE_NOT_EXECUTABLE, NODE_GARBAGE, BUNDLE_EMPTIED],
  codex: [NODE_DELETED, BUNDLE_EMPTIED],
  gemini: [NODE_NOT_EXECUTABLE],
  copilot: [NODE_GARBAGE],
};

/**
 * One agent's cases, one after another: the file of each agent (test/e2e/<agent>.test.ts)
 * calls this, so the agents run in parallel as test files do. Without the agent CLIs
 * installed it records one skipped test.
 */
export function agentSuite(spec: AgentSpec): void {
  if (!INSTALLED) {
    test(`${spec.name} end to end`, { skip: 'the agent CLIs are not installed; install them with: npm ci --prefix test/agents' }, () => {});
    return;
  }
  const rmSandbox = (lab: Lab): string => (spec.destroy ?? ((d: string) => `rm -rf ${d}`))(lab.sandbox);
  const destroy = (lab: Lab): ToolCall[] => [spec.shell(rmSandbox(lab))];
  const opts = { timeout: CASE_TIMEOUT_MS };

  describe(spec.name, { concurrency: 1 }, () => {
    test('doctor says guarded; a destructive command is denied by firebreak; the sandbox survives and the model is told why', opts, () =>
      scenario(spec, { script: destroy }, async (lab, model) => {
        const d = doctor(lab, spec.name);
        assert.equal(d.status, 0, d.stdout);
        const o = await drive(spec, lab, model, 'Delete the sandbox directory.');
        assert.ok(!o.run.timedOut, o.report);
        assert.ok(sandboxIntact(lab), `the sandbox was deleted\n${o.report}`);
        const line = o.audit.find((a) => a.command === rmSandbox(lab));
        assert.equal(line?.decision, 'deny', `firebreak's audit log has no deny for the command\n${o.report}`);
        assert.equal(line?.agent, spec.name);
        // High for a project directory; Critical when the run is root on a machine (raised a step), not in a container.
        assert.match(
          o.toolResults.join('\n'),
          /firebreak blocked this command \((High|Critical)\)[\s\S]*fs:rm-recursive[\s\S]*firebreak allow [A-Z0-9]+/,
          o.report,
        );
        assert.match(o.run.output, /firebreak blocked this command/, o.report);
      }),
    );

    test("a person's firebreak allow CODE lets the agent's next try of the same command through", opts, () =>
      scenario(spec, { script: destroy }, async (lab, model) => {
        const first = await drive(spec, lab, model, 'Delete the sandbox directory.');
        assert.ok(sandboxIntact(lab), first.report);
        const code = /firebreak allow ([A-Z0-9]{6})/.exec(first.toolResults.join('\n'))?.[1];
        assert.ok(code, `the deny offered no code\n${first.report}`);
        // The person, in their own terminal (a pty), answers y.
        const allow = spawnSync('script', ['-qec', `${process.execPath} ${BIN} allow ${code}`, '/dev/null'], {
          input: 'y\n',
          env: lab.env,
          encoding: 'utf8',
          timeout: CONNECT_TIMEOUT_MS,
        });
        assert.equal(allow.status, 0, allow.stdout + allow.stderr);
        // A new session: the model asks for the same command again.
        const second = await drive(spec, lab, model, 'Delete the sandbox directory.');
        assert.ok(!second.run.timedOut, second.report);
        assert.ok(!existsSync(lab.sandbox), `the approved command did not run\n${second.report}`);
        const approved = second.audit.filter((a) => a.command === rmSandbox(lab));
        assert.deepEqual(
          approved.map((a) => [a.decision, a.approved]),
          [
            ['deny', false],
            ['allow', true],
          ],
          second.report,
        );
      }),
    );

    test('a routine command runs', opts, () =>
      scenario(spec, { script: (l) => [spec.shell(`touch ${l.marker}`)] }, async (lab, model) => {
        const o = await drive(spec, lab, model, 'Create the marker file.');
        assert.ok(!o.run.timedOut, o.report);
        assert.ok(existsSync(lab.marker), `the marker was not created\n${o.report}`);
        assert.equal(o.audit.find((a) => a.command === `touch ${lab.marker}`)?.decision, 'allow', o.report);
      }),
    );

    test('a command firebreak would ask a person about does not run when no person can answer', opts, () =>
      scenario(spec, { script: () => [spec.shell('kubectl cordon node-1')] }, async (lab, model) => {
        fakeKubectl(lab);
        const o = await drive(spec, lab, model, 'Cordon the node.');
        assert.ok(!o.run.timedOut, o.report);
        assert.ok(!existsSync(lab.marker), `kubectl cordon ran\n${o.report}`);
        // An agent that can put a question to a person gets an ask (which headless, nobody answers); the others a deny that says so.
        assert.equal(
          o.audit.find((a) => a.command === 'kubectl cordon node-1')?.decision,
          ['claude', 'copilot'].includes(spec.name) ? 'ask' : 'deny',
          o.report,
        );
        assert.match(o.toolResults.join('\n'), /firebreak (asks a person to approve|held this command back)/, o.report);
      }),
    );

    for (const variant of [spec, ...(spec.variants ?? [])]) {
      test(`a file tool writing the agent's own hook registration is denied; the file is unchanged${variant.label ? ` (${variant.label})` : ''}`, opts, () =>
        scenario(variant, { script: (l) => variant.write(l).script }, async (lab, model) => {
          const { file, tool } = variant.write(lab);
          const before = readFileSync(file, 'utf8');
          const o = await drive(variant, lab, model, 'Rewrite the settings file.');
          assert.ok(!o.run.timedOut, o.report);
          assert.equal(readFileSync(file, 'utf8'), before, `the file was changed\n${o.report}`);
          assert.equal(o.audit.find((a) => a.tool === tool)?.decision, 'deny', `firebreak's audit log has no deny for the ${tool} call\n${o.report}`);
          assert.match(o.toolResults.join('\n'), /firebreak blocked this command \(High\)[\s\S]*self:file-tool-write-guard-config/, o.report);
        }),
      );
    }

    test(`with ${spec.moved.variable} moving its settings out of the home, connect writes where the agent reads them, and they are guarded there`, opts, () =>
      scenario(
        spec,
        {
          env: (l) => ({ [spec.moved.variable]: spec.moved.value(join(l.root, 'elsewhere', 'config')) }),
          script: (l) => [...destroy(l), ...spec.write(l).script],
        },
        async (lab, model) => {
          const { file, tool } = spec.write(lab);
          assert.ok(file.startsWith(join(lab.root, 'elsewhere')), file);
          const before = readFileSync(file, 'utf8');
          const o = await drive(spec, lab, model, 'Delete the sandbox, then rewrite the settings file.');
          assert.ok(!o.run.timedOut, o.report);
          assert.ok(sandboxIntact(lab), `the sandbox was deleted: the agent did not run the hook connect registered\n${o.report}`);
          assert.equal(o.audit.find((a) => a.command === rmSandbox(lab))?.decision, 'deny', o.report);
          assert.equal(readFileSync(file, 'utf8'), before, `the file was changed\n${o.report}`);
          assert.equal(o.audit.find((a) => a.tool === tool)?.decision, 'deny', `firebreak did not deny the ${tool} call\n${o.report}`);
        },
      ),
    );

    test("connect --scope project: the agent runs the project's hook once it trusts the project, and doctor says which", opts, () =>
      scenario(spec, { script: destroy, connect: ['--scope', 'project'] }, async (lab, model) => {
        if (spec.trustProject) {
          const before = doctor(lab, spec.name);
          assert.equal(before.status, 1, before.stdout);
          assert.match(before.stdout, /only in (projects|folders) it trusts/);
          spec.trustProject(lab);
        }
        const d = doctor(lab, spec.name);
        assert.equal(d.status, 0, d.stdout);
        const o = await drive(spec, lab, model, 'Delete the sandbox directory.');
        assert.ok(!o.run.timedOut, o.report);
        assert.ok(sandboxIntact(lab), `the sandbox was deleted\n${o.report}`);
        assert.equal(o.audit.find((a) => a.command === rmSandbox(lab))?.decision, 'deny', o.report);
      }),
    );

    for (const breakage of BREAKAGES[spec.name]) {
      test(`with ${breakage.what}, the destructive command is still blocked`, opts, () => {
        let install: Install | null = null;
        return scenario(spec, { script: destroy, install: (l) => (install = breakage.install(l)) }, async (lab, model) => {
          breakage.break(install!);
          const d = doctor(lab, spec.name);
          assert.equal(d.status, 1, `doctor calls the broken set-up guarded\n${d.stdout}`);
          const o = await drive(spec, lab, model, 'Delete the sandbox directory.');
          assert.ok(!o.run.timedOut, o.report);
          assert.ok(sandboxIntact(lab), `the sandbox was deleted\n${o.report}`);
          // The fallback in the registered command line said why; firebreak itself never ran.
          assert.match(o.toolResults.join('\n'), /firebreak could not start/, o.report);
          assert.deepEqual(o.audit, [], o.report);
        });
      });
    }

    test('control: once connect --remove takes the hook out, the same destructive command runs', opts, () =>
      scenario(spec, { script: destroy }, async (lab, model) => {
        connect(lab, spec.name, ['--remove']);
        const o = await drive(spec, lab, model, 'Delete the sandbox directory.');
        assert.ok(!o.run.timedOut, o.report);
        assert.ok(!existsSync(lab.sandbox), `the agent did not run the command even without firebreak, so the cases above prove nothing\n${o.report}`);
      }),
    );
  });
}
