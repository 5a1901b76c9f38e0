// Code that runs later or again: at and batch (commands on stdin), watch (a command run
// over and over).

import { WATCH } from '../options/tools.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { afterOptions, line } from './items.js';
import { fromStdin, NONE, type NestedResult, type Stdin } from './result.js';

/** at reads the commands it schedules from stdin (or -f FILE, which is not read here). */
export function atNested({ name, args }: NormalisedCommand, stdin: Stdin): NestedResult {
  if (args.some((a) => /^-[lrdc]$/.test(a.text) || a.text === '-f')) return NONE;
  return fromStdin(name, stdin);
}

export function watchNested({ args }: NormalisedCommand): NestedResult {
  const { options, rest } = afterOptions(args, WATCH);
  if (rest.length === 0) return NONE;
  const code = options.has('-x') || options.has('--exec') ? line(rest) : rest.map((a) => a.text).join(' ');
  return { nested: [{ code, via: 'watch' }], codeSource: null };
}
