// Commands that run a command line given with -c, as another user or under a lock or a
// terminal recorder: su, runuser, flock, script.

import type { NormalisedCommand } from '../shell/normalise.js';
import { NONE, sourceOfWord, type NestedResult } from './result.js';

export function dashCNested({ name, args }: NormalisedCommand): NestedResult {
  const k = args.findIndex((a) => a.text === '-c' || a.text === '--command');
  const inline = args.find((a) => a.text.startsWith('--command='));
  const code = k >= 0 ? args[k + 1] : inline ? { ...inline, text: inline.text.slice('--command='.length) } : undefined;
  return code ? { nested: [{ code: code.text, via: `${name} -c` }], codeSource: sourceOfWord(code) } : NONE;
}
