// What unwrapping a command gives: the code it would run, as shell text to be read again
// and assessed as if typed, or, when that code cannot be read (a download, an encoded
// payload, something unknown), where it comes from.

import type { Arg } from '../shell/arg.js';
import type { CodeSource } from '../shell/normalise.js';
import { DECODERS, DOWNLOADERS } from './code-sources.js';

export interface NestedCode {
  code: string;
  /** How it was reached, for the reader: 'bash -c', 'xargs', 'ssh web1'. */
  via: string;
  /** Another machine or a container the code runs in. */
  remote?: string;
}

/** What a command reads on stdin, as far as the line shows. */
export type Stdin = { kind: 'text'; text: string } | { kind: CodeSource } | { kind: 'find'; items: string[] } | null;

export interface NestedResult {
  nested: NestedCode[];
  codeSource: CodeSource | null;
}

/** A family's answer for a command that runs nothing it can read, or nothing at all. */
export const NONE: NestedResult = { nested: [], codeSource: null };

/** The source of code that a word carries through command substitution, if it is unreadable. */
export function sourceOfWord(a: Arg): CodeSource | null {
  if (!a.dynamic) return null;
  if (a.producers?.some((p) => DOWNLOADERS.has(p))) return 'download';
  if (a.producers?.some((p) => DECODERS.has(p))) return 'decoded';
  // The whole code is one variable: nothing on the line says what it holds.
  if (!a.producers && /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(a.text)) return 'unknown';
  return null;
}

/** The worse of two sources of unreadable code. */
export function worst(a: CodeSource | null, b: CodeSource | null): CodeSource | null {
  const rank = { download: 3, decoded: 2, unknown: 1 } as const;
  if (!a) return b;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}

/** A file operand that is the command's own standard input: -, /dev/stdin, /dev/fd/0, /proc/self/fd/0. */
export const isStdinPath = (text: string): boolean => text === '-' || text === '/dev/stdin' || text === '/dev/fd/0' || text === '/proc/self/fd/0';

/** Code a command reads on stdin (sh, at, source /dev/stdin): the text when the line holds it, else where it comes from. */
export function fromStdin(name: string, stdin: Stdin): NestedResult {
  if (!stdin) return NONE;
  if (stdin.kind === 'text') return { nested: [{ code: stdin.text, via: `${name} reading stdin` }], codeSource: null };
  if (stdin.kind === 'find') return { nested: [], codeSource: 'unknown' };
  return { nested: [], codeSource: stdin.kind };
}
