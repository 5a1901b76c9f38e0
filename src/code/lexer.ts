// Reads interpreter source the way a guard needs it: names, punctuation, and string literals
// decoded, with each interpolated piece kept as the source text of its expression. Comments
// and regular expressions are skipped so their text is never taken for code. The text may be
// large and hostile, so this is one forward pass: every position is read once, a failed guess
// (an unclosed string or regex) consumes what it read instead of trying again later.

import { decodeEscape, type CodeLanguage, type EscapeSpec } from './escapes.js';

export type { CodeLanguage };

/** Literal text, or the source of an expression embedded in the string (`${x}`, `{x}`, `$x`). */
export type RawPart = string | { hole: string };

export type Token =
  | { t: 'id'; v: string }
  /** words: a word list (qw, %w); template: a JS template literal, which a tag can receive. */
  | { t: 'str'; parts: RawPart[]; words?: boolean; template?: boolean }
  /** Backticks, qx, %x: the text runs as a shell command where it stands. */
  | { t: 'cmd'; parts: RawPart[] }
  | { t: 'num'; v?: number }
  | { t: 'op'; v: string }
  | { t: 'nl' };

interface QuoteSpec extends EscapeSpec {
  interp: 'python' | 'node' | 'perl' | 'ruby' | 'php' | null;
  /** A newline ends the literal (JS and Python one-line strings): it was never closed. */
  singleLine?: boolean;
}

