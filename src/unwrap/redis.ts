// redis-cli runs more than the command on its line: with none there it runs each line of its
// stdin (echo FLUSHALL | redis-cli), and EVAL runs Lua whose redis.call('FLUSHALL') is a command
// too. Each is read again as the redis-cli command it is, with the same connection options.

import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { REDIS_CLI } from '../options/tools.js';
import { leadingOptions } from '../options/walk.js';
import { MAX_ITEMS } from './items.js';
import { NONE, type NestedResult, type Stdin } from './result.js';

/** redis.call('CMD', 'arg', …) and redis.pcall in a Lua script: the command with its literal arguments. */
const LUA_CALL = /redis\.p?call\s*\(\s*(['"])([A-Za-z]+)\1((?:\s*,\s*(['"])[^'"]*\4)*)/g;

export function redisNested(cmd: NormalisedCommand, stdin: Stdin): NestedResult {
  // -2 and -3 pick the protocol version: options, not the command.
  const args = cmd.args.filter((a) => a.dynamic || (a.text !== '-2' && a.text !== '-3'));
  const { operand } = leadingOptions(args, REDIS_CLI);
  const connection = args.slice(0, operand).map(quoteArg).join(' ');
  const line = (words: string): string => `redis-cli ${connection ? `${connection} ` : ''}${words}`;
  const nested: NestedResult['nested'] = [];
  if (args.length !== cmd.args.length && operand < args.length) nested.push({ code: line(args.slice(operand).map(quoteArg).join(' ')), via: 'redis-cli' });
  if (operand >= args.length) {
    if (stdin?.kind === 'text') {
      for (const l of stdin.text.split('\n').slice(0, MAX_ITEMS)) if (l.trim()) nested.push({ code: line(l.trim()), via: 'redis-cli stdin' });
    } else if (stdin && stdin.kind !== 'find') return { nested, codeSource: stdin.kind };
  }
  const verb = args[operand]?.text.toLowerCase();
  const script = verb === 'eval' || verb === 'eval_ro' ? args[operand + 1] : undefined;
  if (script && !script.dynamic) {
    for (const m of script.text.matchAll(LUA_CALL)) {
      const rest = [...(m[3] ?? '').matchAll(/(['"])([^'"]*)\1/g)].map((x) =>
        quoteArg({ text: x[2]!, quoted: true, glob: false, dynamic: false, home: false }),
      );
      nested.push({ code: line([m[2]!, ...rest].join(' ')), via: 'redis-cli eval' });
    }
  }
  return nested.length > 0 ? { nested, codeSource: null } : NONE;
}
