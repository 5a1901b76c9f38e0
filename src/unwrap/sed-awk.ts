// Files that sed and awk scripts write by themselves, without a shell redirect: sed's `w`
// command and `s///w` flag, awk's `print > "file"`. Said as the tee that would do the same,
// so a write onto a guard file, a dotfile or a system file is judged like one.

import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import type { NestedResult } from './result.js';
import { singleQuote } from '../shell/quote.js';

const SED_VALUES = new Set(['-e', '--expression', '-f', '--file', '-l', '--line-length']);
const AWK_VALUES = new Set(['-F', '--field-separator', '-v', '--assign', '-f', '--file', '-e', '--source', '-i', '--include', '-l', '--load']);

/** sed's scripts: every -e/--expression, else the first operand. */
function sedScripts(args: Arg[]): string[] {
  const scripts: string[] = [];
  let first: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '-e' || t === '--expression') { const v = args[i + 1]; if (v) scripts.push(v.text); i++; continue; }
    if (t.startsWith('--expression=')) { scripts.push(t.slice('--expression='.length)); continue; }
    if (/^-e./.test(t)) { scripts.push(t.slice(2)); continue; }
    if (SED_VALUES.has(t)) { i++; continue; }
    if (t.startsWith('-') && t !== '-') continue;
    if (first === null) first = t;
  }
  return scripts.length > 0 ? scripts : first !== null ? [first] : [];
}

/** The files a sed script writes: `w FILE`, `W FILE` (the name runs to the end of the line), and `s/a/b/w FILE`. */
export function sedWrites(args: Arg[]): string[] {
  const out: string[] = [];
  for (const script of sedScripts(args)) {
    for (const line of script.split('\n')) {
      const s = /s(.)(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1[gpiImMe0-9]*w\s*(\S.*)$/.exec(line);
      if (s) { out.push(s[2]!.trim()); continue; }
      const w = /(?:^|[;{}!$0-9/]|\s)\s*[wW]\s+(\S.*)$/.exec(line);
      if (w) out.push(w[1]!.trim());
    }
  }
  return out;
}

/** The files an awk program prints to: print > "FILE" rewrites it, >> appends. */
export function awkWrites(args: Arg[]): Array<{ file: string; append: boolean }> {
  let program: string | null = null;
  for (let i = 0; i < args.length && program === null; i++) {
    const t = args[i]!.text;
    if (AWK_VALUES.has(t)) { i++; continue; }
    if (t.startsWith('-') && t !== '-') continue;
    program = t;
  }
  if (program === null) return [];
  const out: Array<{ file: string; append: boolean }> = [];
  for (const m of program.matchAll(/\bprintf?\b[^;{}\n>|]*(>>?)\s*"([^"\n]+)"/g)) out.push({ file: m[2]!, append: m[1] === '>>' });
  return out;
}

/** The tee lines that stand for what a sed or awk command writes. */
export function scriptWriteLines(name: string, args: Arg[]): string[] {
  if (name === 'sed' || name === 'gsed') return sedWrites(args).map((f) => `tee -- ${singleQuote(f)}`);
  if (/^[gmn]?awk$/.test(name)) return awkWrites(args).map((w) => `tee ${w.append ? '-a ' : ''}-- ${singleQuote(w.file)}`);
  return [];
}

/** The writes a sed or awk command makes, or null when it makes none (its code is then read as any other). */
export function sedAwkNested({ name, args }: NormalisedCommand): NestedResult | null {
  const writes = scriptWriteLines(name, args);
  return writes.length > 0 ? { nested: writes.map((code) => ({ code, via: `${name} writing a file` })), codeSource: null } : null;
}
