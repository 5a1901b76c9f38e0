// A recursive-descent parser for the POSIX shell / bash command language, tolerant of
// errors: it always returns a Script and records what it could not understand as issues,
// so a broken line is still assessed as well as it can be. It is linear in the input.

import type { Command, CompoundNode, ListItem, ParseIssue, Pipeline, Redirect, Script, SimpleCommandNode, Word } from './ast.js';
import { RedirectReader } from './redirects.js';
import { isMeta, LIMITS, NESTING_ISSUE } from './words.js';

interface ParseResult {
  script: Script;
  issues: ParseIssue[];
}

export function parseShell(line: string): ParseResult {
  const p = new Parser(line);
  const script = p.parseTop();
  return { script, issues: p.issues };
}

const CLOSERS = new Set(['then', 'fi', 'do', 'done', 'else', 'elif', 'esac', '}', 'in']);

class Parser extends RedirectReader {
  /** Shared with detached sub-parsers so limits hold for the whole line. */
  constructor(src: string, offset = 0, depth = 0) {
    super(src, offset);
    this.depth = depth;
  }

  protected subParser(text: string, offset: number, depth: number): Parser {
    return new Parser(text, offset, depth);
  }

  parseTop(): Script {
    const script = this.parseScript(new Set(), null);
    while (!this.atEnd()) {
      // Only a stray closer stops the top level: report it and carry on after it.
      const at = this.pos;
      const word = this.peekReservedWord();
      this.issue(`unexpected '${word ?? this.peek()}'`, at);
      this.pos += word ? word.length : 1;
      const more = this.parseScript(new Set(), null);
      script.items.push(...more.items);
      script.end = more.end;
    }
    return script;
  }

  protected parseNested(stop: ')' | null): Script {
    return this.withDepth(() => this.parseScript(new Set(), stop));
  }

