// What a loop's variable stands for. Code that deletes "each file of a glob" or "each entry
// of a directory walk" names no single path, but every value it takes lies under a known
// directory: `for f in glob.glob(os.path.expanduser('~/Documents/*')): os.remove(f)` is judged
// as `rm -f ~/Documents/"$UNKNOWN"`, never as a harmless unknown word.

import type { CodeLanguage, Token } from './lexer.js';
import { UNK, UNKNOWN, expandUser, globPart, partsOf, str, type Part, type Val } from './values.js';

/**
 * A list standing for whatever matches a glob pattern: the pattern itself, its wildcard
 * segment left a glob (glob.glob('~/Documents/*') is ~/Documents/*, *.pyc stays *.pyc).
 */
export function matchesOf(pattern: Val | undefined, expandTilde: boolean): Val {
  const v = expandTilde ? expandUser(pattern) : pattern;
  const parts = partsOf(v);
  if (!parts) return { k: 'list', items: [UNKNOWN] };
  const out: Part[] = [];
  for (const p of parts) {
    const at = typeof p === 'string' ? p.search(/[*?[]/) : -1;
    if (at < 0) {
      out.push(p);
      continue;
    }
    const text = p as string;
    const segment = text.lastIndexOf('/', at) + 1;
    if (segment > 0) out.push(text.slice(0, segment));
    out.push(globPart(text.slice(segment)));
    break;
  }
  return { k: 'list', items: [{ k: v?.k === 'path' ? 'path' : 'str', parts: out }] };
}

/** A list standing for the entries under a directory (Path.iterdir, rglob, Dir.children joined). */
function entriesUnder(dir: Val | undefined): Val {
  const parts = partsOf(dir);
  if (!parts) return { k: 'list', items: [UNKNOWN] };
  const last = parts.at(-1);
  const sep = typeof last === 'string' && last.endsWith('/') ? [] : ['/'];
  return { k: 'list', items: [{ k: dir?.k === 'path' ? 'path' : 'str', parts: [...parts, ...sep, UNK] }] };
}

/** os.walk(top): each step is (a directory under top, its directories, its files); the first is top itself. */
function walkOf(top: Val | undefined): Val {
  const names: Val = { k: 'list', items: [UNKNOWN] };
  return { k: 'list', items: [{ k: 'list', items: [top ?? UNKNOWN, names, names] }] };
}

/** One value standing for every item of a list: the item when all agree, else their common start, then unknown. */
export function itemOf(iterable: Val | undefined): Val {
  if (iterable?.k !== 'list' || iterable.items.length === 0) return UNKNOWN;
  const first = iterable.items[0]!;
  if (iterable.items.length === 1) return first;
  const lists = iterable.items.map(partsOf);
  const a = lists[0];
  if (!a || lists.some((p) => p === null)) return UNKNOWN;
  const same = lists.every((l) => l!.length === a.length && l!.every((p, i) => p === a[i]));
  if (same) return first;
  const common: Part[] = [];
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    if (lists.every((l) => l![i] === p)) {
      common.push(p);
      continue;
    }
    if (typeof p === 'string') {
      let n = p.length;
      for (const l of lists) {
        const q = l![i];
        n = typeof q === 'string' ? Math.min(n, commonLength(p, q)) : 0;
      }
      if (n > 0) common.push(p.slice(0, n));
    }
    break;
  }
  return common.length === 0 ? UNKNOWN : str([...common, UNK]);
}

function commonLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Names a loop binds to each item, and where its iterable starts; null when the tokens at `i` are no loop head. */
export interface LoopHead {
  targets: string[];
  /** The iterable is the expression at this index. */
  iterableAt: number;
  /** The targets follow the iterable (PHP's `foreach (E as $x)`): read them after it. */
  targetsAfter?: boolean;
}

const isId = (t: Token | undefined, v?: string): boolean => t?.t === 'id' && (v === undefined || t.v === v);
const idOf = (t: Token | undefined): string | null => (t?.t === 'id' ? t.v : null);
const isOp = (t: Token | undefined, v: string): boolean => t?.t === 'op' && t.v === v;

/**
 * The head of a loop at `i` (on its keyword): Python `for a, b in E`, JavaScript
 * `for (const x of E)`, Ruby `for x in E`, Perl `foreach my $x (E)` (or `$_`), PHP `foreach (E as $x)`.
 */
