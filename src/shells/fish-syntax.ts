// fish's grammar said again in sh's words, so the engine (which reads the POSIX shell and
// bash) judges a fish line by what it runs instead of failing it as unparseable: blocks
// (`for …; … end`, `if`, `else if`, `while`, `begin`, `switch`/`case`, `function`), the
// combiners `and`, `or` and `not`, command substitution with bare parentheses, and fish's
// single quotes (where \' and \\ are escapes). Everything else is close enough to sh to be
// read as it stands: words, $variables, redirections, pipes, && and ||.

type Block = { kind: 'for' | 'while' | 'if' | 'begin' | 'function' | 'switch'; cases: number };

/** Headers that need a word once they end: `for x in a b` + `; do`. */
const HEADER_END: Record<string, string> = { for: '; do', while: '; do', if: '; then' };

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isSeparator = (c: string | undefined): boolean => c === ';' || c === '\n' || c === '&' || c === '|';
/** A character that ends a bare word. */
const endsWord = (c: string | undefined): boolean => c === undefined || isSpace(c) || isSeparator(c) || c === '(' || c === ')' || c === '<' || c === '>';

/** A word's text in sh's single quotes, unless it needs none. */
const sq = (t: string): string => (/^[\w./~:@%+,=-]+$/.test(t) ? t : `'${t.replace(/'/g, "'\\''")}'`);

const SIMPLE_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** One escape outside quotes, as fish reads it: the text it stands for, and where reading goes on. */
function fishEscape(src: string, at: number): [string, number] {
  const c = src[at + 1];
  if (c === undefined) return ['\\', at + 1];
  const hex = (max: number, from: number): [string, number] => {
    const m = new RegExp(`^[0-9a-fA-F]{1,${max}}`).exec(src.slice(from));
    if (!m) return [c, at + 2];
    const code = Number.parseInt(m[0], 16);
    return [code <= 0x10ffff ? String.fromCodePoint(code) : '', from + m[0].length];
  };
  if (c === 'x' || c === 'X') return hex(2, at + 2);
  if (c === 'u') return hex(4, at + 2);
  if (c === 'U') return hex(8, at + 2);
  if (/[0-7]/.test(c)) {
    const m = /^[0-7]{1,3}/.exec(src.slice(at + 1))!;
    return [String.fromCharCode(Number.parseInt(m[0], 8) & 0xff), at + 1 + m[0].length];
  }
  if (c === 'c' && src[at + 2] !== undefined) return [String.fromCharCode(src.charCodeAt(at + 2) & 0x1f), at + 3];
  if (c === '\n') return ['', at + 2];
  return [SIMPLE_ESCAPES[c] ?? c, at + 2];
}

/**
 * Walks fish text from `from`, outside quotes and escapes, keeping the depth of parentheses;
 * the index of the first character `stop` accepts (given the depth after it), or -1.
 */
function scan(src: string, from: number, stop: (c: string, depth: number) => boolean): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '\\') i++;
    else if (c === "'" || c === '"') quote = c;
    else {
      if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
      if (stop(c, depth)) return i;
    }
  }
  return -1;
}

/** Where a header (`switch X`, `case P…`, `function f -d …`) ends: at ; or a newline outside quotes and parentheses. */
function headerEnd(src: string, from: number): number {
  const at = scan(src, from, (c, depth) => (c === ';' || c === '\n') && depth === 0);
  return at < 0 ? src.length : at;
}

/** Where the parenthesis opened at `open` closes; -1 when it does not. */
const closingParen = (src: string, open: number): number => scan(src, open, (c, depth) => c === ')' && depth === 0);

/** A fish word list split at blanks outside quotes and parentheses: `a (b c) 'd e'` is three words. */
function fishWords(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && i + 1 < text.length) current += c + text[++i];
      else {
        if (c === quote) quote = '';
        current += c;
      }
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (isSpace(c) && depth === 0) {
      if (current) words.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  if (current) words.push(current);
  return words;
}

