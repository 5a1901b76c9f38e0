// Which interpreter a command line starts and where its program comes from: inline code
// (python -c, node -e, perl -e, ruby -e, php -r, deno eval, bun -e), a script file, or
// stdin. Options are walked the way each interpreter walks them, so `perl -ie 'code'` is
// not taken for inline code (-i swallows the e).

import { basename } from '../shell/normalise.js';
import type { InterpreterLanguage } from './equivalents.js';

interface ArgvSpec {
  language: InterpreterLanguage;
  /** Short options whose value is inline code. */
  code: string;
  /** Code may be glued to its option (-c'print(1)'); otherwise it is always the next word. */
  glued: boolean;
  /** Short options whose value is the rest of the word, or the next word when nothing is left. */
  valued: string;
  /** Short options that take only what is glued to them (perl -i.bak, -MFile::Path). */
  glueOnly: string;
  /** Short options followed by optional digits (perl -l0, -0777). */
  digits: string;
  /** Options that name the program instead: a module or a file (python -m, php -f). */
  program: string;
  /** Options after which nothing is read from stdin (--version, -h). */
  noStdin: string;
  long: Record<string, 'code' | 'value' | 'noStdin' | 'program'>;
  /** Inline code ends option processing (python -c). */
  codeEnds: boolean;
}

const NODE_LONG: ArgvSpec['long'] = {
  '--eval': 'code', '--print': 'code', '--require': 'value', '--import': 'value', '--loader': 'value', '--experimental-loader': 'value', '--conditions': 'value',
  '--input-type': 'value', '--env-file': 'value', '--title': 'value', '--preload': 'value', '--cwd': 'value', '--config': 'value',
  '--help': 'noStdin', '--version': 'noStdin', '--check': 'noStdin', '--test': 'program', '--run': 'program',
};
const spec = (language: InterpreterLanguage, s: Partial<ArgvSpec>): ArgvSpec =>
  ({ language, code: '', glued: true, valued: '', glueOnly: '', digits: '', program: '', noStdin: '', long: {}, codeEnds: false, ...s });
const PYTHON_ARGV = spec('python', { code: 'c', valued: 'WX', program: 'm', noStdin: 'hV', long: { '--help': 'noStdin', '--version': 'noStdin', '--check-hash-based-pycs': 'value' }, codeEnds: true });
const NODE_ARGV = spec('node', { code: 'ep', glued: false, valued: 'rC', noStdin: 'vhc', long: NODE_LONG });
const BUN_ARGV = spec('node', { code: 'ep', glued: false, valued: 'rc', noStdin: 'vh', long: NODE_LONG });
const PERL_ARGV = spec('perl', { code: 'eE', glueOnly: 'iIMmxdDFCV', digits: 'l0', noStdin: 'vhV' });
const RUBY_ARGV = spec('ruby', { code: 'e', valued: 'rICE', glueOnly: 'ixFWKT', digits: '0', noStdin: 'h', long: { '--help': 'noStdin', '--version': 'noStdin' } });
const PHP_ARGV = spec('php', { code: 'rBRE', valued: 'dcztS', program: 'f', noStdin: 'vhilmS', long: { '--help': 'noStdin', '--version': 'noStdin' } });

function specFor(name: string): ArgvSpec | 'deno' | null {
  if (/^(python|pypy)[0-9.]*$/.test(name)) return PYTHON_ARGV;
  if (name === 'node' || name === 'nodejs') return NODE_ARGV;
  if (name === 'bun') return BUN_ARGV;
  if (name === 'deno') return 'deno';
  if (/^perl[0-9.]*$/.test(name)) return PERL_ARGV;
  if (/^ruby[0-9.]*$/.test(name)) return RUBY_ARGV;
  return /^php[0-9.]*$/.test(name) ? PHP_ARGV : null;
}

interface Invocation { spec: ArgvSpec; code: string[]; program: boolean; noStdin: boolean }

/** Walks an interpreter's options the way it does, up to its program: inline code, a file, or stdin. */
function readInvocation(argv: string[]): Invocation | null {
  const s = specFor(basename(argv[0] ?? ''));
  if (s === null || s === 'deno') return null;
  const inv: Invocation = { spec: s, code: [], program: false, noStdin: false };
  let i = 1;
  // `node -e` with nothing after it is an error: nothing runs, nothing is read.
  const take = (): void => { const v = argv[i++]; if (v === undefined) inv.noStdin = true; else inv.code.push(v); };
  while (i < argv.length && !(s.codeEnds && inv.code.length > 0)) {
    const a = argv[i++]!;
    if (a === '-') break;
    if (a === '--' || !a.startsWith('-')) { inv.program = a !== '--' || (argv[i] !== undefined && argv[i] !== '-'); break; }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const kind = s.long[eq < 0 ? a : a.slice(0, eq)];
      if (kind === 'code') { if (eq >= 0) inv.code.push(a.slice(eq + 1)); else take(); }
      else if (kind === 'value' && eq < 0) i++;
      else if (kind === 'noStdin') inv.noStdin = true;
      else if (kind === 'program') { inv.program = true; break; }
      continue;
    }
    let pending = false;
    for (let j = 1; j < a.length; j++) {
      const l = a[j]!;
      const rest = a.slice(j + 1);
      if (s.noStdin.includes(l)) inv.noStdin = true;
      if (s.code.includes(l)) {
        if (s.glued && rest) { inv.code.push(rest); break; }
        pending = true;
      } else if (s.program.includes(l)) { inv.program = true; return inv; }
      else if (s.valued.includes(l)) { if (!rest) i++; break; }
      else if (s.glueOnly.includes(l)) break;
      else if (s.digits.includes(l)) j += /^(x[0-9a-fA-F]+|[0-7]*)/.exec(rest)![0].length;
    }
    if (pending) take();
  }
  return inv;
}

/** deno eval [options] CODE */
function denoEval(argv: string[]): string | null {
  if (argv[1] !== 'eval') return null;
  const valued = new Set(['--ext', '--config', '-c', '--import-map', '--location', '--seed', '--cert', '--log-level', '-L']);
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return argv[i + 1] ?? null;
    if (!a.startsWith('-')) return a;
    if (valued.has(a)) i++;
  }
  return null;
}

export function inlineCode(argv: string[]): { language: InterpreterLanguage; code: string } | null {
  if (basename(argv[0] ?? '') === 'deno') {
    const code = denoEval(argv);
    return code === null ? null : { language: 'node', code };
  }
  const inv = readInvocation(argv);
  return inv && inv.code.length > 0 ? { language: inv.spec.language, code: inv.code.join('\n') } : null;
}

export function stdinInterpreter(argv: string[]): InterpreterLanguage | null {
  const name = basename(argv[0] ?? '');
  if (name === 'bun') return null; // bun and deno read a program only from a file or inline
  const inv = readInvocation(argv);
  if (!inv || inv.code.length > 0 || inv.program || inv.noStdin) return null;
  return inv.spec.language;
}
