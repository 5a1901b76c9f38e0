// npm run bench: prints the figures the README records. A benchmark, not a test: it
// asserts nothing and never fails on a slow machine. It is bundled by esbuild into
// dist/bench/ and run with plain node, so it measures the code as shipped.
//
//   in-process: assessments per second and µs per command over bench/corpus.txt (mixed),
//               and over its routine lines alone, with the full catalogue loaded;
//   cold start: median wall time of `firebreak check` against bare `node -e 0`.

import { shellLatencies, terminalLatencies } from './shells.js';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Engine } from '../src/assess/engine.js';
import { loadCatalogue } from '../src/catalogue/load.js';
import { STARTER_POLICY, STARTER_RULE } from '../src/policy/starter.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const catalogue = loadCatalogue();
if ('code' in catalogue) throw new Error(catalogue.message);
const engine = new Engine(catalogue);
const opts = { cwd: root };

const corpus = readFileSync(root + 'bench/corpus.txt', 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const routine = corpus.filter((l) => engine.assess(l, opts).severity === null);

function rate(lines: string[], minMs = 1500): { perSec: number; usPer: number; n: number } {
  for (let i = 0; i < 3; i++) for (const l of lines) engine.assess(l, opts); // warm up the JIT
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (const l of lines) engine.assess(l, opts);
    n += lines.length;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return { perSec: (n / elapsed) * 1000, usPer: (elapsed * 1000) / n, n };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function wall(args: string[], count: number, env?: NodeJS.ProcessEnv, before?: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    before?.();
    const t = process.hrtime.bigint();
    spawnSync(process.execPath, args, { stdio: 'ignore', ...(env ? { env } : {}) });
    if (i >= 3) times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(times);
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const risky = corpus.length - routine.length;
console.log(
  `firebreak bench — node ${process.version}, ${catalogue.size} rules, corpus ${corpus.length} commands (${routine.length} routine, ${risky} matched a rule)`,
);
const mixed = rate(corpus);
console.log(`in-process, mixed corpus : ${fmt(mixed.perSec)} assessments/s, ${fmt(mixed.usPer, 2)} µs per command`);
const plain = rate(routine);
console.log(`in-process, routine only : ${fmt(plain.perSec)} assessments/s, ${fmt(plain.usPer, 2)} µs per command`);

const runs = Number(process.env.BENCH_RUNS ?? 30);
const bin = root + 'bin/firebreak.cjs';
const bare = wall(['-e', '0'], runs);
const coldRoutine = wall([bin, 'check', '--', 'git status'], runs);
// Outside a repository no probe has anything to measure: start-up alone. In this
// repository the force-push probe asks git how many commits the push would drop.
const outside = ['--cwd', tmpdir()];
const coldRisky = wall([bin, 'check', ...outside, '--', 'git push --force origin main'], runs);
const coldProbed = wall([bin, 'check', '--cwd', root, '--', 'git push --force origin main'], runs);
const coldRoot = wall([bin, 'check', ...outside, '--', 'rm -rf /'], runs);
console.log(
  `cold start (median of ${runs}): node -e 0 ${fmt(bare, 1)} ms; firebreak check routine ${fmt(coldRoutine, 1)} ms (+${fmt(coldRoutine - bare, 1)}); risky ${fmt(coldRisky, 1)} ms (+${fmt(coldRisky - bare, 1)})`,
);
console.log(
  `with blast-radius probes: git push --force in a repository ${fmt(coldProbed, 1)} ms (+${fmt(coldProbed - bare, 1)}); rm -rf / (bounded walk of /) ${fmt(coldRoot, 1)} ms (+${fmt(coldRoot - bare, 1)})`,
);

// A project with a user config and a project policy (one custom rule): the policy comes
// from the disk cache on every run but the first; and, deleting the cache before each
// run, the cost of loading the config with cosmiconfig, yaml and the schema validator.
const fixture = mkdtempSync(join(tmpdir(), 'firebreak-bench-'));
const home = join(fixture, 'home');
const project = join(home, 'app');
mkdirSync(join(project, '.git'), { recursive: true });
mkdirSync(join(home, '.config', 'firebreak'), { recursive: true });
writeFileSync(join(project, '.git', 'HEAD'), 'ref: refs/heads/feature\n');
writeFileSync(
  join(home, '.config', 'firebreak', 'config.yaml'),
  'thresholds:\n  human: { ask: High, deny: Critical }\nprotected_branches: [main, release/*]\n',
);
writeFileSync(join(project, '.firebreak.yaml'), `${STARTER_POLICY}rules:\n${STARTER_RULE}deny: [git:push-force]\n`);
const fixtureEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '' };
const inProject = [bin, 'check', '--cwd', project, '--', 'git status'];
const coldPolicy = wall(inProject, runs, fixtureEnv);
const coldPolicyMiss = wall(inProject, Math.min(runs, 10), fixtureEnv, () => rmSync(join(home, '.cache'), { recursive: true, force: true }));
rmSync(fixture, { recursive: true, force: true });
console.log(
  `with a user config and a project policy: ${fmt(coldPolicy, 1)} ms (+${fmt(coldPolicy - bare, 1)}); after a config edit (cache miss: cosmiconfig, yaml, schema) ${fmt(coldPolicyMiss, 1)} ms (+${fmt(coldPolicyMiss - bare, 1)})`,
);

// One hook invocation, process start to exit, as an agent makes it: the payload on stdin,
// through a shell the way Claude Code, Codex and Copilot run hooks (a pipe), and straight
// from a Node parent (Gemini CLI, Cursor: a socket pair).
const hookTimes = (input: string, viaShell: boolean, program = `'${bin}' hook claude`): { median: number; p95: number } => {
  const times: number[] = [];
  const file = join(tmpdir(), `firebreak-bench-payload-${process.pid}.json`);
  writeFileSync(file, input);
  for (let i = 0; i < runs + 3; i++) {
    const t0 = process.hrtime.bigint();
    if (viaShell) spawnSync('/bin/sh', ['-c', `cat '${file}' | '${process.execPath}' ${program}`], { stdio: 'ignore', env: hookEnv });
    else
      spawnSync(
        process.execPath,
        program.split(' ').map((w) => w.replace(/^'|'$/g, '')),
        { input, stdio: ['pipe', 'ignore', 'ignore'], env: hookEnv },
      );
    if (i >= 3) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  rmSync(file, { force: true });
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
};
const hookHome = mkdtempSync(join(tmpdir(), 'firebreak-bench-hook-'));
const hookEnv = { ...process.env, HOME: hookHome, XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '', XDG_STATE_HOME: '' };
const payload = (command: string): string =>
  JSON.stringify({ session_id: 'bench', cwd: tmpdir(), hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command, description: 'bench' } });
// The same shell and pipe around `node -e 0`: what the hook costs beyond starting node.
const shBare = hookTimes(payload('git status'), true, '-e 0').median;
const hookRoutine = hookTimes(payload('git status && npm test'), true);
const hookRisky = hookTimes(payload('rm -rf ~/projects'), true);
const hookSocket = hookTimes(payload('git status && npm test'), false);
rmSync(hookHome, { recursive: true, force: true });
console.log(
  `hook claude, one invocation (median of ${runs}), beside node -e 0 run the same way ${fmt(shBare, 1)} ms: routine median ${fmt(hookRoutine.median, 1)} ms (+${fmt(hookRoutine.median - shBare, 1)}), p95 ${fmt(hookRoutine.p95, 1)}; risky median ${fmt(hookRisky.median, 1)} ms (+${fmt(hookRisky.median - shBare, 1)}), p95 ${fmt(hookRisky.p95, 1)}; from a Node parent (socket stdin) routine median ${fmt(hookSocket.median, 1)} ms (+${fmt(hookSocket.median - bare, 1)} over node -e 0)`,
);

const history = Array.from({ length: 10_000 }, (_, i) => corpus[i % corpus.length]).join('\n') + '\n';
const t = process.hrtime.bigint();
const r = spawnSync(process.execPath, [bin, 'check', '--stdin', '--format', 'json'], {
  input: history,
  stdio: ['pipe', 'ignore', 'ignore'],
  maxBuffer: 1 << 30,
});
console.log(`check --stdin, 10,000-line history: ${fmt(Number(process.hrtime.bigint() - t) / 1e6)} ms (exit ${r.status})`);

// The MCP server over one stdio session, driven by the SDK's client: round trips of
// check_command, one after another. The risky command runs its blast-radius probe (git
// is asked which commits the force push would drop), so it is bounded by the budget.
const client = new Client({ name: 'firebreak-bench', version: '1' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp'], cwd: root, stderr: 'ignore' }));
async function roundTrips(command: string, n: number): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 50; i++) await client.callTool({ name: 'check_command', arguments: { command } });
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await client.callTool({ name: 'check_command', arguments: { command } });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)]!, p95: times[Math.floor(n * 0.95)]! };
}
const mcpRoutine = await roundTrips('git status', 1000);
const mcpRisky = await roundTrips('git push --force origin main', 1000);
await client.close();
// The same over a bare pipe, without the SDK client's own parsing and validation of each
// result: the server's share of a round trip, next to a ping (the floor: pipes, event
// loops and the SDK's request handling, with no firebreak work at all).
async function rawRoundTrips(message: (id: number) => object, n: number): Promise<{ median: number; p95: number }> {
  const child = spawn(process.execPath, [bin, 'mcp'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  let pending = '';
  let waiting: (() => void) | null = null;
  child.stdout.on('data', (d: Buffer) => {
    pending += d.toString();
    if (pending.includes('\n')) {
      pending = pending.slice(pending.lastIndexOf('\n') + 1);
      const w = waiting;
      waiting = null;
      w?.();
    }
  });
  const send = (m: object): Promise<void> =>
    new Promise((resolve) => {
      waiting = resolve;
      child.stdin.write(JSON.stringify(m) + '\n');
    });
  await send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const times: number[] = [];
  for (let i = 0; i < n + 100; i++) {
    const t0 = process.hrtime.bigint();
    await send(message(i + 1));
    if (i >= 100) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  child.stdin.end();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)]!, p95: times[Math.floor(n * 0.95)]! };
}
const rawPing = await rawRoundTrips((id) => ({ jsonrpc: '2.0', id, method: 'ping' }), 1000);
const rawCheck = await rawRoundTrips(
  (id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'check_command', arguments: { command: 'git status' } } }),
  1000,
);
console.log(
  `mcp check_command round trip, 1,000 calls in one session: routine median ${fmt(mcpRoutine.median, 3)} ms, p95 ${fmt(mcpRoutine.p95, 3)} ms; risky (with its probe) median ${fmt(mcpRisky.median, 2)} ms, p95 ${fmt(mcpRisky.p95, 2)} ms`,
);
console.log(
  `mcp over a bare pipe (no SDK client): check_command routine median ${fmt(rawCheck.median, 3)} ms, p95 ${fmt(rawCheck.p95, 3)} ms; ping (the floor) median ${fmt(rawPing.median, 3)} ms, p95 ${fmt(rawPing.p95, 3)} ms`,
);

// The shell plugins: what each Enter adds, in the real shells, over a realistic history.
const shells = await shellLatencies(root);
for (const s of shells)
  console.log(
    `shell plugin, ${s.shell}: added per Enter over ${fmt(s.lines)} history lines median ${fmt(s.median, 2)} ms, p95 ${fmt(s.p95, 2)} ms (targets 5 and 60)${s.errors ? `, ${s.errors} unanswered` : ''}; first line after the shell starts ${fmt(s.first)} ms (the helper starting)`,
  );
if (shells.length === 0) console.log('shell plugin: no bash, zsh or fish here to measure');
for (const term of await terminalLatencies(root))
  console.log(
    `shell plugin, ${term.shell} in a real terminal (tmux, Enter to the command starting): median ${fmt(term.without, 1)} ms without, ${fmt(term.with, 1)} ms with the plugin (+${fmt(term.with - term.without, 1)}); p95 +${fmt(term.p95, 1)}`,
  );
