// What interpreter code would do to the machine, said as shell commands, so the engine can
// assess `python3 -c "shutil.rmtree('/')"` as the `rm -rf /` it is. Only the code's text is
// read, never run: a value the text does not spell out (a variable, a call's result) becomes
// "$UNKNOWN", which the engine rates as an unresolved target rather than a harmless one.

import { ACTIONS } from './actions.js';
import { callEffect, isPrinter, memberRef } from './calls.js';
import { argvList } from './arguments.js';
import { Cursor } from './cursor.js';
import { jsImport, pythonImport } from './imports.js';
import { bindTargets, blockParamNames, itemOf, ITERATORS, LISTINGS, loopHead, matchesOf, type LoopHead } from './iteration.js';
import { tokenize, type CodeLanguage, type RawPart, type Token } from './lexer.js';
import {
  DEFAULT_ALIASES,
  ENVIRONMENTS,
  EVALS,
  HOME,
  TAGGED,
  UNK,
  UNKNOWN,
  argvLine,
  canonical,
  concat,
  concatParts,
  format,
  joinPaths,
  literal,
  partsOf,
  shellLine,
  str,
  type Call,
  type Part,
  type Val,
} from './values.js';

export type InterpreterLanguage = CodeLanguage;

const LIMITS = {
  /** Brackets and assignments nested deeper than this are skipped over, not followed. */
  maxDepth: 64,
  /** Code inside code (eval of a literal, an interpolated expression) is read this deep. */
  maxNesting: 3,
  maxEquivalents: 64,
  /** Items a list or an argument list keeps; the rest are read for their calls, then stand as one unknown. */
  maxItems: 256,
} as const;

/** Words that only qualify the expression after them. */
const PREFIXES = new Set([
  'new',
  'await',
  'not',
  'typeof',
  'void',
  'delete',
  'yield',
  'return',
  'my',
  'our',
  'local',
  'const',
  'let',
  'var',
  'async',
  'do',
  'then',
  'else',
]);
/** Where a call written without parentheses (perl, ruby) ends its arguments. */
const ENDS_BARE_ARGS = new Set(['if', 'unless', 'while', 'until', 'or', 'and', 'do', 'then', 'for', 'foreach', 'x', 'eq', 'ne', 'lt', 'gt', 'le', 'ge', 'cmp']);
const LITERAL_WORDS = new Map<string, Val>([
  ['true', { k: 'bool', v: true }],
  ['True', { k: 'bool', v: true }],
  ['false', { k: 'bool', v: false }],
  ['False', { k: 'bool', v: false }],
]);
const CLOSE = new Map([
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
]);
// ---- reading the code

interface State {
  lang: CodeLanguage;
  out: string[];
  /** What the code prints, call by call; null for a call whose output is not known. */
  printed: Array<string | null>;
  aliases: Map<string, string>;
  /** Local names bound to a string or a path: p = os.path.expanduser('~/.x'); open(p, 'w'). */
  values: Map<string, Val>;
  stars: string[];
  /** What each loop variable stands for (./iteration.ts), for the second reading of code with loops. */
  loops: Map<string, Val>;
  /** The words given after the code (python3 -c CODE a b): what sys.argv[1], process.argv[1], $ARGV[0] hold. */
  argv: readonly Val[];
}

class Reader extends Cursor {
  private readonly lang: CodeLanguage;

  constructor(
    private readonly st: State,
    toks: Token[],
    private readonly nest: number,
  ) {
    super(toks);
    this.lang = st.lang;
  }

  run(): void {
    while (this.i < this.toks.length) {
      const at = this.i;
      this.expr(0);
      if (this.i === at) this.i++;
    }
  }

  /** The value of a snippet that is one expression (an interpolation); anything more makes it unknown. */
  value(): Val {
    const v = this.expr(0);
    const whole = this.i >= this.toks.length;
    this.run();
    return whole ? v : UNKNOWN;
  }

  private emit(lines: string | null | string[]): void {
    for (const line of Array.isArray(lines) ? lines : [lines])
      if (line !== null && this.st.out.length < LIMITS.maxEquivalents && !this.st.out.includes(line)) this.st.out.push(line);
  }

  private nested(code: string): Reader | null {
    return this.nest < LIMITS.maxNesting ? new Reader(this.st, tokenize(this.lang, code), this.nest + 1) : null;
  }

