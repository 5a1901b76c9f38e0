// What sed and awk scripts do by themselves, without a shell: the files they write (sed's
// `w` command and `s///w` flag, awk's `print > "file"`, said as the tee that would do the
// same, so a write onto a guard file, a dotfile or a system file is judged like one) and the
// commands they run (awk's system(), pipes and getline; GNU sed's `e` command and flag).

import type { OptionSpec } from '../options/spec.js';
import { AWK, SED } from '../options/tools.js';
import { walkOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import type { NestedResult, Stdin } from './result.js';
import { runsLaterPath } from './later.js';
import { isShell } from './shells.js';
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

/** Script lines past this are not read for what they write or run (the searches are not linear in a line). */
const MAX_SED_LINE = 4096;

/** The files a sed script writes: `w FILE`, `W FILE` (the name runs to the end of the line), and `s/a/b/w FILE`. */
function sedWrites(args: Arg[]): string[] {
  const out: string[] = [];
  for (const script of programs(args, SED)) {
    for (const line of script.split('\n')) {
      if (line.length > MAX_SED_LINE) continue;
      const s = /(?:^|[;{}\s\d$/])s([^\s\\\n])(?:\\.|(?!\1)[^\\])*\1(?:\\.|(?!\1)[^\\])*\1[gpiImMe0-9]*w\s*(\S.*)$/.exec(line);
      if (s) {
        out.push(s[2]!.trim());
        continue;
      }
      const w = /(?:^|[;{}!$0-9/]|\s)[wW][ \t]+(\S.*)$/.exec(line);
      if (w) out.push(w[1]!.trim());
    }
  }
  return out;
}

/** The files an awk program prints to: print > "FILE" rewrites it, >> appends. */
function awkWrites(args: Arg[]): Array<{ file: string; append: boolean; text: string | null }> {
  const program = programs(args, AWK).join('\n');
  if (!program) return [];
  const out: Array<{ file: string; append: boolean; text: string | null }> = [];
  for (const m of program.matchAll(/\b(printf?)\b([^;{}\n>|]*)(>>?)\s*((?:"[^"\n]*"|ENVIRON\s*\[\s*"HOME"\s*\]|[ \t])+)/g)) {
    const file = awkExpr(m[4]!);
    const printed = awkExpr(m[2]!);
    if (file) out.push({ file, append: m[3] === '>>', text: printed === null ? null : printed + (m[1] === 'print' ? '\n' : '') });
  }
  return out;
}

/** A double-quoted awk string's text. */
/** awk's escapes in a string: \\n and the other letters, octal \\ooo, gawk's hex \\xhh (`"rm\\x20-rf"` is `rm -rf`). */
const AWK_LETTERS: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v' };
const awkString = (body: string): string =>
  body.replace(/\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|(.))/gs, (_m, oct: string | undefined, hex: string | undefined, c: string | undefined) =>
    oct !== undefined
      ? String.fromCharCode(Number.parseInt(oct, 8))
      : hex !== undefined
        ? String.fromCharCode(Number.parseInt(hex, 16))
        : (AWK_LETTERS[c!] ?? c!),
  );

/** An awk expression that is strings and ENVIRON["HOME"] side by side (awk joins them): its text, the home as ~ where a word starts. */
const AWK_EXPR = /^(?:\s*(?:"(?:[^"\\\n]|\\.)*"|ENVIRON\s*\[\s*"HOME"\s*\]))+\s*$/;
function awkExpr(expr: string): string | null {
  if (!AWK_EXPR.test(expr)) return null;
  let out = '';
  for (const m of expr.matchAll(/"((?:[^"\\\n]|\\.)*)"|ENVIRON\s*\[\s*"HOME"\s*\]/g)) {
    if (m[1] !== undefined) out += awkString(m[1]);
    else out += out === '' || /\s$/.test(out) ? '~' : '$HOME';
  }
  return out;
}

/**
 * The commands an awk program runs: system("CMD"), print … | "CMD", "CMD" | getline. A
 * system() or pipe whose command is not one literal string runs something the text does
 * not say.
 */
