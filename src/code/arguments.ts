// The words a command line gives the code after it (python3 -c CODE a b): each language's name
// for that list, and where the words start in it (sys.argv[1] is the first, $ARGV[0] is).

import type { CodeLanguage } from './lexer.js';
import { UNKNOWN, type Val } from './values.js';

const ARGV: Partial<Record<CodeLanguage, { names: readonly string[]; index: number }>> = {
  python: { names: ['sys.argv'], index: 1 },
  node: { names: ['process.argv'], index: 1 },
  ruby: { names: ['ARGV'], index: 0 },
  perl: { names: ['$ARGV', '@ARGV'], index: 0 },
  php: { names: ['$argv'], index: 1 },
};

/** The argument list as a list value (the code's own name first where the language keeps one); null for any other name. */
export function argvList(lang: CodeLanguage, name: string, argv: readonly Val[]): Val | null {
  const where = ARGV[lang];
  if (!where?.names.includes(name)) return null;
  return { k: 'list', items: [...Array.from({ length: where.index }, () => UNKNOWN), ...argv] };
}