export function loopHead(lang: CodeLanguage, toks: Token[], i: number): LoopHead | null {
  const kw = idOf(toks[i]);
  if (kw !== 'for' && kw !== 'foreach') return null;
  let j = i + 1;
  if (lang === 'python' || lang === 'ruby') {
    const targets: string[] = [];
    for (; j < toks.length && j < i + 16; j++) {
      const t = toks[j];
      if (isId(t, 'in')) return targets.length > 0 ? { targets, iterableAt: j + 1 } : null;
      const name = idOf(t);
      if (name !== null) targets.push(name);
      else if (!isOp(t, ',') && !isOp(t, '(') && !isOp(t, ')')) return null;
    }
    return null;
  }
  if (lang === 'node') {
    if (!isOp(toks[j], '(')) return null;
    j++;
    if (isId(toks[j], 'const') || isId(toks[j], 'let') || isId(toks[j], 'var')) j++;
    const target = idOf(toks[j]);
    if (target === null || !(isId(toks[j + 1], 'of') || isId(toks[j + 1], 'in'))) return null;
    return { targets: [target], iterableAt: j + 2 };
  }
  if (lang === 'perl') {
    if (isId(toks[j], 'my') || isId(toks[j], 'our')) j++;
    const target = idOf(toks[j]);
    if (target?.startsWith('$') && isOp(toks[j + 1], '(')) return { targets: [target], iterableAt: j + 1 };
    // for (LIST) and the statement modifier `unlink $_ for glob(…)` walk LIST with $_.
    return { targets: ['$_'], iterableAt: j };
  }
  if (lang === 'php' && kw === 'foreach' && isOp(toks[j], '(')) return { targets: [], iterableAt: j + 1, targetsAfter: true };
  return null;
}

/** Methods that hand a block or function each item of their receiver. */
export const ITERATORS = new Set(['forEach', 'map', 'each', 'each_entry', 'each_with_index', 'filter', 'select', 'flatMap', 'some', 'every']);

/** Binds a loop's targets to one item: a tuple item (os.walk's steps) binds each target in turn. */
export function bindTargets(targets: string[], item: Val, into: Map<string, Val>): void {
  const each = targets.length > 1 && item.k === 'list' ? item.items : [item];
  targets.forEach((t, n) => {
    const v = targets.length > 1 ? (each[n] ?? UNKNOWN) : item;
    if (v.k === 'str' || v.k === 'path' || v.k === 'list' || v.k === 'file') into.set(t, v);
  });
}

type Source = (args: Val[]) => Val;
const glob =
  (expandTilde: boolean): Source =>
  (a) =>
    matchesOf(a[0], expandTilde);
const names: Source = () => ({ k: 'list', items: [UNKNOWN] });

/** Calls whose result is a list of paths or names, by language: what one item of it stands for. */
export const LISTINGS: Readonly<Record<CodeLanguage, ReadonlyMap<string, Source>>> = {
  python: new Map([
    ['glob.glob', glob(false)],
    ['glob.iglob', glob(false)],
    ['os.walk', (a) => walkOf(a[0])],
    ['os.listdir', names],
    ['os.scandir', names],
  ]),
  node: new Map([
    ['glob.sync', glob(false)],
    ['glob.globSync', glob(false)],
    ['globSync', glob(false)],
    ['fg.sync', glob(false)],
    ['fastGlob.sync', glob(false)],
    ['fs.globSync', glob(false)],
    ['fs.readdirSync', names],
  ]),
  perl: new Map([['glob', glob(true)]]),
  ruby: new Map([
    ['Dir.glob', glob(false)],
    ['Dir.children', names],
    ['Dir.entries', names],
  ]),
  php: new Map([
    ['glob', glob(false)],
    ['scandir', names],
  ]),
};

/** Methods of a path that list what is under it: Path(p).glob('*'), .rglob('*'), .iterdir(), .walk(). */
export function pathListing(recv: Val, name: string, pattern: Val | undefined): Val | null {
  if (name === 'iterdir') return entriesUnder(recv);
  if ((name === 'glob' || name === 'rglob') && recv.k === 'path') {
    const dir = partsOf(recv)!;
    const last = dir.at(-1);
    return matchesOf({ k: 'path', parts: [...dir, ...(typeof last === 'string' && last.endsWith('/') ? [] : ['/']), ...(partsOf(pattern) ?? [UNK])] }, false);
  }
  return name === 'walk' ? walkOf(recv) : null;
}

/**
 * The parameter a block or arrow function at `at` takes: JavaScript's `(f => …)`,
 * `((f, i) => …)`, `(function (f) {…})`, Ruby's `{ |f| … }` and `do |f| … end`.
 */
export function blockParamNames(lang: CodeLanguage, toks: Token[], at: number): string[] {
  const id = (k: number) => idOf(toks[k]);
  const op = (k: number, v: string) => isOp(toks[k], v);
  if (lang === 'node' && op(at, '(')) {
    if (id(at + 1) !== null && op(at + 2, '=>')) return [id(at + 1)!];
    if (op(at + 1, '(') && id(at + 2) !== null && (op(at + 3, ')') || op(at + 3, ','))) return [id(at + 2)!];
    if (id(at + 1) === 'function' && op(at + 2, '(') && id(at + 3) !== null) return [id(at + 3)!];
    return [];
  }
  if (lang === 'ruby' && (op(at, '{') || id(at) === 'do') && op(at + 1, '|')) {
    const params: string[] = [];
    for (let j = at + 2; j < at + 12 && toks[j]?.t === 'id'; j += op(j + 1, ',') ? 2 : 1) params.push(id(j)!);
    return params;
  }
  return [];
}
