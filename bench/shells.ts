// The shell plugins' cost per Enter, measured in the real shells: each shell loads the
// plugin `firebreak init` prints (FIREBREAK_PLUGIN_FORCE lets it load without a terminal)
// and runs a loop that reads a line from this process and answers "ok", either after the
// plugin's own judging function (what Enter adds) or straight away (the loop alone). The
// added latency of a line is its judged round trip less the loop's median round trip. The
// history is bench/shell-history.txt: mostly routine commands, about one in eight risky.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Shell = 'bash' | 'zsh' | 'fish';

const LOOPS: Record<Shell, string[]> = {
  bash: [
    'bash',
    '--noprofile',
    '--norc',
    '-c',
    'source "$1"; while IFS= read -r l; do [[ $l == J* ]] && __firebreak_judge "${l:1}"; echo "ok ${__firebreak_answer[0]-}"; done',
    '_',
  ],
  zsh: [
    'zsh',
    '-f',
    '-c',
    'source "$1"; while IFS= read -r l; do [[ $l == J* ]] && __firebreak_judge "${l:1}"; echo "ok ${__firebreak_answer[1]-}"; done',
    '_',
  ],
  fish: [
    'fish',
    '--no-config',
    '-c',
    'source $argv[1]; while read -l l; if string match -q "J*" -- $l; __firebreak_judge (string sub -s 2 -- $l); end; echo "ok $__firebreak_answer[1]"; end',
  ],
};

export interface ShellLatency {
  shell: Shell;
  lines: number;
  /** Added per Enter, over the loop alone. */
  median: number;
  p95: number;
  /** From starting the shell to the first line's answer: the helper starting. */
  first: number;
  /** Lines the guard could not answer (it would have let them run with a warning). */
  errors: number;
}

const has = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function measure(shell: Shell, root: string, history: string[], passes: number): Promise<ShellLatency> {
  const home = mkdtempSync(join(tmpdir(), `firebreak-bench-${shell}-`));
  mkdirSync(join(home, 'run'), { mode: 0o700 });
  const plugin = join(home, `plugin.${shell}`);
  const init = spawnSync(process.execPath, [join(root, 'bin', 'firebreak.cjs'), 'init', shell], { encoding: 'utf8' });
  writeFileSync(plugin, init.stdout);
  const started = process.hrtime.bigint();
  const child = spawn(LOOPS[shell][0]!, [...LOOPS[shell].slice(1), plugin], {
    cwd: root,
    env: { ...process.env, HOME: process.env.HOME ?? home, XDG_RUNTIME_DIR: join(home, 'run'), FIREBREAK_PLUGIN_FORCE: '1' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let buf = '';
  let waiting: ((line: string) => void) | null = null;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    buf += d;
    const nl = buf.indexOf('\n');
    if (nl >= 0 && waiting) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const w = waiting;
      waiting = null;
      w(line);
    }
  });
  const send = (text: string): Promise<string> =>
    new Promise((resolve) => {
      waiting = resolve;
      child.stdin.write(`${text}\n`);
    });
  const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
  await send(`J${history[0]}`);
  const first = ms(started);
  // Warm-up: the helper compiles each command's rules the first time it sees that command.
  for (const l of history) await send(`J${l}`);
  const loop: number[] = [];
  const judged: number[] = [];
  let errors = 0;
  for (let p = 0; p < passes; p++) {
    for (const l of history) {
      let t0 = process.hrtime.bigint();
      await send(`B${l}`);
      loop.push(ms(t0));
      t0 = process.hrtime.bigint();
      const answer = await send(`J${l}`);
      judged.push(ms(t0));
      if (answer === 'ok error') errors++;
    }
  }
  child.stdin.end();
  await new Promise((r) => child.on('exit', r));
  rmSync(home, { recursive: true, force: true });
  loop.sort((a, b) => a - b);
  const base = pct(loop, 0.5);
  const added = judged.map((t) => Math.max(0, t - base)).sort((a, b) => a - b);
  return { shell, lines: added.length, median: pct(added, 0.5), p95: pct(added, 0.95), first, errors };
}

export async function shellLatencies(root: string, passes = 5): Promise<ShellLatency[]> {
  const history = readFileSync(join(root, 'bench', 'shell-history.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const out: ShellLatency[] = [];
  for (const shell of ['bash', 'zsh', 'fish'] as const) if (has(shell)) out.push(await measure(shell, root, history, passes));
  return out;
}

/**
 * The same in a real terminal: each shell interactive under tmux, loading the plugin from its
 * rc file (or not), a command typed and Enter sent; the command writes the time it started.
 * From Enter to that time, without and with the plugin (tmux's own send-keys is in both).
 */
export async function terminalLatencies(root: string, n = 40): Promise<Array<{ shell: Shell; without: number; with: number; p95: number }>> {
  if (!has('tmux')) return [];
  const { execFileSync } = await import('node:child_process');
  const socket = `firebreak-bench-${process.pid}`;
  const tmux = (...a: string[]): string => execFileSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
  const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
  const rcOf: Record<Shell, string> = { bash: '.bashrc', zsh: '.zshrc', fish: '.config/fish/config.fish' };
  const nowNs = (): bigint => BigInt(Date.now()) * 1_000_000n;
  async function run(shell: Shell, plugin: boolean): Promise<number[]> {
    const home = mkdtempSync(join(tmpdir(), `firebreak-bench-term-${shell}-`));
    mkdirSync(join(home, '.config', 'fish'), { recursive: true });
    const load =
      shell === 'fish'
        ? `'${process.execPath}' '${join(root, 'bin', 'firebreak.cjs')}' init fish | source`
        : `eval "$('${process.execPath}' '${join(root, 'bin', 'firebreak.cjs')}' init ${shell})"`;
    writeFileSync(join(home, rcOf[shell]), `${shell === 'fish' ? 'set -g fish_greeting' : "PS1='$ '"}\n${plugin ? load : ''}\n`);
    const log = join(home, 'log');
    tmux(
      'new-session',
      '-d',
      '-s',
      shell,
      '-x',
      '150',
      '-y',
      '40',
      '-c',
      root,
      'env',
      '-i',
      `HOME=${home}`,
      `PATH=${process.env.PATH}`,
      'TERM=xterm-256color',
      `XDG_RUNTIME_DIR=${home}`,
      shell,
      '-i',
    );
    await sleep(1500);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      tmux('send-keys', '-t', shell, '-l', `date +%s%N >> ${log}`);
      await sleep(30);
      const sent = nowNs();
      tmux('send-keys', '-t', shell, 'Enter');
      let lines: string[] = [];
      const until = Date.now() + 5000;
      while (lines.length < i + 1 && Date.now() < until) {
        await sleep(2);
        try {
          lines = readFileSync(log, 'utf8').trim().split('\n');
        } catch {
          lines = [];
        }
      }
      if (lines.length >= i + 1) out.push(Number(BigInt(lines[i]!) - sent) / 1e6);
      await sleep(40);
    }
    tmux('kill-session', '-t', shell);
    rmSync(home, { recursive: true, force: true });
    return out.sort((a, b) => a - b);
  }
  const results: Array<{ shell: Shell; without: number; with: number; p95: number }> = [];
  try {
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      if (!has(shell)) continue;
      const off = await run(shell, false);
      const on = await run(shell, true);
      results.push({ shell, without: pct(off, 0.5), with: pct(on, 0.5), p95: pct(on, 0.95) - pct(off, 0.95) });
    }
  } finally {
    spawnSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' });
  }
  return results;
}
