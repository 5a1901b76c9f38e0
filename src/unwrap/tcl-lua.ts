// Two small languages whose programs run commands, found where a shell line hands them
// code: Tcl (tclsh, wish, expect: `exec`, `spawn`, `system`, `open "|…"`) and Lua (lua,
// luajit: os.execute, io.popen, os.remove, os.rename). Each is read only as far as
// finding those calls with literal arguments; a call whose argument is computed is code
// the line does not show.

import { optionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { singleQuote } from '../shell/quote.js';
import { fromStdin, NONE, type NestedCode, type NestedResult, type Stdin } from './result.js';

const EXPECT = optionSpec({ code: '-c', file: '-f', value: '-D' });
const LUA = optionSpec({ code: '-e', value: '-l' });

export const TCL_NAMES = new Set(['tclsh', 'wish', 'expect', 'jimsh']);
export const LUA_NAMES = new Set(['lua', 'luajit', 'lua5.1', 'lua5.2', 'lua5.3', 'lua5.4']);

/** Tcl words as shell words: {braced} and "quoted" become single-quoted, $env(HOME) the home. */
function tclWords(text: string): string {
  return text
    .replace(/\$(::)?env\(HOME\)/g, '~')
    .replace(/\{([^{}]*)\}/g, (_m, inner: string) => singleQuote(inner))
    .replace(/"([^"$[\\]*)"/g, (_m, inner: string) => (/^~(\/|$)/.test(inner) ? inner : singleQuote(inner)));
}

/** The commands a Tcl program runs: exec and spawn run a program with words, system and open "|…" hand a line to a shell. */
function tclCommands(code: string): { lines: string[]; opaque: boolean } {
  const lines: string[] = [];
  let opaque = false;
  for (const m of code.matchAll(/(?:^|[;\n[{])\s*(exec|spawn|system)\s+(?:-\w+\s+)*([^;\n\]}]*)/g)) {
    const args = m[2]!.trim();
    if (!args) continue;
    if (/^\$/.test(args)) opaque = true;
    lines.push(m[1] === 'system' ? args.replace(/^"(.*)"$/, '$1').replace(/^\{(.*)\}$/, '$1') : tclWords(args));
  }
  for (const m of code.matchAll(/\bopen\s+"\|([^"]*)"/g)) lines.push(tclWords(m[1]!));
  // file delete -force PATH, with [file join $env(HOME) x] for a path.
  const joined = code.replace(/\[\s*file\s+join\s+([^\]]{0,4096})\]/g, (_j, parts: string) => parts.trim().split(/\s+/).join('/'));
  for (const m of joined.matchAll(/\bfile\s+delete\s+((?:-force\s+|--\s+)*)([^;\n\]]*)/g)) {
    const paths = m[2]!.trim();
    if (paths) lines.push(`rm ${m[1]!.includes('-force') ? '-rf' : '-f'} -- ${tclWords(paths)}`);
  }
  return { lines, opaque };
}

/** A Lua string expression: literals joined with .., and os.getenv("HOME"); null when anything else is in it. */
function luaString(expr: string): string | null {
  let out = '';
  for (const piece of expr.split('..')) {
    const p = piece.trim();
    const lit = /^"((?:[^"\\]|\\.)*)"$|^'((?:[^'\\]|\\.)*)'$|^\[(=*)\[([\s\S]*?)\]\3\]$/.exec(p);
    if (lit) out += (lit[1] ?? lit[2] ?? lit[4] ?? '').replace(/\\n/g, '\n').replace(/\\(["'\\])/g, '$1');
    else if (/^os\.getenv\s*\(\s*["']HOME["']\s*\)$/.test(p)) out += out === '' || /\s$/.test(out) ? '~' : '$HOME';
    else return null;
  }
  return out;
}

/** The commands a Lua program runs: os.execute and io.popen hand a line to a shell; os.remove and os.rename act on a path. */
function luaCommands(code: string): { lines: string[]; opaque: boolean } {
  const lines: string[] = [];
  let opaque = false;
  for (const m of code.matchAll(
    /\b(os\.execute|io\.popen|os\.remove|os\.rename)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)|\b(os\.execute|io\.popen)\s*(\[=*\[[\s\S]*?\]=*\]|"[^"]*"|'[^']*')/g,
  )) {
    const fn = m[1] ?? m[3]!;
    const argText = m[2] ?? m[4]!;
    const args = fn === 'os.rename' ? splitArguments(argText) : [argText];
    const values = args.map(luaString);
    if (values.some((v) => v === null)) {
      opaque = true;
      continue;
    }
    const [a, b] = values as string[];
    if (fn === 'os.execute' || fn === 'io.popen') lines.push(a!);
    else if (fn === 'os.remove') lines.push(`rm -f -- ${pathWord(a!)}`);
    else lines.push(`mv -- ${pathWord(a!)} ${pathWord(b ?? '')}`);
  }
  return { lines, opaque };
}

/** A path as a shell word: quoted, except that a leading ~/ stays the home. */
const pathWord = (p: string): string => (p === '~' ? '~' : p.startsWith('~/') ? `~/${singleQuote(p.slice(2))}` : singleQuote(p));

export function tclLuaNested({ name, args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const lua = LUA_NAMES.has(name);
  const read = lua ? luaCommands : tclCommands;
  const codes: string[] = [];
  let operand = -1;
  for (const tok of walkOptions(args, lua ? LUA : EXPECT)) {
    if (tok.kind === 'option' && tok.takes === 'code' && tok.value !== undefined) codes.push(tok.value);
    if (tok.kind === 'operand' && operand < 0) operand = tok.at;
  }
  let codeSource: NestedResult['codeSource'] = null;
  // No program named (or `-`): it reads one on stdin.
  if (codes.length === 0 && (operand < 0 || args[operand]!.text === '-')) {
    const r = fromStdin(name, stdin);
    codes.push(...r.nested.map((n) => n.code));
    codeSource = r.codeSource;
  }
  const nested: NestedCode[] = [];
  for (const c of codes) {
    const { lines, opaque } = read(c);
    nested.push(...lines.map((code) => ({ code, via: `${name} code` })));
    if (opaque) codeSource ??= 'unknown';
  }
  return nested.length === 0 && !codeSource ? NONE : { nested, codeSource };
}

/** Arguments split at commas outside quotes, by a loop (a look-ahead for it is quadratic). */
function splitArguments(text: string): string[] {
  const out: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ',') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}