  private parts(raw: RawPart[]): Part[] {
    if (raw.every((r) => typeof r === 'string')) return raw as string[];
    let out: Part[] = [];
    for (const r of raw) out = concatParts(out, typeof r === 'string' ? [r] : (partsOf(this.nested(r.hole)?.value()) ?? [UNK]));
    return out;
  }

  private expr(d: number): Val {
    if (d > LIMITS.maxDepth) {
      this.i++;
      return UNKNOWN;
    }
    let v = this.postfix(d);
    for (;;) {
      const t = this.peek();
      // with open(p, 'a') as f: f names what the expression gave.
      const as = this.lang === 'python' && t?.t === 'id' && t.v === 'as' ? this.idAt(1) : null;
      if (as !== null) {
        this.i += 2;
        this.assign({ k: 'ref', name: as, local: as }, v);
        return v;
      }
      if (t?.t !== 'op') return v;
      if (t.v === '+') {
        this.i++;
        v = concat(v, this.postfix(d));
      } else if (t.v === '/' && this.lang === 'python') {
        this.i++;
        const r = this.postfix(d);
        v = v.k === 'path' ? { k: 'path', parts: joinPaths([v, r]) } : UNKNOWN;
      } else if (t.v === '%' && (this.lang === 'python' || this.lang === 'ruby') && v.k === 'str') {
        this.i++;
        const r = this.postfix(d);
        v = format(v.parts, r.k === 'list' ? r.items : [r], false);
      } else if (t.v === '=' && (v.k === 'ref' || v.k === 'obj')) {
        this.i++;
        const r = this.expr(d + 1);
        this.assign(v, r);
        v = r;
      } else return v;
    }
  }

  /** Remembers names bound to modules and functions: cp = require('child_process'), { execSync: run } = ... */
  private assign(target: Val, v: Val): void {
    if (target.k === 'ref' && target.local) {
      if (v.k === 'ref') this.st.aliases.set(target.local, v.name);
      else this.st.aliases.delete(target.local);
      if (v.k === 'str' || v.k === 'path' || v.k === 'file') this.st.values.set(target.local, v);
      else this.st.values.delete(target.local);
    } else if (target.k === 'obj' && v.k === 'ref') {
      for (const [key, local] of target.props) if (local.k === 'ref' && local.local) this.st.aliases.set(local.local, `${v.name}.${key}`);
    }
  }

  private postfix(d: number): Val {
    while (this.peek()?.t === 'id' && PREFIXES.has((this.peek() as { v: string }).v)) this.i++;
    let v = this.primary(d);
    // PHP's echo and print are language constructs, written without parentheses too.
    const bare = v.k === 'ref' && (this.lang === 'perl' || this.lang === 'ruby' || (this.lang === 'php' && (v.name === 'echo' || v.name === 'print')));
    for (;;) {
      const t = this.peek();
      if (t?.t === 'op' && t.v === '(') {
        v = this.call(v, this.args(')', d + 1));
        // File.open(p, 'a') { |f| f.puts … }: the block's parameter is the open file.
        if (v.k === 'file' && this.lang === 'ruby') this.bind(blockParamNames('ruby', this.toks, this.i).slice(0, 1), v);
      } else if (t?.t === 'op' && t.v === '.' && this.peek(1)?.t === 'id') {
        const name = (this.peek(1) as { v: string }).v;
        this.i += 2;
        if (ITERATORS.has(name)) this.blockParams(itemOf(v));
        // ARGV.first, ARGV.last: an argument given after the code.
        const args = v.k === 'ref' && (name === 'first' || name === 'last') ? this.argvList(v.name) : null;
        if (args?.k === 'list') {
          v = (name === 'first' ? args.items[0] : args.items.at(-1)) ?? UNKNOWN;
          continue;
        }
        v = v.k === 'ref' ? { k: 'ref', name: `${v.name}.${name}` } : { k: 'meth', recv: v, name };
        // Ruby calls a method named without parentheses: Pathname.new(p).rmtree
        // (f.puts "text": its arguments written without parentheses, when they start with a string.)
        if (this.lang === 'ruby' && v.k === 'meth' && !this.isOp('('))
          v = this.call(v, this.peek()?.t === 'str' ? this.args('', d + 1) : { args: [], kw: new Map() });
      } else if (t?.t === 'op' && t.v === '.' && (this.isOp('[', 1) || this.isOp('{', 1))) this.i++;
      else if (t?.t === 'op' && t.v === '[') v = this.index(v, this.args(']', d + 1).args[0]);
      else if (t?.t === 'op' && t.v === '{' && this.lang === 'perl' && v.k === 'ref' && /^[$%]/.test(v.name)) {
        const key = this.peek(1);
        if (key?.t === 'id' && this.isOp('}', 2)) {
          this.i += 3;
          v = this.index(v, str([key.v]));
        } else v = this.index(v, this.args('}', d + 1).args[0]);
      } else if (t?.t === 'str' && t.template && v.k === 'ref') {
        this.i++;
        if (TAGGED.has(v.name)) this.emit(shellLine(str(this.parts(t.parts))));
        v = UNKNOWN;
      } else if (bare && v.k === 'ref' && this.startsBareArgs() && this.knows(v.name)) v = this.call(v, this.args('', d + 1));
      else if (this.lang === 'perl' && v.k === 'ref' && (v.name === 'system' || v.name === 'exec') && this.isOp('{')) {
        // system { 'rm' } 'rm', '-rf', '/': the block names the program, the list starts at argv[0], no shell.
        const program = this.args('}', d + 1).args[0] ?? UNKNOWN;
        this.emit(argvLine([program, ...this.args('', d + 1).args.slice(1)]));
        v = UNKNOWN;
      } else return v;
    }
  }

