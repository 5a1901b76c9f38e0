// What echo and printf print, when every word is literal: the text that flows from them
// into a pipe (echo 'rm -rf /' | sh) or a substitution ($(echo rm) -rf /).

function unescapeEscapes(s: string): string {
  return s.replace(/\\(n|t|r|\\|x[0-9a-fA-F]{1,2}|0[0-7]{0,3})/g, (_m, e: string) => {
    if (e === 'n') return '\n';
    if (e === 't') return '\t';
    if (e === 'r') return '\r';
    if (e === '\\') return '\\';
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    return String.fromCharCode(parseInt(e.slice(1) || '0', 8));
  });
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
    let k = 0;
    let out = unescapeEscapes(format.replace(/%%|%[-0-9.]*[sbdq]/g, (m) => (m === '%%' ? '%' : (rest[k++] ?? ''))));
    // printf reuses its format while arguments remain.
    while (k < rest.length && k > 0) out += unescapeEscapes(format.replace(/%%|%[-0-9.]*[sbdq]/g, (m) => (m === '%%' ? '%' : (rest[k++] ?? ''))));
    return out;
  }
  return null;
}
