// The shell layer's one entry point: a command line in, the commands that would run out.

import type { ParseIssue } from './ast.js';
import { flattenScript } from './commands.js';
import { normaliseCommand, type NormalisedCommand } from './normalise.js';
import { parseShell } from './parser.js';

export type { Arg, ArgRedirect } from './commands.js';
export type { NormalisedCommand } from './normalise.js';
export { FLATTEN_LIMITS } from './commands.js';
export { LIMITS as PARSE_LIMITS } from './words.js';

export interface ParsedLine {
  commands: NormalisedCommand[];
  issues: ParseIssue[];
  /** More simple commands than FLATTEN_LIMITS.maxCommands: the rest were not looked at. */
  truncated: boolean;
}

export function parseCommandLine(line: string): ParsedLine {
  const { script, issues } = parseShell(line);
  const { commands, truncated } = flattenScript(script);
  const out: NormalisedCommand[] = [];
  for (const c of commands) {
    const n = normaliseCommand(c);
    if (n) out.push(n);
  }
  return { commands: out, issues, truncated };
}
