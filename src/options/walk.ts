// The one walk over a command's words by an OptionSpec: which words are options, which
// are their values, which are operands. Callers decide where to stop (at the first
// operand, at inline code, never), so one reading serves tools that stop at their first
// operand (xargs, sudo) and tools that take options anywhere (psql, rm).

import type { OptionSpec, ValueKind } from './spec.js';

/** A word as the walk needs it: its text, and whether the line leaves it unknown. */
export interface Word {
  readonly text: string;
  readonly dynamic?: boolean;
}

export type OptionToken =
  /**
   * An option: `-n` of `-n1`, each letter of a cluster, `--max-args`. A missing value is
   * undefined; `after` is the index of the first word after the option and its value.
   */
  | {
      readonly kind: 'option';
      readonly name: string;
      readonly takes: ValueKind | undefined;
      readonly value: string | undefined;
      readonly at: number;
      readonly after: number;
    }
  /** A word that is not an option: a dynamic word, `-`, or anything without a leading dash. */
  | { readonly kind: 'operand'; readonly at: number }
  /** `--`: what follows is operands. */
  | { readonly kind: 'end'; readonly at: number };

const DIGITS = /^(x[0-9a-fA-F]+|[0-7]*)/;
const DASH = 45;
const NUMBER = /^-[0-9]+$/;
const LETTERS = /^-[A-Za-z]+$/;
const LETTER_FIRST = /^-[A-Za-z]/;
const LONG_WITH_VALUE = /^--[A-Za-z][\w-]*=/;

/**
 * What the walk reports for each token, in order: `option` (its name, what its value is,
 * the value or undefined when missing, and the index after the option and its value),
 * `operand`, or `end` (`--`). Returning true stops the walk (returning nothing goes on).
 */
type OptionVisitor = (kind: OptionToken['kind'], at: number, name: string, takes: ValueKind | undefined, value: string | undefined, after: number) => unknown;

/**
 * The index of the next word as the value of an option that takes `kind`; -1 when there is
 * none, -2 when the tool would prompt for it instead. Only a plain value is prompted for
 * (mongosh -p --eval …): code is taken as it comes, so SQL that opens with a `--` comment
 * (psql -c $'-- note\nDROP TABLE t') is still the code.
 */
function valueAt(words: readonly Word[], i: number, spec: OptionSpec, kind: ValueKind): number {
  const v = words[i + 1]?.text;
  if (v === undefined) return -1;
  return spec.promptsForMissing && kind === 'value' && v.startsWith('--') ? -2 : i + 1;
}

/**
 * Reads words from `from` on as the tool does, reporting each token to `visit`. Once `--`
 * is seen every later word is an operand. A word the spec names as a whole (`-cmd`,
 * `--eval`, `-n`) is that option; a `--long=value` word carries its value; any other
 * single-dash word is a cluster of short options, where a letter that takes a value takes
 * the rest of the word or the next word. It allocates nothing itself: the catalogue reads
 * every matched command's options with it, in the engine's hottest loop.
 */
export function scanOptions(words: readonly Word[], spec: OptionSpec, from: number, visit: OptionVisitor): void {
  let ended = false;
  for (let i = from; i < words.length; i++) {
    const w = words[i]!;
    const t = w.text;
    // A word the line leaves unknown is an operand, unless it is `--name=` before the unknown part.
    if (ended || (w.dynamic && !LONG_WITH_VALUE.test(t)) || t.length < 2 || t.charCodeAt(0) !== DASH) {
      if (visit('operand', i, '', undefined, undefined, i + 1)) return;
      continue;
    }
    if (t === '--') {
      ended = true;
      if (visit('end', i, '', undefined, undefined, i + 1)) return;
      continue;
    }
    const at = i;
    const whole = spec.takes.get(t);
    if (whole !== undefined || spec.stops.has(t)) {
      let value: string | undefined;
      if (whole !== undefined) {
        const k = valueAt(words, i, spec, whole);
        value = k >= 0 ? words[(i = k)]!.text : k === -2 ? '' : undefined;
      }
      if (visit('option', at, t, whole, value, i + 1)) return;
      continue;
    }
    const eq = t.indexOf('=');
    if (t.charCodeAt(1) === DASH || spec.singleDash) {
      let name = eq < 0 ? t : t.slice(0, eq);
      if (spec.singleDash && name.startsWith('--')) name = name.slice(1);
      const takes = spec.takes.get(name);
      let value: string | undefined;
      if (eq >= 0) value = t.slice(eq + 1);
      else if (takes !== undefined) {
        const k = valueAt(words, i, spec, takes);
        value = k >= 0 ? words[(i = k)]!.text : k === -2 ? '' : undefined;
      }
      if (visit('option', at, name, takes, value, i + 1)) return;
      continue;
    }
    if (spec.lenient) {
      if (NUMBER.test(t)) {
        if (visit('operand', at, '', undefined, undefined, at + 1)) return;
        continue;
      }
      if (eq > 0) {
        if (visit('option', at, t.slice(0, eq), undefined, t.slice(eq + 1), at + 1)) return;
        continue;
      }
      if (visit('option', at, t, undefined, undefined, at + 1)) return;
      if (t.length === 2) continue;
      if (!LETTERS.test(t)) {
        const takes = LETTER_FIRST.test(t) ? spec.takes.get(t.slice(0, 2)) : undefined;
        if (takes !== undefined && visit('option', at, t.slice(0, 2), takes, t.slice(2), at + 1)) return;
        continue;
      }
    }
    for (let j = 1; j < t.length; j++) {
      const letter = t[j]!;
      const name = '-' + letter;
      if (spec.glueOnly.includes(letter)) {
        if (visit('option', at, name, 'value', t.slice(j + 1), at + 1)) return;
        break;
      }
      if (spec.digits.includes(letter)) {
        const digits = DIGITS.exec(t.slice(j + 1))![0];
        if (visit('option', at, name, undefined, digits || undefined, at + 1)) return;
        j += digits.length;
        continue;
      }
      const takes = spec.takes.get(name);
      if (takes === undefined) {
        if (visit('option', at, name, undefined, undefined, at + 1)) return;
        continue;
      }
      let value: string | undefined;
      if (j + 1 < t.length && spec.glued) value = t.slice(j + 1);
      else {
        const k = valueAt(words, i, spec, takes);
        value = k >= 0 ? words[(i = k)]!.text : k === -2 ? '' : undefined;
      }
      if (visit('option', at, name, takes, value, i + 1)) return;
      break;
    }
  }
}

/** The same walk as tokens, for readers that want them as a list. */
export function walkOptions(words: readonly Word[], spec: OptionSpec, from = 0): OptionToken[] {
  const out: OptionToken[] = [];
  scanOptions(words, spec, from, (kind, at, name, takes, value, after) => {
    out.push(kind === 'option' ? { kind, name, takes, value, at, after } : { kind, at });
  });
  return out;
}

/** The options before the first operand, with their values, and the index of that operand (after a `--`). */
export function leadingOptions(words: readonly Word[], spec: OptionSpec, from = 0): { options: Map<string, string>; operand: number } {
  const options = new Map<string, string>();
  let operand = words.length;
  scanOptions(words, spec, from, (kind, at, name, _takes, value) => {
    if (kind === 'option') {
      options.set(name, value ?? '');
      return false;
    }
    operand = kind === 'end' ? at + 1 : at;
    return true;
  });
  return { options, operand };
}
