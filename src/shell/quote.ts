// Writing words back as shell text: for an alternative a person pastes, and for the
// nested code firebreak builds from argv (docker exec c rm -rf / -> "rm -rf /").

import { quote } from 'shell-quote';
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
  return SAFE_WORD.test(w) ? w : quote([w]);
}

/** Quotes a word so the shell reads it back the same; expansions and globs stay live. */
export function quoteArg(a: Arg): string {
  if (a.dynamic) return /[\s'"\\]/.test(a.text) || a.quoted ? `"${a.text.replace(/(["\\`])/g, '\\$1')}"` : a.text;
  if (a.home && (a.text === '~' || a.text.startsWith('~/'))) return '~' + (a.text.length > 1 ? quoteText(a.text.slice(1)) : '');
  if (a.glob && !/[\s'"\\;&|<>()$`]/.test(a.text)) return a.text;
  return quoteText(a.text);
}
