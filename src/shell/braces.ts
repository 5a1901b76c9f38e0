// Brace expansion, the first expansion bash does: on the word as written, before parameters,
// substitutions or globs, so `{rm,-rf,$HOME/.ssh}` is the three words rm, -rf and
// $HOME/.ssh, and a brace that only appears once a variable is expanded (x='{a,b}'; $x) is
// left alone. One level of comma lists; ranges ({1..3}) and nested braces stay as written.

import type { Word, WordPart } from './ast.js';

/** Most words one brace expansion makes; a longer list is left as written. */
const MAX_BRACE_WORDS = 64;

interface At {
  part: number;
  offset: number;
}

/** Each unquoted literal character of a word, with where it is (a backslash escapes the next). */
function* unquotedChars(parts: WordPart[]): Generator<{ at: At; c: string }> {
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    if (part.kind !== 'literal' || part.quoted) continue;
    for (let i = 0; i < part.text.length; i++) {
      const c = part.text[i]!;
      if (c === '\\') {
        i++;
        continue;
      }
      yield { at: { part: p, offset: i }, c };
    }
  }
}

/** The parts strictly between two unquoted literal characters. */
function between(parts: WordPart[], from: At, to: At): WordPart[] {
  const out: WordPart[] = [];
  for (let p = from.part; p <= to.part; p++) {
    const part = parts[p]!;
    if (part.kind !== 'literal') {
      out.push(part);
      continue;
    }
    const start = p === from.part ? from.offset + 1 : 0;
    const end = p === to.part ? to.offset : part.text.length;
    if (end > start) out.push({ ...part, text: part.text.slice(start, end) });
  }
  return out;
}

/** A word made of these parts, with a leading `~` read as the home again (it starts a word now). */
function wordOf(w: Word, parts: WordPart[]): Word {
  const first = parts[0];
  if (first?.kind === 'literal' && !first.quoted && /^~(\/|$)/.test(first.text)) {
    const rest = first.text.slice(1);
    parts = [{ kind: 'tilde', user: '' }, ...(rest ? [{ ...first, text: rest }] : []), ...parts.slice(1)];
  }
  return { ...w, parts };
}

/** Every word brace expansion makes of one word, lists after and inside lists included, up to MAX_BRACE_WORDS. */
export function expandBraces(w: Word): Word[] {
  let words = [w];
  for (let round = 0; round < 16; round++) {
    const next = words.flatMap(firstList);
    if (next.length === words.length || next.length > MAX_BRACE_WORDS) return words;
    words = next;
  }
  return words;
}

/** The words one word's first brace list makes: `src/{a,b}` is src/a and src/b. */
function firstList(w: Word): Word[] {
  let open: At | null = null;
  const commas: At[] = [];
  let close: At | null = null;
  for (const { at, c } of unquotedChars(w.parts)) {
    if (c === '{') {
      open = at;
      commas.length = 0;
    } else if (c === ',' && open) commas.push(at);
    else if (c === '}' && open) {
      if (commas.length > 0) {
        close = at;
        break;
      }
      open = null;
    }
  }
  if (!open || !close || commas.length + 1 > MAX_BRACE_WORDS) return [w];
  // What comes before the brace and after it, expansions included, stays where it was.
  const head: WordPart[] = w.parts.slice(0, open.part);
  const o = w.parts[open.part] as Extract<WordPart, { kind: 'literal' }>;
  if (open.offset > 0) head.push({ ...o, text: o.text.slice(0, open.offset) });
  const c = w.parts[close.part] as Extract<WordPart, { kind: 'literal' }>;
  const tail: WordPart[] = close.offset + 1 < c.text.length ? [{ ...c, text: c.text.slice(close.offset + 1) }] : [];
  tail.push(...w.parts.slice(close.part + 1));
  const bounds = [open, ...commas, close];
  return bounds.slice(0, -1).map((b, i) => wordOf(w, [...head, ...between(w.parts, b, bounds[i + 1]!), ...tail]));
}
