// Which names are interpreters, and where a command line's program comes from: inline code
// (python -c, node -e, perl -e, ruby -e, php -r, deno eval, bun -e), a script file, or
// stdin. Options are walked the way each interpreter walks them, so `perl -ie 'code'` is
// not taken for inline code (-i swallows the e).

import { optionSpec, type OptionSpec } from '../options/spec.js';
import { DENO_EVAL } from '../options/tools.js';
import { leadingOptions, walkOptions } from '../options/walk.js';
import { programName } from '../shell/command-names.js';
import type { InterpreterLanguage } from './equivalents.js';

interface Interpreter {
  language: InterpreterLanguage;
  options: OptionSpec;
  /** The first inline code ends option processing: python -c CODE ARGS... */
  codeEndsOptions: boolean;
  /** It reads a program on stdin when given none (bun and deno do not). */
  readsStdin: boolean;
}

const NODE_OPTIONS = {
  code: '-e -p --eval --print',
  value: '--require --import --loader --experimental-loader --conditions --input-type --env-file --title --preload --cwd --config',
  stops: '-v -h --help --version --check --test --run',
};

const interpreter = (language: InterpreterLanguage, options: OptionSpec, quirks: Partial<Interpreter> = {}): Interpreter => ({
  language,
  options,
  codeEndsOptions: false,
  readsStdin: true,
  ...quirks,
});

const PYTHON = interpreter('python', optionSpec({ code: 'c', value: 'W X --check-hash-based-pycs', program: 'm', stops: 'h V --help --version' }), {
  codeEndsOptions: true,
});
const NODE = interpreter('node', optionSpec({ ...NODE_OPTIONS, value: NODE_OPTIONS.value + ' -r -C', stops: NODE_OPTIONS.stops + ' -c' }, { glued: false }));
const BUN = interpreter('node', optionSpec({ ...NODE_OPTIONS, value: NODE_OPTIONS.value + ' -r -c' }, { glued: false }), { readsStdin: false });
const DENO = interpreter('node', DENO_EVAL, { readsStdin: false });
// -I takes its directory glued or as the next word; -M, -m, -i and the rest only glued.
const PERL = interpreter('perl', optionSpec({ code: 'e E', value: 'I', stops: 'v h V' }, { glueOnly: 'iMmxdDFCV', digits: 'l0' }));
const RUBY = interpreter('ruby', optionSpec({ code: 'e', value: 'r I C E', stops: 'h --help --version' }, { glueOnly: 'ixFWKT', digits: '0' }));
const PHP = interpreter('php', optionSpec({ code: 'r B R E', value: 'd c z t S', program: 'f', stops: 'v h i l m S' }));

/** Every interpreter by the names it is installed under (python3.12, pypy3, nodejs, perl5.36). */
const INTERPRETERS: ReadonlyArray<[RegExp, Interpreter]> = [
  [/^(python|pypy)[0-9.]*$/, PYTHON],
  [/^(node|nodejs)$/, NODE],
  [/^bun$/, BUN],
  [/^deno$/, DENO],
  [/^perl[0-9.]*$/, PERL],
  [/^ruby[0-9.]*$/, RUBY],
  [/^php[0-9.]*$/, PHP],
];

function interpreterOf(name: string): Interpreter | null {
  const base = programName(name);
  for (const [pattern, i] of INTERPRETERS) if (pattern.test(base)) return i;
  return null;
}

/** The command name is an interpreter that runs a program it is given (a file, or <(curl …)). */
export const isInterpreter = (name: string): boolean => interpreterOf(name) !== null;

/** The language an interpreter's name runs, or null when the name is none. */
export const interpreterLanguage = (name: string): InterpreterLanguage | null => interpreterOf(name)?.language ?? null;

interface Invocation {
  code: string[];
  program: boolean;
  noStdin: boolean;
}

/** Walks an interpreter's options the way it does, up to its program: inline code, a file, or stdin. */
function readInvocation(argv: readonly string[], it: Interpreter): Invocation {
  const inv: Invocation = { code: [], program: false, noStdin: false };
  const words = argv.map((text) => ({ text }));
  for (const tok of walkOptions(words, it.options, 1)) {
    if (tok.kind === 'end') {
      const next = argv[tok.at + 1];
      inv.program = next !== undefined && next !== '-';
      break;
    }
    if (tok.kind === 'operand') {
      inv.program = argv[tok.at] !== '-';
      break;
    }
    if (it.options.stops.has(tok.name)) inv.noStdin = true;
    if (tok.takes === 'program') {
      inv.program = true;
      break;
    }
    if (tok.takes === 'code') {
      // `node -e` with nothing after it is an error: nothing runs, nothing is read.
      if (tok.value === undefined) inv.noStdin = true;
      else inv.code.push(tok.value);
      if (it.codeEndsOptions) break;
    }
  }
  return inv;
}

/** deno eval [options] CODE */
function denoEval(argv: readonly string[]): string | null {
  if (argv[1] !== 'eval') return null;
  const { operand } = leadingOptions(
    argv.map((text) => ({ text })),
    DENO_EVAL,
    2,
  );
  return argv[operand] ?? null;
}

export function inlineCode(argv: readonly string[]): { language: InterpreterLanguage; code: string } | null {
  const it = interpreterOf(argv[0] ?? '');
  if (!it) return null;
  if (it === DENO) {
    const code = denoEval(argv);
    return code === null ? null : { language: it.language, code };
  }
  const inv = readInvocation(argv, it);
  return inv.code.length > 0 ? { language: it.language, code: inv.code.join('\n') } : null;
}

export function stdinInterpreter(argv: readonly string[]): InterpreterLanguage | null {
  const it = interpreterOf(argv[0] ?? '');
  if (!it?.readsStdin) return null;
  const inv = readInvocation(argv, it);
  return inv.code.length > 0 || inv.program || inv.noStdin ? null : it.language;
}
