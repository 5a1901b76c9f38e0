// Commands that run a command line given with -c, as another user or under a lock or a
// terminal recorder: su, runuser, sg, flock, script. Their options cluster (su -lc,
// script -qc), so they are read with the shared option walk.

import { optionSpec, type OptionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { NONE, sourceOfWord, type NestedResult } from './result.js';

const SU = optionSpec({
  code: '-c --command --session-command',
  value: '-s --shell -g --group -G --supp-group -w --whitelist-environment',
});

export const RUN_AS: Readonly<Record<string, OptionSpec>> = {
  su: SU,
  runuser: optionSpec({
    code: '-c --command --session-command',
    value: '-s --shell -g --group -G --supp-group -w --whitelist-environment -u --user',
  }),
  sg: optionSpec({ code: '-c' }),
  flock: optionSpec({ code: '-c --command', value: '-w --wait --timeout -E --conflict-exit-code' }),
  script: optionSpec({ code: '-c --command', value: '-E --echo -I --log-in -O --log-out -B --log-io -T --log-timing -m --logging-format' }),
};

export function dashCNested({ name, args }: NormalisedCommand): NestedResult {
  const spec = RUN_AS[name];
  if (!spec) return NONE;
  const operands: number[] = [];
  for (const tok of walkOptions(args, spec)) {
    if (tok.kind === 'operand') operands.push(tok.at);
    if (tok.kind === 'end' && name === 'flock') break;
    if (tok.kind !== 'option' || tok.takes !== 'code' || tok.value === undefined) continue;
    // The value glued (--command=CODE, -cCODE) or the next word.
    const word = tok.after > tok.at + 1 ? args[tok.after - 1]! : { ...args[tok.at]!, text: tok.value };
    return { nested: [{ code: tok.value, via: `${name} -c` }], codeSource: sourceOfWord(word) };
  }
  // flock LOCKFILE COMMAND ARG…: the command runs while the lock is held.
  const at = operands[1];
  if (name === 'flock' && at !== undefined) return { nested: [{ code: args.slice(at).map(quoteArg).join(' '), via: 'flock' }], codeSource: null };
  return NONE;
}
