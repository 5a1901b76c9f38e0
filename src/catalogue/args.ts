// Reading a command's arguments the way its tool does: which words are options, which are
// an option's value, which are positionals. Rules test these, not raw text.

import type { Arg, NormalisedCommand } from '../shell/index.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { scanOptions } from '../options/walk.js';
import type { CommandSpec } from './rule-format.js';

export interface ParsedOption {
  /** --force, -f (one entry per letter of a cluster), or -delete. */
  name: string;
  value: string | null;
  /** Index into args of the word that holds the option. */
  index: number;
  /** The option takes a value (its value is data, not an on/off setting written after `=`). */
  valued: boolean;
}

export interface ParsedArgs {
  positionals: Arg[];
  options: ParsedOption[];
  /** Index of a `--` that ends the options, or -1. */
  endOfOptions: number;
}

/** The catalogue's reading of a command's options, once per command spec. */
const specs = new WeakMap<CommandSpec, OptionSpec>();
const NO_SPEC = optionSpec({}, { lenient: true });
function optionSpecOf(spec: CommandSpec | undefined): OptionSpec {
  if (!spec) return NO_SPEC;
  let s = specs.get(spec);
  if (!s) specs.set(spec, (s = optionSpec({ value: spec.value_options ?? [] }, { lenient: true })));
  return s;
}

/**
 * The indices of the words that belong to a command the tool runs (find's `-exec rm -rf {} ;`
 * from `rm` to the `;`), or null when there are none. The terminator is the tool's.
 */
function commandSections(args: readonly Arg[], spec: CommandSpec | undefined): Set<number> | null {
  const opens = spec?.command_options;
  if (!opens) return null;
  let inside: Set<number> | null = null;
  for (let i = 0; i < args.length; i++) {
    if (!opens.includes(args[i]!.text)) continue;
    inside ??= new Set();
    for (i++; i < args.length && args[i]!.text !== ';' && args[i]!.text !== '+'; i++) inside.add(i);
  }
  return inside;
}

/** A name, path or regex test that every file passes. */
const MATCHES_ALL = /^(\*|\.\*)$/;

/**
 * The indices of find's tests that narrow nothing for the actions: negated ones (`! -name x`,
 * `-not -name x`) and every test before the last top-level `-o`/`-or` that comes before the
 * first action (`find . -name x -o -delete` deletes everything not named x).
 */
function unnarrowing(args: readonly Arg[]): Set<number> {
  const out = new Set<number>();
  let depth = 0;
  let lastOr = -1;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '(') depth++;
    else if (t === ')') depth--;
    else if (depth === 0 && (t === '-o' || t === '-or')) lastOr = i;
    else if (/^-(delete|exec|execdir|ok|okdir)$/.test(t)) break;
    if (i > 0 && (args[i - 1]!.text === '!' || args[i - 1]!.text === '-not') && t.startsWith('-')) out.add(i);
  }
  for (let i = 0; i < lastOr; i++) if (args[i]!.text.startsWith('-')) out.add(i);
  return out;
}

const EMPTY: Arg = { text: '', quoted: true, glob: false, dynamic: false, home: false };

/** The words with those of a command the tool runs blanked, so the tool's own walk neither reads them nor is thrown by them. */
const withoutSections = (words: readonly Arg[], sections: Set<number> | null): readonly Arg[] =>
  sections ? words.map((a, i) => (sections.has(i) ? EMPTY : a)) : words;

/** Separates option words and their values from positionals; the words of a command the tool runs are neither. */
export function parseArgs(args: Arg[], spec: CommandSpec | undefined): ParsedArgs {
  const positionals: Arg[] = [];
  const options: ParsedOption[] = [];
  let endOfOptions = -1;
  const sections = commandSections(args, spec);
  const own = withoutSections(args, sections);
  // find's expression: a test that narrows nothing is written `!-name` so no rule takes it for
  // one that does (`! -name x`, `-name '*'`, a test before a top-level -o the action follows).
  const expression = spec?.command_options ? unnarrowing(args) : null;
  scanOptions(own, optionSpecOf(spec), 0, (kind, at, name, takes, value) => {
    if (sections?.has(at)) return;
    if (kind === 'end') endOfOptions = at;
    else if (kind === 'operand') positionals.push(args[at]!);
    else {
      const narrowsNothing = expression !== null && (expression.has(at) || (value !== undefined && MATCHES_ALL.test(value)));
      options.push({ name: narrowsNothing ? `!${name}` : name, value: value ?? null, index: at, valued: takes !== undefined });
    }
  });
  return { positionals, options, endOfOptions };
}

