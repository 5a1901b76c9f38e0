// The audit log: where it is, what a line holds, that concurrent writers lose nothing and
// never interleave (real processes through the real writer), rotation, and the reader
// (`firebreak audit`, `audit stats`) through its function with a fake Io.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import type { Io } from '../src/terminal/out.js';
import { appendAudit, AUDIT_MAX_COMMAND_BYTES, auditFile, type AuditEntry } from '../src/audit/log.js';
import { localTime, runAudit } from '../src/audit/cli.js';
import { DEFAULT_POLICY, type AuditSettings } from '../src/policy/policy.js';
import { ROOT } from './helpers.js';

const base = mkdtempSync(join(tmpdir(), 'firebreak-audit-'));
after(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => {
  const d = join(base, `d${n++}`);
  mkdirSync(d);
  return d;
};

const ON: AuditSettings = { enabled: true, file: null, includeAllowed: true };
const noEnv = (): undefined => undefined;
const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  time: '2026-11-20T10:00:00.000Z',
  door: 'hook',
  agent: 'claude',
  session: 's-1',
  cwd: '/home/dev/app',
  tool: 'Bash',
  command: 'git push --force origin main',
  decision: 'deny',
  severity: 'Critical',
  rules: ['git:push-force-protected', 'git:push-force'],
  approved: false,
  error: null,
  ...over,
});
const lines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');

describe('where the audit log is', () => {
  const env =
    (vars: Record<string, string>) =>
    (k: string): string | undefined =>
      vars[k];
  test('audit.file, with ~/ as the home directory', () => {
    assert.equal(auditFile({ ...ON, file: '/var/log/fb.jsonl' }, noEnv, '/home/dev'), '/var/log/fb.jsonl');
    assert.equal(auditFile({ ...ON, file: '~/logs/fb.jsonl' }, noEnv, '/home/dev'), '/home/dev/logs/fb.jsonl');
  });
  test('else $XDG_STATE_HOME/firebreak, else ~/.local/state/firebreak; a relative XDG_STATE_HOME is ignored', () => {
    assert.equal(auditFile(ON, env({ XDG_STATE_HOME: '/state' }), '/home/dev'), '/state/firebreak/audit.jsonl');
    assert.equal(auditFile(ON, env({ XDG_STATE_HOME: 'rel' }), '/home/dev'), '/home/dev/.local/state/firebreak/audit.jsonl');
    assert.equal(auditFile(ON, noEnv, '/home/dev/'), '/home/dev/.local/state/firebreak/audit.jsonl');
  });
  test('on by default, allowed commands included', () => assert.deepEqual(DEFAULT_POLICY.audit, ON));
});

