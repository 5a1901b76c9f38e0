// `firebreak connect bash|zsh|fish`: adds the plugin's line to the shell's rc file, once,
// at the end (after oh-my-zsh and plugin managers, whose accept-line the plugin then
// chains); `--remove` takes it out. The file is edited where a symlink points (dotfile
// managers), keeps its mode, and is replaced atomically.

import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { readSettingsFile, writeAtomic } from '../agent-settings/file.js';
import { firebreakBin } from '../core/install.js';
import type { Out } from '../terminal/out.js';
import type { ShellName } from './definitions.js';
import { quoteFor } from './init.js';

const MARK = '# firebreak: stops risky commands before they run';

const HELP = `Usage: firebreak connect bash|zsh|fish [--remove] [--dry-run]

Adds the shell plugin's line to your rc file (~/.bashrc; \${ZDOTDIR:-~}/.zshrc;
~/.config/fish/config.fish), once: running it again changes nothing. --remove takes it out.
New shells load the plugin; in this one, run the line yourself or open a new terminal.
`;

interface Env {
  env: (name: string) => string | undefined;
  home: string;
}

export function rcFile(shell: ShellName, { env, home }: Env): string {
  if (shell === 'bash') return join(home, '.bashrc');
  if (shell === 'zsh') return join(env('ZDOTDIR') || home, '.zshrc');
  return join(env('XDG_CONFIG_HOME') || join(home, '.config'), 'fish', 'config.fish');
}

/**
 * `firebreak` when the name on PATH runs this installation; otherwise this node and this
 * firebreak by path. A node_modules/.bin on PATH is npm's or npx's, put there for this one run
 * (`npx firebreak connect zsh` from a clone): a new shell will not have it.
 */
function invocation(shell: ShellName, env: Env['env']): string {
  const bin = firebreakBin();
  for (const dir of (env('PATH') ?? '').split(delimiter)) {
    if (!dir || /[\\/]node_modules[\\/]\.bin[\\/]?$/.test(dir)) continue;
    try {
      accessSync(join(dir, 'firebreak'), constants.X_OK);
    } catch {
      continue;
    }
    // The first firebreak on PATH is the one a shell runs: it must be this one.
    try {
      if (realpathSync(join(dir, 'firebreak')) === realpathSync(bin)) return 'firebreak';
    } catch {
      /* fall through */
    }
    break;
  }
  const q = quoteFor(shell);
  return `${q(process.execPath)} ${q(bin)}`;
}

function pluginLine(shell: ShellName, env: Env['env']): string {
  const run = `${invocation(shell, env)} init ${shell}`;
  return shell === 'fish' ? `${run} | source` : `eval "$(${run})"`;
}

/** A line (not a comment) that loads the plugin for this shell, however it was written. */
export const loadsPlugin = (shell: ShellName, line: string): boolean =>
  !/^\s*#/.test(line) && new RegExp(`\\binit ${shell}\\b`).test(line) && /firebreak/.test(line);

export function runShellConnect(shell: ShellName, argv: string[], io: { stdout: Out; stderr: Out }, where: Env): number {
  let remove = false;
  let dryRun = false;
  for (const a of argv) {
    if (a === '--remove') remove = true;
    else if (a === '--dry-run') dryRun = true;
    else if (a === '--help' || a === '-h') {
      io.stdout.write(HELP);
      return 0;
    } else {
      io.stderr.write(`firebreak connect ${shell}: unexpected argument '${a}' (see firebreak connect ${shell} --help)\n`);
      return 1;
    }
  }
  const path = rcFile(shell, where);
  const read = readSettingsFile(path);
  if (!read.ok) {
    io.stderr.write(`firebreak connect ${shell}: ${read.message}\n`);
    return 1;
  }
  const text = read.file.text ?? '';
  const lines = text.split('\n');
  const present = lines.some((l) => loadsPlugin(shell, l));
  let next: string;
  if (remove) {
    if (!present && !lines.includes(MARK)) {
      io.stdout.write(`${path}: the firebreak line is not there; nothing to remove\n`);
      return 0;
    }
    const kept = lines.filter((l, i) => {
      if (l === MARK || loadsPlugin(shell, l)) return false;
      // The blank line connect put before its lines goes with them.
      return !(l === '' && lines[i + 1] === MARK && i > 0);
    });
    next = kept.join('\n');
  } else {
    if (present) {
      io.stdout.write(`${path}: already loads the firebreak plugin; nothing changed\n`);
      return 0;
    }
    const sep = text === '' || text.endsWith('\n') ? '' : '\n';
    next = `${text}${sep}${text === '' ? '' : '\n'}${MARK}\n${pluginLine(shell, where.env)}\n`;
  }
  if (dryRun) {
    io.stdout.write(`${path} would become:\n${next}`);
    return 0;
  }
  try {
    writeAtomic(read.file.path, next, read.file.mode);
  } catch (e) {
    io.stderr.write(`firebreak connect ${shell}: could not write ${path}: ${(e as Error).message}\n`);
    return 1;
  }
  io.stdout.write(
    remove
      ? `${path}: removed the firebreak line; new ${shell} shells are not guarded\n`
      : `${path}: added\n  ${pluginLine(shell, where.env)}\nNew ${shell} shells are guarded; open one, or run that line in this one.\n`,
  );
  return 0;
}
