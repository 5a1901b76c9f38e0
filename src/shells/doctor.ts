// `firebreak doctor`, for the shells: is the plugin line in each shell's rc file, and does
// the plugin that line loads really stop a risky line? The line is run in the shell itself
// (without a terminal: FIREBREAK_PLUGIN_FORCE), and the plugin's own judging function is
// asked about a risky and a routine line, as Enter would ask it.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSettingsFile } from '../agent-settings/file.js';
import type { Io } from '../terminal/out.js';
import { loadsPlugin, rcFile } from './connect.js';
import { SHELLS, type ShellName } from './definitions.js';

const RISKY = 'rm -rf ~';
const ROUTINE = 'git status';

interface Env {
  env: (name: string) => string | undefined;
  home: string;
}

/** How each shell runs a script without its rc files, and prints the plugin's last answer. */
const RUN: Record<ShellName, { argv: string[]; answer: string }> = {
  bash: { argv: ['bash', '--norc', '--noprofile', '-c'], answer: 'printf "%s\\n" "${__firebreak_answer[0]-none}"' },
  zsh: { argv: ['zsh', '-f', '-c'], answer: 'print -r -- "${__firebreak_answer[1]-none}"' },
  fish: { argv: ['fish', '--no-config', '-c'], answer: 'echo "$__firebreak_answer[1]"' },
};

const installed = (shell: ShellName): boolean => spawnSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' }).status === 0;

/** The plugin's verdicts on a risky and a routine line, in a shell that ran the rc file's line. */
function probe(shell: ShellName, line: string, where: Env, runtime: string): { risky: string; routine: string; error: string | null } {
  const { argv, answer } = RUN[shell];
  const script = [line, `__firebreak_judge '${RISKY}'`, answer, `__firebreak_judge '${ROUTINE}'`, answer].join('\n');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: where.home, FIREBREAK_PLUGIN_FORCE: '1', XDG_RUNTIME_DIR: runtime };
  const r = spawnSync(argv[0]!, [...argv.slice(1), script], { env, cwd: where.home, encoding: 'utf8', timeout: 20_000 });
  if (r.error || r.status === null) return { risky: '', routine: '', error: `${shell} did not finish (${r.error?.message ?? r.signal})` };
  const [risky = '', routine = ''] = r.stdout.trim().split('\n').slice(-2);
  const said = r.stderr.trim().split('\n');
  // The plugin's own warning, or, when it never loaded, what went wrong loading it.
  const unloaded = risky === 'none' || risky === '' ? (said.find((l) => /error|not found|cannot/i.test(l)) ?? said.find((l) => l.trim() !== '')) : undefined;
  const complaint = said.find((l) => l.startsWith('firebreak:')) ?? unloaded;
  return { risky, routine, error: complaint?.trim() ?? null };
}

export function runShellDoctor(argv: string[], io: Io, where: Env): number {
  const shells = argv.length > 0 ? (argv as ShellName[]) : SHELLS;
  const runtime = mkdtempSync(join(tmpdir(), 'firebreak-doctor-shell-'));
  let bad = false;
  const say = (shell: string, status: string, text: string): void => {
    io.stdout.write(`${shell.padEnd(6)}  ${status.padEnd(4)}  ${text}\n`);
  };
  try {
    for (const shell of shells) {
      if (!installed(shell)) {
        say(shell, '-', 'not found on this machine');
        continue;
      }
      const rc = rcFile(shell, where);
      const read = readSettingsFile(rc);
      const line = read.ok ? (read.file.text ?? '').split('\n').find((l) => loadsPlugin(shell, l)) : undefined;
      if (!line) {
        if (argv.length > 0) bad = true;
        say(shell, argv.length > 0 ? 'FIX' : '-', `not guarded: ${rc} does not load the plugin; to guard it: firebreak connect ${shell}`);
        continue;
      }
      const p = probe(shell, line, where, runtime);
      const blocked = p.risky === 'ask' || p.risky === 'deny';
      if (p.error || !blocked || p.routine !== 'allow') {
        bad = true;
        const why = p.error ?? (!blocked ? `'${RISKY}' was answered '${p.risky || 'nothing'}'` : `'${ROUTINE}' was answered '${p.routine || 'nothing'}'`);
        say(
          shell,
          'FIX',
          `${rc}: ${why}; fix: check the line (firebreak connect ${shell} --remove, then firebreak connect ${shell}) and firebreak policy validate`,
        );
      } else say(shell, 'ok', `${rc}: '${RISKY}' is stopped (${p.risky}), '${ROUTINE}' runs`);
    }
  } finally {
    rmSync(runtime, { recursive: true, force: true });
  }
  return bad ? 1 : 0;
}