describe('appendAudit', () => {
  test('creates the directory (0700) and the file (0600), and writes one JSON line with every field', () => {
    const home = fresh();
    assert.equal(appendAudit(entry(), ON, noEnv, home), null);
    const file = join(home, '.local/state/firebreak/audit.jsonl');
    assert.equal(statSync(join(home, '.local/state/firebreak')).mode & 0o777, 0o700);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(
      lines(file).map((l) => JSON.parse(l)),
      [entry()],
    );
    assert.deepEqual(Object.keys(JSON.parse(lines(file)[0]!)), [
      'time',
      'door',
      'agent',
      'session',
      'cwd',
      'tool',
      'command',
      'decision',
      'severity',
      'rules',
      'approved',
      'error',
    ]);
  });
  test('skipped when switched off, and an allow when allowed commands are left out', () => {
    const home = fresh();
    const file = join(home, 'a.jsonl');
    assert.equal(appendAudit(entry(), { enabled: false, file, includeAllowed: true }, noEnv, home), null);
    assert.equal(existsSync(file), false);
    const noAllowed = { enabled: true, file, includeAllowed: false };
    assert.equal(appendAudit(entry({ decision: 'allow' }), noAllowed, noEnv, home), null);
    assert.equal(existsSync(file), false);
    appendAudit(entry({ decision: 'ask' }), noAllowed, noEnv, home);
    assert.deepEqual(
      lines(file).map((l) => JSON.parse(l).decision),
      ['ask'],
    );
  });
  test('secrets in the command and the cwd are redacted; a newline stays inside the line', () => {
    const home = fresh();
    const file = join(home, 'a.jsonl');
    appendAudit(
      entry({ command: 'PGPASSWORD=hunter2 psql -c "drop table x"\nmysql -uroot -phunter2', cwd: '/srv/API_TOKEN=hunter2' }),
      { ...ON, file },
      noEnv,
      home,
    );
    const text = readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /hunter2/);
    assert.equal(lines(file).length, 1);
    const e = JSON.parse(text) as AuditEntry;
    assert.equal(e.command, 'PGPASSWORD=[REDACTED] psql -c "drop table x"\nmysql -uroot -p[REDACTED]');
    assert.equal(e.cwd, '/srv/API_TOKEN=[REDACTED]');
  });
  test('a huge command is capped at 8 KiB with a marker, fast, and its secrets still go', () => {
    const home = fresh();
    const file = join(home, 'a.jsonl');
    const command = `curl -H 'Authorization: Bearer abcdefghijkl' https://x && echo ${'é'.repeat(1024 * 1024)}`;
    const t0 = performance.now();
    assert.equal(appendAudit(entry({ command }), { ...ON, file }, noEnv, home), null);
    assert.ok(performance.now() - t0 < 500, 'a megabyte command must not cost a hook its budget');
    const logged = (JSON.parse(lines(file)[0]!) as AuditEntry).command;
    const marker = ` … [cut: ${command.length} characters in all]`;
    assert.ok(logged.startsWith("curl -H 'Authorization: Bearer [REDACTED]' https://x && echo éé"), logged.slice(0, 100));
    assert.ok(logged.endsWith(marker), logged.slice(-100));
    const kept = logged.slice(0, -marker.length);
    assert.ok(Buffer.byteLength(kept) <= AUDIT_MAX_COMMAND_BYTES && Buffer.byteLength(kept) > AUDIT_MAX_COMMAND_BYTES - 4);
    assert.ok(!kept.includes('\uFFFD'), 'no character cut in half');
  });
  test('never throws: an unwritable place is an error value naming the file and the fix', () => {
    const home = fresh();
    writeFileSync(join(home, 'blocker'), '');
    const err = appendAudit(entry(), { ...ON, file: join(home, 'blocker', 'audit.jsonl') }, noEnv, home);
    assert.equal(err?.code, 'audit-write');
    assert.match(err!.message, /cannot write the audit log .*blocker\/audit\.jsonl: ENOTDIR; fix: /);
    assert.equal(appendAudit(entry(), { ...ON, file: 'relative.jsonl' }, noEnv, home)?.code, 'audit-file');
    if (process.getuid?.() !== 0) {
      const ro = join(home, 'ro');
      mkdirSync(ro, { mode: 0o500 });
      assert.match(appendAudit(entry(), { ...ON, file: join(ro, 'a.jsonl') }, noEnv, home)?.message ?? '', /EACCES/);
      chmodSync(ro, 0o700);
    }
  });
});

describe('rotation', () => {
  test('past the limit the log moves to .1, .2, ...; at most 4 old files are kept, the newest entries always', () => {
    const dir = fresh();
    const file = join(dir, 'audit.jsonl');
    for (let i = 0; i < 201; i++)
      assert.equal(appendAudit(entry({ command: `echo ${i} ${'x'.repeat(200)}` }), { ...ON, file }, noEnv, dir, { rotateBytes: 2048 }), null);
    assert.deepEqual(readdirSync(dir).sort(), ['audit.jsonl', 'audit.jsonl.1', 'audit.jsonl.2', 'audit.jsonl.3', 'audit.jsonl.4']);
    assert.ok(statSync(join(dir, 'audit.jsonl.1')).size > 2048, 'each rotated file holds a full log');
    const kept = ['audit.jsonl.4', 'audit.jsonl.3', 'audit.jsonl.2', 'audit.jsonl.1', 'audit.jsonl'].flatMap((f) =>
      lines(join(dir, f)).map((l) => Number((JSON.parse(l) as AuditEntry).command.split(' ')[1])),
    );
    assert.equal(kept[kept.length - 1], 200);
    assert.deepEqual(
      kept,
      kept.map((_, i) => kept[0]! + i),
      'oldest first, nothing missing in between',
    );
  });
  test('a fresh lock means another process is rotating: this one writes and leaves it; a stale lock is broken', () => {
    const dir = fresh();
    const file = join(dir, 'audit.jsonl');
    writeFileSync(`${file}.lock`, '');
    for (let i = 0; i < 20; i++) appendAudit(entry(), { ...ON, file }, noEnv, dir, { rotateBytes: 1024 });
    assert.deepEqual(readdirSync(dir).sort(), ['audit.jsonl', 'audit.jsonl.lock']);
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(`${file}.lock`, old, old);
    appendAudit(entry(), { ...ON, file }, noEnv, dir, { rotateBytes: 1024 });
    assert.deepEqual(readdirSync(dir).sort(), ['audit.jsonl.1']);
    assert.equal(lines(`${file}.1`).length, 21);
  });
});

