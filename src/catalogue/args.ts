// Reading a command's arguments the way its tool does: which words are options, which are
// an option's value, which are positionals. Rules test these, not raw text.

import type { Arg, NormalisedCommand } from '../shell/index.js';
import type { CommandSpec } from './types.js';

export interface ParsedOption {
  /** --force, -f (one entry per letter of a cluster), or -delete. */
  name: string;
  value: string | null;
  /** Index into args of the word that holds the option. */
  index: number;
}

export interface ParsedArgs {
  positionals: Arg[];
  options: ParsedOption[];
  /** Index of a `--` that ends the options, or -1. */
  endOfOptions: number;
}

/** Separates option words and their values from positionals. */
export function parseArgs(args: Arg[], spec: CommandSpec | undefined): ParsedArgs {
  const positionals: Arg[] = [];
  const options: ParsedOption[] = [];
  const valueOptions = spec?.value_options;
  let endOfOptions = -1;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const w = a.text;
    if (endOfOptions >= 0 || a.dynamic || w.length < 2 || w[0] !== '-') {
      positionals.push(a);
      continue;
    }
    if (w === '--') { endOfOptions = i; continue; }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      if (eq > 0) { options.push({ name: w.slice(0, eq), value: w.slice(eq + 1), index: i }); continue; }
      if (valueOptions?.includes(w) && i + 1 < args.length) { options.push({ name: w, value: args[i + 1]!.text, index: i }); i++; continue; }
      options.push({ name: w, value: null, index: i });
      continue;
    }
    if (/^-[0-9]+$/.test(w)) { positionals.push(a); continue; } // a negative number, or kill -9
    if (valueOptions?.includes(w)) {
      options.push({ name: w, value: i + 1 < args.length ? args[i + 1]!.text : null, index: i });
      i++;
      continue;
    }
    const eq = w.indexOf('=');
    if (eq > 0) { options.push({ name: w.slice(0, eq), value: w.slice(eq + 1), index: i }); continue; }
    // The whole word (find's -delete, java's -jar) and, for a cluster of letters, each letter.
    options.push({ name: w, value: null, index: i });
    if (w.length > 2 && /^-[A-Za-z]+$/.test(w)) {
      for (let k = 1; k < w.length; k++) {
        const name = '-' + w[k];
        // A value-taking letter inside a cluster takes the rest of the cluster or the next word.
        if (valueOptions?.includes(name)) {
          const rest = w.slice(k + 1);
          options.push({ name, value: rest || (i + 1 < args.length ? args[i + 1]!.text : null), index: i });
          if (!rest) i++;
          break;
        }
        options.push({ name, value: null, index: i });
      }
    } else if (w.length > 2 && /^-[A-Za-z]/.test(w) && valueOptions?.includes(w.slice(0, 2))) {
      options.push({ name: w.slice(0, 2), value: w.slice(2), index: i }); // -nprod
    }
  }
  return { positionals, options, endOfOptions };
}

/** Whitespace inside one word is shown as ␣ so \S+ in a pattern is always exactly one word. */
function wordText(a: Arg): string {
  return /\s/.test(a.text) ? a.text.replace(/\s/g, '\u2423') : a.text;
}

export function isTruncatingRedirect(op: string, fd: number | null): boolean {
  return (op === '>' || op === '>|' || op === '&>') && (fd === null || fd === 1 || fd === 2);
}

/**
 * The normalised text a rule pattern sees: `name word word ...`, with a tool's global
 * options moved after its positionals, and truncating redirects appended as ` >TARGET`.
 */
export function normalisedText(cmd: NormalisedCommand, spec: CommandSpec | undefined): string {
  let words: Arg[] = cmd.args;
  if (spec?.global_options_before_subcommand) {
    const valueOptions = spec.value_options ?? [];
    let i = 0;
    while (i < words.length) {
      const w = words[i]!.text;
      if (w === '--' || w.length < 2 || w[0] !== '-' || words[i]!.dynamic) break;
      i += valueOptions.includes(w) ? 2 : 1;
    }
    if (i > 0) words = [...words.slice(i), ...words.slice(0, i)];
  }
  let text = cmd.name;
  for (const w of words) text += ' ' + wordText(w);
  for (const r of cmd.redirects) if (isTruncatingRedirect(r.op, r.fd)) text += ' >' + wordText(r.target);
  return text;
}
