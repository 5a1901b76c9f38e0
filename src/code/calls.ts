// What a call in interpreter code amounts to: a value (a path, a string, a module), a
// command line it runs (shutil.rmtree(p) is rm -rf p, Path(p).unlink() is rm -f p), or code
// it evaluates (eval of a literal). The reading of the code itself is in ./equivalents.ts.

import { ACTIONS, openMode, verb } from './actions.js';
import type { CodeLanguage } from './lexer.js';
import {
  ENV_GETTERS,
  EVALS,
  HOME,
  HOME_CALLS,
  JOINERS,
  LOADERS,
  PATH_MAKERS,
  UNKNOWN,
  canonical,
  concat,
  expandUser,
  format,
  joinPaths,
  literal,
  moduleName,
  str,
  type Call,
  type Val,
} from './values.js';

interface Effect {
  value: Val;
  /** What the call prints on stdout (null: something the text does not say). */
  prints?: string | null;
  /** The command line the call runs, said as shell (null: it runs something the text does not say). */
  runs?: string | null;
  /** Code the call evaluates, to be read in turn. */
  evaluates?: string;
}

/** Names come from hostile text: lookups are Maps, so `constructor` is only a name. */
const PATH_DELETES = new Map([
  ['unlink', 'rm -f'],
  ['delete', 'rm -f'],
  ['rmdir', 'rmdir'],
  ['rmtree', 'rm -rf'],
]);
/** Path methods that write the file: Path(p).write_text(...), File.new(p).write. */
const PATH_WRITES = new Map([
  ['write_text', 'tee'],
  ['write_bytes', 'tee'],
  ['write', 'tee'],
  ['touch', 'touch'],
]);
/** Path methods that move or link it: Path(p).rename(q), Path(link).symlink_to(target). */
const PATH_MOVES = new Map([
  ['rename', 'mv'],
  ['replace', 'mv'],
]);

/**
 * Calls that print their arguments on stdout, by language: how the arguments are joined,
 * and what ends the output. Code printed into a pipe to a shell is code the shell runs
 * (python3 -c 'print("rm -rf ~")' | sh).
 */
const PRINTERS: Readonly<Record<CodeLanguage, ReadonlyMap<string, { sep: string; end: string }>>> = {
  python: new Map([
    ['print', { sep: ' ', end: '\n' }],
    ['sys.stdout.write', { sep: '', end: '' }],
  ]),
  node: new Map([
    ['console.log', { sep: ' ', end: '\n' }],
    ['console.info', { sep: ' ', end: '\n' }],
    ['process.stdout.write', { sep: '', end: '' }],
  ]),
  perl: new Map([
    ['print', { sep: '', end: '' }],
    ['say', { sep: '', end: '\n' }],
  ]),
  ruby: new Map([
    ['puts', { sep: '\n', end: '\n' }],
    ['print', { sep: '', end: '' }],
    ['$stdout.puts', { sep: '\n', end: '\n' }],
    ['STDOUT.puts', { sep: '\n', end: '\n' }],
    ['$stdout.write', { sep: '', end: '' }],
  ]),
  php: new Map([
    ['echo', { sep: '', end: '' }],
    ['print', { sep: '', end: '' }],
  ]),
};

/** Whether a name is a call that prints (perl's and ruby's may be written without parentheses). */
export const isPrinter = (lang: CodeLanguage, name: string): boolean => PRINTERS[lang].has(name);

/** The text a printing call writes, or null when an argument is not known. */
function printed(lang: CodeLanguage, how: { sep: string; end: string }, c: Call): string | null {
  const texts = c.args.map(literal);
  if (texts.some((t) => t === null)) return null;
  const sep = lang === 'python' && c.kw.has('sep') ? literal(c.kw.get('sep')) : how.sep;
  const end = lang === 'python' && c.kw.has('end') ? literal(c.kw.get('end')) : how.end;
  if (sep === null || end === null) return null;
  return texts.join(sep) + end;
}

