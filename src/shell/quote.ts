// Writing words back as shell text: for an alternative a person pastes, and for the
// nested code firebreak builds from argv (docker exec c rm -rf / -> "rm -rf /").

import type { Arg } from './commands.js';

/** Words made only of characters the shell leaves alone are printed as they are (HEAD~2, origin/main). */
const SAFE_WORD = /^[A-Za-z0-9_\-+=.,/:@%^][A-Za-z0-9_\-+=.,/:@%^~]*$/;

/** POSIX single quotes: the shell reads the text back exactly, whatever it holds. */
export function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A word of code firebreak rebuilds from an interpreter's argv (subprocess.run(['rm', '-rf', x])),
 * as the shell must be given it to receive exactly this text. Stricter than quoteText's set
 * (no ^ or ~) and always single quotes: the nested code it builds is read by firebreak's own
 * parser, not pasted by a person.
 */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : singleQuote(text);
}

export function quoteText(w: string): string {
  if (w === '') return "''";
  return SAFE_WORD.test(w) ? w : quoteForPaste(w);
}

/**
 * A word as a person pastes it, read back by the shell as exactly this text, in the
 * least surprising quoting: single quotes around text with spaces, double quotes or
 * backslashes; double quotes (with $ ` " \ escaped) around text with a single quote; and
 * for a word with both ' and !, single quotes with each ' written as '"'"' (inside double
 * quotes, ! would start history expansion in an interactive bash). A word without spaces
 * or quotes keeps its form, with each character the shell treats specially escaped (a
 * drive letter's colon, C:, stays as it is).
 */
function quoteForPaste(w: string): string {
  if (w.includes("'") && w.includes('!')) return `'${w.replace(/'/g, `'"'"'`)}'`;
  if (/["\s\\]/.test(w) && !w.includes("'")) return `'${w}'`;
  if (/["'\s]/.test(w)) return `"${w.replace(/(["\\$`])/g, '\\$1')}"`;
  return w.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}~])/g, '$1\\$2');
}

/** Quotes a word so the shell reads it back the same; expansions and globs stay live. */
export function quoteArg(a: Arg): string {
  if (a.dynamic) return /[\s'"\\]/.test(a.text) || a.quoted ? `"${a.text.replace(/(["\\`])/g, '\\$1')}"` : a.text;
  // A glob stays a glob (~/Documents/*), unless it holds characters that are shell syntax.
  const plainGlob = (t: string): boolean => a.glob && !/[\s'"\\;&|<>()$`]/.test(t);
  if (a.home && (a.text === '~' || a.text.startsWith('~/'))) {
    const rest = a.text.slice(1);
    return '~' + (rest === '' ? '' : plainGlob(rest) ? rest : quoteText(rest));
  }
  if (plainGlob(a.text)) return a.text;
  return quoteText(a.text);
}
