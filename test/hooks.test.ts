// firebreak hook <agent>, run as the real binary with payloads as each agent sends them:
// allow, ask and deny in each agent's own format (checked against the shape the agent
// accepts), file-writing tools, and every path that cannot judge ending in ask or deny.

import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ROOT } from './helpers.js';
import { AGENT_NAMES, decisionOf, outputErrors, reasonOf, runHook, sandbox, shellPayload, writePayload, type AgentName } from './hook-helpers.js';
import { withinDeadline } from '../src/core/deadline.js';

const box = sandbox('hooks');
after(() => rmSync(box.base, { recursive: true, force: true }));

const ROUTINE = 'git status && npm test';
const ASK = 'docker system prune -f';
const DENY = 'rm -rf ~';

/** What each agent is told for a verdict: the names of firebreak's decisions in its answers. */
const EXPECT: Record<AgentName, { allow: string; ask: string; deny: string }> = {
  claude: { allow: 'none', ask: 'ask', deny: 'deny' },
  // Codex rejects allow and ask: silence, and a deny that says a person must approve.
  codex: { allow: 'none', ask: 'deny', deny: 'deny' },
  // Gemini CLI hangs on ask in headless mode.
  gemini: { allow: 'none', ask: 'deny', deny: 'deny' },
  // Cursor is registered failClosed, so silence would block: allow is said.
  cursor: { allow: 'allow', ask: 'ask', deny: 'deny' },
  copilot: { allow: 'none', ask: 'ask', deny: 'deny' },
};

describe('each agent gets allow, ask and deny in its own format', () => {
  for (const agent of AGENT_NAMES) {
    it(agent, () => {
      for (const [kind, command] of [
        ['allow', ROUTINE],
        ['ask', ASK],
        ['deny', DENY],
      ] as const) {
        const r = runHook(agent, JSON.stringify(shellPayload(agent, command, box.project)), box);
        assert.equal(outputErrors(agent, r), '', `${agent} ${kind}`);
        assert.equal(decisionOf(agent, r), EXPECT[agent][kind], `${agent} ${kind}: ${r.stdout}`);
      }
    });
  }
});

