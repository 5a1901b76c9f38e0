// A person's aliases and functions, as their shell prints them, turned into what the line
// reader takes: bodies in the shell grammar firebreak reads. bash prints a function whole
// (`declare -f`), zsh its body (`$functions[name]`), fish its own syntax (`functions name`),
// said again in sh's words (fish-syntax.ts), with `$argv` as "$@".

import type { ShellDefinitions } from '../unwrap/line-state.js';
import { fishToSh } from './fish-syntax.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type ShellName = (typeof SHELLS)[number];

export const isShellName = (s: string | undefined): s is ShellName => (SHELLS as readonly string[]).includes(s ?? '');

/** Most text of one function that is read: a longer one is judged by its first part. */
const MAX_BODY = 64 * 1024;

/** bash's `declare -f NAME`: `NAME () \n{ \n body\n}`; the body is what runs. */
function bashBody(definition: string): string {
  const nl = definition.indexOf('\n');
  const rest = (nl < 0 ? '' : definition.slice(nl + 1)).trim();
  return rest.startsWith('{') && rest.endsWith('}') ? rest.slice(1, -1) : rest;
}

/** fish's `functions NAME`: `function NAME …` / body / `end`; `$argv` is sh's "$@", `$argv[N]` its $N. */
function fishBody(definition: string): string {
  const lines = definition.split('\n').filter((l) => !/^\s*#/.test(l));
  const start = lines.findIndex((l) => /^\s*function\s/.test(l));
  let end = lines.length - 1;
  while (end > start && lines[end]!.trim() === '') end--;
  const body = fishToSh(lines.slice(start + 1, lines[end]?.trim() === 'end' ? end : end + 1).join('\n'));
  return body.replace(/\$argv\[(\d+)\]/g, '${$1}').replace(/\$argv\b/g, '"$@"');
}

export function shellDefinitions(shell: ShellName, aliases: Map<string, string>, functions: Map<string, string>): ShellDefinitions {
  const bodies = new Map<string, string>();
  for (const [name, def] of functions) {
    const text = def.length > MAX_BODY ? def.slice(0, MAX_BODY) : def;
    bodies.set(name, shell === 'bash' ? bashBody(text) : shell === 'fish' ? fishBody(text) : text);
  }
  return { aliases, functions: bodies };
}