/** What calling `fn` with these arguments amounts to. */
export function callEffect(lang: CodeLanguage, fn: Val, c: Call): Effect {
  if (fn.k === 'meth') return methodEffect(lang, fn.recv, fn.name, c);
  if (fn.k !== 'ref') return { value: UNKNOWN };
  const name = canonical(lang, fn.name);
  const printer = PRINTERS[lang].get(name);
  if (printer) return { value: UNKNOWN, prints: printed(lang, printer, c) };
  const a0 = c.args[0];
  const action = ACTIONS[lang].get(name);
  if (action) {
    return { value: UNKNOWN, runs: action(c) };
  }
  if (EVALS[lang].has(name)) {
    const code = literal(name === 'Function' ? c.args.at(-1) : a0);
    return code === null ? { value: UNKNOWN } : { value: UNKNOWN, evaluates: code };
  }
  if (LOADERS.has(name)) {
    const m = literal(a0);
    return { value: m === null ? UNKNOWN : { k: 'ref', name: moduleName(m) } };
  }
  if (HOME_CALLS.has(name)) return { value: str([HOME]) };
  if (name === 'Path.home' || name === 'pathlib.Path.home') return { value: { k: 'path', parts: [HOME] } };
  if (ENV_GETTERS.has(name)) return { value: literal(a0) === 'HOME' ? str([HOME]) : UNKNOWN };
  // Perl's glob expands wildcards when it runs: only a pattern without them is a known name.
  if (name === 'glob' && lang === 'perl') return { value: /[*?[{]/.test(literal(a0) ?? '*') ? UNKNOWN : expandUser(a0) };
  if (name === 'os.path.expanduser' || name === 'File.expand_path') return { value: expandUser(a0) };
  if (PATH_MAKERS.has(name)) return { value: { k: 'path', parts: joinPaths(c.args) } };
  if (JOINERS.has(name)) return { value: str(joinPaths(c.args)) };
  return { value: UNKNOWN };
}

/** A method of a path, a string or a list: what it amounts to. */
function methodEffect(lang: CodeLanguage, recv: Val, name: string, c: Call): Effect {
  if (recv.k === 'path') {
    const del = PATH_DELETES.get(name);
    if (del) {
      return { value: UNKNOWN, runs: verb(del, [recv]) };
    }
    const write = PATH_WRITES.get(name);
    if (write) {
      return { value: UNKNOWN, runs: verb(write, [recv]) };
    }
    const move = PATH_MOVES.get(name);
    if (move) {
      return { value: UNKNOWN, runs: verb(move, [recv, c.args[0] ?? UNKNOWN]) };
    }
    if (name === 'symlink_to' || name === 'hardlink_to') {
      return { value: UNKNOWN, runs: verb(name === 'symlink_to' ? 'ln -sf' : 'ln -f', [c.args[0] ?? UNKNOWN, recv]) };
    }
    if (name === 'open') {
      const cmd = openMode(literal(c.args[0] ?? c.kw.get('mode')));
      return cmd ? { value: UNKNOWN, runs: verb(cmd, [recv]) } : { value: UNKNOWN };
    }
    if (name === 'expanduser') {
      const v = expandUser(recv);
      return { value: v.k === 'str' ? { k: 'path', parts: v.parts } : v };
    }
    if (name === 'joinpath') return { value: { k: 'path', parts: joinPaths([recv, ...c.args]) } };
    return { value: name === 'resolve' || name === 'absolute' ? recv : UNKNOWN };
  }
  if (recv.k === 'str' && name === 'format' && lang === 'python') return { value: format(recv.parts, c.args, true, c.kw) };
  const list = recv.k === 'list' ? recv : c.args[0]?.k === 'list' ? c.args[0] : null;
  const sep = recv.k === 'list' ? (literal(c.args[0]) ?? ',') : literal(recv);
  if (name === 'join' && list && sep !== null)
    return { value: list.items.reduce<Val>((acc, v, i) => concat(i === 0 ? acc : concat(acc, str([sep])), v), str([])) };
  return { value: UNKNOWN };
}
