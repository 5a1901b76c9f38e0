// The shell's own ways to run text as code: eval, source (of stdin), aliases and traps
// defined on the line.

import type { CodeSource, NormalisedCommand } from '../shell/normalise.js';
import { fromStdin, isStdinPath, NONE, sourceOfWord, worst, type NestedResult, type Stdin } from './result.js';

export function evalNested({ args }: NormalisedCommand): NestedResult {
  if (args.length === 0) return NONE;
  let source: CodeSource | null = null;
  for (const a of args) source = worst(source, sourceOfWord(a));
  return { nested: [{ code: args.map((a) => a.text).join(' '), via: 'eval' }], codeSource: source };
}

export function sourceNested({ name, args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const script = args[0];
  if (!script) return NONE;
  if (isStdinPath(script.text)) return fromStdin(name, stdin);
  if (script.output !== undefined) return { nested: [{ code: script.output, via: `${name} <(…)` }], codeSource: null };
  return { nested: [], codeSource: sourceOfWord(script) };
}

/** An alias defined on the line is there to be used: its body is assessed like a function's. */
export function aliasNested({ args }: NormalisedCommand): NestedResult {
  const nested = args
    .map((a) => /^[^=\s]+=(.+)$/s.exec(a.text)?.[1])
    .filter((v): v is string => !!v)
    .map((code) => ({ code, via: 'alias' }));
  return { nested, codeSource: null };
}

/** trap CODE SIGNAL...: the code runs later, when the signal (or EXIT) comes. */
export function trapNested({ args }: NormalisedCommand): NestedResult {
  const code = args[0];
  if (!code || args.length < 2 || code.text === '-' || /^-/.test(code.text) || /^[0-9]+$/.test(code.text)) return NONE;
  return { nested: [{ code: code.text, via: 'trap' }], codeSource: sourceOfWord(code) };
}