  private withDepth<T extends Script>(fn: () => T): T {
    if (this.depth >= LIMITS.maxDepth) {
      this.issue(`${NESTING_ISSUE} ${LIMITS.maxDepth} levels`);
      // Skip to the end: deeper structure is not analysed, and the issue makes it ask.
      const start = this.pos;
      this.pos = this.src.length;
      return { items: [], start: start + this.offset, end: this.pos + this.offset } as unknown as T;
    }
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  /** A reserved word at pos, if the next word is exactly one. */
  private peekReservedWord(): string | null {
    const m = /^(then|fi|do|done|else|elif|esac|in|\{|\}|if|for|while|until|case|function|select|!)(?=$|[\s;&|()<>])/.exec(
      this.src.slice(this.pos, this.pos + 10),
    );
    return m ? m[1]! : null;
  }

  private parseScript(stopWords: Set<string>, stopChar: ')' | null): Script {
    const items: ListItem[] = [];
    const start = this.pos;
    for (;;) {
      this.skipSeparators(items);
      if (this.atEnd()) break;
      const c = this.peek();
      if (c === ')') {
        if (stopChar === ')') break;
        if (this.depth === 0 && stopWords.size === 0) break; // parseTop reports it
        break;
      }
      if (c === ';' && this.peek(1) === ';') break; // end of a case item
      const rw = this.peekReservedWord();
      if (rw && (stopWords.has(rw) || CLOSERS.has(rw))) break;
      const pipeline = this.parseAndOr(items);
      if (!pipeline) break;
    }
    return { items, start: start + this.offset, end: this.pos + this.offset };
  }

  /** Skips blanks, comments, newlines and lone ; & between commands. */
  private skipSeparators(items: ListItem[]): void {
    for (;;) {
      this.skipBlanks();
      this.skipComment();
      const c = this.peek();
      if (c === '\n') {
        this.pos++;
        this.readHeredocs();
        this.setLastNext(items, '\n');
        continue;
      }
      if (c === ';' && this.peek(1) !== ';') {
        this.pos++;
        this.setLastNext(items, ';');
        continue;
      }
      if (c === '&' && this.peek(1) !== '&' && this.peek(1) !== '>') {
        this.pos++;
        this.setLastNext(items, '&');
        continue;
      }
      return;
    }
  }

  private setLastNext(items: ListItem[], op: string): void {
    const last = items[items.length - 1];
    if (last && last.next === null) last.next = op;
  }

  /** pipeline { (&& | ||) pipeline }, appended to items. */
  private parseAndOr(items: ListItem[]): boolean {
    let first = true;
    for (;;) {
      const pipeline = this.parsePipeline();
      if (!pipeline) return !first;
      first = false;
      items.push({ pipeline, next: null });
      this.skipBlanks();
      const two = this.src.slice(this.pos, this.pos + 2);
      if (two === '&&' || two === '||') {
        items[items.length - 1]!.next = two;
        this.pos += 2;
        this.skipLinebreaks();
        continue;
      }
      return true;
    }
  }

  private skipLinebreaks(): void {
    for (;;) {
      this.skipBlanks();
      this.skipComment();
      if (this.peek() === '\n') {
        this.pos++;
        this.readHeredocs();
        continue;
      }
      return;
    }
  }

  private parsePipeline(): Pipeline | null {
    this.skipBlanks();
    const start = this.pos;
    let negated = false;
    // `!`, `time [-p]` (a reserved word in bash, ksh and zsh) and `coproc` prefix the whole pipeline,
    // in either order: time { rm -rf ~; } and time X=1 cmd run what follows them.
    for (;;) {
      if (this.peekReservedWord() === '!') {
        negated = true;
        this.pos++;
      } else {
        // coproc [NAME] COMMAND runs COMMAND in the background (NAME only before a compound command).
        const time = /^time(\s+-p)?(?=$|[\s;&|()<>{])|^coproc\s+(?:[A-Za-z_]\w{0,63}\s+(?=[{(]))?/.exec(this.src.slice(this.pos, this.pos + 80));
        if (!time) break;
        this.pos += time[0].length;
      }
      this.skipBlanks();
    }
    const commands: Command[] = [];
    for (;;) {
      const cmd = this.parseCommand();
      if (!cmd) break;
      commands.push(cmd);
      this.skipBlanks();
      if (this.peek() === '|' && this.peek(1) !== '|') {
        this.pos += this.peek(1) === '&' ? 2 : 1;
        this.skipLinebreaks();
        continue;
      }
      break;
    }
    if (commands.length === 0) {
      if (negated) return { negated, commands, start: start + this.offset, end: this.pos + this.offset };
      return null;
    }
    return { negated, commands, start: start + this.offset, end: this.pos + this.offset };
  }

  private parseCommand(): Command | null {
    this.skipBlanks();
    const start = this.pos;
    const c = this.peek();
    if (c === undefined) return null;
    if (c === '(') {
      if (this.peek(1) === '(')
        return this.compound('arith-command', start, () => ({ bodies: this.arithScripts(this.readRawUntil('))').slice(2, -2)), words: [] }));
      return this.compound('subshell', start, () => {
        this.pos++;
        const body = this.parseNested(')');
        if (this.peek() === ')') this.pos++;
        else this.issue("unclosed '('", start);
        return { bodies: [body], words: [] };
      });
    }
    const rw = this.peekReservedWord();
    switch (rw) {
      case '{':
        return this.compound('group', start, () => {
          this.pos++;
          const body = this.withDepth(() => this.parseScript(new Set(['}']), null));
          this.expectWord('}', start);
          return { bodies: [body], words: [] };
        });
      case 'if':
        return this.compound('if', start, () => this.parseIf());
      case 'while':
      case 'until':
        return this.compound('loop', start, () => {
          this.pos += rw.length;
          const cond = this.withDepth(() => this.parseScript(new Set(['do']), null));
          this.expectWord('do', start);
          const body = this.withDepth(() => this.parseScript(new Set(['done']), null));
          this.expectWord('done', start);
          return { bodies: [cond, body], words: [] };
        });
      case 'for':
      case 'select':
        return this.compound('loop', start, () => this.parseFor(rw.length));
      case 'case':
        return this.compound('case', start, () => this.parseCase());
      case 'function':
        return this.parseFunctionKeyword(start);
      default:
        break;
    }
    if (this.src.startsWith('[[', this.pos) && isMeta(this.src[this.pos + 2] ?? ' ')) {
      return this.compound('conditional', start, () => this.parseConditional());
    }
    return this.parseSimple();
  }

  private compound(type: CompoundNode['type'], start: number, body: () => { bodies: Script[]; words: Word[]; loopVar?: string }): CompoundNode {
    const { bodies, words, loopVar } = body();
    const redirects: Redirect[] = [];
    for (;;) {
      this.skipBlanks();
      const r = this.readRedirect();
      if (!r) break;
      redirects.push(r);
    }
    const node: CompoundNode = { type, bodies, words, redirects, start: start + this.offset, end: this.pos + this.offset };
    if (loopVar !== undefined) node.loopVar = loopVar;
    return node;
  }

  private expectWord(word: string, openedAt: number): void {
    this.skipSeparators([]);
    if (this.peekReservedWord() === word) this.pos += word.length;
    else this.issue(`missing '${word}'`, openedAt);
  }

  private readRawUntil(end: string): string {
    const start = this.pos;
    const i = this.src.indexOf(end, this.pos + 2);
    this.pos = i < 0 ? this.src.length : i + end.length;
    if (i < 0) this.issue(`missing '${end}'`, start);
    return this.src.slice(start, this.pos);
  }

  private parseIf(): { bodies: Script[]; words: Word[] } {
    const start = this.pos;
    this.pos += 2;
    const bodies: Script[] = [];
    for (;;) {
      bodies.push(this.withDepth(() => this.parseScript(new Set(['then']), null)));
      this.expectWord('then', start);
      bodies.push(this.withDepth(() => this.parseScript(new Set(['elif', 'else', 'fi']), null)));
      this.skipSeparators([]);
      const rw = this.peekReservedWord();
      if (rw === 'elif') {
        this.pos += 4;
        continue;
      }
      if (rw === 'else') {
        this.pos += 4;
        bodies.push(this.withDepth(() => this.parseScript(new Set(['fi']), null)));
      }
      this.expectWord('fi', start);
      return { bodies, words: [] };
    }
  }

  private parseFor(keywordLength: number): { bodies: Script[]; words: Word[]; loopVar?: string } {
    const start = this.pos;
    this.pos += keywordLength;
    this.skipBlanks();
    const words: Word[] = [];
    const bodies: Script[] = [];
    let loopVar: string | undefined;
    if (this.src.startsWith('((', this.pos)) {
      bodies.push(...this.arithScripts(this.readRawUntil('))').slice(2, -2)));
    } else {
      const name = this.readWord();
      this.skipLinebreaks();
      if (this.peekReservedWord() === 'in') {
        const part = name?.parts.length === 1 ? name.parts[0] : undefined;
        if (part?.kind === 'literal' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(part.text)) loopVar = part.text;
        this.pos += 2;
        for (;;) {
          this.skipBlanks();
          const w = this.readWord();
          if (!w) break;
          words.push(w);
        }
      }
    }
    this.skipSeparators([]);
    this.expectWord('do', start);
    const body = this.withDepth(() => this.parseScript(new Set(['done']), null));
    this.expectWord('done', start);
    return loopVar === undefined ? { bodies: [...bodies, body], words } : { bodies: [...bodies, body], words, loopVar };
  }

  private parseCase(): { bodies: Script[]; words: Word[] } {
    const start = this.pos;
    this.pos += 4;
    this.skipBlanks();
    const words: Word[] = [];
    const subject = this.readWord();
    if (subject) words.push(subject);
    this.skipLinebreaks();
    if (this.peekReservedWord() === 'in') this.pos += 2;
    else this.issue("missing 'in'", start);
    const bodies: Script[] = [];
    for (;;) {
      this.skipLinebreaks();
      if (this.atEnd() || this.peekReservedWord() === 'esac') break;
      if (this.peek() === '(') this.pos++;
      // Patterns: words separated by |, ended by ).
      for (;;) {
        this.skipBlanks();
        const w = this.readWord('|');
        if (w) words.push(w);
        this.skipBlanks();
        if (this.peek() === '|') {
          this.pos++;
          continue;
        }
        break;
      }
      if (this.peek() === ')') this.pos++;
      else {
        this.issue("missing ')' in case pattern", start);
        break;
      }
      bodies.push(this.withDepth(() => this.parseScript(new Set(['esac']), null)));
      const term = /^;;&|^;;|^;&/.exec(this.src.slice(this.pos, this.pos + 3));
      if (term) this.pos += term[0].length;
    }
    this.expectWord('esac', start);
    return { bodies, words };
  }

  private parseConditional(): { bodies: Script[]; words: Word[] } {
    this.pos += 2;
    const words: Word[] = [];
    const start = this.pos;
    for (;;) {
      this.skipBlanks();
      if (this.atEnd() || this.peek() === '\n') {
        this.issue("missing ']]'", start);
        break;
      }
      if (this.src.startsWith(']]', this.pos) && isMeta(this.src[this.pos + 2] ?? ' ')) {
        this.pos += 2;
        break;
      }
      const op = /^(&&|\|\||[()<>!])/.exec(this.src.slice(this.pos, this.pos + 2));
      if (op) {
        this.pos += op[0].length;
        continue;
      }
      const w = this.readWord();
      if (!w) {
        this.pos++;
        continue;
      }
      words.push(w);
    }
    return { bodies: [], words };
  }

  private parseFunctionKeyword(start: number): Command | null {
    this.pos += 'function'.length;
    this.skipBlanks();
    const nameWord = this.readWord();
    this.skipBlanks();
    if (this.src.startsWith('()', this.pos)) this.pos += 2;
    return this.functionBody(nameWord ? this.src.slice(nameWord.start - this.offset, nameWord.end - this.offset) : '', start);
  }

  private functionBody(name: string, start: number): Command | null {
    this.skipLinebreaks();
    const body = this.parseCommand();
    if (!body) {
      this.issue(`function '${name}' has no body`, start);
      return null;
    }
    return { type: 'function', name, body, start: start + this.offset, end: this.pos + this.offset };
  }

  private parseSimple(): Command | null {
    const start = this.pos;
    const assignments: Word[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    // Where the last word or redirect ended: trailing blanks and comments are not the command.
    let end = this.pos;
    for (;;) {
      this.skipBlanks();
      if (this.atEnd()) break;
      const c = this.peek();
      if (c === '#' && words.length + assignments.length + redirects.length > 0) {
        this.skipComment();
        break;
      }
      const r = this.readRedirect();
      if (r) {
        redirects.push(r);
        end = this.pos;
        continue;
      }
      if (c === '\n' || c === ';' || c === '&' || c === '|' || c === ')') break;
      if (c === '(') {
        // name() { ...; } defines a function.
        if (words.length === 1 && assignments.length === 0 && this.src.startsWith('()', this.pos)) {
          this.pos += 2;
          const w = words[0]!;
          return this.functionBody(this.src.slice(w.start - this.offset, w.end - this.offset), start);
        }
        this.issue("unexpected '('");
        this.pos++;
        continue;
      }
      const w = this.readWord();
      if (!w) {
        this.issue(`unexpected '${c}'`);
        this.pos++;
        continue;
      }
      if (words.length === 0 && isAssignment(w)) assignments.push(w);
      else words.push(w);
      end = this.pos;
    }
    if (this.pos === start) return null;
    const node: SimpleCommandNode = { type: 'simple', assignments, words, redirects, start: start + this.offset, end: end + this.offset };
    return node;
  }
}

function isAssignment(w: Word): boolean {
  const first = w.parts[0];
  return first !== undefined && first.kind === 'literal' && !first.quoted && /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(first.text);
}
