// What a call in interpreter code amounts to: a value (a path, a string, a module), a
// command line it runs (shutil.rmtree(p) is rm -rf p, Path(p).unlink() is rm -f p), or code
// it evaluates (eval of a literal). The reading of the code itself is in ./equivalents.ts.

import { ACTIONS, openMode, verb, withText } from './actions.js';
import { itemOf, ITERATORS, LISTINGS, pathListing } from './iteration.js';
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
  word,
  type Call,
  type Val,
} from './values.js';

interface Effect {
  value: Val;
  /** What the call prints on stdout (null: something the text does not say). */
  prints?: string | null;
  /** The command lines the call may run, said as shell (null: it runs something the text does not say). */
  runs?: string | null | string[];
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
export function callEffect(lang: CodeLanguage, fn: Val, c: Call, depth = 0): Effect {
  if (fn.k === 'meth' && ITERATORS.has(fn.name) && c.args[0]?.k === 'ref' && depth < 4)
    return { value: UNKNOWN, runs: callEffect(lang, c.args[0], { args: [itemOf(fn.recv)], kw: new Map() }, depth + 1).runs ?? null };
  if (fn.k === 'meth') return methodEffect(lang, fn.recv, fn.name, c);
  // PHP calls a string as the function it names: $f = 'unlink'; $f($p).
  if (fn.k === 'str' && lang === 'php') return callEffect(lang, callable(lang, fn), c, depth);
  if (fn.k !== 'ref') return { value: UNKNOWN };
  // A PHP or Perl variable called as a function ($f($p), $f->($p)) holds a name the text does not show.
  if ((lang === 'php' || lang === 'perl') && fn.name.startsWith('$') && !fn.name.includes('.')) return callEffect(lang, { k: 'ref', name: '?' }, c, depth);
  const name = canonical(lang, fn.name);
  const handed = depth < 4 ? handedOn(lang, name, c) : null;
  if (handed) return { value: UNKNOWN, runs: callEffect(lang, handed.fn, handed.call, depth + 1).runs ?? null };
  if (name === '?' || name.endsWith('.?') || name.startsWith('?.')) return { value: UNKNOWN, runs: unknownCallee(lang, name, c) };
  const member = memberByName(lang, name, c);
  if (member) return { value: member };
  const listing = LISTINGS[lang].get(name);
  if (listing) return { value: listing(c.args) };
  const printer = PRINTERS[lang].get(name);
  // print(TEXT, file=f) writes to the file f was opened as.
  const into = lang === 'python' ? c.kw.get('file') : undefined;
  if (printer && into?.k === 'file') {
    const text = printed(lang, printer, c);
    return { value: UNKNOWN, runs: withText(verb('tee -a', [into.path]), text === null ? undefined : str([text])) };
  }
  if (printer) return { value: UNKNOWN, prints: printed(lang, printer, c) };
  // fwrite($f, TEXT), fputs: PHP's writes to a file fopen opened.
  if (lang === 'php' && (name === 'fwrite' || name === 'fputs') && c.args[0]?.k === 'file')
    return { value: UNKNOWN, runs: withText(verb('tee -a', [c.args[0].path]), c.args[1]) };
  const a0 = c.args[0];
  const action = ACTIONS[lang].get(name);
  if (action) {
    // open(p, 'a') is also the file its write() calls land in.
    const opened = OPENERS[lang]?.has(name) === true && openMode(literal(c.args[1] ?? c.kw.get('mode'))) !== null;
    return { value: opened ? { k: 'file', path: c.args[0] ?? c.kw.get('file') ?? UNKNOWN } : UNKNOWN, runs: action(c) };
  }
  if (EVALS[lang].has(name)) {
    const code = literal(name === 'Function' ? c.args.at(-1) : a0);
    return code === null ? { value: UNKNOWN } : { value: UNKNOWN, evaluates: code };
  }
  if (LOADERS.has(name)) {
    // A module the text does not name is still a module: its methods are judged by their names.
    const m = literal(a0);
    return { value: { k: 'ref', name: m === null ? '?' : moduleName(m) } };
  }
  if (HOME_CALLS.has(name)) return { value: str([HOME]) };
  if (name === 'Path.home' || name === 'pathlib.Path.home') return { value: { k: 'path', parts: [HOME] } };
  if (ENV_GETTERS.has(name)) return { value: literal(a0) === 'HOME' ? str([HOME]) : UNKNOWN };
  if (name === 'os.path.expanduser' || name === 'File.expand_path') return { value: expandUser(a0) };
  if (PATH_MAKERS.has(name)) return { value: { k: 'path', parts: joinPaths(c.args) } };
  if (JOINERS.has(name)) return { value: str(joinPaths(c.args)) };
  return { value: UNKNOWN };
}

/** Calls that open a file for writing and give it back (its write calls land in it). */
const OPENERS: Partial<Record<CodeLanguage, ReadonlySet<string>>> = {
  python: new Set(['open', 'io.open', 'codecs.open', 'builtins.open']),
  ruby: new Set(['File.open', 'File.new']),
  php: new Set(['fopen']),
};
/** Methods of an open file that write their argument, and what each adds after it. */
const FILE_WRITES = new Map([
  ['write', ''],
  ['writelines', ''],
  ['print', ''],
  ['puts', '\n'],
  ['syswrite', ''],
]);

/** A method of a path, a string, a list or an open file: what it amounts to. */
function methodEffect(lang: CodeLanguage, recv: Val, name: string, c: Call): Effect {
  const ending = recv.k === 'file' ? FILE_WRITES.get(name) : undefined;
  if (recv.k === 'file' && ending !== undefined) {
    const text = name === 'writelines' ? joinedLines(c.args[0]) : c.args[0];
    return { value: UNKNOWN, runs: withText(verb('tee -a', [recv.path]), ending && text ? concat(text, str([ending])) : text) };
  }
  if (recv.k === 'path') {
    const del = PATH_DELETES.get(name);
    if (del) {
      return { value: UNKNOWN, runs: verb(del, [recv]) };
    }
    const write = PATH_WRITES.get(name);
    if (write) {
      return { value: UNKNOWN, runs: write === 'tee' ? withText(verb(write, [recv]), c.args[0]) : verb(write, [recv]) };
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
    const listing = pathListing(recv, name, c.args[0]);
    if (listing) return { value: listing };
    return { value: name === 'resolve' || name === 'absolute' ? recv : UNKNOWN };
  }
  if (recv.k === 'str' && name === 'format' && lang === 'python') return { value: format(recv.parts, c.args, true, c.kw) };
  const list = recv.k === 'list' ? recv : c.args[0]?.k === 'list' ? c.args[0] : null;
  const sep = recv.k === 'list' ? (literal(c.args[0]) ?? ',') : literal(recv);
  if (name === 'join' && list && sep !== null)
    return { value: list.items.reduce<Val>((acc, v, i) => concat(i === 0 ? acc : concat(acc, str([sep])), v), str([])) };
  return { value: UNKNOWN };
}

/** A value called as a function: a name, or (PHP) a string naming one; anything else is a function the text does not name. */
function callable(lang: CodeLanguage, v: Val | undefined): Val {
  if (v?.k === 'ref' || v?.k === 'meth') return v;
  const name = lang === 'php' ? literal(v) : null;
  return { k: 'ref', name: name === null ? '?' : name.replace(/^\\/, '').toLowerCase() };
}

/**
 * Calls that hand arguments on to a function they are given: map(os.remove, files),
 * array_map('unlink', glob(…)), call_user_func('unlink', $p), fs.rmSync.call(null, p),
 * Reflect.apply(fs.rmSync, null, [p]), FileUtils.method(:rm_rf).call(p).
 */
function handedOn(lang: CodeLanguage, name: string, c: Call): { fn: Val; call: Call } | null {
  const a = c.args;
  const each = (fn: Val | undefined, list: Val | undefined) => ({ fn: callable(lang, fn), call: { args: [itemOf(list)], kw: new Map() } });
  const spread = (fn: Val | undefined, list: Val | undefined) => ({
    fn: callable(lang, fn),
    call: { args: list?.k === 'list' ? list.items : [UNKNOWN], kw: new Map() },
  });
  if (lang === 'python' && name === 'map') return each(a[0], a[1]);
  if (lang === 'php') {
    if (name === 'array_map') return each(a[0], a[1]);
    if (name === 'array_walk' || name === 'array_filter') return each(a[1], a[0]);
    if (name === 'call_user_func') return { fn: callable(lang, a[0]), call: { args: a.slice(1), kw: new Map() } };
    if (name === 'call_user_func_array') return spread(a[0], a[1]);
  }
  if (lang === 'node') {
    if (name === 'Reflect.apply') return spread(a[0], a[2]);
    const m = /^(.+)\.(call|apply)$/.exec(name);
    if (m) return m[2] === 'call' ? { fn: { k: 'ref', name: m[1]! }, call: { args: a.slice(1), kw: c.kw } } : spread({ k: 'ref', name: m[1]! }, a[1]);
  }
  if (lang === 'ruby') {
    // FileUtils.send(:rm_rf, p), public_send, __send__; a Method object's call.
    const m = /^(.+)\.(send|public_send|__send__)$/.exec(name);
    if (m) return { fn: memberRef(m[1]!, a[0]), call: { args: a.slice(1), kw: c.kw } };
    const called = /^(.+)\.call$/.exec(name);
    if (called) return { fn: { k: 'ref', name: called[1]! }, call: c };
  }
  return null;
}

/** A module's member named by a value: known text names it, anything else is a member the text does not name. */
export function memberRef(module: string, key: Val | undefined): Val {
  const k = literal(key);
  const m = module === '__builtins__' ? 'builtins' : module;
  return { k: 'ref', name: k !== null && /^[\w$]+[?!]?$/.test(k) ? `${m}.${k}` : `${m}.?` };
}

/** getattr(os, 'remove'), FileUtils.method(:rm_rf): a reference to a member, not a call. */
function memberByName(lang: CodeLanguage, name: string, c: Call): Val | null {
  const target = c.args[0];
  if (lang === 'python' && (name === 'getattr' || name === 'builtins.getattr') && target?.k === 'ref') return memberRef(target.name, c.args[1]);
  if (lang === 'python' && name === 'vars' && target?.k === 'ref') return { k: 'ref', name: `${target.name}.__dict__` };
  const m = lang === 'ruby' ? /^(.+)\.(method|public_method|instance_method)$/.exec(name) : null;
  return m ? memberRef(m[1]!, target) : null;
}

/** The name a call to a function the code does not name is said with. */
const UNNAMED_FUNCTION = '"$UNNAMED_FUNCTION"';

/** Modules whose members delete files, and those whose members run commands. */
const FILE_MODULES = new Set(['os', 'shutil', 'pathlib', 'fs', 'fs.promises', 'FileUtils', 'File', 'Dir', 'Deno', 'Bun', 'rimraf', 'File.Path']);
const RUNNER_MODULES = new Set(['os', 'subprocess', 'child_process', 'Kernel', 'Open3', 'IO', 'Process', 'execa', 'Deno', 'Bun', 'pty', 'commands']);

/**
 * A call to a function the text does not name: a member of a known module picked by a
 * computed name (getattr(shutil, n)(p), fs[m](p)), a method of a module the text does not
 * name (importlib.import_module(x).rmtree(p)), or a PHP/Perl function held in a variable.
 * What firebreak cannot resolve is not safe: it is judged as the worst thing such a module
 * does with these arguments.
 */
function unknownCallee(lang: CodeLanguage, name: string, c: Call): string[] {
  const args = c.args.filter((v) => v.k !== 'obj' && v.k !== 'num' && v.k !== 'bool');
  if (name.startsWith('?.')) {
    const tail = name.slice(2);
    for (const [known, action] of ACTIONS[lang]) if (known === tail || known.endsWith(`.${tail}`)) return [action(c)].filter((x): x is string => x !== null);
  }
  const module = name === '?' ? '' : name.slice(0, -2);
  const builtins = module === '' && (lang === 'php' || lang === 'perl');
  const out: string[] = [];
  if (FILE_MODULES.has(module) || builtins) out.push(verb(builtins ? 'rm -f' : 'rm -rf', args));
  const a0 = literal(c.args[0]);
  if ((RUNNER_MODULES.has(module) || builtins) && a0 !== null && /\s/.test(a0.trim())) out.push(a0);
  // Any other function the text does not name: judged by what its arguments name (a key, the
  // home), as a command whose name is unknown; not as a program run, which it need not be.
  if (out.length === 0 && args.length > 0) out.push([UNNAMED_FUNCTION, ...args.map(word)].join(' '));
  return out.filter(Boolean);
}

/** writelines([a, b]): the items one after another, when each is known. */
function joinedLines(v: Val | undefined): Val {
  if (v?.k !== 'list') return UNKNOWN;
  return v.items.reduce<Val>((acc, x) => concat(acc, x), str([]));
}