function awkRuns(args: Arg[]): { codes: string[]; unknown: boolean } {
  // awk -v c='rm -rf ~' 'BEGIN{system(c)}': a variable given on the command line is literal text.
  const given = new Map<string, string>();
  for (const tok of walkOptions(args, AWK)) {
    const m = tok.kind === 'option' && (tok.name === '-v' || tok.name === '--assign') && tok.value ? /^([A-Za-z_]\w*)=(.*)$/s.exec(tok.value) : null;
    if (m) given.set(m[1]!, m[2]!);
  }
  const source = programs(args, AWK).join('\n');
  // cmd = "shred -u x" in the program itself: a variable holding literal text is that text where it runs.
  for (const m of source.matchAll(/(?:^|[;{\s])([A-Za-z_]\w*)\s*=\s*"((?:[^"\\\n]|\\.)*)"/g)) if (!given.has(m[1]!)) given.set(m[1]!, awkString(m[2]!));
  const quoted = (v: string): string => `"${given.get(v)!.replace(/["\\]/g, '\\$&')}"`;
  const program = source
    .replace(/\bsystem\s*\(\s*([A-Za-z_]\w*)\s*\)/g, (m, v: string) => (given.has(v) ? `system(${quoted(v)})` : m))
    .replace(/\b([A-Za-z_]\w*)(\s*\|\s*getline)/g, (m, v: string, rest: string) => (given.has(v) ? `${quoted(v)}${rest}` : m))
    .replace(/(\|\s*)([A-Za-z_]\w*)\b(?!\s*\()/g, (m, bar: string, v: string) => (given.has(v) && v !== 'getline' ? `${bar}${quoted(v)}` : m));
  const codes: string[] = [];
  let unknown = false;
  for (const m of program.matchAll(/\bsystem\s*\(([^()]*)\)?/g)) {
    const code = m[1] === undefined ? null : awkExpr(m[1]);
    if (code === null) unknown = true;
    else codes.push(code);
  }
  // A pipe into getline reads a command's output ("CMD" | getline, below), not a pipe out of print.
  for (const m of program.matchAll(/(?<!\|)\|(?!\|)(?!\s*getline\b)\s*(?:"((?:[^"\\\n]|\\.)*)"\s*(?=[;}\n)]|$))?/g)) {
    if (m[1] === undefined) unknown ||= /\bprint/.test(program);
    else codes.push(awkString(m[1]));
    // Printed lines piped into a shell are code the program builds from its input, unless
    // what is printed is literal (printf "rm -rf ~" | "sh").
    const piped = m[1]?.trim().split(/\s+/)[0];
    if (piped !== undefined && isShell(piped.slice(piped.lastIndexOf('/') + 1))) {
      const before = program.slice(Math.max(0, m.index - 512), m.index).trimEnd();
      const printed = /\bprintf?[ (]+((?:"(?:[^"\\\n]|\\.)*"|ENVIRON\[\s*"HOME"\s*\]|[ \t])+?)\)?$/.exec(before);
      const text = printed ? awkExpr(printed[1]!) : null;
      if (text === null) unknown = true;
      else codes.push(text);
    }
  }
  for (const m of program.matchAll(/"((?:[^"\\\n]|\\.)*)"\s*\|\s*getline/g)) codes.push(awkString(m[1]!));
  return { codes, unknown };
}

/**
 * The commands a GNU sed script runs: the `e COMMAND` command, and the `e` flag of s///,
 * which runs the pattern space as a command (read as the replacement text, which it is
 * when the whole line is replaced).
 */
