// What the values in interpreter code mean as shell text (what each known call does is in
// ./actions.ts).
// A value is literal text, the home directory, or unknown; unknown pieces are written as
// "$UNKNOWN" so the engine sees an unresolved word, never a harmless one.

import type { CodeLanguage } from './lexer.js';
import { shellWord } from '../shell/quote.js';

/** Pieces one string value may hold before it is only "unknown". */
const MAX_PARTS = 32;

export const HOME = { hole: 'home' } as const;
export const UNK = { hole: 'unknown' } as const;
/** A glob's wildcard segment (what glob.glob('~/x/*.log') matches), written unquoted so the shell reading sees the glob. */
interface GlobPart {
  hole: 'glob';
  text: string;
}
export type Part = string | typeof HOME | typeof UNK | GlobPart;
/** A glob piece of these characters only, else unknown: nothing in it can be shell syntax. */
export const globPart = (text: string): Part => (/^[\w.*?[\]/-]{1,256}$/.test(text) ? { hole: 'glob', text } : UNK);
const isGlob = (p: Part): p is GlobPart => typeof p === 'object' && p.hole === 'glob';

export type Val =
  | { k: 'str'; parts: Part[] }
  | { k: 'path'; parts: Part[] }
  | { k: 'list'; items: Val[] }
  | { k: 'obj'; props: Map<string, Val> }
  /** A name: module, function or variable, spelled canonically (cp.exec -> child_process.exec). */
  | { k: 'ref'; name: string; local?: string }
  | { k: 'meth'; recv: Val; name: string }
  | { k: 'bool'; v: boolean }
  /** A file opened for writing (open(p, 'a')): what its write() is given lands in path. */
  | { k: 'file'; path: Val }
  /** n: the value, when it is a small integer (an index). */
  | { k: 'num'; n?: number }
  | { k: 'unknown' };

export interface Call {
  args: Val[];
  kw: Map<string, Val>;
}

export const UNKNOWN: Val = { k: 'unknown' };
const UNKNOWN_WORD = '"$UNKNOWN"';
export const str = (parts: Part[]): Val => ({ k: 'str', parts });

export function partsOf(v: Val | undefined): Part[] | null {
  if (v?.k === 'str' || v?.k === 'path') return v.parts;
  if (v?.k === 'ref' && HOME_REFS.has(v.name)) return [HOME];
  return null;
}

export function literal(v: Val | undefined): string | null {
  const p = partsOf(v);
  return p?.every((x) => typeof x === 'string') ? p.join('') : null;
}

/**
 * One shell word for a path or an argument: quoted when needed, `~` kept live, and each piece
 * the text does not spell out written as "$UNKNOWN", so `~/Documents/<a name from a loop>` is
 * judged as something under ~/Documents, not as a harmless word.
 */
export function word(v: Val | undefined): string {
  const parts = partsOf(v);
  if (!parts || parts.every((p) => p === UNK)) return UNKNOWN_WORD;
  const home = parts[0] === HOME;
  const rest = home ? parts.slice(1) : parts;
  if (rest.includes(HOME)) return UNKNOWN_WORD;
  const first = rest[0];
  if (home && rest.length > 0 && !(typeof first === 'string' && first.startsWith('/'))) return UNKNOWN_WORD;
  let out = home ? '~' : '';
  rest.forEach((p, i) => {
    if (p === UNK) {
      if (rest[i - 1] !== UNK) out += UNKNOWN_WORD;
    } else if (isGlob(p)) out += p.text;
    else if (typeof p === 'string') out += home && i === 0 ? (p === '/' ? '/' : '/' + shellWord(p.slice(1))) : shellWord(p);
  });
  return out;
}

/** A shell word handed to the code as an argument: its text, the home kept a home, unknown when the line does not say. */
export function wordValue(a: { text: string; dynamic: boolean; home: boolean }): Val {
  if (a.dynamic) return UNKNOWN;
  if (!a.home) return str([a.text]);
  const rest = a.text.slice(1);
  return str(rest === '' ? [HOME] : [HOME, rest]);
}