const ID_START = /[A-Za-z_\u0080-\uffff]/;
const ID_CHAR = /[\w\u0080-\uffff]/;
const OPERATOR = /=>|->|::|\.\.\.|\?\.|&\.|\*\*|===?|!==?|<=>|<=|>=|&&|\|\||\/\/|<<|>>|[-+*/%.&|^~<>]=/y;
/** After these words an operand follows, so `/` starts a regular expression. */
const BEFORE_OPERAND = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
  'and',
  'or',
  'not',
  'if',
  'unless',
  'while',
  'until',
  'split',
  'grep',
  'map',
  'when',
  'x',
  'lt',
  'gt',
  'le',
  'ge',
  'eq',
  'ne',
  'cmp',
]);
const PY_STRING_START = /([rRbBuUfF]{0,2})('''|"""|'|")/y;
const PY_PREFIX_START = new Set('rRbBuUfF');
const PERL_QUOTES = new Set(['q', 'qq', 'qw', 'qx', 'm', 'qr', 's', 'tr', 'y']);
const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

const INTERPOLATION_STARTS: Record<CodeLanguage, string> = { python: '{}', node: '$', perl: '$@', ruby: '#', php: '{$' };
const plainRuns = new Map<string, RegExp>();

/** A sticky regex for a run of characters that mean nothing special inside this literal. */
function plainRun(spec: QuoteSpec): RegExp {
  const special = '\\' + spec.close[0] + (spec.open ?? '') + (spec.singleLine ? '\n' : '') + (spec.interp ? INTERPOLATION_STARTS[spec.interp] : '');
  let re = plainRuns.get(special);
  if (!re) {
    re = new RegExp(`[^${special.replace(/[\]\\^-]/g, '\\$&')}]+`, 'y');
    plainRuns.set(special, re);
  }
  return re;
}

export function tokenize(lang: CodeLanguage, src: string): Token[] {
  return new Lexer(lang, src).run();
}

class Lexer {
  private pos = 0;
  private readonly out: Token[] = [];
  /** Open ( and [: a newline inside them does not end a statement. */
  private nesting = 0;
  /** Tokens are never changed once made: one object per distinct name, so long inputs make little garbage. */
  private readonly names = new Map<string, Token>();
  /** A `/` before here has been found not to open a regex; do not look again. */
  private noRegexBefore = -1;

  constructor(
    private readonly lang: CodeLanguage,
    private readonly src: string,
  ) {}

  run(): Token[] {
    const s = this.src;
    if (s.startsWith('#!')) this.skipLine();
    while (this.pos < s.length) {
      const c = s[this.pos]!;
      const lineStart = (c === '_' || c === '=') && (this.pos === 0 || s[this.pos - 1] === '\n');
      if (c === '\n') {
        if (this.nesting === 0 && this.out.at(-1)?.t !== 'nl') this.out.push(NEWLINE);
        this.pos++;
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') this.pos++;
      else if (lineStart && this.endsProgram()) break;
      else if (lineStart && c === '=' && (this.lang === 'perl' || this.lang === 'ruby') && /[A-Za-z]/.test(s[this.pos + 1] ?? '')) this.skipDocBlock();
      else if (this.comment(c)) continue;
      else if (!this.literal(c)) this.word(c);
    }
    return this.out;
  }

  private endsProgram(): boolean {
    return (this.lang === 'perl' || this.lang === 'ruby') && /^__(END|DATA)__\b/.test(this.src.slice(this.pos, this.pos + 9));
  }

  /** POD (=pod ... =cut) and =begin ... =end are documentation. */
  private skipDocBlock(): void {
    const end = this.lang === 'perl' ? '\n=cut' : '\n=end';
    const at = this.src.indexOf(end, this.pos);
    this.pos = at < 0 ? this.src.length : at + end.length;
    this.skipLine();
  }

  private skipLine(): void {
    const nl = this.src.indexOf('\n', this.pos);
    this.pos = nl < 0 ? this.src.length : nl;
  }

  private comment(c: string): boolean {
    const n = this.src[this.pos + 1];
    const hashComments = this.lang !== 'node';
    const slashComments = this.lang === 'node' || this.lang === 'php';
    if ((c === '#' && hashComments) || (c === '/' && n === '/' && slashComments)) {
      this.skipLine();
      return true;
    }
    if (c === '/' && n === '*' && slashComments) {
      const end = this.src.indexOf('*/', this.pos + 2);
      this.pos = end < 0 ? this.src.length : end + 2;
      return true;
    }
    return false;
  }

  private operandExpected(): boolean {
    const last = this.out.at(-1);
    if (!last || last.t === 'nl') return true;
    if (last.t === 'op') return last.v !== ')' && last.v !== ']' && last.v !== '}';
    return last.t === 'id' && BEFORE_OPERAND.has(last.v);
  }

  /** Strings, commands and regexes that start at pos; false when none does. */
  private literal(c: string): boolean {
    const lang = this.lang;
    const interp = lang === 'python' ? null : lang;
    if (lang === 'python') return this.pythonString(c);
    if (c === "'") return this.quoted('str', { close: "'", escapes: lang === 'node' ? 'full' : 'quote', interp: null, singleLine: lang === 'node' }, 1);
    if (c === '"') return this.quoted('str', { close: '"', escapes: 'full', interp: lang === 'node' ? null : interp, singleLine: lang === 'node' }, 1);
    if (c === '`') {
      if (lang === 'node') return this.quoted('str', { close: '`', escapes: 'full', interp }, 1, true);
      return this.quoted('cmd', { close: '`', escapes: 'full', interp }, 1);
    }
    if (c === '/' && lang !== 'php' && this.pos > this.noRegexBefore && this.operandExpected()) return this.regex();
    // Ruby reads `cmd %w[a b]` as a literal argument and `a % b` as modulo: the space decides.
    if (
      c === '%' &&
      lang === 'ruby' &&
      (this.operandExpected() || (this.out.at(-1)?.t === 'id' && / /.test(this.src[this.pos - 1] ?? '') && !/[\s=]/.test(this.src[this.pos + 1] ?? '')))
    )
      return this.rubyPercent();
    return false;
  }

  private pythonString(c: string): boolean {
    if (c !== "'" && c !== '"' && !PY_PREFIX_START.has(c)) return false;
    const m = PY_STRING_START;
    m.lastIndex = this.pos;
    const found = m.exec(this.src);
    if (!found) return false;
    const prefix = found[1]!.toLowerCase();
    if (prefix.length === 2 && !/^(rb|br|fr|rf)$/.test(prefix)) return false;
    const quote = found[2]!;
    return this.quoted(
      'str',
      {
        close: quote,
        escapes: prefix.includes('r') ? 'raw' : 'full',
        interp: prefix.includes('f') ? 'python' : null,
        singleLine: quote.length === 1,
      },
      found[0].length,
    );
  }

  private quoted(t: 'str' | 'cmd', spec: QuoteSpec, skip: number, template = false): true {
    this.pos += skip;
    const parts = this.readQuoted(spec);
    this.out.push(t === 'cmd' ? { t, parts } : template ? { t, parts, template } : { t, parts });
    return true;
  }

  /** Reads up to the closing delimiter (consumed); an unclosed literal runs to the end. */
  private readQuoted(spec: QuoteSpec): RawPart[] {
    const s = this.src;
    const parts: RawPart[] = [];
    let text = '';
    let level = 0;
    const plain = plainRun(spec);
    while (this.pos < s.length) {
      plain.lastIndex = this.pos;
      if (plain.test(s)) {
        text += s.slice(this.pos, plain.lastIndex);
        this.pos = plain.lastIndex;
        continue;
      }
      const c = s[this.pos]!;
      if (spec.open !== undefined && c === spec.open) level++;
      else if (s.startsWith(spec.close, this.pos) && level-- === 0) {
        this.pos += spec.close.length;
        break;
      }
      if (c === '\n' && spec.singleLine) break;
      if (c === '\\') {
        const e = decodeEscape(this.lang, spec, this.src, this.pos);
        text += e.text;
        this.pos = e.end;
        continue;
      }
      const hole = spec.interp ? this.hole(spec, c) : null;
      if (hole !== null) {
        if (text) parts.push(text);
        text = '';
        parts.push({ hole });
        continue;
      }
      text += c;
      this.pos++;
    }
    if (text) parts.push(text);
    return parts;
  }

  /** An interpolation starting at pos: returns its expression's source and moves past it, or null. */
  private hole(spec: QuoteSpec, c: string): string | null {
    const s = this.src;
    const n = s[this.pos + 1] ?? '';
    switch (spec.interp) {
      case 'python':
        if ((c === '{' || c === '}') && n === c) {
          this.pos++;
          return null;
        } // {{ is a literal brace: the second one is kept
        return c === '{' ? this.braced(this.pos + 1, spec) : null;
      case 'node':
        return c === '$' && n === '{' ? this.braced(this.pos + 2, spec) : null;
      case 'ruby':
        if (c !== '#') return null;
        if (n === '{') return this.braced(this.pos + 2, spec);
        return n === '@' || n === '$' ? this.variable(this.pos + 1, false) : null;
      case 'php':
        if (c === '{' && n === '$') return this.braced(this.pos + 1, spec);
        if (c === '$' && n === '{') return this.braced(this.pos + 2, spec);
        return c === '$' && /[A-Za-z_]/.test(n) ? this.variable(this.pos, true) : null;
      case 'perl':
        return (c === '$' || c === '@') && /[A-Za-z_{:]/.test(n) ? this.variable(this.pos, true) : null;
      default:
        return null;
    }
  }

  /** From just inside `{` to the matching `}`, skipping quoted text; bounded by the string's own end. */
  private braced(from: number, spec: QuoteSpec): string {
    const s = this.src;
    let level = 0;
    let i = from;
    let closed = false;
    for (; i < s.length; i++) {
      const c = s[i]!;
      if (c === '\n' && spec.singleLine) break;
      if (c === '{') level++;
      else if (c === '}' && level-- === 0) {
        closed = true;
        break;
      } else if (c === '\\') i++;
      else if (c === "'" || c === '"' || c === '`') {
        if (c === spec.close && spec.singleLine) break; // an older Python f-string ends here
        const end = s.indexOf(c, i + 1);
        if (end < 0) {
          i = s.length;
          break;
        }
        i = end;
      }
    }
    this.pos = Math.min(closed ? i + 1 : i, s.length);
    return s.slice(from, i);
  }

  /** A sigil variable with its subscripts: $x, @x, $ENV{HOME}, $a[0], $o->name. */
  private variable(from: number, subscripts: boolean): string {
    const s = this.src;
    const m = /[$@]{1,2}(?:\{[^}\n]{0,200}\}|[A-Za-z_][\w]*(?:::\w+)*)/y;
    m.lastIndex = from;
    const found = m.exec(s);
    let i = found ? from + found[0].length : from + 1;
    while (subscripts && i < s.length) {
      const arrow = s.startsWith('->', i) ? 2 : 0;
      const open = s[i + arrow];
      if (arrow && open !== undefined && /[A-Za-z_]/.test(open) && this.lang === 'php') {
        i += 2;
        while (ID_CHAR.test(s[i] ?? '')) i++;
        continue;
      }
      if (open !== '[' && open !== '{') break;
      // Bounded look-ahead: a run of unclosed `$a[` must not each scan to the end of the text.
      const close = s.slice(i + arrow, i + arrow + 200).indexOf(CLOSING[open]!);
      if (close < 0) break;
      i += arrow + close + 1;
    }
    this.pos = i;
    return s.slice(from, i);
  }

  private regex(): boolean {
    const s = this.src;
    let inClass = false;
    for (let i = this.pos + 1; i < s.length; i++) {
      const c = s[i]!;
      if (c === '\n') break;
      if (c === '\\') i++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        this.pos = i + 1;
        while (/[a-z]/.test(s[this.pos] ?? '')) this.pos++;
        this.out.push(operatorToken('regex'));
        return true;
      }
    }
    this.noRegexBefore = s.indexOf('\n', this.pos);
    if (this.noRegexBefore < 0) this.noRegexBefore = s.length;
    return false;
  }

  private rubyPercent(): boolean {
    const m = /%([qQwWiIxrs]?)([^\w\s])/y;
    m.lastIndex = this.pos;
    const found = m.exec(this.src);
    if (!found) return false;
    const kind = found[1]!;
    const d = found[2]!;
    const spec: QuoteSpec = { close: CLOSING[d] ?? d, escapes: /[qwi]/.test(kind) ? 'quote' : 'full', interp: /[qwi]/.test(kind) ? null : 'ruby' };
    if (CLOSING[d]) spec.open = d;
    this.pos += found[0].length;
    const parts = this.readQuoted(spec);
    if (kind === 'x') this.out.push({ t: 'cmd', parts });
    else if (/[wWiI]/.test(kind)) this.out.push({ t: 'str', parts, words: true });
    else if (kind === 'r' || kind === 's') this.out.push(operatorToken('regex'));
    else this.out.push({ t: 'str', parts });
    return true;
  }

  /** q qq qw qx m qr s tr y: returns false when the word is only a name (a hash key, `-s $file`). */
  private perlQuote(word: string): boolean {
    const s = this.src;
    let i = this.pos;
    while (s[i] === ' ' || s[i] === '\t') i++;
    const d = s[i];
    if (d === undefined || /[\w\s=,;)}]/.test(d) || (d === '#' && i > this.pos) || s[this.pos - word.length - 1] === '-') return false;
    this.pos = i + 1;
    const bracket = CLOSING[d];
    const spec = (escapes: QuoteSpec['escapes'], interp: QuoteSpec['interp'], open = d): QuoteSpec =>
      bracket ? { close: CLOSING[open]!, open, escapes, interp } : { close: d, escapes, interp };
    if (word === 'q' || word === 'qw') this.out.push({ t: 'str', parts: this.readQuoted(spec('quote', null)), words: word === 'qw' });
    else if (word === 'qq') this.out.push({ t: 'str', parts: this.readQuoted(spec('full', 'perl')) });
    else if (word === 'qx') this.out.push({ t: 'cmd', parts: this.readQuoted(spec(d === "'" ? 'quote' : 'full', d === "'" ? null : 'perl')) });
    else {
      this.readQuoted(spec('raw', null));
      if (word === 's' || word === 'tr' || word === 'y') {
        if (bracket) {
          while (/\s/.test(s[this.pos] ?? '')) this.pos++;
          const second = s[this.pos] ?? '';
          this.pos++;
          this.readQuoted(CLOSING[second] ? spec('raw', null, second) : { close: second, escapes: 'raw', interp: null });
        } else this.readQuoted(spec('raw', null));
      }
      while (/[a-z]/.test(s[this.pos] ?? '')) this.pos++;
      this.out.push(operatorToken('regex'));
    }
    return true;
  }

  private word(c: string): void {
    const s = this.src;
    const lang = this.lang;
    const start = this.pos;
    const code = c.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      while (/[\w.]/.test(s[this.pos] ?? '') && !(s[this.pos] === '.' && s[this.pos + 1] === '.')) this.pos++;
      // A small integer keeps its value (sys.argv[1]); any other number is just a number.
      const digits = s.slice(start, this.pos);
      this.out.push(/^\d{1,2}$/.test(digits) ? (SMALL_NUMBERS[Number(digits)] ??= { t: 'num', v: Number(digits) }) : NUMBER);
      return;
    }
    const sigil = (c === '$' && lang !== 'python' && lang !== 'node') || (c === '@' && (lang === 'perl' || lang === 'ruby'));
    const hashOrSub = lang === 'perl' && (c === '%' || c === '&') && /[A-Za-z_]/.test(s[this.pos + 1] ?? '') && this.operandExpected();
    const letter = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code >= 0x80;
    if (sigil || hashOrSub || letter || (lang === 'node' && c === '$') || (lang === 'php' && c === '\\' && ID_START.test(s[this.pos + 1] ?? ''))) {
      this.pos++;
      if (sigil) {
        while (s[this.pos] === c || s[this.pos] === '$' || s[this.pos] === '#') this.pos++;
        if (/[!@/\\,;.&+?^<>|-]/.test(s[this.pos] ?? '') && !ID_CHAR.test(s[this.pos - 1]!)) this.pos++; // $!, $@, $/
      }
      for (let k = s.charCodeAt(this.pos); isIdCode(k) || (lang === 'node' && k === 36); k = s.charCodeAt(this.pos)) this.pos++;
      if (lang === 'ruby' && /[?!]/.test(s[this.pos] ?? '') && s[this.pos + 1] !== '=') this.pos++;
      let name = s.slice(start, this.pos);
      if (hashOrSub && c === '&') name = name.slice(1);
      if (lang === 'php' && name.startsWith('\\')) name = name.slice(1);
      if (lang === 'perl' && PERL_QUOTES.has(name) && this.perlQuote(name)) return;
      let id = this.names.get(name);
      if (!id) {
        id = { t: 'id', v: name };
        this.names.set(name, id);
      }
      this.out.push(id);
      return;
    }
    const m = OPERATOR;
    m.lastIndex = this.pos;
    const op = m.exec(s)?.[0] ?? c;
    this.pos += op.length;
    if (op === '(' || op === '[') this.nesting++;
    else if ((op === ')' || op === ']') && this.nesting > 0) this.nesting--;
    this.out.push(operatorToken(normaliseOperator(lang, op)));
  }
}

function isIdCode(k: number): boolean {
  return (k >= 97 && k <= 122) || (k >= 65 && k <= 90) || (k >= 48 && k <= 57) || k === 95 || k >= 0x80;
}

const NEWLINE: Token = { t: 'nl' };
const NUMBER: Token = { t: 'num' };
const SMALL_NUMBERS: Token[] = [];
const OPERATORS = new Map<string, Token>();

function operatorToken(v: string): Token {
  let t = OPERATORS.get(v);
  if (!t) {
    t = { t: 'op', v };
    if (OPERATORS.size < 256) OPERATORS.set(v, t);
  }
  return t;
}

/** One spelling per meaning: member access is '.', string concatenation is '+'. */
function normaliseOperator(lang: CodeLanguage, op: string): string {
  if (op === '?.' || op === '&.') return '.';
  if (op === '::' && lang !== 'python' && lang !== 'node') return '.';
  if (op === '->' && (lang === 'perl' || lang === 'php')) return '.';
  if (op === '.' && (lang === 'perl' || lang === 'php')) return '+';
  return op;
}
