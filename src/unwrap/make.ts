// make runs its recipes through a shell, so a makefile the line itself supplies is code:
// `echo 'all:; rm -rf ~' | make -f -`, `make -f <(…)`, `make --eval='x:; …' x`, a makefile
// written earlier on the line, and `$(shell …)` anywhere in one. `SHELL=prog` on the
// command line makes every recipe, the project's too, run through a program it names.

import { optionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { fromStdin, isStdinPath, NONE, type NestedResult, type Stdin } from './result.js';
import { isShell } from './shells.js';

const MAKE = optionSpec({
  file: '-f --file --makefile',
  code: '-E --eval',
  value: '-C --directory -I --include-dir -o --old-file --assume-old -W --what-if --new-file --assume-new -O --output-sync --debug',
});

export const MAKES = new Set(['make', 'gmake', 'bmake', 'remake']);

/** Makefiles named with -f, --eval texts, and SHELL= and .SHELLFLAGS= operands. */
export function makeInvocation(args: Arg[]): { files: Arg[]; evals: string[]; shell: Arg | null; flags: Arg | null } {
  const files: Arg[] = [];
  const evals: string[] = [];
  let shell: Arg | null = null;
  let flags: Arg | null = null;
  for (const tok of walkOptions(args, MAKE)) {
    if (tok.kind === 'operand') {
      const a = args[tok.at]!;
      if (/^SHELL:?=/.test(a.text)) shell = { ...a, text: a.text.replace(/^SHELL:?=/, '') };
      if (/^\.SHELLFLAGS:?=/.test(a.text)) flags = { ...a, text: a.text.replace(/^\.SHELLFLAGS:?=/, '') };
      continue;
    }
    if (tok.kind !== 'option' || tok.value === undefined) continue;
    const word = tok.after > tok.at + 1 ? args[tok.after - 1]! : { ...args[tok.at]!, text: tok.value };
    if (tok.takes === 'file') files.push(word);
    if (tok.takes === 'code') evals.push(tok.value);
  }
  return { files, evals, shell, flags };
}

/** The shell commands a makefile's text runs: its recipes (rule; recipe and tab-led lines) and its $(shell …) calls. */
export function makefileCommands(text: string): string[] {
  const out: string[] = [];
  // $(HOME) and the like are make's view of the environment: the shell's $HOME.
  const lines = text
    .replace(/\\\n/g, ' ')
    .replace(/\$[({](HOME|USER|PWD|CURDIR)[)}]/g, (_m, v: string) => (v === 'CURDIR' ? '.' : `$${v}`))
    .split('\n');
  // .RECIPEPREFIX = > makes `>` start a recipe line instead of a tab.
  const prefix = /^\.RECIPEPREFIX\s*:?=\s*(\S)/m.exec(text)?.[1] ?? '\t';
  for (const line of lines) {
    for (const m of line.matchAll(/\$[({]shell\s+([^)}]{0,4096})[)}]/g)) out.push(m[1]!);
    let recipe: string | null = null;
    if (line.startsWith(prefix)) recipe = line.slice(1);
    else {
      // targets: prerequisites ; recipe (a := or :: is not this colon)
      const m = /^[^:#=\t]+:(?![:=])[^;#]*;(.*)$/.exec(line);
      if (m) recipe = m[1]!;
    }
    if (recipe === null) continue;
    const cmd = recipe.replace(/^[\s@+-]+/, '').replace(/\$\$/g, '$');
    if (cmd.trim()) out.push(cmd);
  }
  return out;
}

export function makeNested({ name, args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const { files, evals, shell, flags } = makeInvocation(args);
  const nested = evals.flatMap((t) => makefileCommands(t)).map((code) => ({ code, via: `${name} --eval` }));
  // Each recipe line runs as `$(SHELL) $(.SHELLFLAGS) LINE`: SHELL=/bin/rm .SHELLFLAGS='-rf ~/x' is rm -rf ~/x.
  const shellName = shell ? shell.text.trim().split(/\s+/)[0]! : 'sh';
  if (flags && shell && !flags.dynamic && !shell.dynamic && !isShell(shellName.slice(shellName.lastIndexOf('/') + 1)))
    nested.push({ code: `${shell.text} ${flags.text} "$RECIPE_LINE"`, via: `${name} running each recipe line with .SHELLFLAGS` });
  for (const f of files) {
    if (isStdinPath(f.text)) {
      const read = fromStdin(name, stdin);
      nested.push(...read.nested.flatMap((n) => makefileCommands(n.code)).map((code) => ({ code, via: `${name} -f -` })));
      if (read.codeSource) return { nested, codeSource: read.codeSource };
    } else if (f.output !== undefined) nested.push(...makefileCommands(f.output).map((code) => ({ code, via: `${name} -f <(…)` })));
  }
  // SHELL=/tmp/x: every recipe runs through a program the line does not show. A shell given
  // only options (SHELL="/bin/bash -eo pipefail") is still that shell.
  const program = shell?.text.trim().split(/\s+/) ?? [];
  const onlyOptions = program.slice(1).every((w) => /^[-+][A-Za-z]+$/.test(w) || /^(pipefail|errexit|nounset|xtrace)$/.test(w));
  const unknownShell = shell !== null && (shell.dynamic || !onlyOptions || !isShell(program[0]!.slice(program[0]!.lastIndexOf('/') + 1)));
  if (nested.length === 0 && !unknownShell) return NONE;
  return { nested, codeSource: unknownShell ? 'unknown' : null };
}
