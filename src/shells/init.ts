// `firebreak init bash|zsh|fish`: prints the shell plugin, for `eval "$(firebreak init zsh)"`
// in the rc file (fish: `firebreak init fish | source`), the convention of direnv, zoxide and
// starship. The plugin names this Node and this firebreak by absolute path, so a line costs
// no PATH search and no npx; it carries the names of the environment variables that change a
// verdict's context, from the one list the engine reads them by.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firebreakBin } from '../core/install.js';
import { CONTEXT_ENV_NAMES } from '../context/signals.js';
import { singleQuote } from '../shell/quote.js';
import type { Out } from '../terminal/out.js';
import { isShellName, SHELLS, type ShellName } from './definitions.js';

const HELP = `Usage: firebreak init bash|zsh|fish

Prints the shell plugin that stops a risky command after Enter and before it runs. Add to
your rc file (or run 'firebreak connect <shell>', which does it for you):
  ~/.bashrc                  eval "$(firebreak init bash)"
  ~/.zshrc                   eval "$(firebreak init zsh)"
  ~/.config/fish/config.fish firebreak init fish | source
`;

/** fish's single quotes: only a backslash and a quote are special inside them. */
const fishQuote = (s: string): string => `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** A word quoted for this shell's rc file or plugin. */
export const quoteFor = (shell: ShellName): ((s: string) => string) => (shell === 'fish' ? fishQuote : singleQuote);

/** Where the plugin files are: beside this module in the sources, dist/shells in the build. */
function pluginText(shell: ShellName): string {
  const name = `firebreak.${shell}`;
  for (const rel of [`./plugins/${name}`, `../shells/${name}`]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  throw new Error(`the ${shell} plugin is missing from this installation (${name}); reinstall firebreak`);
}

export function pluginFor(shell: ShellName, o: { node: string; cli: string; version: string }): string {
  const quote = quoteFor(shell);
  const values: Record<string, string> = {
    FIREBREAK_NODE: quote(o.node),
    FIREBREAK_CLI: quote(o.cli),
    FIREBREAK_VERSION: o.version,
    FIREBREAK_ENV_NAMES: CONTEXT_ENV_NAMES.join(' '),
  };
  return pluginText(shell).replace(/@(FIREBREAK_[A-Z_]+)@/g, (m, key: string) => values[key] ?? m);
}

export function runInit(argv: string[], io: { stdout: Out; stderr: Out }, version: string): number {
  const [shell, ...rest] = argv;
  if (shell === '--help' || shell === '-h') {
    io.stdout.write(HELP);
    return 0;
  }
  if (!isShellName(shell) || rest.length > 0) {
    const what = shell === undefined ? 'no shell named' : rest.length > 0 ? `unexpected argument '${rest[0]}'` : `unknown shell '${shell}'`;
    io.stderr.write(`firebreak init: ${what} (shells: ${SHELLS.join(', ')})\n`);
    return 1;
  }
  try {
    io.stdout.write(pluginFor(shell, { node: process.execPath, cli: firebreakBin(), version }));
  } catch (e) {
    io.stderr.write(`firebreak init: ${(e as Error).message}\n`);
    return 1;
  }
  return 0;
}
