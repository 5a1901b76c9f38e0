// Small helpers over words (Arg) shared by the modules that build or read command lines.

import type { Arg } from './commands.js';

/** A word written literally: no quotes, globs or expansions. */
export function literalArg(text: string, home = false): Arg {
  return { text, quoted: false, glob: false, dynamic: false, home };
}

/** The value of the first of these options: `-m shell`, `--module-name=shell`, `-C=cmd`, `-mshell`. */
export function optionValue(args: Arg[], names: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (names.includes(t)) return args[i + 1]?.text ?? null;
    for (const n of names) {
      if (t.startsWith(n + '=')) return t.slice(n.length + 1);
      if (!n.startsWith('--') && t.startsWith(n) && t.length > n.length) return t.slice(n.length);
    }
  }
  return null;
}