  private knows(name: string): boolean {
    const n = canonical(this.lang, name);
    return ACTIONS[this.lang].has(n) || EVALS[this.lang].has(n) || isPrinter(this.lang, n) || LISTINGS[this.lang].has(n);
  }

  private startsBareArgs(): boolean {
    const t = this.peek();
    if (t?.t === 'str' || t?.t === 'cmd') return true;
    if (t?.t === 'id') return !ENDS_BARE_ARGS.has(t.v);
    return this.lang === 'ruby' && this.isOp('[');
  }

  private primary(d: number): Val {
    const t = this.peek();
    if (!t || t.t === 'nl') return UNKNOWN;
    if (t.t === 'str') {
      this.i++;
      if (t.words)
        return {
          k: 'list',
          items: this.parts(t.parts)
            .filter((p) => typeof p === 'string')
            .join(' ')
            .split(/\s+/)
            .filter(Boolean)
            .map((w) => str([w])),
        };
      let parts = this.parts(t.parts);
      for (let n = this.peek(); this.lang === 'python' && n?.t === 'str'; n = this.peek()) {
        this.i++;
        parts = concatParts(parts, this.parts(n.parts));
      } // 'a' 'b' is 'ab'
      return str(parts);
    }
    if (t.t === 'cmd') {
      this.i++;
      this.emit(shellLine(str(this.parts(t.parts))));
      return UNKNOWN;
    }
    if (t.t === 'num') {
      this.i++;
      return t.v === undefined ? { k: 'num' } : { k: 'num', n: t.v };
    }
    if (t.t === 'id') return this.name(t.v, d);
    const sym = this.peek(1);
    if (this.lang === 'ruby' && t.v === ':' && sym?.t === 'id') {
      this.i += 2; // a symbol, :rm_rf, names a method to send
      return str([sym.v]);
    }
    const close = CLOSE.get(t.v);
    if (close === undefined) {
      if (t.v !== ')' && t.v !== ']' && t.v !== '}' && t.v !== ',' && t.v !== ';') this.i++;
      return UNKNOWN;
    }
    const c = this.args(close, d + 1);
    if (t.v === '{') {
      for (const a of c.args) if (a.k === 'ref' && a.local) c.kw.set(a.local, a); // { execSync } shorthand
      return { k: 'obj', props: c.kw };
    }
    return t.v === '(' && c.args.length === 1 && c.kw.size === 0 ? c.args[0]! : { k: 'list', items: c.args };
  }

