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

/**
 * Reads words from `from` on as the tool does. Once `--` is seen every later word is an
 * operand. A word the spec names as a whole (`-cmd`, `--eval`, `-n`) is that option; a
 * `--long=value` word carries its value; any other single-dash word is a cluster of short
 * options, where a letter that takes a value takes the rest of the word or the next word.
 */
export function* walkOptions(words: readonly Word[], spec: OptionSpec, from = 0): Generator<OptionToken> {
  let ended = false;
  for (let i = from; i < words.length; i++) {
    const w = words[i]!;
    const t = w.text;
    if (ended || w.dynamic || t.length < 2 || t[0] !== '-') {
      yield { kind: 'operand', at: i };
      continue;
    }
    if (t === '--') {
      ended = true;
      yield { kind: 'end', at: i };
      continue;
    }
    const at = i;
    /** The next word as a value, unless there is none or the tool would prompt instead. */
    const next = (): string | undefined => {
      const v = words[i + 1]?.text;
      if (v === undefined || (spec.promptsForMissing && v.startsWith('--'))) return spec.promptsForMissing && v !== undefined ? '' : undefined;
      i++;
      return v;
    };
    const whole = spec.takes.get(t);
    if (whole !== undefined || spec.stops.has(t)) {
      const value = whole ? next() : undefined;
      yield { kind: 'option', name: t, takes: whole, value, at, after: i + 1 };
      continue;
    }
    const eq = t.indexOf('=');
    if (t[1] === '-' || spec.singleDash) {
      let name = eq < 0 ? t : t.slice(0, eq);
      if (spec.singleDash && name.startsWith('--')) name = name.slice(1);
      const takes = spec.takes.get(name);
      const value = eq >= 0 ? t.slice(eq + 1) : takes ? next() : undefined;
      yield { kind: 'option', name, takes, value, at, after: i + 1 };
      continue;
    }
    if (spec.lenient) {
      if (/^-[0-9]+$/.test(t)) {
        yield { kind: 'operand', at };
        continue;
      }
      if (eq > 0) {
        yield { kind: 'option', name: t.slice(0, eq), takes: undefined, value: t.slice(eq + 1), at, after: i + 1 };
        continue;
      }
      yield { kind: 'option', name: t, takes: undefined, value: undefined, at, after: i + 1 };
      if (t.length === 2) continue;
      if (!/^-[A-Za-z]+$/.test(t)) {
        const takes = /^-[A-Za-z]/.test(t) ? spec.takes.get(t.slice(0, 2)) : undefined;
        if (takes !== undefined) yield { kind: 'option', name: t.slice(0, 2), takes, value: t.slice(2), at, after: i + 1 };
        continue;
      }
    }
    for (let j = 1; j < t.length; j++) {
      const letter = t[j]!;
      const name = '-' + letter;
      const rest = t.slice(j + 1);
      if (spec.glueOnly.includes(letter)) {
        yield { kind: 'option', name, takes: 'value', value: rest, at, after: i + 1 };
        break;
      }
      if (spec.digits.includes(letter)) {
        const digits = DIGITS.exec(rest)![0];
        yield { kind: 'option', name, takes: undefined, value: digits || undefined, at, after: i + 1 };
        j += digits.length;
        continue;
      }
      const takes = spec.takes.get(name);
      if (takes === undefined) {
        yield { kind: 'option', name, takes, value: undefined, at, after: i + 1 };
        continue;
      }
      const value = rest && spec.glued ? rest : next();
      yield { kind: 'option', name, takes, value, at, after: i + 1 };
      break;
    }
  }
}

/** The options before the first operand, with their values, and the index of that operand (after a `--`). */
export function leadingOptions(words: readonly Word[], spec: OptionSpec, from = 0): { options: Map<string, string>; operand: number } {
  const options = new Map<string, string>();
  for (const tok of walkOptions(words, spec, from)) {
    if (tok.kind === 'end') return { options, operand: tok.at + 1 };
    if (tok.kind === 'operand') return { options, operand: tok.at };
    options.set(tok.name, tok.value ?? '');
  }
  return { options, operand: words.length };
}
