// firebreak connect and doctor on real settings files (with other hooks and servers in
// them), and the registered command blocking when the runtime is broken for real.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN, ROOT } from './helpers.js';
import { sandbox, shellPayload, type AgentName } from './hook-helpers.js';
import { AGENTS, agentNamed } from '../src/hooks/agents/index.js';
import { codexTrustHash, codexTrustKey } from '../src/hooks/agents/codex-trust.js';
import { hookCommand } from '../src/hooks/registration.js';

const box = sandbox('connect');
after(() => rmSync(box.base, { recursive: true, force: true }));

function firebreak(args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: box.project, env: { ...box.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const read = (path: string): string => readFileSync(path, 'utf8');
// biome-ignore lint/suspicious/noExplicitAny: settings files are read as whatever each agent writes; the tests index them freely
const json = (path: string): Record<string, any> => JSON.parse(read(path)) as Record<string, any>;

describe('connect claude merges into settings it does not own', () => {
  const settings = join(box.home, '.claude', 'settings.json');
  const mcp = join(box.home, '.claude.json');
  const original =
    '{\n    "permissions": {"allow": ["Bash(npm test:*)"]},\n    "hooks": {\n        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/audit-bash"}]}],\n        "PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "prettier --write"}]}]\n    },\n    "model": "opus"\n}\n';
  const mcpOriginal =
    '{"numStartups": 12, "mcpServers": {"github": {"type": "stdio", "command": "gh-mcp", "args": []}}, "projects": {"/x": {"allowedTools": []}}}\n';
  it('adds its hook and MCP server, and keeps every other byte', () => {
    mkdirSync(join(box.home, '.claude'), { recursive: true });
    writeFileSync(settings, original);
    writeFileSync(mcp, mcpOriginal);
    const r = firebreak(['connect', 'claude']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /Claude Code: added firebreak's hook to ~\/\.claude\/settings\.json \(hooks\.PreToolUse, matcher Bash\|Write\|Edit\|MultiEdit\|NotebookEdit, timeout 30\)/,
    );
    assert.match(r.stdout, /Added firebreak to .*\.claude\.json/);
    const s = json(settings);
    assert.deepEqual(s.permissions, { allow: ['Bash(npm test:*)'] });
    assert.equal(s.model, 'opus');
    assert.deepEqual(s.hooks.PostToolUse, [{ matcher: 'Write', hooks: [{ type: 'command', command: 'prettier --write' }] }]);
    assert.equal(s.hooks.PreToolUse.length, 2);
    assert.deepEqual(s.hooks.PreToolUse[0], { matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/audit-bash' }] });
    assert.equal(s.hooks.PreToolUse[1].hooks[0].command, hookCommand('claude', agentNamed('claude')!.registration, process.execPath, BIN));
    // Outside the hooks list, the text is what it was.
    assert.ok(read(settings).startsWith('{\n    "permissions": {"allow": ["Bash(npm test:*)"]},\n    "hooks": {\n        "PreToolUse": ['));
    assert.ok(
      read(settings).endsWith(
        '"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "prettier --write"}]}]\n    },\n    "model": "opus"\n}\n',
      ),
    );
    assert.deepEqual(json(mcp).mcpServers.github, { type: 'stdio', command: 'gh-mcp', args: [] });
    assert.equal(json(mcp).numStartups, 12);
  });
  it('changes nothing the second time', () => {
    const before = [read(settings), read(mcp)];
    const r = firebreak(['connect', 'claude']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /already in ~\/\.claude\/settings\.json; nothing changed/);
    assert.deepEqual([read(settings), read(mcp)], before);
  });
  it('replaces an older firebreak hook in place, keeping the other hooks where they are', () => {
    const s = json(settings);
    s.hooks.PreToolUse[1].hooks[0].command = 'npx firebreak hook claude';
    writeFileSync(settings, JSON.stringify(s, null, 2));
    const r = firebreak(['connect', 'claude']);
    assert.match(r.stdout, /replaced firebreak's hook in .*\n.*\n {2}\(was: npx firebreak hook claude\)/);
    assert.equal(json(settings).hooks.PreToolUse.length, 2);
    assert.equal(json(settings).hooks.PreToolUse[0].hooks[0].command, '~/bin/audit-bash');
  });
  it('--dry-run writes nothing', () => {
    const before = read(settings);
    const r = firebreak(['connect', 'claude', '--remove', '--dry-run']);
    assert.match(r.stdout, /would remove firebreak's hook/);
    assert.equal(read(settings), before);
  });
  it('--remove takes out exactly what it added', () => {
    const r = firebreak(['connect', 'claude', '--remove']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(json(settings), JSON.parse(original));
    assert.deepEqual(json(mcp), JSON.parse(mcpOriginal));
  });
  it('refuses a settings file with comments, or broken JSON, and leaves it alone', () => {
    writeFileSync(settings, '{\n  // mine\n  "model": "opus"\n}\n');
    const r = firebreak(['connect', 'claude', '--no-mcp']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /has comments, which firebreak will not rewrite; add this under "hooks"\."PreToolUse" by hand/);
    assert.equal(read(settings), '{\n  // mine\n  "model": "opus"\n}\n');
    writeFileSync(settings, '{"model": ');
    assert.match(firebreak(['connect', 'claude', '--no-mcp']).stderr, /is not valid JSON/);
  });
  it('edits a symlinked settings file where it points, keeping the link', () => {
    const real = join(box.base, 'dotfiles-settings.json');
    writeFileSync(real, '{}\n');
    rmSync(settings);
    symlinkSync(real, settings);
    assert.equal(firebreak(['connect', 'claude', '--no-mcp']).status, 0);
    assert.equal(json(real).hooks.PreToolUse.length, 1);
    rmSync(settings);
  });
});

describe('connect codex trusts its hook, as Codex runs only trusted hooks', () => {
  const hooks = join(box.home, '.codex', 'hooks.json');
  const config = join(box.home, '.codex', 'config.toml');
  it('writes hooks.json and the trusted hash of exactly what it wrote', () => {
    mkdirSync(join(box.home, '.codex'), { recursive: true });
    writeFileSync(config, 'model = "gpt-5.5"\n');
    writeFileSync(
      hooks,
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'their-hook', timeout: 5 }] }] } }, null, 2),
    );
    writeFileSync(config, `model = "gpt-5.5"\n\n[hooks.state."${hooks}:pre_tool_use:0:0"]\ntrusted_hash = "sha256:theirs"\n`);
    const r = firebreak(['connect', 'codex']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Codex: trusted firebreak's hook in ~\/\.codex\/config\.toml/);
    const group = json(hooks).hooks.PreToolUse[1];
    const toml = read(config);
    assert.ok(toml.includes(`[hooks.state."${codexTrustKey(hooks, 1, 0)}"]\ntrusted_hash = "${codexTrustHash(group.matcher, group.hooks[0])}"`), toml);
    assert.match(toml, /\[mcp_servers\.firebreak\]/);
  });
  it('on --remove drops its trust and moves the trust of the hooks after it', () => {
    // Theirs after ours: [theirs, ours, later]; removing ours makes later group 1.
    const h = json(hooks);
    h.hooks.PreToolUse.push({ matcher: 'Bash', hooks: [{ type: 'command', command: 'later-hook' }] });
    writeFileSync(hooks, JSON.stringify(h, null, 2));
    writeFileSync(config, read(config) + `\n[hooks.state."${codexTrustKey(hooks, 2, 0)}"]\ntrusted_hash = "sha256:later"\n`);
    const r = firebreak(['connect', 'codex', '--remove']);
    assert.equal(r.status, 0, r.stderr);
    const toml = read(config);
    assert.ok(toml.includes(`[hooks.state."${codexTrustKey(hooks, 0, 0)}"]\ntrusted_hash = "sha256:theirs"`), toml);
    assert.ok(toml.includes(`[hooks.state."${codexTrustKey(hooks, 1, 0)}"]\ntrusted_hash = "sha256:later"`), toml);
    assert.ok(!toml.includes(codexTrustKey(hooks, 2, 0)), toml);
    assert.doesNotMatch(toml, /mcp_servers\.firebreak/);
    assert.deepEqual(
      json(hooks).hooks.PreToolUse.map((g: { hooks: Array<{ command: string }> }) => g.hooks[0]!.command),
      ['their-hook', 'later-hook'],
    );
  });
});

describe('connect --all and doctor', () => {
  it('doctor says an agent found but not guarded needs fixing', () => {
    mkdirSync(join(box.home, '.gemini'), { recursive: true });
    const r = firebreak(['doctor', 'gemini']);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /Gemini CLI +FIX +not guarded: no firebreak hook in ~\/\.gemini\/settings\.json; fix: firebreak connect gemini/);
  });
  it('connect --all sets up every agent found, and doctor finds each one blocking a risky command and passing a routine one', () => {
    for (const d of ['.claude', '.codex', '.cursor', '.copilot']) mkdirSync(join(box.home, d), { recursive: true });
    const r = firebreak(['connect', '--all']);
    assert.equal(r.status, 0, r.stderr);
    const d = firebreak(['doctor']);
    assert.equal(d.status, 0, d.stdout + d.stderr);
    for (const a of AGENTS) assert.match(d.stdout, new RegExp(`${a.label} +ok +.*'rm -rf ~' blocked \\(\\d+ ms\\), 'git status' passes`), d.stdout);
  });
  it('doctor names what is wrong: Cursor without failClosed, Codex untrusted, a timeout that fails open', () => {
    const cursor = join(box.home, '.cursor', 'hooks.json');
    const c = json(cursor);
    delete c.hooks.beforeShellExecution[0].failClosed;
    writeFileSync(cursor, JSON.stringify(c));
    const gemini = join(box.home, '.gemini', 'settings.json');
    const g = json(gemini);
    g.hooks.BeforeTool[0].hooks[0].timeout = 10; // what `gemini hooks migrate` makes of Claude's 10 seconds
    writeFileSync(gemini, JSON.stringify(g));
    writeFileSync(join(box.home, '.codex', 'config.toml'), 'model = "gpt-5.5"\n');
    const d = firebreak(['doctor']);
    assert.equal(d.status, 1);
    assert.match(d.stdout, /Cursor +FIX +.*failClosed is not true/);
    assert.match(d.stdout, /Gemini CLI +FIX +.*the timeout is 10 ms/);
    assert.match(d.stdout, /Codex +FIX +.*Codex has not trusted this hook/);
    assert.match(d.stdout, /Claude Code +ok/);
    // connect puts it right.
    assert.equal(firebreak(['connect', 'cursor', 'gemini', 'codex']).status, 0);
    assert.equal(firebreak(['doctor']).status, 0);
  });
  it('doctor catches a config that makes the hook ask instead of block', () => {
    mkdirSync(join(box.home, '.config', 'firebreak'), { recursive: true });
    writeFileSync(join(box.home, '.config', 'firebreak', 'config.yaml'), 'thresholds: {deny: Sever}\n');
    try {
      const d = firebreak(['doctor', 'claude']);
      assert.equal(d.status, 1);
      assert.match(d.stdout, /'rm -rf ~' was not blocked .*config\.yaml/);
    } finally {
      rmSync(join(box.home, '.config'), { recursive: true, force: true });
    }
  });
});

