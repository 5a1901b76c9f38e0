// Prefix and suffix removal as bash does it (${v#pat}, ${v##pat}, ${v%pat}, ${v%%pat}), with
// the pattern a glob: `*` any text, `?` one character, `[…]` a class. Used wherever a value
// is known: a variable the line set, or the home and working directory where it runs. The
// glob becomes one RE2 expression, whose matching time is linear in the text whatever the
// pattern (a backtracking engine would take minutes on `*a*a*a*a*b` over a long value).

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Loaded on first use: most lines never trim a pattern, and start-up should not pay for the addon. */
let RE2: typeof import('re2') | undefined;

/** Text longer than this is not trimmed (the result is left unknown). */
const MAX_TEXT = 4096;

/** A bash pattern as regular-expression source, its stars lazy or greedy; null for one this reading does not cover. */
function patternSource(pattern: string, lazy: boolean): string | null {
  if (pattern.length > 256) return null;
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') re += lazy ? '[\\s\\S]*?' : '[\\s\\S]*';
    else if (c === '?') re += '[\\s\\S]';
    else if (c === '\\' && i + 1 < pattern.length) re += escapeChar(pattern[++i]!);
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) return null;
      const body = pattern
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      re += `[${body}]`;
      i = end;
    } else re += escapeChar(c);
  }
  return re;
}

const escapeChar = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * `text` with the op's prefix or suffix removed; null when the op is not one of # ## % %% or
 * the pattern is not read. # takes the shortest matching prefix, ## the longest; % the
 * shortest matching suffix, %% the longest.
 */
export function trimPattern(text: string, op: string, pattern: string): string | null {
  if (text.length > MAX_TEXT) return null;
  const prefix = op === '#' || op === '##';
  if (!prefix && op !== '%' && op !== '%%') return null;
  const shortest = op.length === 1;
  const p = patternSource(pattern, prefix ? shortest : false);
  if (p === null) return null;
  // The rest of the text is the part kept: lazy where the removed part must be longest.
  const source = prefix ? `^(?:${p})([\\s\\S]*)$` : `^([\\s\\S]*${shortest ? '' : '?'})(?:${p})$`;
  let m: RegExpExecArray | null;
  try {
    RE2 ??= require('re2') as typeof import('re2');
    m = new RE2(source).exec(text);
  } catch {
    return null;
  }
  return m ? m[1]! : text;
}
