// What the SQL and MongoDB readers share: their limits, a name said as one shell word,
// the stand-in for a name computed at run time, and the small lexical helpers both
// scanners use.

import { singleQuote } from '../shell/quote.js';

export const LIMITS = {
  maxEquivalents: 64,
  /** DO $$ … $$ bodies and EXECUTE 'literal' are read this deep. */
  maxNesting: 2,
  /** Parentheses unwrapped when judging a WHERE clause. */
  maxParens: 8,
  /** Tokens a MongoDB call's arguments are searched for options. */
  maxCallScan: 256,
} as const;

/** A name the rules can read as one word; anything else is single-quoted for the shell. */
export function shellName(name: string): string {
  if (name === '$UNKNOWN') return UNKNOWN;
  return /^[A-Za-z0-9_.-]+$/.test(name) ? name : singleQuote(name);
}
/** Stands for a name the code computes at run time. */
export const UNKNOWN = '"$UNKNOWN"';

/** Punctuation tokens are shared, not made anew for each of 64 KiB of brackets. */
const PUNCT = new Map<string, { t: 'p'; v: string }>();
export function punct(v: string): { t: 'p'; v: string } {
  let tok = PUNCT.get(v);
  if (!tok) {
    tok = { t: 'p', v };
    if (PUNCT.size < 256) PUNCT.set(v, tok);
  }
  return tok;
}
export const wordStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c >= '\u0080';

export function sticky(re: RegExp, s: string, i: number): string | null {
  re.lastIndex = i;
  return re.exec(s)?.[0] ?? null;
}