describe('a broken installation still blocks', () => {
  // A node and a firebreak of the test's own, registered by connect, then broken for real.
  const tools = join(box.base, 'tools');
  const node = join(tools, 'bin', 'node');
  const pkg = join(tools, 'firebreak');
  const home = join(box.base, 'broken-home');
  const setUp = (): void => {
    rmSync(tools, { recursive: true, force: true });
    mkdirSync(join(tools, 'bin'), { recursive: true });
    copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
    for (const d of ['bin', 'dist', 'package.json']) cpSync(join(ROOT, d), join(pkg, d), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
  };
  const breakages: Array<[string, () => void]> = [
    ['node deleted', () => rmSync(node)],
    ['node not executable', () => chmodSync(node, 0o644)],
    ['node replaced by a file that is not a program', () => writeFileSync(node, '\x7fELF garbage')],
    ['firebreak deleted', () => rmSync(join(pkg, 'bin', 'firebreak.cjs'))],
    ['the bundle corrupt', () => writeFileSync(join(pkg, 'dist', 'cli', 'firebreak.cjs'), 'this is not javascript {')],
    ['the bundle gone', () => rmSync(join(pkg, 'dist'), { recursive: true })],
  ];
  /** The agent's shell, with the registered command and a risky payload; blocked as the agent reads it. */
  const asAgentRuns = (agent: AgentName, command: string): { stdout: string; stderr: string; exitCode: number } => {
    const shell = agent === 'claude' || agent === 'cursor' ? ['/bin/sh', '-c'] : ['bash', '-c'];
    const r = spawnSync(shell[0]!, [shell[1]!, command], {
      input: JSON.stringify(shellPayload(agent, 'rm -rf ~', box.project)),
      cwd: box.project,
      env: { ...box.env, HOME: home },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { stdout: r.stdout, stderr: r.stderr, exitCode: r.status ?? 1 };
  };
  for (const [what, breakIt] of breakages) {
    it(what, () => {
      setUp();
      mkdirSync(home, { recursive: true });
      for (const a of AGENTS) {
        const r = spawnSync(node, [join(pkg, 'bin', 'firebreak.cjs'), 'connect', a.name, '--no-mcp'], { env: { ...box.env, HOME: home }, encoding: 'utf8' });
        assert.equal(r.status, 0, r.stderr);
      }
      // Working, it blocks with its own reason.
      for (const a of AGENTS) {
        const reg = a.registration;
        const file = reg.file('user', { project: box.project, home, env: () => undefined });
        const list = json(file).hooks[reg.event];
        const handler = reg.shape === 'flat' ? list[0] : list[0].hooks[0];
        assert.ok(String(handler[reg.commandKey]).includes(` '${node}' '${pkg}/bin/firebreak.cjs' hook ${a.name} || `));
      }
      breakIt();
      for (const a of AGENTS) {
        const reg = a.registration;
        const file = reg.file('user', { project: box.project, home, env: () => undefined });
        const list = json(file).hooks[reg.event];
        const handler = reg.shape === 'flat' ? list[0] : list[0].hooks[0];
        const reply = asAgentRuns(a.name as AgentName, String(handler[reg.commandKey]));
        assert.ok(a.blocks(reply), `${a.name} after ${what}: exit ${reply.exitCode}, ${reply.stdout} ${reply.stderr}`);
        assert.match(reply.stderr + reply.stdout, /firebreak could not start|blocked/, a.name);
      }
      rmSync(home, { recursive: true, force: true });
    });
  }
  it("NODE_OPTIONS planted in the agent's environment cannot make the hook say nothing", () => {
    setUp();
    const evil = join(box.base, 'evil.cjs');
    writeFileSync(evil, 'process.exit(0)\n');
    const command = hookCommand('claude', agentNamed('claude')!.registration, node, join(pkg, 'bin', 'firebreak.cjs'));
    const r = spawnSync('/bin/sh', ['-c', command], {
      input: JSON.stringify(shellPayload('claude', 'rm -rf ~', box.project)),
      cwd: box.project,
      env: { ...box.env, HOME: home, NODE_OPTIONS: `--require ${evil}` },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.match(r.stdout, /"permissionDecision":"deny"/, r.stderr);
  });
  it('the copy works before it is broken', () => {
    setUp();
    assert.ok(existsSync(node));
    const command = hookCommand('claude', agentNamed('claude')!.registration, node, join(pkg, 'bin', 'firebreak.cjs'));
    const reply = asAgentRuns('claude', command);
    assert.equal(reply.exitCode, 0, reply.stderr);
    assert.match(reply.stdout, /"permissionDecision":"deny".*fs:rm-recursive/);
  });
});

describe('connect touches only its own item (found in review)', () => {
  it("another hook's one-line list keeps its bytes, and --remove gives back the file exactly", () => {
    const home = join(box.base, 'tabs-home');
    const settings = join(home, '.claude', 'settings.json');
    mkdirSync(join(home, '.claude'), { recursive: true });
    const original =
      '{\n\t"hooks": {\n\t\t"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "their-hook"}]}]\n\t},\n\t"model": "opus"\n}\n';
    writeFileSync(settings, original);
    assert.equal(firebreak(['connect', 'claude', '--no-mcp'], { HOME: home }).status, 0);
    const added = read(settings);
    assert.ok(added.includes('[{"matcher": "Bash", "hooks": [{"type": "command", "command": "their-hook"}]}, {'), added);
    assert.equal(firebreak(['connect', 'claude', '--no-mcp', '--remove'], { HOME: home }).status, 0);
    assert.equal(read(settings), original);
  });
  it("Codex's trust is keyed by hooks.json as Codex names it, a symlink included", () => {
    const home = join(box.base, 'link-home');
    mkdirSync(join(home, '.codex'), { recursive: true });
    const real = join(box.base, 'dotfiles-hooks.json');
    writeFileSync(real, '{}\n');
    symlinkSync(real, join(home, '.codex', 'hooks.json'));
    assert.equal(firebreak(['connect', 'codex', '--no-mcp'], { HOME: home }).status, 0);
    const toml = read(join(home, '.codex', 'config.toml'));
    assert.ok(toml.includes(`[hooks.state."${join(home, '.codex', 'hooks.json')}:pre_tool_use:0:0"]`), toml);
    assert.equal(firebreak(['doctor', 'codex'], { HOME: home }).status, 0);
  });
  it('removing a hook before two others moves their trust without two tables of one name', () => {
    const home = join(box.base, 'order-home');
    const hooks = join(home, '.codex', 'hooks.json');
    mkdirSync(join(home, '.codex'), { recursive: true });
    writeFileSync(hooks, '{}\n');
    assert.equal(firebreak(['connect', 'codex', '--no-mcp'], { HOME: home }).status, 0);
    const h = json(hooks);
    h.hooks.PreToolUse.push(
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'one' }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'two' }] },
    );
    writeFileSync(hooks, JSON.stringify(h, null, 2));
    const config = join(home, '.codex', 'config.toml');
    writeFileSync(
      config,
      read(config) +
        `\n[hooks.state."${codexTrustKey(hooks, 2, 0)}"]\ntrusted_hash = "sha256:two"\n\n[hooks.state."${codexTrustKey(hooks, 1, 0)}"]\ntrusted_hash = "sha256:one"\n`,
    );
    assert.equal(firebreak(['connect', 'codex', '--no-mcp', '--remove'], { HOME: home }).status, 0);
    const toml = read(config);
    assert.equal(toml.split(`[hooks.state."${codexTrustKey(hooks, 0, 0)}"]`).length, 2, toml);
    assert.ok(toml.includes(`[hooks.state."${codexTrustKey(hooks, 0, 0)}"]\ntrusted_hash = "sha256:one"`), toml);
    assert.ok(toml.includes(`[hooks.state."${codexTrustKey(hooks, 1, 0)}"]\ntrusted_hash = "sha256:two"`), toml);
  });
  it('doctor sees hooks switched off in a settings layer other than the one holding the hook', () => {
    const home = join(box.base, 'layers-home');
    mkdirSync(join(home, '.claude'), { recursive: true });
    assert.equal(firebreak(['connect', 'claude', '--no-mcp', '--scope', 'project'], { HOME: home }).status, 0);
    writeFileSync(join(home, '.claude', 'settings.json'), '{"disableAllHooks": true}');
    const d = firebreak(['doctor', 'claude'], { HOME: home });
    assert.equal(d.status, 1);
    assert.match(d.stdout, /disableAllHooks is set in ~\/\.claude\/settings\.json/);
    rmSync(join(box.project, '.claude'), { recursive: true, force: true });
  });
});
