// git accepts any unique prefix of a subcommand's long option: `git reset --har` is
// `git reset --hard`, `git push --mir` is `--mirror`. A prefix that fits two options is an
// error git refuses to run, and is left as written. The options of each subcommand are
// git's own list (./git-long-options.ts, generated), so "unique" means what git means.

import { GIT_LONG_OPTIONS } from './git-long-options.js';
import { leadingOptions } from './walk.js';
import { GIT } from './tools.js';
import { expandLongPrefixes } from './long-abbreviations.js';

const tables = new Map<string, readonly string[]>();

function optionsOf(sub: string): readonly string[] | null {
  const listed = Object.hasOwn(GIT_LONG_OPTIONS, sub) ? GIT_LONG_OPTIONS[sub]! : null;
  if (listed === null) return null;
  let t = tables.get(sub);
  if (!t) {
    const names = listed.split(' ');
    // Every option also has its --no- form unless it is one already.
    t = [...names, ...names.filter((n) => !n.startsWith('--no-')).map((n) => `--no-${n.slice(2)}`)];
    tables.set(sub, t);
  }
  return t;
}

/**
 * The words of a git command line with abbreviated long options of its subcommand written
 * out; the same array when there are none.
 */
export function expandGitAbbreviations<W extends { readonly text: string; readonly dynamic?: boolean }>(args: readonly W[]): readonly W[] {
  const { operand } = leadingOptions(args, GIT);
  const sub = args[operand];
  const options = sub && !sub.dynamic ? optionsOf(sub.text) : null;
  return options ? expandLongPrefixes(args, options, operand + 1) : args;
}
