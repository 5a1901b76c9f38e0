// What the shell makes of text it already knows, word by word: field splitting of an
// unquoted expansion and the edits a parameter expansion applies to a
// known value (${v:2}, ${v^^}, ${v//a/b}, ${v#a}). Pure functions over words; the
// flattener (./commands.ts) decides when each applies.

import type { Arg } from './arg.js';
import { trimPattern } from '../core/pattern-trim.js';
import { unescapeEscapes } from './printed.js';
import { withoutTrailingSlashes } from '../core/trailing-slash.js';

/** An unquoted expansion of known text is split into words, as the shell does ($CMD -> rm -rf /). */
export function splitFields(a: Arg): Arg[] {
  if (!a.split) return [a];
  const { split: _split, splitHome: _splitHome, ifs: _ifs, ...rest } = a;
  return fieldsOf(a.text, a.ifs).map((text, i) => ({ ...rest, text, home: (i === 0 && a.home) || (!!a.splitHome && /^~(\/|$)/.test(text)) }));
}

/** Text split on IFS characters (space, tab and newline when none is given), empty fields dropped. */
function fieldsOf(text: string, ifs: string | undefined): string[] {
  if (ifs === undefined) return text.split(/\s+/).filter(Boolean);
  if (ifs === '') return [text];
  const seps = new Set(ifs);
  const out: string[] = [];
  let field = '';
  for (const ch of text) {
    if (seps.has(ch)) {
      if (field) out.push(field);
      field = '';
    } else field += ch;
  }
  if (field) out.push(field);
  return out;
}

/**
 * A known value with a parameter expansion's edit applied: substring (${v:1:2}), case
 * (${v^^}, ${v,,}, ${v^}, ${v,}), replacement (${v/a/b}, ${v//a/b}) and prefix or suffix
 * removal (${v#a}, ${v%/*}) with a literal or glob pattern. Undefined when the edit is not
 * one of these.
 */
export function editValue(v: Arg, op: string, operand: string): Arg | undefined {
  const t = v.text;
  const literal = (s: string): boolean => !/[*?[\\]/.test(s);
  let out: string | undefined;
  if (op === ':') {
    const m = /^\s*(-?\d+)\s*(?::\s*(-?\d+)\s*)?$/.exec(operand);
    if (m) {
      const from = Number(m[1]) < 0 ? Math.max(0, t.length + Number(m[1])) : Number(m[1]);
      const len = m[2] === undefined ? t.length : Number(m[2]);
      out = len < 0 ? t.slice(from, Math.max(from, t.length + len)) : t.slice(from, from + len);
    }
  } else if (operand === '' && (op === '^^' || op === ',,' || op === '^' || op === ',')) {
    const up = op[0] === '^';
    out = op.length === 2 ? (up ? t.toUpperCase() : t.toLowerCase()) : (up ? t.slice(0, 1).toUpperCase() : t.slice(0, 1).toLowerCase()) + t.slice(1);
  } else if (op === '/' || op === '//') {
    const slash = operand.indexOf('/');
    const pat = slash < 0 ? operand : operand.slice(0, slash);
    const rep = slash < 0 ? '' : operand.slice(slash + 1);
    if (pat !== '' && literal(pat) && literal(rep)) out = op === '//' ? t.split(pat).join(rep) : t.replace(pat, () => rep);
  } else if (op === '#' || op === '##' || op === '%' || op === '%%') out = trimPattern(t, op, operand) ?? undefined;
  else if (op === '' && operand === '@E') out = unescapeEscapes(t);
  else if (op === '' && (operand === '@U' || operand === '@L')) out = operand === '@U' ? t.toUpperCase() : t.toLowerCase();
  else if (op === '' && operand === '@u') out = t.slice(0, 1).toUpperCase() + t.slice(1);
  return out === undefined ? undefined : { ...v, text: out, home: v.home && out.startsWith('~') };
}

/**
 * An edit of a variable the line does not set but whose shape is known wherever it runs:
 * HOME and PWD are absolute directories, PATH starts with one. `${HOME%/*}` is the
 * directory above the home, `${HOME%%/*}` is empty (so `${HOME%%/*}/` is /), and the
 * first character of any of them is /. Undefined for any other edit.
 */
export function contextEdit(name: string, op: string, operand: string): { text: string; home: boolean } | undefined {
  if (name !== 'HOME' && name !== 'PWD' && name !== 'PATH' && name !== 'OLDPWD') return undefined;
  if (op === ':' && /^\s*0\s*:\s*1\s*$/.test(operand)) return { text: '/', home: false };
  if (name === 'PATH' || name === 'OLDPWD') return undefined;
  if (op === '%' && /^\/(\*|\?\*)$/.test(operand)) return name === 'HOME' ? { text: '~/..', home: true } : { text: '..', home: false };
  if (op === '%%' && operand === '/*') return { text: '', home: false };
  return undefined;
}

/** What a path command prints for a known word: dirname, realpath, readlink -f, pwd. */
export function pathOutput(argv: readonly Arg[]): Arg | undefined {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd.dynamic || argv.some((w) => w.dynamic)) return undefined;
  const operands = rest.filter((w) => !w.text.startsWith('-'));
  if (cmd.text === 'pwd' && operands.length === 0) return { text: '.', quoted: false, glob: false, dynamic: false, home: false };
  const a = operands[0];
  if (!a || operands.length !== 1) return undefined;
  if (cmd.text === 'realpath' || (cmd.text === 'readlink' && rest.some((o) => /^-[a-z]*[fem]/.test(o.text)))) return { ...a, quoted: false };
  // git rev-parse --show-toplevel / --git-dir: the repository's root and its .git, from inside it.
  if (cmd.text === 'git' && operands.length === 1 && operands[0]!.text === 'rev-parse') {
    const flag = rest.find((o) => o.text === '--show-toplevel' || o.text === '--git-dir' || o.text === '--absolute-git-dir');
    if (flag) return { text: flag.text === '--show-toplevel' ? '.' : '.git', quoted: false, glob: false, dynamic: false, home: false };
  }
  // ls -d PATTERN prints what the pattern matches.
  if (cmd.text === 'ls' && rest.some((o) => /^-[a-zA-Z]*d/.test(o.text))) return a;
  if (cmd.text !== 'dirname') return undefined;
  const t = withoutTrailingSlashes(a.text);
  if (a.home && t === '~') return { ...a, text: '~/..', quoted: false };
  const cut = t.lastIndexOf('/');
  return { ...a, text: cut < 0 ? '.' : cut === 0 ? '/' : t.slice(0, cut), quoted: false, home: a.home && cut > 0 };
}
