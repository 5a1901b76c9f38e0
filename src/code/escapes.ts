// What a backslash means inside each language's string literals: the escapes every language
// decodes, each one's own, code points, octal, and what is left of an escape a language does
// not know. A pure function of the text, used by the code lexer (lexer.ts).

export type CodeLanguage = 'python' | 'node' | 'perl' | 'ruby' | 'php';

export interface EscapeSpec {
  close: string;
  /** Bracketing delimiters nest: qq{a{b}c}. */
  open?: string;
  /** full: \n, \x2f...; quote: only \\ and the delimiter; raw: a backslash only keeps the next character from closing. */
  escapes: 'full' | 'quote' | 'raw';
}

/** The escapes every language decodes, then each one's own; the rest differ too much to share. */
const COMMON_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '\n': '' };
const OWN_ESCAPES: Record<CodeLanguage, Record<string, string>> = {
  python: { a: '\x07', b: '\b', f: '\f', v: '\v' },
  node: { b: '\b', f: '\f', v: '\v' },
  perl: { a: '\x07', e: '\x1b', f: '\f' },
  ruby: { a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v', s: ' ' },
  php: { e: '\x1b', f: '\f', v: '\v', $: '$' },
};
/** Python and PHP keep the backslash of an escape they do not know; the others drop it. */
const KEEPS_UNKNOWN_ESCAPES = new Set<CodeLanguage>(['python', 'php']);

function codePoint(hex: string): string {
  const code = parseInt(hex, 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}

/** The escape starting with the backslash at `pos`: the text it stands for and where it ends. */
export function decodeEscape(lang: CodeLanguage, spec: EscapeSpec, s: string, pos: number): { text: string; end: number } {
  const n = s[pos + 1] ?? '';
  let end = pos + 2;
  const done = (text: string, extra = 0): { text: string; end: number } => ({ text, end: end + extra });
  if (spec.escapes === 'raw') return done('\\' + n);
  if (spec.escapes === 'quote') return done(n === '\\' || n === spec.close || n === spec.open ? n : '\\' + n);
  if (n === spec.close) return done(n);
  const simple = COMMON_ESCAPES[n] ?? OWN_ESCAPES[lang][n];
  if (simple !== undefined) return done(simple);
  let m: RegExpExecArray | null;
  const rest = s.slice(end, end + 10);
  if ((n === 'x' || n === 'u') && (m = /^\{([0-9a-fA-F]{1,6})\}/.exec(rest))) return done(codePoint(m[1]!), m[0].length);
  if (n === 'x' && (m = /^[0-9a-fA-F]{1,2}/.exec(rest))) return done(codePoint(m[0]), m[0].length);
  if (n === 'u' && (m = /^[0-9a-fA-F]{4}/.exec(rest))) return done(codePoint(m[0]), 4);
  if (n === 'U' && (m = /^[0-9a-fA-F]{8}/.exec(rest))) return done(codePoint(m[0]), 8);
  if (/[0-7]/.test(n)) {
    m = /^[0-7]{0,2}/.exec(rest);
    end += m![0].length;
    return done(String.fromCharCode(parseInt(n + m![0], 8) & 0xff));
  }
  return done(KEEPS_UNKNOWN_ESCAPES.has(lang) ? '\\' + n : n);
}
