// git -c alias.x='!…' x: an alias defined on the command line runs its body (a shell
// command when it starts with !, else a git subcommand).

import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { NONE, type NestedResult } from './result.js';

const GIT_VALUES = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix']);

export function gitAliasNested({ args }: NormalisedCommand): NestedResult {
  const aliases = new Map<string, string>();
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (!t.startsWith('-')) break;
    if (t === '-c' && args[i + 1]) {
      const m = /^alias\.([^=]+)=(.*)$/s.exec(args[i + 1]!.text);
      if (m) aliases.set(m[1]!, m[2]!);
    }
    if (GIT_VALUES.has(t)) i++;
  }
  const sub = args[i]?.text;
  const body = sub !== undefined ? aliases.get(sub) : undefined;
  if (body === undefined) return NONE;
  const rest = args.slice(i + 1).map(quoteArg).join(' ');
  const code = body.startsWith('!') ? `${body.slice(1)} ${rest}` : `git ${body} ${rest}`;
  return { nested: [{ code: code.trim(), via: `git alias ${sub}` }], codeSource: null };
}
