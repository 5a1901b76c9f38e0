// SQL text as the statements a client would run, each a list of tokens: quotes, dollar
// quoting, comments (MySQL's executable comments read as code), DELIMITER changes and psql
// meta-commands, in one linear scan of hostile text.

import { punct, sticky, wordStart } from './scanning.js';

export type Tok = { t: 'w' | 'q' | 's' | 'n' | 'p'; v: string };
const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const NUMBER = /[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?/y;
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;
const OPERATOR = /<=>|<>|!=|>=|<=|==|::|\|\||./y;

/** End of a quoted run starting after `open` at i: doubled quotes escape, and backslashes when `bs`. */
function closeQuote(s: string, i: number, q: string, bs: boolean): number {
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (bs && c === '\\') {
      j++;
      continue;
    }
    if (c === q) {
      if (s[j + 1] === q) {
        j++;
        continue;
      }
      return j;
    }
  }
  return s.length;
}

/**
 * Splits SQL into statements of tokens. `;` (or a mysql DELIMITER) ends a statement outside
 * quotes and comments; a psql or mysql backslash command (`\g`, `\G`, `\c db`) also ends one,
 * and it and sqlite's dot commands are skipped to the end of their line. `/*! … *\/` is
 * mysql's executable comment, so its content is read as code.
 */
export function statements(s: string, backslashEscapes: boolean): Tok[][] {
  const out: Tok[][] = [];
  let cur: Tok[] = [];
  let delim = ';';
  let execComment = 0;
  const end = (): void => {
    if (cur.length) out.push(cur);
    cur = [];
  };
  const eol = (from: number): number => {
    const k = s.indexOf('\n', from);
    return k < 0 ? s.length : k;
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === delim || (c === delim[0] && s.startsWith(delim, i))) {
      end();
      i += delim.length;
      continue;
    }
    if (c === '\\' || (c === '.' && cur.length === 0 && /[A-Za-z]/.test(s[i + 1] ?? ''))) {
      if (s.startsWith('\\gexec', i) && cur.length) cur.push(punct('\\gexec'));
      end();
      i = eol(i);
      continue;
    }
    if (cur.length === 0 && (c === 'd' || c === 'D') && /^delimiter[ \t]+\S/i.test(s.slice(i, i + 12))) {
      const line = s.slice(i + 9, eol(i)).trim();
      delim = line.split(/\s/)[0]!.slice(0, 8) || ';';
      i = eol(i);
      continue;
    }
    // mysql's # comment; Postgres' #> #>> #- are JSON operators.
    if ((c === '-' && s[i + 1] === '-') || (c === '#' && s[i + 1] !== '>' && s[i + 1] !== '-')) {
      i = eol(i);
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      if (s[i + 2] === '!') {
        execComment++;
        i += 3;
        while (/[0-9]/.test(s[i] ?? '')) i++;
        continue;
      }
      const k = s.indexOf('*/', i + 2);
      i = k < 0 ? s.length : k + 2;
      continue;
    }
    if (c === '*' && s[i + 1] === '/' && execComment > 0) {
      execComment--;
      i += 2;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      // E'…' strings always take backslash escapes; other strings only in the mysql reading.
      const prev = cur[cur.length - 1];
      const e = c === "'" && prev?.t === 'w' && /^[eE]$/.test(prev.v) && s[i - 1] === prev.v;
      if (e) cur.pop();
      const k = closeQuote(s, i + 1, c, c === "'" && (backslashEscapes || e));
      const body = s.slice(i + 1, k).replaceAll(c + c, c);
      cur.push({ t: c === "'" ? 's' : 'q', v: body });
      i = k + 1;
      continue;
    }
    if (c === '$') {
      const tag = sticky(DOLLAR_TAG, s, i);
      if (tag) {
        const k = s.indexOf(tag, i + tag.length);
        cur.push({ t: 's', v: s.slice(i + tag.length, k < 0 ? s.length : k) });
        i = k < 0 ? s.length : k + tag.length;
        continue;
      }
    }
    const w = wordStart(c) ? sticky(WORD, s, i) : null;
    if (w) {
      cur.push({ t: 'w', v: w });
      i += w.length;
      continue;
    }
    const n = c >= '0' && c <= '9' ? sticky(NUMBER, s, i) : null;
    if (n) {
      cur.push({ t: 'n', v: n });
      i += n.length;
      continue;
    }
    const op = '<>!=:|'.includes(c) ? (sticky(OPERATOR, s, i) ?? c) : c;
    cur.push(punct(op));
    i += op.length;
  }
  end();
  return out;
}
