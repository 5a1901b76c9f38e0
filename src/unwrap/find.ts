// find -exec, -execdir, -ok, -okdir: the command runs for each path find prints. And the
// files find writes by itself (-fprint, -fprint0, -fprintf, -fls), said as the tee that
// would rewrite them.

import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { FIND } from '../options/tools.js';
import { findItems, withItems } from './items.js';
import type { NestedCode, NestedResult } from './result.js';

/** Actions that write their output to the file named next, truncating it first. */
const WRITES = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);

export function findNested({ args }: NormalisedCommand): NestedResult {
  const nested: NestedCode[] = [];
  const items = findItems(args);
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (WRITES.has(t) && args[i + 1]) {
      nested.push({ code: `tee -- ${quoteArg(args[i + 1]!)}`, via: `find ${t}` });
      continue;
    }
    if (FIND.takes.get(t) !== 'program') continue;
    const words: Arg[] = [];
    let j = i + 1;
    for (; j < args.length && args[j]!.text !== ';' && args[j]!.text !== '+'; j++) words.push(args[j]!);
    i = j;
    if (words.length > 0) for (const code of withItems(words, items, null)) nested.push({ code, via: `find ${t}` });
  }
  return { nested, codeSource: null };
}
