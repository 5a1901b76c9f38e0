// Prefix and suffix removal as bash does it (${v#pat}, ${v##pat}, ${v%pat}, ${v%%pat}), with
// the pattern a glob: `*` any text, `?` one character, `[…]` a class. Used wherever a value
// is known: a variable the line set, or the home and working directory where it runs.

/** Text longer than this is not trimmed (the result is left unknown). */
const MAX_TEXT = 4096;

/** A bash pattern as an anchored regular expression; null for one this reading does not cover. */
function patternRegex(pattern: string): RegExp | null {
  if (pattern.length > 256) return null;
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') re += '[^]*';
    else if (c === '?') re += '[^]';
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
  try {
    return new RegExp(`^${re}$`);
  } catch {
    return null;
  }
}

const escapeChar = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** `text` with the op's prefix or suffix removed; null when the op is not one of # ## % %% or the pattern is not read. */
export function trimPattern(text: string, op: string, pattern: string): string | null {
  if (text.length > MAX_TEXT || !['#', '##', '%', '%%'].includes(op)) return null;
  const re = patternRegex(pattern);
  if (!re) return null;
  const n = text.length;
  // Shortest match first for # and %, longest for ## and %%.
  const order = op.length === 1 ? Array.from({ length: n + 1 }, (_, k) => k) : Array.from({ length: n + 1 }, (_, k) => n - k);
  for (const k of order) {
    if (op[0] === '#' ? re.test(text.slice(0, k)) : re.test(text.slice(n - k))) return op[0] === '#' ? text.slice(k) : text.slice(0, n - k);
  }
  return text;
}
