// A word of a command line (Arg), and small helpers over words shared by the modules that
// build or read command lines.

export interface Arg {
  /** The word with quotes removed; unresolved expansions appear as written ($DIR, $(...)). */
  text: string;
  /** Some part of the word was quoted or escaped. */
  quoted: boolean;
  /** An unquoted glob character (* ? [) is present. */
  glob: boolean;
  /** Part of the word comes from a variable or command output the line does not define. */
  dynamic: boolean;
  /** The word starts with the home directory (~, $HOME, ${HOME}); text then starts with ~. */
  home: boolean;
  /** Names of the commands whose output makes up part of the word ($(curl ...) -> curl). */
  producers?: string[];
  /** The word is `${VAR:?...}`-guarded: the shell aborts rather than expand it to nothing. */
  guarded?: boolean;
  /** Unquoted known text was expanded into the word: the shell splits it into words. */
  split?: boolean;
  /** The word is a process substitution <(…) whose command only prints known text: that text. */
  output?: string;
  /** The field separators the split uses, when the line set IFS to something other than space, tab and newline. */
  ifs?: string;
  /** It splits into several words ("${arr[@]}", "$@"), and each that starts with ~ is the home. */
  splitHome?: boolean;
}

/** A redirect with its target expanded as a word. */
export interface ArgRedirect {
  fd: number | null;
  op: string;
  target: Arg;
  /** A here-document's or here-string's text. */
  input?: string;
}

/** A word written literally: no quotes, globs or expansions. */
export function literalArg(text: string, home = false): Arg {
  return { text, quoted: false, glob: false, dynamic: false, home };
}