// A writer process: waits for "go" on stdin so that all of them start together.
const WRITER = `
import { appendAudit } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/audit/log.ts')).href)};
const [file, id, count, rotateBytes, keep] = process.argv.slice(2);
process.stdout.write('ready\\n');
process.stdin.once('data', () => {
  const limits = { rotateBytes: Number(rotateBytes), keep: Number(keep) };
  for (let i = 0; i < Number(count); i++) {
    const e = { time: new Date().toISOString(), door: 'hook', agent: 'w' + id, session: null, cwd: '/tmp', tool: 'Bash',
      command: 'echo ' + id + ' ' + i + ' ' + 'x'.repeat((i * 37) % 1500), decision: 'deny', severity: 'High', rules: ['fs:rm'], approved: false, error: null };
    const err = appendAudit(e, { enabled: true, file, includeAllowed: true }, () => undefined, '/tmp', limits);
    if (err) { process.stderr.write(err.message + '\\n'); process.exit(1); }
  }
  process.exit(0);
});
`;

async function race(file: string, writers: number, count: number, rotateBytes: number, keep: number): Promise<void> {
  const script = join(base, 'writer.ts');
  writeFileSync(script, WRITER);
  const children = Array.from({ length: writers }, (_, id) =>
    spawn(process.execPath, ['--import', 'tsx', script, file, String(id), String(count), String(rotateBytes), String(keep)], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  const stderr = children.map(() => '');
  for (const [i, c] of children.entries())
    c.stderr.on('data', (d: Buffer) => {
      stderr[i] += d.toString();
    });
  await Promise.all(children.map((c) => new Promise<void>((resolve) => c.stdout.once('data', () => resolve()))));
  for (const c of children) c.stdin.write('go\n');
  const codes = await Promise.all(children.map((c) => new Promise<number | null>((resolve) => c.on('exit', resolve))));
  assert.deepEqual(
    codes,
    children.map(() => 0),
    stderr.join('\n'),
  );
}

/** Every line of every file parses, each writer's sequence is complete, and the writers really overlapped. */
function assertComplete(files: string[], writers: number, count: number): void {
  const seen = Array.from({ length: writers }, () => new Set<number>());
  let total = 0;
  let switches = 0;
  let previous = -1;
  for (const f of files) {
    for (const l of lines(f)) {
      const [, id, seq] = (JSON.parse(l) as AuditEntry).command.split(' ').map(Number) as [number, number, number];
      seen[id]!.add(seq);
      total++;
      if (id !== previous) {
        switches++;
        previous = id;
      }
    }
  }
  assert.equal(total, writers * count, 'the count is exact');
  for (const s of seen) assert.equal(s.size, count, 'no entry lost or written twice');
  assert.ok(switches > writers * 4, `the writers overlapped (${switches} switches between writers)`);
}

describe('concurrent writers', () => {
  const WRITERS = 8;
  const COUNT = 2500;
  test(`${WRITERS} processes appending ${COUNT} entries each at once: every line parses, the count is exact`, async () => {
    const file = join(fresh(), 'audit.jsonl');
    await race(file, WRITERS, COUNT, 2 ** 40, 4);
    assert.deepEqual(readdirSync(join(file, '..')), ['audit.jsonl'], 'no rotation');
    assertComplete([file], WRITERS, COUNT);
  });
  test('the same with a tiny rotation limit: nothing lost across the rotated files, no rotation overwrote another', async () => {
    const dir = fresh();
    const file = join(dir, 'audit.jsonl');
    await race(file, WRITERS, COUNT, 256 * 1024, 10_000);
    const rotated = readdirSync(dir)
      .filter((f) => /^audit\.jsonl\.\d+$/.test(f))
      .map((f) => Number(f.split('.').pop()))
      .sort((a, b) => b - a);
    assert.ok(rotated.length > 20, `it rotated (${rotated.length} files)`);
    assert.deepEqual(
      rotated,
      rotated.map((_, i) => rotated.length - i),
      'numbered 1..N with no gap',
    );
    assert.equal(existsSync(`${file}.lock`), false);
    assertComplete([...rotated.map((i) => `${file}.${i}`), file], WRITERS, COUNT);
    // The reader sees the same, oldest file first.
    const io = fakeIo();
    assert.equal(await runAudit(['--file', file, '--format', 'json'], io.io), 0);
    assert.equal(io.out.trimEnd().split('\n').length, WRITERS * COUNT);
    assert.equal(io.err, '');
  });
});

function fakeIo(): { io: Io; out: string; err: string } {
  const r = { io: undefined as unknown as Io, out: '', err: '' };
  const sink = (k: 'out' | 'err') => ({
    write: (s: string) => {
      r[k] += s;
      return true;
    },
    once: () => undefined,
  });
  r.io = {
    stdin: () =>
      (async function* () {
        /* nothing */
      })(),
    stdout: sink('out'),
    stderr: sink('err'),
  };
  return r;
}

describe('firebreak audit', () => {
  const NOW = Date.parse('2026-11-20T12:00:00Z');
  const log = (): string => {
    const dir = fresh();
    const file = join(dir, 'audit.jsonl');
    const at = (h: number): string => new Date(NOW - h * 3600e3).toISOString();
    writeFileSync(
      `${file}.2`,
      JSON.stringify(entry({ time: at(30), agent: 'codex', command: 'rm -rf ~', severity: 'Critical', rules: ['fs:rm-home'] })) + '\n',
    );
    writeFileSync(
      `${file}.1`,
      [
        JSON.stringify(entry({ time: at(5), decision: 'ask', severity: 'Medium', rules: ['kubernetes:cordon'], command: 'kubectl cordon n1' })),
        '{"time": "not json',
      ].join('\n') + '\n',
    );
    writeFileSync(
      file,
      [
        // Out of order on purpose: the reader sorts by time, newest last.
        JSON.stringify(
          entry({ time: at(0.5), door: 'mcp', agent: null, tool: 'check_command', decision: 'allow', severity: null, rules: [], command: 'ls -la' }),
        ),
        JSON.stringify(entry({ time: at(1), approved: true })),
        'garbage',
        JSON.stringify(entry({ time: at(1.5), agent: 'gemini', decision: 'ask', severity: null, rules: [], command: 'echo "unclosed', error: 'parse-error' })),
      ].join('\n') + '\n',
    );
    return file;
  };
  const run = async (args: string[], ctx = {}) => {
    const io = fakeIo();
    const code = await runAudit(args, io.io, { now: NOW, ...ctx });
    return { code, out: io.out, err: io.err };
  };
  const commands = (out: string): string[] =>
    out
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as AuditEntry).command);

  test('every entry, the rotated files included, newest last; unreadable lines are counted', async () => {
    const r = await run(['--file', log(), '--format', 'json']);
    assert.equal(r.code, 0);
    assert.deepEqual(commands(r.out), ['rm -rf ~', 'kubectl cordon n1', 'echo "unclosed', 'git push --force origin main', 'ls -la']);
    assert.equal(r.err, 'firebreak audit: 2 lines could not be read (not an audit entry) in ' + r.err.split(' in ')[1]);
    assert.match(r.err, /^firebreak audit: 2 lines could not be read/);
  });
  test('text: local time, decision, agent, severity, rules, command, cwd, one line each', async () => {
    const r = await run(['--file', log(), '--since', '2h']);
    const out = r.out.trimEnd().split('\n');
    assert.equal(out.length, 3);
    assert.equal(
      out[1],
      `${localTime(NOW - 3600e3)}  DENY   claude    Critical  git:push-force-protected,git:push-force  git push --force origin main  in /home/dev/app  [approved by a one-time code]`,
    );
    assert.match(out[0]!, /ASK\s+gemini\s+-\s+-\s+echo "unclosed\s+in \/home\/dev\/app\s+\[error: parse-error\]$/);
    assert.match(out[2]!, /ALLOW\s+\(mcp\)\s+-\s+-\s+ls -la/);
  });
  test('filters: --since, --decision (a comma list), --agent, --door', async () => {
    const file = log();
    assert.deepEqual(commands((await run(['--file', file, '--json', '--since', '6h'])).out), [
      'kubectl cordon n1',
      'echo "unclosed',
      'git push --force origin main',
      'ls -la',
    ]);
    assert.deepEqual(commands((await run(['--file', file, '--json', '--since', '2026-11-19T12:00:00Z', '--decision', 'deny'])).out), [
      'git push --force origin main',
    ]);
    assert.deepEqual(commands((await run(['--file', file, '--json', '--decision=deny,ask'])).out), [
      'rm -rf ~',
      'kubectl cordon n1',
      'echo "unclosed',
      'git push --force origin main',
    ]);
    assert.deepEqual(commands((await run(['--file', file, '--json', '--agent', 'Codex'])).out), ['rm -rf ~']);
    assert.deepEqual(commands((await run(['--file', file, '--json', '--door', 'mcp'])).out), ['ls -la']);
    assert.match((await run(['--file', file, '--agent', 'nobody'])).out, /^No entries match in .*audit\.jsonl and its 2 rotated file\(s\)\.\n$/);
  });
  test('stats: counts by decision, top rules, agents, doors, first and last, in text and json', async () => {
    const file = log();
    const j = JSON.parse((await run(['stats', '--file', file, '--format', 'json'])).out);
    assert.equal(j.entries, 5);
    assert.deepEqual(j.decisions, { allow: 1, ask: 2, deny: 2 });
    assert.deepEqual(j.doors, { hook: 4, mcp: 1, shell: 0 });
    assert.deepEqual(j.agents, [
      { agent: 'claude', count: 2 },
      { agent: '(none)', count: 1 },
      { agent: 'codex', count: 1 },
      { agent: 'gemini', count: 1 },
    ]);
    assert.deepEqual(j.rules.slice(0, 2), [
      { rule: 'fs:rm-home', count: 1 },
      { rule: 'git:push-force', count: 1 },
    ]);
    assert.equal(j.rules.length, 4);
    assert.deepEqual(
      [j.first, j.last, j.approved, j.errors, j.unreadable],
      [new Date(NOW - 30 * 3600e3).toISOString(), new Date(NOW - 1800e3).toISOString(), 1, 1, 2],
    );
    assert.deepEqual(j.files, [`${file}.2`, `${file}.1`, file]);
    const t = await run(['stats', '--file', file, '--decision', 'deny']);
    assert.match(t.out, /^Audit log: .*audit\.jsonl \(and 2 rotated files\)\nEntries: {3}2, /);
    assert.match(t.out, /^Decisions: deny 2, ask 0, allow 0$/m);
    assert.match(t.out, /^Agents: {4}claude 1, codex 1$/m);
  });
  test('the log the user config names (~/ expanded), else the default place; a missing log is one line and exit 0', async () => {
    const home = fresh();
    const env =
      (vars: Record<string, string>) =>
      (k: string): string | undefined =>
        vars[k];
    const missing = await run([], { home, cwd: home, env: env({}) });
    assert.deepEqual(
      [missing.code, missing.out, missing.err],
      [0, `No audit log at ${home}/.local/state/firebreak/audit.jsonl yet; the agent hooks and MCP check_command write it.\n`, ''],
    );
    mkdirSync(join(home, '.config/firebreak'), { recursive: true });
    writeFileSync(join(home, '.config/firebreak/config.yaml'), 'audit:\n  enabled: false\n  file: ~/logs/agents.jsonl\n');
    assert.match(
      (await run([], { home, cwd: home, env: env({}) })).out,
      new RegExp(`^No audit log at ${home}/logs/agents\\.jsonl \\(the audit log is switched off`),
    );
    mkdirSync(join(home, 'logs'));
    writeFileSync(join(home, 'logs/agents.jsonl'), JSON.stringify(entry()) + '\n');
    assert.deepEqual(commands((await run(['--json'], { home, cwd: home, env: env({}) })).out), ['git push --force origin main']);
    writeFileSync(join(home, '.config/firebreak/config.yaml'), 'audit:\n  file: logs/agents.jsonl\n');
    const bad = await run([], { home, cwd: home, env: env({}) });
    assert.equal(bad.code, 1);
    assert.match(
      bad.err,
      /^firebreak audit: cannot tell where the log is: invalid config: .*config\.yaml:2: audit\.file: 'logs\/agents\.jsonl' is not an absolute path .*--file PATH\n$/,
    );
  });
  test('bad options: one line on stderr, exit 1', async () => {
    for (const [args, message] of [
      [['--since', 'yesterday'], /--since takes a duration .* not 'yesterday'/],
      [['--since', '2026-02-30'], /--since takes/],
      [['--since'], /not nothing/],
      [['--decision', 'maybe'], /--decision takes deny, ask or allow/],
      [['--door', 'socket'], /--door takes hook, mcp or shell/],
      [['--format', 'xml'], /--format takes text or json/],
      [['--agent'], /--agent needs a name/],
      [['--frobnicate'], /unknown option '--frobnicate'/],
      [['list'], /unexpected 'list'/],
    ] as Array<[string[], RegExp]>) {
      const r = await run(args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.err, message);
      assert.equal(r.err.trimEnd().split('\n').length, 1);
      assert.equal(r.out, '');
    }
  });
  test('an unreadable log is one line and exit 1', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'audit.jsonl'));
    const r = await run(['--file', join(dir, 'audit.jsonl')]);
    assert.deepEqual([r.code, r.out], [1, '']);
    assert.match(r.err, /^firebreak audit: cannot read .*audit\.jsonl: EISDIR\n$/);
  });
});