describe('the reason is written for the model', () => {
  it('says what is dangerous, its blast radius, what to run instead, and how a person lets it through', () => {
    const r = runHook('claude', JSON.stringify(shellPayload('claude', 'git reset --hard HEAD~3', box.project)), box);
    const reason = reasonOf('claude', r);
    assert.match(reason, /^firebreak blocked this command \(High\): /);
    assert.match(reason, /git:reset-hard: git reset --hard HEAD~3/);
    assert.match(reason, /Blast radius \(PROJECT\): /);
    assert.match(reason, /Instead:\n {2}git /);
    assert.match(reason, /firebreak allow [A-Z2-9]{6}` in their own terminal/);
    assert.match(reason, /Do not run `firebreak allow` yourself/);
  });
  it('an ask carries a code too, for a headless run where no one answers the prompt', () => {
    const reason = reasonOf('claude', runHook('claude', JSON.stringify(shellPayload('claude', ASK, box.project)), box));
    assert.match(reason, /^firebreak asks a person to approve this command \(Medium\)/);
    assert.match(reason, /headless run.*firebreak allow [A-Z2-9]{6}/);
  });
  it('an ask given as a deny says a person must approve', () => {
    for (const agent of ['codex', 'gemini'] as const) {
      const reason = reasonOf(agent, runHook(agent, JSON.stringify(shellPayload(agent, ASK, box.project)), box));
      assert.match(reason, /needs a person's approval/, agent);
      assert.match(reason, /firebreak allow [A-Z2-9]{6}/, agent);
    }
  });
  it('Claude Code reads a copilot-compatible payload (no transcript_path, ISO timestamp) the same way', () => {
    const p = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/hook-payloads/copilot/claude-compat-Bash.json'), 'utf8')) as Record<string, unknown>;
    const r = runHook('claude', JSON.stringify({ ...p, cwd: box.project, tool_input: { command: DENY } }), box);
    assert.equal(decisionOf('claude', r), 'deny');
  });
});

describe('a payload that cannot be judged never passes', () => {
  const payload = (agent: AgentName): string => JSON.stringify(shellPayload(agent, 'ls', box.project));
  const broken: Array<[string, (agent: AgentName) => string | Buffer]> = [
    ['not JSON', () => '{"tool_name": "Bash", '],
    ['empty stdin', () => ''],
    ['a JSON array', () => '[1, 2]'],
    ['not UTF-8', () => Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
    ['no command', (agent) => payload(agent).replace(/"command":"ls"/, '"command":null')],
    [
      'a cwd that does not exist',
      (agent) =>
        payload(agent)
          .split(JSON.stringify(box.project))
          .join(JSON.stringify(join(box.base, 'gone'))),
    ],
    ['over 16 MiB', (agent) => payload(agent).replace('"ls"', JSON.stringify('ls ' + 'x'.repeat(16 * 1024 * 1024)))],
  ];
  for (const agent of AGENT_NAMES) {
    it(agent, () => {
      for (const [what, make] of broken) {
        const r = runHook(agent, make(agent), box);
        assert.equal(r.status, 0, `${agent}, ${what}: ${r.stderr}`);
        assert.equal(outputErrors(agent, r), '', `${agent}, ${what}`);
        const d = decisionOf(agent, r);
        assert.ok(d === 'ask' || d === 'deny', `${agent}, ${what}: ${r.stdout}`);
        assert.match(reasonOf(agent, r), /^firebreak could not check this tool call/, `${agent}, ${what}`);
      }
    });
  }
  it('an unknown agent name blocks with exit 2, which the agents read as a block', () => {
    const r = runHook('windsurf', payload('claude'), box);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown agent 'windsurf'.*blocked/);
  });
  it('a payload the agent never finishes sending ends in a verdict, not a hang', () => {
    // Stdin left open: the read times out after 3 s.
    return new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'bin/firebreak.cjs'), 'hook', 'codex'], {
        cwd: box.project,
        env: box.env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child.stdin.write('{"tool_name":"Bash",');
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      const started = Date.now();
      child.on('exit', (code) => {
        try {
          assert.equal(code, 0);
          assert.ok(Date.now() - started < 6000);
          assert.match(out, /"permissionDecision":"deny".*did not finish sending/);
          resolve();
        } catch (e) {
          reject(e);
        } finally {
          child.stdin.destroy();
        }
      });
    });
  });
  it('the watchdog stops runaway synchronous work at the deadline', () => {
    const t = Date.now();
    assert.throws(
      () =>
        withinDeadline(100, () => {
          for (;;) {
            /* a runaway assessment */
          }
        }),
      (e: NodeJS.ErrnoException) => e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT',
    );
    assert.ok(Date.now() - t < 2000);
    assert.equal(
      withinDeadline(100, () => 42),
      42,
    );
  });
});

describe('a config firebreak cannot use', () => {
  const cfgDir = join(box.home, '.config', 'firebreak');
  after(() => rmSync(cfgDir, { recursive: true, force: true }));
  it('gives the failure mode, with the config error as the reason: ask, or deny where the agent cannot ask', () => {
    mkdirSync(cfgDir, { recursive: true });
    writeFileSync(join(cfgDir, 'config.yaml'), 'thresholds:\n  deny: Severe\n');
    for (const agent of AGENT_NAMES) {
      const r = runHook(agent, JSON.stringify(shellPayload(agent, 'ls', box.project)), box);
      assert.equal(outputErrors(agent, r), '', agent);
      assert.equal(decisionOf(agent, r), EXPECT[agent].ask, agent);
      assert.match(reasonOf(agent, r), /config\.yaml:2/, agent);
    }
  });
  it('a payload that cannot be read gets the failure mode the user config asks for', () => {
    writeFileSync(join(cfgDir, 'config.yaml'), 'on_error: deny\n');
    const r = runHook('claude', '{"tool_name":', box);
    assert.equal(decisionOf('claude', r), 'deny');
    assert.match(reasonOf('claude', r), /not JSON/);
  });
  it('deny when the broken config asks for on_error: deny', () => {
    writeFileSync(join(cfgDir, 'config.yaml'), 'on_error: deny\nthresholds: [\n');
    const r = runHook('claude', JSON.stringify(shellPayload('claude', 'ls', box.project)), box);
    assert.equal(decisionOf('claude', r), 'deny');
  });
  it('an explicit allow only when the user config asks for it, never a project', () => {
    writeFileSync(join(cfgDir, 'config.yaml'), 'hooks:\n  explicit_allow: true\n');
    assert.equal(decisionOf('claude', runHook('claude', JSON.stringify(shellPayload('claude', 'ls', box.project)), box)), 'allow');
    assert.equal(decisionOf('codex', runHook('codex', JSON.stringify(shellPayload('codex', 'ls', box.project)), box)), 'none');
    rmSync(join(cfgDir, 'config.yaml'));
    writeFileSync(join(box.project, '.firebreak.yaml'), 'hooks:\n  explicit_allow: true\n');
    try {
      const r = runHook('claude', JSON.stringify(shellPayload('claude', 'ls', box.project)), box);
      assert.equal(decisionOf('claude', r), 'ask');
      assert.match(reasonOf('claude', r), /may only tighten/);
    } finally {
      rmSync(join(box.project, '.firebreak.yaml'));
    }
  });
});

describe('file-writing tools cannot touch the guard', () => {
  const guarded = [
    join(box.project, '.claude', 'settings.json'),
    join(box.project, '.firebreak.yaml'),
    join(box.home, '.config', 'firebreak', 'config.yaml'),
    join(box.home, '.codex', 'hooks.json'),
    join(box.home, '.gemini', 'settings.json'),
    join(box.home, '.copilot', 'hooks', 'firebreak.json'),
    join(box.home, '.local', 'state', 'firebreak', 'approvals', 'granted', '0011223344556677.json'),
    join(ROOT, 'dist', 'cli', 'firebreak.cjs'),
    join(ROOT, 'bin', 'firebreak.cjs'),
  ];
  for (const agent of ['claude', 'codex', 'gemini', 'copilot'] as const) {
    it(agent, () => {
      for (const path of guarded) {
        const r = runHook(agent, JSON.stringify(writePayload(agent, path, box.project)), box);
        assert.equal(outputErrors(agent, r), '', `${agent} ${path}`);
        assert.equal(decisionOf(agent, r), 'deny', `${agent} ${path}: ${r.stdout}`);
        assert.match(reasonOf(agent, r), /self:file-tool-write-guard-config/, `${agent} ${path}`);
      }
      // The project's own files are the agent's to write.
      const ok = runHook(agent, JSON.stringify(writePayload(agent, join(box.project, 'src', 'app.ts'), box.project)), box);
      assert.equal(decisionOf(agent, ok), 'none', `${agent}: ${ok.stdout}`);
    });
  }
  it('a link made earlier to a guard file cannot be written through', () => {
    mkdirSync(join(box.home, '.claude'), { recursive: true });
    writeFileSync(join(box.home, '.claude', 'settings.json'), '{}');
    symlinkSync(join(box.home, '.claude', 'settings.json'), join(box.project, 'src', 'notes.json'));
    symlinkSync(join(box.home, '.claude'), join(box.project, 'docs-link'));
    for (const agent of ['claude', 'codex', 'gemini', 'copilot'] as const) {
      for (const path of [join(box.project, 'src', 'notes.json'), join(box.project, 'docs-link', 'settings.json')]) {
        const r = runHook(agent, JSON.stringify(writePayload(agent, path, box.project)), box);
        assert.equal(decisionOf(agent, r), 'deny', `${agent} ${path}: ${r.stdout}`);
      }
    }
  });
  it('a relative path in a patch is judged where the patch applies', () => {
    const r = runHook('codex', JSON.stringify(writePayload('codex', '.claude/settings.local.json', box.project)), box);
    assert.equal(decisionOf('codex', r), 'deny');
  });
  it('a patch header Codex would read after trimming the line is read too; an unknown header is not waved through', () => {
    const patch =
      '*** Begin Patch\n*** Add File: ok.txt\n+ok\n  *** Update File: ' + join(box.home, '.codex', 'hooks.json') + '  \n@@\n-a\n+b\n*** End Patch\n';
    const r = runHook('codex', JSON.stringify({ ...writePayload('codex', 'x', box.project), tool_input: { command: patch } }), box);
    assert.equal(decisionOf('codex', r), 'deny', r.stdout);
    const odd = runHook(
      'codex',
      JSON.stringify({
        ...writePayload('codex', 'x', box.project),
        tool_input: { command: '*** Begin Patch\n*** Add File: ok.txt\n*** Replace File: x\n*** End Patch' },
      }),
      box,
    );
    assert.match(reasonOf('codex', odd), /a header firebreak does not know/);
  });
  it("apply_patch run through Codex's or Copilot's shell tool is judged as the write it is", () => {
    const command = `apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: ${join(box.home, '.codex', 'hooks.json')}\n@@\n-a\n+b\n*** End Patch\nEOF`;
    for (const agent of ['codex', 'copilot'] as const) {
      const r = runHook(agent, JSON.stringify(shellPayload(agent, command, box.project)), box);
      assert.equal(decisionOf(agent, r), 'deny', `${agent}: ${r.stdout}`);
      assert.match(reasonOf(agent, r), /self:file-tool-write-guard-config/);
    }
  });
  it('a command given as an argv list keeps its words', () => {
    const p = { ...shellPayload('codex', 'x', box.project), tool_name: 'shell', tool_input: { command: ['bash', '-c', 'rm -rf ~', 'ignored'] } };
    assert.equal(decisionOf('codex', runHook('codex', JSON.stringify(p), box)), 'deny');
  });
  it('a patch naming no file is not waved through', () => {
    const r = runHook('codex', JSON.stringify({ ...writePayload('codex', 'x', box.project), tool_input: { command: 'rm -rf ~' } }), box);
    assert.equal(decisionOf('codex', r), 'deny');
    assert.match(reasonOf('codex', r), /names no file/);
  });
});

describe('an agent cannot let itself through', () => {
  for (const command of [
    'firebreak allow K7QMXP',
    'npx firebreak allow K7QMXP',
    `node ${ROOT}bin/firebreak.cjs allow K7QMXP`,
    "bash -c 'firebreak allow K7QMXP'",
    'firebreak connect claude --remove',
  ]) {
    it(command, () => {
      const r = runHook('claude', JSON.stringify(shellPayload('claude', command, box.project)), box);
      assert.equal(decisionOf('claude', r), 'deny', r.stdout);
    });
  }
});