export function argvLine(vals: Val[]): string | null {
  if (vals.length === 0) return null;
  // A first word with `=` would read as an assignment: keep it a command name.
  return vals
    .map((v, i) => {
      const w = word(v);
      return i === 0 && /^[^']*=/.test(w) ? `'${w}'` : w;
    })
    .join(' ');
}

/** A value handed to a shell as its command line. */
export function shellLine(v: Val | undefined): string {
  if (v?.k === 'list') return argvLine(v.items) ?? UNKNOWN_WORD;
  const parts = partsOf(v);
  if (!parts || parts.every((p) => p === UNK)) return UNKNOWN_WORD;
  return parts.map((p) => (p === HOME ? '$HOME' : p === UNK ? '${UNKNOWN}' : isGlob(p) ? p.text : p)).join('');
}

/** What a string becomes past maxParts; once there it stays, so long chains of `+` cost nothing more. */
const TOO_MANY: Part[] = [UNK];

export function concatParts(a: Part[], b: Part[]): Part[] {
  if (a === TOO_MANY || b === TOO_MANY || a.length + b.length > MAX_PARTS) return TOO_MANY;
  if (a.length === 0) return b;
  const out = a.slice();
  for (const p of b) {
    const last = out.at(-1);
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}

export function concat(a: Val, b: Val): Val {
  if (a.k === 'list' && b.k === 'list') return { k: 'list', items: a.items.concat(b.items) };
  return str(concatParts(partsOf(a) ?? [UNK], partsOf(b) ?? [UNK]));
}

/** Path pieces joined with `/`; a later absolute piece starts again, as os.path.join does. */
export function joinPaths(vals: Val[]): Part[] {
  let out: Part[] = [];
  for (const v of vals) {
    const p = partsOf(v) ?? [UNK];
    const first = p[0];
    if (p[0] === HOME || (typeof first === 'string' && first.startsWith('/'))) out = p.slice();
    else if (out.length === 0) out = p.slice();
    else out = concatParts(out, typeof out.at(-1) === 'string' && (out.at(-1) as string).endsWith('/') ? p : ['/', ...p]);
  }
  return out;
}

export function expandUser(v: Val | undefined): Val {
  const p = partsOf(v);
  const first = p?.[0];
  if (!p || typeof first !== 'string' || !/^~(\/|$)/.test(first)) return p ? str(p) : UNKNOWN;
  return str(
    concatParts(
      [HOME],
      [first.slice(1), ...p.slice(1)].filter((x) => x !== ''),
    ),
  );
}

/** Python `%` and str.format: each placeholder takes its argument's text, or stays unknown. */
export function format(template: Part[], args: Val[], braces: boolean, kw?: Map<string, Val>): Val {
  let n = 0;
  const field = (ph: string): Part[] => {
    const name = /^\{([^!:}]*)/.exec(ph)?.[1] ?? '';
    const v = !braces || name === '' ? args[n++] : /^\d+$/.test(name) ? args[Number(name)] : kw?.get(name);
    return partsOf(v) ?? [UNK];
  };
  const pattern = braces ? /\{\{|\}\}|\{[^{}]{0,64}\}/g : /%%|%(?:\([^)]{0,64}\))?[-#+ ]*\d*(?:\.\d*)?[a-zA-Z]/g;
  let out: Part[] = [];
  for (const p of template) {
    if (typeof p !== 'string') {
      out = concatParts(out, [p]);
      continue;
    }
    let at = 0;
    for (const m of p.matchAll(pattern)) {
      const ph = m[0];
      out = concatParts(out, [p.slice(at, m.index), ...(ph === '{{' || ph === '}}' || ph === '%%' ? [ph[0]!] : field(ph))]);
      at = m.index + ph.length;
    }
    out = concatParts(out, [p.slice(at)]);
  }
  return str(out.filter((x) => x !== ''));
}

/** Calls that run a string as code of the same language: read that code too. */
export const EVALS: Record<CodeLanguage, Set<string>> = {
  python: new Set(['exec', 'eval', 'builtins.exec', 'builtins.eval']),
  node: new Set(['eval', 'Function', 'vm.runInThisContext', 'vm.runInNewContext', 'vm.runInContext', 'vm.Script']),
  perl: new Set(['eval']),
  ruby: new Set(['eval', 'Kernel.eval', 'instance_eval', 'class_eval', 'module_eval']),
  php: new Set(['eval']),
};

/** Tags whose template literal is a shell command line (zx, Bun shell, execa). */
export const TAGGED = new Set(['$', 'zx.$', 'Bun.$', 'execa', 'execa.$', 'execa.execa']);

export const DEFAULT_ALIASES: Partial<Record<CodeLanguage, Map<string, string>>> = {
  node: new Map([
    ['cp', 'child_process'],
    ['childProcess', 'child_process'],
    ['child', 'child_process'],
    ['fsp', 'fs.promises'],
    ['fse', 'fs'],
    ...['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync'].map((n): [string, string] => [n, `child_process.${n}`]),
    ...['rmSync', 'unlinkSync', 'rmdirSync'].map((n): [string, string] => [n, `fs.${n}`]),
  ]),
};

const HOME_REFS = new Set(['process.env.HOME', 'Bun.env.HOME', 'Dir.home']);
export const ENVIRONMENTS = new Set(['os.environ', 'process.env', 'Bun.env', 'ENV', '$ENV', '%ENV', '$_SERVER', '$_ENV']);
export const HOME_CALLS = new Set(['os.homedir', 'Dir.home']);
export const ENV_GETTERS = new Set(['os.getenv', 'os.environ.get', 'getenv', 'Deno.env.get', 'ENV.fetch']);
export const PATH_MAKERS = new Set([
  'Path',
  'pathlib.Path',
  'PosixPath',
  'pathlib.PosixPath',
  'PurePath',
  'pathlib.PurePath',
  'Pathname',
  'Pathname.new',
  'Bun.file',
]);
export const JOINERS = new Set([
  'os.path.join',
  'path.join',
  'path.resolve',
  'path.posix.join',
  'File.join',
  'os.path.abspath',
  'os.path.realpath',
  'os.path.normpath',
  'path.normalize',
]);
/** Calls that load a module by name; the last ones reach Node's loader past a shadowed `require`. */
export const LOADERS = new Set([
  'require',
  '__import__',
  'importlib.import_module',
  'importlib.__import__',
  'module.require',
  'module.constructor._load',
  'Module._load',
  'process.mainModule.require',
  'globalThis.require',
  'global.process.mainModule.require',
  'createRequire',
]);

export function moduleName(spec: string): string {
  const m = spec.replace(/^node:/, '');
  return m === 'fs/promises' ? 'fs.promises' : m === 'fs-extra' ? 'fs' : m === 'bun' ? 'Bun' : m.replace(/\//g, '.');
}

/** Prefixes that name the same function: CORE::system, Kernel.system, \system. */
export function canonical(lang: CodeLanguage, name: string): string {
  if (lang === 'perl') return name.replace(/^(CORE\.GLOBAL\.|CORE\.|main\.)/, '');
  if (lang === 'ruby') return name.replace(/^Kernel\.(?=system|exec|spawn|open|eval)/, '');
  return name;
}
