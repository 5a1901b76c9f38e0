// Files that sed and awk scripts write by themselves, without a shell redirect: sed's `w`
// command and `s///w` flag, awk's `print > "file"`. Said as the tee that would do the same,
// so a write onto a guard file, a dotfile or a system file is judged like one.

import type { OptionSpec } from '../options/spec.js';
import { AWK, SED } from '../options/tools.js';
import { walkOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import type { NestedResult } from './result.js';
import { singleQuote } from '../shell/quote.js';

/**
 * A sed or awk program's text: every -e (sed's --expression, gawk's --source), else the
 * first operand, unless -f names a program file instead (which is not read here).
 */
function programs(args: Arg[], spec: OptionSpec): string[] {
  const code: string[] = [];
  let file = false;
  let first: string | null = null;
  for (const tok of walkOptions(args, spec)) {
    if (tok.kind === 'option' && tok.value !== undefined) {
      if (tok.takes === 'code') code.push(tok.value);
      else file ||= tok.takes === 'file';
    }
    if (tok.kind === 'operand' && first === null) first = args[tok.at]!.text;
  }
  return code.length > 0 ? code : first !== null && !file ? [first] : [];
}

/** The files a sed script writes: `w FILE`, `W FILE` (the name runs to the end of the line), and `s/a/b/w FILE`. */
function sedWrites(args: Arg[]): string[] {
  const out: string[] = [];
  for (const script of programs(args, SED)) {
    for (const line of script.split('\n')) {
      const s = /s(.)(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1[gpiImMe0-9]*w\s*(\S.*)$/.exec(line);
      if (s) {
        out.push(s[2]!.trim());
        continue;
      }
      const w = /(?:^|[;{}!$0-9/]|\s)\s*[wW]\s+(\S.*)$/.exec(line);
      if (w) out.push(w[1]!.trim());
    }
  }
  return out;
}

/** The files an awk program prints to: print > "FILE" rewrites it, >> appends. */
function awkWrites(args: Arg[]): Array<{ file: string; append: boolean }> {
  const program = programs(args, AWK).join('\n');
  if (!program) return [];
  const out: Array<{ file: string; append: boolean }> = [];
  for (const m of program.matchAll(/\bprintf?\b[^;{}\n>|]*(>>?)\s*"([^"\n]+)"/g)) out.push({ file: m[2]!, append: m[1] === '>>' });
  return out;
}

/** The tee lines that stand for what a sed or awk command writes. */
function scriptWriteLines(name: string, args: Arg[]): string[] {
  if (name === 'sed' || name === 'gsed') return sedWrites(args).map((f) => `tee -- ${singleQuote(f)}`);
  if (/^[gmn]?awk$/.test(name)) return awkWrites(args).map((w) => `tee ${w.append ? '-a ' : ''}-- ${singleQuote(w.file)}`);
  return [];
}

/** The writes a sed or awk command makes, or null when it makes none (its code is then read as any other). */
export function sedAwkNested({ name, args }: NormalisedCommand): NestedResult | null {
  const writes = scriptWriteLines(name, args);
  return writes.length > 0 ? { nested: writes.map((code) => ({ code, via: `${name} writing a file` })), codeSource: null } : null;
}
