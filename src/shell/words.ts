// Reading words: quoting in every form, expansions, and the nested scripts inside them.
// The structural parser (parser.ts) extends this class and supplies parseNested and
// subParser, so a $( ) inside a word, backquotes and ${...} operands are parsed by the same
// code as the line around it.

import type { ParseIssue, Script, Word, WordPart } from './ast.js';

/** How an issue about structure nested past LIMITS.maxDepth starts: that structure was not read. */
export const NESTING_ISSUE = 'nesting deeper than';

export const LIMITS = {
  /** Deepest nesting of $( ), subshells, groups and compound commands. */
  maxDepth: 32,
} as const;

const C_NEWLINE = 10;
const C_SPACE = 32;
const C_TAB = 9;

/** Characters that end an unquoted word. */
export function isMeta(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === ';' || c === '&' || c === '|' || c === '(' || c === ')' || c === '<' || c === '>';
}

const ANSI_C: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export abstract class WordReader {
  pos = 0;
  depth = 0;
  readonly issues: ParseIssue[] = [];

  constructor(
    readonly src: string,
    readonly offset = 0,
  ) {}

  protected abstract parseNested(stop: ')' | null): Script;

  protected issue(message: string, at = this.pos): void {
    if (this.issues.length < 20) this.issues.push({ message, position: at + this.offset });
  }

  protected peek(n = 0): string | undefined {
    return this.src[this.pos + n];
  }

  protected atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  /** Skips blanks and backslash-newline continuations (not newlines). */
  protected skipBlanks(): void {
    const s = this.src;
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (c === C_SPACE || c === C_TAB || c === 13) this.pos++;
      else if (c === 92 && s.charCodeAt(this.pos + 1) === C_NEWLINE) this.pos += 2;
      else break;
    }
  }

  protected skipComment(): void {
    if (this.peek() !== '#') return;
    while (!this.atEnd() && this.src.charCodeAt(this.pos) !== C_NEWLINE) this.pos++;
  }

  /** Reads one word starting at pos; returns null when pos is not at a word. */
  protected readWord(extraStop?: string): Word | null {
    const start = this.pos;
    const parts: WordPart[] = [];
    let lit = '';
    const flush = (): void => {
      if (lit) parts.push({ kind: 'literal', text: lit, quoted: false });
      lit = '';
    };
    while (!this.atEnd()) {
      const c = this.src[this.pos]!;
      if (isMeta(c) || extraStop?.includes(c)) {
        // `<(` and `>(` inside a word are still process substitutions in bash.
        if ((c === '<' || c === '>') && this.peek(1) === '(') {
          flush();
          parts.push(this.readProcessSub());
          continue;
        }
        break;
      }
      if (c === '\\') {
        const n = this.peek(1);
        if (n === '\n') {
          this.pos += 2;
          continue;
        }
        flush();
        if (n === undefined) {
          this.pos++;
          parts.push({ kind: 'literal', text: '\\', quoted: false });
          continue;
        }
        parts.push({ kind: 'literal', text: n, quoted: true });
        this.pos += 2;
        continue;
      }
      if (c === "'") {
        flush();
        parts.push(this.readSingleQuoted());
        continue;
      }
      if (c === '"') {
        flush();
        parts.push(...this.readDoubleQuoted());
        continue;
      }
      if (c === '`') {
        flush();
        parts.push(this.readBacktick(false));
        continue;
      }
      if (c === '$') {
        const n = this.peek(1);
        if (n === "'") {
          flush();
          parts.push(this.readAnsiC());
          continue;
        }
        if (n === '"') {
          this.pos++;
          continue;
        } // $"..." is a locale string: same as "..."
        const exp = this.readDollar(false);
        if (exp) {
          flush();
          parts.push(exp);
          continue;
        }
      }
      if (c === '~' && this.pos === start) {
        const m = /^~([A-Za-z0-9._-]*)/.exec(this.src.slice(this.pos, this.pos + 64));
        const user = m?.[1] ?? '';
        const after = this.src[this.pos + 1 + user.length];
        if (after === undefined || after === '/' || isMeta(after) || after === ':') {
          parts.push({ kind: 'tilde', user });
          this.pos += 1 + user.length;
          continue;
        }
      }
      lit += c;
      this.pos++;
      // An assignment's array value `a=(x y)` belongs to the word.
      if (c === '=' && this.peek() === '(' && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(lit) && parts.length === 0) {
        lit += this.readBalancedRaw('(', ')');
      }
    }
    flush();
    if (this.pos === start) return null;
    return { parts, start: start + this.offset, end: this.pos + this.offset };
  }

  /** Reads from an opening bracket to its match, raw, honouring quotes. */
  private readBalancedRaw(open: string, close: string): string {
    const start = this.pos;
    let level = 0;
    while (!this.atEnd()) {
      const c = this.src[this.pos]!;
      if (c === '\\') {
        this.pos += 2;
        continue;
      }
      if (c === "'") {
        const e = this.src.indexOf("'", this.pos + 1);
        this.pos = e < 0 ? this.src.length : e + 1;
        continue;
      }
      if (c === open) level++;
      else if (c === close && --level === 0) {
        this.pos++;
        return this.src.slice(start, this.pos);
      }
      this.pos++;
    }
    this.issue(`unclosed ${open}`, start);
    return this.src.slice(start);
  }

  private readSingleQuoted(): WordPart {
    const open = this.pos;
    const end = this.src.indexOf("'", this.pos + 1);
    if (end < 0) {
      this.issue('unterminated single quote', open);
      this.pos = this.src.length;
      return { kind: 'literal', text: this.src.slice(open + 1), quoted: true };
    }
    this.pos = end + 1;
    return { kind: 'literal', text: this.src.slice(open + 1, end), quoted: true };
  }

  private readAnsiC(): WordPart {
    const open = this.pos;
    this.pos += 2;
    let out = '';
    while (!this.atEnd()) {
      const c = this.src[this.pos]!;
      if (c === "'") {
        this.pos++;
        return { kind: 'literal', text: out, quoted: true };
      }
      if (c !== '\\') {
        out += c;
        this.pos++;
        continue;
      }
      const n = this.peek(1) ?? '';
      this.pos += 2;
      const simple = ANSI_C[n];
      if (simple !== undefined) {
        out += simple;
        continue;
      }
      const rest = this.src.slice(this.pos, this.pos + 8);
      let m: RegExpExecArray | null;
      if (n === 'x' && (m = /^[0-9a-fA-F]{1,2}/.exec(rest))) {
        out += String.fromCharCode(parseInt(m[0], 16));
        this.pos += m[0].length;
        continue;
      }
      if ((n === 'u' || n === 'U') && (m = /^[0-9a-fA-F]{1,8}/.exec(rest))) {
        const code = parseInt(m[0].slice(0, n === 'u' ? 4 : 8), 16);
        out += code <= 0x10ffff ? String.fromCodePoint(code) : '';
        this.pos += Math.min(m[0].length, n === 'u' ? 4 : 8);
        continue;
      }
      if (/[0-7]/.test(n)) {
        m = /^[0-7]{0,2}/.exec(rest);
        out += String.fromCharCode(parseInt(n + (m?.[0] ?? ''), 8) & 0xff);
        this.pos += m?.[0].length ?? 0;
        continue;
      }
      if (n === 'c') {
        const ch = this.peek() ?? '@';
        out += String.fromCharCode(ch.charCodeAt(0) & 0x1f);
        this.pos++;
        continue;
      }
      out += '\\' + n;
    }
    this.issue("unterminated $'...' quote", open);
    return { kind: 'literal', text: out, quoted: true };
  }

  /** Reads "..." and returns its parts, each marked quoted. */
  protected readDoubleQuoted(): WordPart[] {
    const open = this.pos;
    this.pos++;
    const parts = this.readDoubleQuotedBody('"');
    if (this.peek() === '"') this.pos++;
    else this.issue('unterminated double quote', open);
    return parts;
  }

  /**
   * The inside of a double-quoted string, up to `terminator` (or the end of input for a
   * here-document, where terminator is null): literal text, $-expansions and backticks.
   */
  readDoubleQuotedBody(terminator: '"' | null): WordPart[] {
    const parts: WordPart[] = [];
    let lit = '';
    const flush = (): void => {
      if (lit) parts.push({ kind: 'literal', text: lit, quoted: true });
      lit = '';
    };
    while (!this.atEnd()) {
      const c = this.src[this.pos]!;
      if (c === terminator) break;
      if (c === '\\') {
        const n = this.peek(1);
        if (n === '\n') {
          this.pos += 2;
          continue;
        }
        if (n === '$' || n === '`' || n === '\\' || (n === '"' && terminator === '"')) {
          lit += n;
          this.pos += 2;
          continue;
        }
        lit += c;
        this.pos++;
        continue;
      }
      if (c === '`') {
        flush();
        parts.push(this.readBacktick(true));
        continue;
      }
      if (c === '$') {
        const exp = this.readDollar(true);
        if (exp) {
          flush();
          parts.push(exp);
          continue;
        }
      }
      lit += c;
      this.pos++;
    }
    flush();
    if (parts.length === 0) parts.push({ kind: 'literal', text: '', quoted: true });
    return parts;
  }

  /** Reads a $-expansion at pos, or returns null when the $ is literal. */
  private readDollar(quoted: boolean): WordPart | null {
    const n = this.peek(1);
    if (n === '(') {
      if (this.peek(2) === '(') {
        const start = this.pos;
        this.pos += 1;
        const raw = this.readBalancedRaw('(', ')');
        const text = raw.length > 0 ? this.src.slice(start, this.pos) : raw;
        const scripts = this.arithScripts(text.slice(3, -2));
        return scripts.length > 0 ? { kind: 'arith', text, scripts } : { kind: 'arith', text };
      }
      this.pos += 2;
      const script = this.nested(')');
      return { kind: 'command-sub', script, quoted };
    }
    if (n === '{') {
      this.pos++;
      const raw = this.readBalancedRaw('{', '}');
      const inner = raw.slice(1, -1);
      const m = /^([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(.*)$/s.exec(inner);
      const name = m?.[2] ?? inner;
      const rest = m?.[3] ?? '';
      const op = /^(:?[-=?+]|##?|%%?|\/\/?|:|\^\^?|,,?|\[)/.exec(rest)?.[0] ?? '';
      const operand = rest.slice(op.length);
      const part: WordPart = { kind: 'param', name: (m?.[1] === '#' ? '#' : '') + name, op, operand, quoted };
      // ${!ref}: the variable whose name ref holds.
      if (m?.[1] === '!') part.indirect = true;
      // ${X:-$(cmd)} runs cmd when X is unset: the operand's substitutions are code too.
      if (/\$\(|`/.test(operand)) {
        const scripts: Script[] = [];
        for (const sub of this.parseOperand(operand)) if (sub.kind === 'command-sub' || sub.kind === 'process-sub') scripts.push(sub.script);
        if (scripts.length > 0) (part as { operandScripts?: Script[] }).operandScripts = scripts;
      }
      return part;
    }
    const m = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(this.src.slice(this.pos, this.pos + 256));
    if (!m) return null;
    this.pos += m[0].length;
    return { kind: 'param', name: m[1]!, op: '', operand: '', quoted };
  }

  private readBacktick(quoted: boolean): WordPart {
    const open = this.pos;
    this.pos++;
    let inner = '';
    let closed = false;
    while (!this.atEnd()) {
      const c = this.src[this.pos]!;
      if (c === '\\') {
        const n = this.peek(1) ?? '';
        inner += n === '`' || n === '\\' || n === '$' ? n : c + n;
        this.pos += 2;
        continue;
      }
      if (c === '`') {
        this.pos++;
        closed = true;
        break;
      }
      inner += c;
      this.pos++;
    }
    if (!closed) this.issue('unterminated backquote', open);
    return { kind: 'command-sub', script: this.parseDetached(inner, open + 1), quoted };
  }

  private readProcessSub(): WordPart {
    const direction = this.src[this.pos] as '<' | '>';
    this.pos += 2;
    return { kind: 'process-sub', direction, script: this.nested(')') };
  }

  /** Parses a nested script up to `)` and consumes the `)`. */
  protected nested(stop: ')'): Script {
    const open = this.pos;
    const script = this.parseNested(stop);
    if (this.peek() === ')') this.pos++;
    else this.issue('unclosed $( or (', open);
    return script;
  }

  /** A parser of the same kind for text that is not a slice of src, its positions starting at `offset`. */
  protected abstract subParser(text: string, offset: number, depth: number): SubParser;

  /**
   * Reads text that is not a slice of src (backquoted and unescaped, a here-document's
   * body, a ${...} operand), found at `at`, with a fresh parser one level deeper: the one
   * place a line is parsed apart, so every such read counts against the nesting limit and
   * reports its issues as this parser's.
   */
  protected parseApart<T>(text: string, at: number, read: (sub: SubParser) => T, tooDeep: T): T {
    if (this.depth >= LIMITS.maxDepth) {
      this.issue(`${NESTING_ISSUE} ${LIMITS.maxDepth} levels`, at);
      return tooDeep;
    }
    const sub = this.subParser(text, this.offset + at, this.depth + 1);
    const out = read(sub);
    for (const i of sub.issues) this.issue(i.message, i.position - this.offset);
    return out;
  }

  /** Parses backquoted code (already unescaped) found at `at`. */
  protected parseDetached(text: string, at: number): Script {
    return this.parseApart(text, at, (sub) => sub.parseTop(), { items: [], start: at + this.offset, end: at + this.offset });
  }

  /** The command substitutions inside arithmetic ($(( $(cmd) + 1 )), (( … )), for (( … ))): they run first. */
  protected arithScripts(inner: string): Script[] {
    if (!/\$\(|`/.test(inner)) return [];
    return this.parseOperand(inner).flatMap((p) =>
      p.kind === 'command-sub' || p.kind === 'process-sub' ? [p.script] : p.kind === 'arith' ? (p.scripts ?? []) : [],
    );
  }

  /** The parts of a ${...} operand, read like the inside of a double-quoted string. */
  protected parseOperand(text: string): WordPart[] {
    return this.parseApart(text, this.pos, (sub) => sub.readDoubleQuotedBody(null), []);
  }
}

/** What a sub-parser offers the parser that made it. */
interface SubParser {
  readonly issues: ParseIssue[];
  parseTop(): Script;
  readDoubleQuotedBody(terminator: '"' | null): WordPart[];
}