export function fishToSh(src: string): string {
  let out = '';
  let i = 0;
  let atCommand = true;
  /** The block whose header (`for x in …`, `if cond`) is being read, and must be closed with do/then. */
  let header: string | null = null;
  /** After do, then, else or {, sh takes no `;`: fish's `begin; cmd; end` drops it. */
  let swallow = false;
  const blocks: Block[] = [];

  const word = (): string => {
    let w = '';
    while (i < src.length && !endsWord(src[i]) && src[i] !== "'" && src[i] !== '"' && src[i] !== '\\') w += src[i++];
    return w;
  };
  const skipSpaces = (): void => {
    while (isSpace(src[i])) out += src[i++];
  };
  /**
   * `a; and b` is `a && b`: the separator just written becomes the operator. Right after an
   * `if` or `while` condition, fish's `and` goes on with the condition: the `; then` moves on.
   */
  const combine = (op: string): void => {
    const afterHeader = /; (then|do)[ \t]*\n?[ \t]*$/.exec(out);
    if (afterHeader) {
      out = out.slice(0, afterHeader.index) + ` ${op}`;
      header = afterHeader[1] === 'then' ? 'if' : 'while';
      swallow = false;
      return;
    }
    const m = /[;\n][ \t]*$/.exec(out);
    if (m) out = out.slice(0, m.index) + ` ${op}`;
  };
  const endHeader = (): void => {
    if (header) out += HEADER_END[header] ?? '';
    header = null;
    swallow = true;
  };

  while (i < src.length) {
    const c = src[i]!;
    if (isSpace(c)) {
      out += c;
      i++;
      continue;
    }
    if (c === '#' && (i === 0 || isSpace(src[i - 1]) || isSeparator(src[i - 1]))) {
      while (i < src.length && src[i] !== '\n') out += src[i++];
      continue;
    }
    if (c === ';' || c === '\n') {
      i++;
      if (header) {
        endHeader();
        if (c === '\n') out += '\n';
        atCommand = true;
        continue;
      }
      if (swallow && c === ';') continue;
      out += c;
      atCommand = true;
      continue;
    }
    swallow = false;
    if (c === '&' && src[i + 1] === '|') {
      // fish's &| pipes standard error along with standard output.
      out += '2>&1 |';
      i += 2;
      atCommand = true;
      continue;
    }
    if (c === '|' || c === '&') {
      out += c;
      i++;
      if (src[i] === c) out += src[i++];
      atCommand = true;
      continue;
    }
    if (c === "'") {
      // fish: \' and \\ are escapes inside single quotes; sh has none.
      let text = '';
      i++;
      while (i < src.length && src[i] !== "'") {
        if (src[i] === '\\' && (src[i + 1] === "'" || src[i + 1] === '\\')) i++;
        text += src[i++];
      }
      i++;
      out += `'${text.replace(/'/g, "'\\''")}'`;
      atCommand = false;
      continue;
    }
    if (c === '"') {
      out += c;
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\') out += src[i++] ?? '';
        // A backquote is plain text to fish, command substitution to sh.
        else if (src[i] === '`') {
          out += '\\`';
          i++;
          continue;
        }
        out += src[i++] ?? '';
      }
      out += src[i++] ?? '';
      atCommand = false;
      continue;
    }
    if (c === '\\') {
      // fish's escapes outside quotes (\x72, \162, \u0072, \e, \n): said as the characters they are.
      const [text, next] = fishEscape(src, i);
      i = next;
      out += sq(text);
      // A word that starts with an escape is still a command name when it stands first.
      const rest = word();
      out += rest;
      atCommand = false;
      continue;
    }
    if (c === '(') {
      // (cmd | psub) is a file holding cmd's output: sh's <(cmd).
      const close = closingParen(src, i);
      const psub = close > 0 ? /^([\s\S]*?)\|[ \t]*psub\b[^()'"]*$/.exec(src.slice(i + 1, close)) : null;
      if (psub) {
        out += `<(${fishToSh(psub[1]!.trim())})`;
        i = close + 1;
        atCommand = false;
        continue;
      }
      // Bare parentheses are command substitution in fish (there are no subshells).
      out += out.endsWith('$') ? '(' : '$(';
      i++;
      atCommand = true;
      continue;
    }
    if (c === ')' || c === '<' || c === '>') {
      out += c;
      i++;
      continue;
    }
    const w = word();
    if (w === '') {
      out += src[i++] ?? '';
      continue;
    }
    if (!atCommand) {
      out += w;
      continue;
    }
    atCommand = false;
    switch (w) {
      case 'for':
      case 'while':
      case 'if':
        blocks.push({ kind: w, cases: 0 });
        header = w;
        out += w;
        atCommand = w !== 'for';
        break;
      case 'else': {
        const save = i;
        skipSpaces();
        const next = word();
        if (next === 'if') {
          out = out.replace(/[ \t]+$/, '');
          out += 'elif';
          header = 'if';
        } else {
          i = save;
          out += 'else';
          swallow = true;
        }
        atCommand = true;
        break;
      }
      case 'end': {
        const b = blocks.pop();
        out += !b
          ? 'end'
          : b.kind === 'for' || b.kind === 'while'
            ? 'done'
            : b.kind === 'if'
              ? 'fi'
              : b.kind === 'switch'
                ? b.cases > 0
                  ? ';; esac'
                  : 'esac'
                : '}';
        break;
      }
      case 'begin':
        blocks.push({ kind: 'begin', cases: 0 });
        out += '{';
        swallow = true;
        atCommand = true;
        break;
      case 'function': {
        skipSpaces();
        const name = word();
        const optionsEnd = headerEnd(src, i);
        const options = src.slice(i, optionsEnd);
        i = optionsEnd;
        blocks.push({ kind: 'function', cases: 0 });
        // A command substitution among the options (function f -d (…)) runs when f is defined.
        out += `${options.includes('(') ? `: ${fishToSh(options.trim())}; ` : ''}${name}() {`;
        swallow = true;
        atCommand = true;
        break;
      }
      case 'switch': {
        const subjectEnd = headerEnd(src, i);
        const subject = src.slice(i, subjectEnd);
        i = subjectEnd;
        blocks.push({ kind: 'switch', cases: 0 });
        out += `case ${fishToSh(subject.trim())} in`;
        swallow = true;
        atCommand = true;
        break;
      }
      case 'case': {
        const b = blocks.at(-1);
        const patternsEnd = headerEnd(src, i);
        const patterns = src.slice(i, patternsEnd);
        i = patternsEnd;
        out += `${b && b.kind === 'switch' && b.cases++ > 0 ? ';; ' : ''}${fishWords(patterns).map(fishToSh).join('|')})`;
        swallow = true;
        atCommand = true;
        break;
      }
      case 'and':
      case 'or':
        combine(w === 'and' ? '&&' : '||');
        atCommand = true;
        break;
      case 'not':
        out += '!';
        atCommand = true;
        break;
      case 'source':
      case '.': {
        // fish's source with no file (or -) reads its input: `… | source` runs what comes down the pipe.
        const save = i;
        while (isSpace(src[i])) i++;
        if (src[i] === '-' && (endsWord(src[i + 1]) || src[i + 1] === undefined)) i++;
        else if (!(i >= src.length || isSeparator(src[i]) || src[i] === ')')) {
          i = save;
          out += w;
          break;
        }
        out += `${w} /dev/stdin`;
        break;
      }
      default:
        out += w;
    }
  }
  return out;
}