/** Whitespace inside one word is shown as ␣ so \S+ in a pattern is always exactly one word. */
function wordText(a: Arg): string {
  return /\s/.test(a.text) ? a.text.replace(/\s/g, '\u2423') : a.text;
}

/**
 * A redirect that empties its target before writing: `>`, `>|`, `&>` on any descriptor
 * (exec 3> FILE truncates FILE too), and `>&` when what follows is a file rather than a
 * descriptor (`>& FILE` is `> FILE 2>&1`).
 */
export function isTruncatingRedirect(r: { op: string; target: Arg }): boolean {
  // <> opens the file for writing too, without truncating it: exec 4<>~/.bashrc; printf … >&4.
  if (r.op === '>' || r.op === '>|' || r.op === '&>' || r.op === '<>') return true;
  return r.op === '>&' && (r.target.dynamic || !/^(\d+-?|-)$/.test(r.target.text));
}

/**
 * The normalised text a rule pattern sees: `name word word ...`, with a tool's global
 * options moved after its positionals, truncating redirects appended as ` >TARGET`, and a
 * word that is another option's value or the run command's written without its option dash.
 */
export function normalisedText(cmd: NormalisedCommand, spec: CommandSpec | undefined): string {
  let words: Arg[] = cmd.args;
  if (spec?.global_options_before_subcommand) {
    let i = 0;
    scanOptions(words, optionSpecOf(spec), 0, (kind, _at, _name, _takes, _value, after) => {
      if (kind !== 'option') return true;
      i = after;
    });
    if (i > 0) words = [...words.slice(i), ...words.slice(0, i)];
  }
  const sections = commandSections(words, spec);
  const values = valueWords(words, spec, sections);
  let text = cmd.name;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // Another option's value (`find -gid -delete`) or a word of the command find -exec runs
    // (`-exec echo -delete ;`) is not this tool's option, so no pattern may read it as one.
    const notOwn = w.text.startsWith('-') && (values?.has(i) || (sections?.has(i) && sections.has(i - 1) && !RUNS_AS.has(words[i - 1]!.text)));
    text += ' ' + (notOwn ? NOT_AN_OPTION + wordText(w).slice(1) : wordText(w));
  }
  for (const r of cmd.redirects) if (isTruncatingRedirect(r)) text += ' >' + wordText(r.target);
  return text;
}

/**
 * The indices of words that start with '-' and are another option's value, as the tool's own
 * walk of its words takes them (`curl -A -A -X DELETE`: the second -A is the first one's value,
 * -X is an option), or null when there are none. Walked only when some word could be one.
 */
function valueWords(words: readonly Arg[], spec: CommandSpec | undefined, sections: Set<number> | null): Set<number> | null {
  if (!spec?.value_options) return null;
  const options = optionSpecOf(spec);
  if (!words.some((w, i) => i > 0 && w.text.startsWith('-') && options.takes.has(words[i - 1]!.text))) return null;
  let out: Set<number> | null = null;
  scanOptions(withoutSections(words, sections), options, 0, (kind, at, _name, _takes, _value, after) => {
    if (kind === 'option' && after > at + 1) (out ??= new Set()).add(after - 1);
  });
  return out;
}

/** What a leading '-' is written as in a word that is not the tool's option: a look-alike no pattern's `-` matches. */
const NOT_AN_OPTION = '\u2010';
/** In `-exec sudo rm -rf {} ;` the program is rm: sudo's own options are its, not find's. */
const RUNS_AS = new Set(['sudo', 'doas']);
