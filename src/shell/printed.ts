// What echo and printf print, when every word is literal: the text that flows from them
// into a pipe (echo 'rm -rf /' | sh) or a substitution ($(echo rm) -rf /).

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b', E: '\x1b', '\\': '\\' };

/**
 * Backslash escapes as echo -e and printf's %b read them (\n, \xHH, \0NNN), and, in a printf
 * format, octal without the leading zero too (\NNN): printf '\162\155' prints rm.
 */
export function unescapeEscapes(s: string, bareOctal = false): string {
  const re = bareOctal ? /\\([ntrabfveE\\]|x[0-9a-fA-F]{1,2}|0[0-7]{0,3}|[0-7]{1,3})/g : /\\([ntrabfveE\\]|x[0-9a-fA-F]{1,2}|0[0-7]{0,3})/g;
  return s.replace(re, (_m, e: string) => {
    const simple = SIMPLE[e];
    if (simple !== undefined) return simple;
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    return String.fromCharCode(parseInt(e, 8));
  });
}

/** One pass of a printf format over its arguments from `k`: the text, and the next argument. */
function printfOnce(format: string, args: string[], k: number): [string, number] {
  let out = '';
  let last = 0;
  for (const m of format.matchAll(/%%|%[-+ #0-9.]*[sbdiqxXoc]/g)) {
    out += unescapeEscapes(format.slice(last, m.index), true);
    last = m.index + m[0].length;
    if (m[0] === '%%') out += '%';
    else {
      const arg = args[k++] ?? '';
      out += m[0].endsWith('b') ? unescapeEscapes(arg, true) : arg;
    }
  }
  return [out + unescapeEscapes(format.slice(last), true), k];
}

/** The output of `echo WORDS` or `printf FORMAT ARGS`; null for any other command. */
export function printedText(name: string, words: string[]): string | null {
  if (name === 'echo') {
    const rest = [...words];
    let interpret = false;
    let newline = true;
    while (rest[0] && /^-[neE]+$/.test(rest[0])) {
      if (rest[0].includes('e')) interpret = true;
      if (rest[0].includes('n')) newline = false;
      rest.shift();
    }
    const text = rest.join(' ') + (newline ? '\n' : '');
    return interpret ? unescapeEscapes(text) : text;
  }
  if (name === 'printf') {
    const [format = '', ...rest] = words[0] === '--' ? words.slice(1) : words;
    let [out, k] = printfOnce(format, rest, 0);
    // printf reuses its format while arguments remain.
    while (k < rest.length && k > 0) {
      const [more, next] = printfOnce(format, rest, k);
      out += more;
      k = next;
    }
    return out;
  }
  return null;
}
