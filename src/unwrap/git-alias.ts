// git -c alias.x='!…' x: an alias defined on the command line runs its body (a shell
// command when it starts with !, else a git subcommand).

import { GIT } from '../options/tools.js';
import { walkOptions } from '../options/walk.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { NONE, type NestedResult } from './result.js';

export function gitAliasNested({ args }: NormalisedCommand): NestedResult {
  // Every git command comes through here; only one that defines an alias needs its options read.
  if (!args.some((a) => /alias\./i.test(a.text))) return NONE;
  const aliases = new Map<string, string>();
  let i = args.length;
  for (const tok of walkOptions(args, GIT)) {
    if (tok.kind !== 'option') {
      i = tok.kind === 'end' ? tok.at + 1 : tok.at;
      break;
    }
    const m = tok.name === '-c' && tok.value !== undefined ? /^alias\.([^=]+)=(.*)$/is.exec(tok.value) : null;
    if (m) aliases.set(m[1]!.toLowerCase(), m[2]!); // git's config keys ignore case: alias.RM is rm
  }
  const sub = args[i]?.text;
  const body = sub !== undefined ? aliases.get(sub.toLowerCase()) : undefined;
  if (body === undefined) return NONE;
  const rest = args
    .slice(i + 1)
    .map(quoteArg)
    .join(' ');
  const code = body.startsWith('!') ? `${body.slice(1)} ${rest}` : `git ${body} ${rest}`;
  return { nested: [{ code: code.trim(), via: `git alias ${sub}` }], codeSource: null };
}
