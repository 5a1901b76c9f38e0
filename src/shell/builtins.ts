// What the shell's own assigning builtins put in variables when the line shows their input:
// `read` and `mapfile`/`readarray` fed by a here-string, a here-document or a process
// substitution that prints known text. An attacker spells a command name this way
// (read -r c <<< 'rm'; $c -rf ~) because a reader that tracks only NAME=VALUE misses it.
// Input the line does not show leaves the names unknown: never guessed.

import { optionSpec } from '../options/spec.js';
import { leadingOptions } from '../options/walk.js';
import type { Arg, ArgRedirect } from './arg.js';

const READ = optionSpec({ value: '-a -d -i -n -N -p -t -u' });
const MAPFILE = optionSpec({ value: '-d -n -O -s -u -C -c' });

/** The variables a builtin sets: a scalar's value, an array's elements; null where the value is unknown. */
interface BuiltinAssignments {
  scalars: Array<[string, Arg | null]>;
  arrays: Array<[string, string[] | null]>;
}

/** The default IFS: space, tab and newline. */
export const DEFAULT_IFS = ' \t\n';

/** What a command reads on stdin when a redirect on it shows the text; null when none does or it is unknown. */
function redirectedInput(redirects: readonly ArgRedirect[]): string | null {
  for (const r of redirects) {
    if (r.fd !== null && r.fd !== 0) continue;
    // A here-string with a variable in it: its text, the unknown parts written as $NAME (fields read from them stay unknown, $HOME is the home).
    if (r.op === '<<<') return `${r.input ?? r.target.text}\n`;
    if ((r.op === '<<' || r.op === '<<-') && r.input !== undefined) return r.input;
    if (r.op === '<') return r.target.output ?? null;
  }
  return null;
}

/**
 * Fields of a line split the way `read` splits it: on the IFS characters, the last name
 * taking the rest. A field that is the home ($HOME as the here-string's shell left it)
 * stays the home.
 */
function readFields(line: string, count: number, ifs: string): string[] {
  const white = [...ifs].filter((c) => /\s/.test(c)).join('');
  const other = [...ifs].filter((c) => !/\s/.test(c)).join('');
  const esc = (s: string): string => s.replace(/[\\\]^-]/g, '\\$&');
  // Trimmed by a loop: a regular expression for it is quadratic on a long run of blanks.
  let from = 0;
  let to = line.length;
  while (from < to && white.includes(line[from]!)) from++;
  while (to > from && white.includes(line[to - 1]!)) to--;
  const trimmed = line.slice(from, to);
  const sep = new RegExp(`[${esc(white)}]*[${esc(other)}][${esc(white)}]*|[${esc(white)}]+`);
  const out: string[] = [];
  let rest = trimmed;
  while (out.length < count - 1) {
    const m = sep.exec(rest);
    if (!m || (!white && !other)) break;
    out.push(rest.slice(0, m.index));
    rest = rest.slice(m.index + m[0].length);
  }
  out.push(rest);
  return out;
}

function asArg(text: string): Arg {
  const home = /^(~|\$HOME|\$\{HOME\})(\/|$)/.exec(text);
  if (home) return { text: '~' + text.slice(home[1]!.length), quoted: false, glob: false, dynamic: false, home: true };
  return { text, quoted: false, glob: false, dynamic: /[$`]/.test(text), home: false };
}

/** The assignments `read`, `mapfile` or `readarray` makes, or null when argv is none of them. */
export function builtinAssignments(argv: readonly Arg[], redirects: readonly ArgRedirect[], ifs: string): BuiltinAssignments | null {
  const name = argv[0]?.text;
  if (name !== 'read' && name !== 'mapfile' && name !== 'readarray') return null;
  const input = redirectedInput(redirects);
  if (name === 'read') {
    const { options, operand } = leadingOptions(argv, READ, 1);
    const names = argv.slice(operand).map((a) => a.text);
    const delim = options.has('-d') ? options.get('-d')!.slice(0, 1) || '\0' : '\n';
    const line = input === null ? null : (input.split(delim)[0] ?? '');
    const array = options.get('-a');
    if (array !== undefined) return { scalars: [], arrays: [[array, line === null ? null : knownElements(readFields(line, Number.MAX_SAFE_INTEGER, ifs))]] };
    const targets = names.length > 0 ? names : ['REPLY'];
    const fields = line === null ? null : names.length > 0 ? readFields(line, targets.length, ifs) : [line];
    return { scalars: targets.map((n, i) => [n, fields ? asArg(fields[i] ?? '') : null]), arrays: [] };
  }
  const { options, operand } = leadingOptions(argv, MAPFILE, 1);
  const target = argv[operand]?.text ?? 'MAPFILE';
  if (input === null) return { scalars: [], arrays: [[target, null]] };
  const delim = options.has('-d') ? options.get('-d')!.slice(0, 1) || '\0' : '\n';
  const lines = input.split(delim);
  if (lines.at(-1) === '') lines.pop();
  const skip = Number(options.get('-s') ?? 0) || 0;
  // mapfile -C CODE runs CODE as it reads: code the line does not show.
  if (options.has('-C')) return { scalars: [], arrays: [[target, null]] };
  return { scalars: [], arrays: [[target, knownElements(lines.slice(skip).map((l) => l.replace(/\n$/, '')))]] };
}

/** An array's elements as words, or null when one of them holds text the line does not know. */
function knownElements(fields: string[]): string[] | null {
  const words = fields.map(asArg);
  return words.some((w) => w.dynamic) ? null : words.map((w) => w.text);
}