  private name(w: string, d: number): Val {
    const head = loopHead(this.lang, this.toks, this.i);
    if (head) return this.loop(head, d);
    this.i++;
    const lit = LITERAL_WORDS.get(w);
    if (lit) return lit;
    if (w === 'import' && this.lang === 'node') {
      if (this.isOp('(')) return { k: 'ref', name: 'require' };
      jsImport(this, this.st.aliases, (parts) => literal(str(this.parts(parts))));
      return UNKNOWN;
    }
    if ((w === 'import' || w === 'from') && this.lang === 'python') {
      pythonImport(this, w, this.st.aliases, this.st.stars);
      return UNKNOWN;
    }
    if (w === 'include' && this.lang === 'ruby' && this.peek()?.t === 'id') {
      this.st.stars.push((this.peek() as { v: string }).v);
      this.i++;
      return UNKNOWN;
    }
    // ARGV or @ARGV handed whole (FileUtils.rm_rf(ARGV), rmtree(@ARGV)), and Perl's bare shift: the arguments after the code.
    if (!this.isOp('[') && !this.isOp('.')) {
      const whole = this.argvList(w);
      if (whole) return whole;
    }
    if (w === 'shift' && this.lang === 'perl' && !this.isOp('(') && this.peek()?.t !== 'id') return this.st.argv[0] ?? UNKNOWN;
    const local = this.lang === 'php' && !w.startsWith('$') ? w.toLowerCase() : w;
    // A name bound to a string or path stands for it, except where it is being assigned again.
    const bound = this.st.values.get(local);
    if (bound && !(this.isOp('=') && !this.isOp('==') && !this.isOp('==='))) return bound;
    const known = this.st.aliases.get(local) ?? DEFAULT_ALIASES[this.lang]?.get(local);
    const star = known || this.st.stars.length === 0 ? undefined : this.st.stars.map((m) => `${m}.${local}`).find((n) => this.knows(n));
    return { k: 'ref', name: known ?? star ?? local, local };
  }

  /** A loop's head: its variables stand for an item of what it walks (`for f in glob.glob(…)`). */
  private loop(head: LoopHead, d: number): Val {
    this.i = head.iterableAt;
    let iterable = this.expr(d + 1);
    if (this.lang === 'perl' && iterable.k !== 'list') iterable = { k: 'list', items: [iterable] };
    let targets = head.targets;
    if (head.targetsAfter && this.isId('as')) {
      this.i++;
      targets = [];
      while (this.peek()?.t === 'id' || this.isOp('=>') || this.isOp('&')) {
        const t = this.peek();
        if (t?.t === 'id') targets = [t.v]; // foreach (E as $k => $v): the last name is the item
        this.i++;
      }
    }
    this.bind(targets, itemOf(iterable));
    return UNKNOWN;
  }

  private argvList(name: string): Val | null {
    return argvList(this.lang, name, this.st.argv);
  }

  /** A block or arrow function handed the items one by one: .forEach(f => …), .each { |f| … }. */
  private blockParams(item: Val): void {
    const names = blockParamNames(this.lang, this.toks, this.i);
    if (names.length > 0) this.bind(names.slice(0, 1), item);
  }

  private bind(targets: string[], item: Val): void {
    bindTargets(targets, item, this.st.values);
    bindTargets(targets, item, this.st.loops);
  }

  /** Arguments up to `close` (the opener is at i), or, with close '', a call written without parentheses. */
  private args(close: string, d: number): Call {
    const bare = close === '';
    if (!bare) this.i++;
    const out: Call = { args: [], kw: new Map() };
    for (;;) {
      const t = this.peek();
      if (!t) return out;
      if (!bare && t.t === 'op' && t.v === close) {
        this.i++;
        return out;
      }
      if (this.endsList(t, bare)) return out;
      if (t.t === 'nl' || (t.t === 'op' && (t.v === ',' || t.v === ';'))) {
        this.i++;
        continue;
      }
      const key = this.key(close);
      const splat = key === null && t.t === 'op' && (t.v === '*' || t.v === '**' || t.v === '...');
      if (splat) this.i++;
      let v = this.expr(d);
      if (!this.atItemEnd(close, bare)) {
        v = UNKNOWN;
        while (!this.atItemEnd(close, bare)) {
          const at = this.i;
          this.expr(d);
          if (this.i === at) this.i++;
        }
      }
      if (key !== null) out.kw.set(key, v);
      else if (v.k === 'list' && (splat || this.lang === 'perl'))
        for (const item of v.items) this.push(out.args, item); // perl flattens lists
      else this.push(out.args, splat ? UNKNOWN : v);
    }
  }

