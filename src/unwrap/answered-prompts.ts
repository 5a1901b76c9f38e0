// Prompts answered by a pipe: `yes | rm -ri ~/x` is rm -r with every "remove?" answered yes,
// `printf 'c\n' | git clean -dxi` picks "clean" from git's menu. The interactive flag was the
// only thing between the command and what it deletes, so the command is read again without it.

import { GIT } from '../options/tools.js';
import { leadingOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import type { NestedCode, Stdin } from './result.js';

const NONE: NestedCode[] = [];

/** Words without the interactive flag: -i, -I, --interactive[=…], and i or I inside a cluster (-rI is -r). */
function withoutPrompt(args: Arg[]): { words: string[]; changed: boolean } {
  let changed = false;
  const words: string[] = [];
  for (const a of args) {
    if (a.dynamic || a.text === '--') {
      words.push(quoteArg(a));
      continue;
    }
    if (/^--interactive(=.*)?$/.test(a.text)) {
      changed = true;
      continue;
    }
    if (/^-[a-zA-Z]+$/.test(a.text) && /[iI]/.test(a.text)) {
      changed = true;
      const rest = a.text.replace(/[iI]/g, '');
      if (rest !== '-') words.push(rest);
      continue;
    }
    words.push(quoteArg(a));
  }
  return { words, changed };
}

/** Programs that print nothing: piped into a prompt, they answer it with end of input, which is no. */
const SILENT = new Set(['true', 'false', ':']);

/**
 * Whether something other than a person answers the command's prompts: `yes` (with no word,
 * or one that starts with y), text piped or redirected in that says yes, or a file or command
 * whose content the line does not show (rm reads its answers from any stdin, terminal or
 * not). Empty text, /dev/null and the terminal itself (/dev/tty) do not.
 */
function answered(cmd: NormalisedCommand, stdin: Stdin): boolean {
  const up = cmd.upstream;
  if (up?.name === 'yes') return up.args.length === 0 || up.args[0]!.dynamic || /^[yY]/.test(up.args[0]!.text);
  if (up && SILENT.has(up.name)) return false;
  // rm, cp and mv take a line starting with y as yes; git clean's menu runs on clean (c, 1) or ask each (a, 4) then y.
  if (stdin?.kind === 'text')
    return cmd.name === 'git'
      ? /^\s*(c|clean|1)\s*$/im.test(stdin.text) || (/^\s*(a|ask each|4)\s*$/im.test(stdin.text) && /^\s*y/im.test(stdin.text))
      : /^\s*[yY]/m.test(stdin.text);
  if (stdin !== null || up !== null) return true;
  return cmd.redirects.some(
    (r) => r.op === '<' && (r.fd === null || r.fd === 0) && (r.target.dynamic || (r.target.text !== '/dev/null' && r.target.text !== '/dev/tty')),
  );
}

export function answeredPrompts(cmd: NormalisedCommand, stdin: Stdin): NestedCode[] {
  if (cmd.name !== 'rm' && cmd.name !== 'cp' && cmd.name !== 'mv' && cmd.name !== 'git') return NONE;
  if (!answered(cmd, stdin)) return NONE;
  const via = `${cmd.name} with its prompts answered by the pipe`;
  if (cmd.name === 'git') {
    const sub = leadingOptions(cmd.args, GIT).operand;
    if (cmd.args[sub]?.text !== 'clean') return NONE;
    const { words, changed } = withoutPrompt(cmd.args.slice(sub + 1));
    return changed ? [{ code: ['git', ...cmd.args.slice(0, sub + 1).map(quoteArg), '-f', ...words].join(' '), via }] : NONE;
  }
  const { words, changed } = withoutPrompt(cmd.args);
  return changed ? [{ code: [cmd.name, ...(cmd.name === 'rm' ? ['-f'] : []), ...words].join(' '), via }] : NONE;
}
