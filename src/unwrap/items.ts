// Building the command lines that a command runs for each of its items (xargs, parallel,
// find -exec), and reading a tool's options before its operands.

import type { OptionSpec } from '../options/spec.js';
import { leadingOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import { quoteArg, quoteText } from '../shell/quote.js';
import type { Stdin } from './result.js';
import { withoutTrailingSlashes } from '../core/trailing-slash.js';

/** Most items of stdin or ::: a nested command is built with; the rest adds nothing new. */
export const MAX_ITEMS = 32;

/** Words as shell text, each quoted so it reads back the same. */
export const line = (words: Arg[]): string => words.map(quoteArg).join(' ');

/** Splits args into a tool's options (with values) and the words from its first operand on (after a `--`). */
export function afterOptions(args: Arg[], spec: OptionSpec): { options: Map<string, string>; rest: Arg[] } {
  const { options, operand } = leadingOptions(args, spec);
  return { options, rest: args.slice(operand) };
}

/**
 * An item read from a pipe, as a word: quoted, except that a leading ~ stays a home
 * directory and glob characters stay globs. It most often came from `echo ~/x` or
 * `printf '%s\0' /*`, whose shell expanded it; if it came through quoted, the worse reading
 * is the one to judge. An empty item is an empty word (xargs -0 passes it on).
 */
export function itemWord(item: string): string {
  if (item === '') return "''";
  if (item === '~') return '~';
  const [head, rest] = item.startsWith('~/') ? ['~/', item.slice(2)] : ['', item];
  return (
    head +
    rest
      .split(/([*?])/)
      .map((part) => (part === '*' || part === '?' ? part : part ? quoteText(part) : ''))
      .join('')
  );
}

/**
 * Items a command reads from stdin (xargs, parallel), as shell text: known words, whole
 * lines when `byLine` (xargs -I), or one unknown word.
 */
export function stdinItems(stdin: Stdin, byLine = false): string[] {
  if (stdin?.kind === 'text')
    return stdin.text
      .split(byLine ? /\n/ : /\s+/)
      .filter((x) => x.trim())
      .slice(0, MAX_ITEMS)
      .map(itemWord);
  if (stdin?.kind === 'find') return stdin.items;
  return ['"$STDIN_ITEM"'];
}

/** The paths find would print: each start directory, narrowed by -name when it has one. */
export function findItems(args: Arg[]): string[] {
  const starts: string[] = [];
  let i = 0;
  while (i < args.length && /^-[HLP]$/.test(args[i]!.text)) i++;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (!a.dynamic && /^[-(!)]/.test(a.text) && a.text !== '-') break;
    starts.push(quoteArg(a));
  }
  if (starts.length === 0) starts.push('.');
  const k = args.findIndex((a) => a.text === '-name' || a.text === '-iname');
  const name = k >= 0 ? args[k + 1]?.text : undefined;
  if (!name) return starts.slice(0, MAX_ITEMS);
  const leaf = quoteText(name.replace(/\[[^\]]*\]|[*?[]/g, 'x'));
  // The name is found at any depth (a glob's star stands for the directories between), unless -maxdepth 1 keeps it at the top.
  const k2 = args.findIndex((a) => a.text === '-maxdepth');
  const deeper = !(k2 >= 0 && /^[01]$/.test(args[k2 + 1]?.text ?? ''));
  return starts.slice(0, MAX_ITEMS).flatMap((s) => [`${withoutTrailingSlashes(s)}/${leaf}`, ...(deeper ? [`${withoutTrailingSlashes(s)}/*/${leaf}`] : [])]);
}

/** One word of a command template with the placeholder replaced by an item (already shell text). */
function fillWord(w: Arg, placeholder: string, item: string): string {
  if (!w.text.includes(placeholder)) return quoteArg(w);
  return w.text
    .split(placeholder)
    .map((part) => (part ? quoteText(part) : ''))
    .join(item);
}

export /**
 * The command lines a template runs for its items: with the placeholder present, one line
 * per item with it replaced; otherwise the items appended, all to one line (xargs) or one
 * line per item (parallel, `perItem`).
 */
function withItems(words: Arg[], items: string[], placeholder: string | null, perItem = false): string[] {
  const ph = placeholder ?? '{}';
  if (words.some((w) => w.text.includes(ph))) return items.map((it) => words.map((w) => fillWord(w, ph, it)).join(' '));
  const base = words.map(quoteArg).join(' ');
  if (placeholder) return [base];
  return perItem ? items.map((it) => `${base} ${it}`) : [`${base} ${items.join(' ')}`];
}

/** tar's old style: a first word without a dash is a cluster of options (tar czf FILE is tar -czf FILE). */
export function withOldStyleCluster(args: Arg[]): Arg[] {
  const first = args[0];
  return first && !first.dynamic && /^[A-Za-z]+$/.test(first.text) ? [{ ...first, text: `-${first.text}` }, ...args.slice(1)] : args;
}