  private push(items: Val[], v: Val): void {
    if (items.length < LIMITS.maxItems) items.push(v);
    else if (items.length === LIMITS.maxItems) items.push(UNKNOWN);
  }

  private endsList(t: Token, bare: boolean): boolean {
    if (t.t === 'op' && (t.v === ')' || t.v === ']' || t.v === '}')) return true;
    if (!bare) return false;
    return (
      t.t === 'nl' || (t.t === 'op' && (t.v === ';' || t.v === '||' || t.v === '&&' || t.v === '?' || t.v === ':')) || (t.t === 'id' && ENDS_BARE_ARGS.has(t.v))
    );
  }

  private atItemEnd(close: string, bare: boolean): boolean {
    const t = this.peek();
    if (!t || this.endsList(t, bare) || (t.t === 'op' && (t.v === close || t.v === ','))) return true;
    return !bare && (t.t === 'nl' || (t.t === 'op' && t.v === ';'));
  }

  /** `name=`, `name:`, `'name' =>` at the start of an argument: a keyword argument or an object key. */
  private key(close: string): string | null {
    const t = this.peek();
    const n = this.peek(1);
    if (n?.t !== 'op' || !(n.v === ':' || n.v === '=>' || (n.v === '=' && close === ')' && this.lang === 'python'))) return null;
    const name = t?.t === 'id' ? t.v : t?.t === 'str' && t.parts.every((p) => typeof p === 'string') ? t.parts.join('') : null;
    if (name !== null) this.i += 2;
    return name;
  }

  /** x[key]: HOME from an environment, a module's member by name (require('fs')['rm' + 'Sync']), Ruby's Dir[glob]. */
  private index(v: Val, key: Val | undefined): Val {
    const list = v.k === 'ref' ? (this.argvList(v.name) ?? v) : v;
    if (list.k === 'list') return key?.k === 'num' && key.n !== undefined ? (list.items[key.n] ?? UNKNOWN) : itemOf(list);
    if (v.k !== 'ref') return UNKNOWN;
    if (ENVIRONMENTS.has(v.name)) return (key?.k === 'ref' ? key.local : literal(key)) === 'HOME' ? str([HOME]) : UNKNOWN;
    if (v.name === 'Dir' && this.lang === 'ruby') return matchesOf(key, false);
    // shutil.__dict__['rmtree'], vars(shutil)['rmtree']: the module's member by name.
    if (v.name.endsWith('.__dict__')) return memberRef(v.name.slice(0, -'.__dict__'.length), key);
    return this.lang === 'perl' ? UNKNOWN : memberRef(v.name, key);
  }

  /** A call: what it amounts to (./calls.ts), with the command it runs emitted and the code it evaluates read. */
  private call(fn: Val, c: Call): Val {
    const effect = callEffect(this.lang, fn, c);
    if (effect.runs !== undefined) this.emit(effect.runs);
    if (effect.prints !== undefined && this.st.printed.length < LIMITS.maxEquivalents) this.st.printed.push(effect.prints);
    if (effect.evaluates !== undefined) this.nested(effect.evaluates)?.run();
    return effect.value;
  }
}

function read(language: InterpreterLanguage, code: string, argv: readonly Val[] = []): State {
  const fresh = (): State => ({ lang: language, out: [], printed: [], aliases: new Map(), values: new Map(), stars: [], loops: new Map(), argv });
  const st = fresh();
  const toks = tokenize(language, code);
  new Reader(st, toks, 0).run();
  // A loop's body may come before its head (a comprehension, Perl's `unlink $_ for …`): read the
  // code once more knowing what each loop variable stands for.
  if (st.loops.size === 0) return st;
  const again: State = { ...fresh(), values: new Map(st.loops), printed: st.printed };
  new Reader(again, toks, 0).run();
  return again;
}

/** The shell commands the code amounts to; `argv` is what the command line gives it after the code. */
export function shellEquivalents(language: InterpreterLanguage, code: string, argv: readonly Val[] = []): string[] {
  return read(language, code, argv).out;
}

/** What the code prints on stdout, when every printing call prints known text; null when it prints nothing or something unknown. */
export function printedBy(language: InterpreterLanguage, code: string): string | null {
  const { printed } = read(language, code);
  return printed.length > 0 && printed.every((t) => t !== null) ? printed.join('') : null;
}