function sedRuns(args: Arg[], stdin: Stdin): { codes: string[]; unknown: boolean } {
  const codes: string[] = [];
  let unknown = false;
  // Every input line, empty ones too (echo | sed 's/^/CMD/e' runs CMD).
  const input = stdin?.kind === 'text' ? stdin.text.replace(/\n$/, '').split('\n').slice(0, 32) : null;
  // Extended regular expressions (-E, -r) make ( ) + ? { } | special too.
  const extended = args.some((a) => /^-[a-zA-Z]*[Er]|^--regexp-extended$/.test(a.text));
  for (const script of programs(args, SED)) {
    for (const line of script.split('\n')) {
      // A line past this is not read for what it runs (the searches below are not linear in it).
      if (line.length > MAX_SED_LINE) {
        if (/e/.test(line)) unknown = true;
        continue;
      }
      // An s command starts a command: at the start, after ; { } or an address (1s, $s, /re/s).
      const s = /(?:^|[;{}\s\d$/])s([^\s\\\n])((?:\\.|(?!\1)[^\\])*)\1((?:\\.|(?!\1)[^\\])*)\1[gpiImM0-9w]*e/.exec(line);
      if (s) {
        // The delimiter written escaped (s/x/rm -rf ~\/Documents/e) is itself.
        const plainDelimiter = (t: string) => t.split(`\\${s[1]}`).join(s[1]);
        const pattern = plainDelimiter(s[2]!);
        const replacement = plainDelimiter(s[3]!);
        // s/^/rm -rf /e puts the text before each input line, s/$/…/e after it; a pattern of
        // plain characters is replaced where it stands; .* is the whole line.
        const edge = pattern === '^' ? 'before' : pattern === '$' ? 'after' : null;
        const plain = !edge && (extended ? /^[^.[\]*^$\\()+?{}|]+$/ : /^[^.[\]*^$\\]+$/).test(pattern);
        const whole = /^\^?\.\*\$?$/.test(pattern);
        // & in the replacement is what the pattern matched (the whole line for .*).
        const hasAmp = /(^|[^\\])&/.test(replacement);
        const fill = (matched: string): string => replacement.replace(/(^|[^\\])&/g, (_m, pre: string) => pre + matched);
        if (/\\/.test(replacement) || ((edge || plain || hasAmp) && !input)) unknown = true;
        else if (edge) codes.push(...input!.map((l) => (edge === 'before' ? fill('') + l : l + fill(''))));
        else if (plain) codes.push(...input!.map((l) => l.replace(pattern, () => fill(pattern))));
        else if (whole) codes.push(...(hasAmp ? input!.map(fill) : [replacement]));
        else if (!input) codes.push(replacement);
        else unknown = true;
        continue;
      }
      const e = /(?:^|[;{}!$0-9/]|\s)e(?:[ \t]+(\S.*))?$/.exec(line.trimEnd()) ?? /(?:^|[;{}!$0-9/]|\s)e(?=\s*;)/.exec(line);
      if (e?.[1]) codes.push(e[1].trim());
      // `e` alone runs the pattern space: each input line is a command.
      else if (e) {
        if (input) codes.push(...input.filter((l) => l.trim() !== ''));
        else unknown = true;
      }
    }
  }
  return { codes, unknown };
}

/** The tee lines that stand for what a sed or awk command writes. */
function scriptWriteLines(name: string, args: Arg[]): string[] {
  if (name === 'sed' || name === 'gsed') return sedWrites(args).map((f) => `tee -- ${singleQuote(f)}`);
  if (/^[gmn]?awk$/.test(name))
    return awkWrites(args).map((w) => `tee ${w.append ? '-a ' : ''}-- ${w.file.startsWith('~/') ? `~/${singleQuote(w.file.slice(2))}` : singleQuote(w.file)}`);
  return [];
}

/** What a sed or awk command writes and runs, or null when neither (its code is then read as any other). */
export function sedAwkNested({ name, args }: NormalisedCommand, stdin: Stdin): NestedResult | null {
  const writes = scriptWriteLines(name, args).map((code) => ({ code, via: `${name} writing a file` }));
  // print "CMD" >> ENVIRON["HOME"] "/.bashrc": code that runs in every new shell.
  if (/^[gmn]?awk$/.test(name))
    for (const w of awkWrites(args)) if (w.text && runsLaterPath(w.file)) writes.push({ code: w.text, via: `${w.file}, which runs it later` });
  const runs = name === 'sed' || name === 'gsed' ? sedRuns(args, stdin) : awkRuns(args);
  const nested = [...writes, ...runs.codes.map((code) => ({ code, via: `${name} running a command` }))];
  if (nested.length === 0 && !runs.unknown) return null;
  return { nested, codeSource: runs.unknown ? 'unknown' : null };
}
