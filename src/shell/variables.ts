// What the line has put in the shell's variables so far, as the flattener reads it in
// order: scalars with a literal value, arrays (cmd=(…), read -a, mapfile), the positional
// parameters (set --, a function's arguments), which ones hold what mktemp printed, and
// which loop variables stand for a glob's matches. Anything the line does not determine is
// absent, and so expands as unknown.

import type { Arg, ArgRedirect } from './arg.js';
import { builtinAssignments, DEFAULT_IFS } from './builtins.js';
import { printedText } from './printed.js';

const DECLARE = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

export class LineVariables {
  /** Variables with a literal value assigned earlier in the line. */
  private vars = new Map<string, Arg>();
  /** Variables that hold what mktemp printed: unknown paths, but temporary ones. */
  private tempVars = new Set<string>();
  /** Arrays assigned on the line (cmd=(…)), and the positional parameters set with `set --`. */
  private arrays = new Map<string, string[]>();
  positional: string[] | null = null;
  /** Loop variables that stand for the names a glob matches. */
  private matches = new Set<string>();
  /** declare -n ref=name: names that stand for other variables. */
  private namerefs = new Map<string, string>();

  get(name: string): Arg | undefined {
    return this.vars.get(this.namerefs.get(name) ?? name);
  }

  has(name: string): boolean {
    return this.vars.has(this.namerefs.get(name) ?? name);
  }

  /** The variable holds what mktemp printed. */
  isTemp(name: string): boolean {
    return this.tempVars.has(name);
  }

  /** NAME+=VALUE as the NAME=OLDVALUE forms it makes when the line knows the old value; unknown otherwise. */
  appended(a: Arg): Arg {
    if (!a.text.includes('+=')) return a;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\+=(.*)$/s.exec(a.text);
    if (!m || /^\(/.test(m[2]!)) return a;
    const old = this.vars.get(m[1]!);
    return old ? { ...a, text: `${m[1]}=${old.text}${m[2]}`, dynamic: a.dynamic || old.dynamic } : { ...a, dynamic: true };
  }

  /** Code text with each variable that holds a mktemp path written as $(mktemp -d), for code read apart from the line (trap). */
  withTempsSaid(code: string): string {
    if (this.tempVars.size === 0 && this.laterTemps.size === 0) return code;
    return code.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (m, name: string) =>
      this.tempVars.has(name) || (this.laterTemps.has(name) && !this.vars.has(name)) ? '$(mktemp -d)' : m,
    );
  }

  /** Names assigned a mktemp path anywhere on the line, before or after this point. */
  laterTemps: ReadonlySet<string> = new Set();

  /** The variable stands for each name a glob matches, quoted or not. */
  standsForMatches(name: string): boolean {
    return this.matches.has(name);
  }

  /** The field separators: IFS when the line set it to known text, else the default. */
  ifs(): string {
    const v = this.vars.get('IFS');
    return v && !v.dynamic ? v.text : DEFAULT_IFS;
  }

  forget(ref: string): void {
    const name = this.namerefs.get(ref) ?? ref;
    this.matches.delete(name);
    this.vars.delete(name);
    this.tempVars.delete(name);
    this.arrays.delete(name);
  }

  set(ref: string, value: Arg, matches = false): void {
    const name = this.namerefs.get(ref) ?? ref;
    this.forget(name);
    if (matches) this.matches.add(name);
    // cmd=(rm -rf ~): an array, its elements split as the shell splits the literal (~ is the home).
    const array = !value.dynamic && /^\((.*)\)$/s.exec(value.text);
    if (array) {
      this.arrays.set(name, array[1]!.split(/\s+/).filter(Boolean));
      return;
    }
    // d=$(mktemp -d): the value is unknown, but it is a fresh temporary path.
    if (value.dynamic && value.text === '$(…)' && value.producers?.length && value.producers.every((p) => p === 'mktemp')) this.tempVars.add(name);
    if (!value.dynamic) this.vars.set(name, value);
  }

  /**
   * What a simple command leaves in the variables: assignments alone (X=1), declarations
   * (export X=1), `set -- …`, and what read and mapfile read when the line shows it.
   */
  afterCommand(argv: Arg[], assignments: Array<{ name: string; value: Arg }>, redirects: ArgRedirect[]): void {
    if (argv.length === 0) {
      for (const a of assignments) this.set(a.name, a.value);
      return;
    }
    if (DECLARE.has(argv[0]!.text)) {
      // declare -n ref=name: ref stands for the variable name holds.
      const nameref = argv.slice(1).some((a) => /^-[a-zA-Z]*n/.test(a.text));
      for (const a of argv.slice(1)) {
        const ref = nameref ? /^([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z_][A-Za-z0-9_]*)$/.exec(a.text) : null;
        if (ref) {
          this.namerefs.set(ref[1]!, ref[2]!);
          continue;
        }
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text);
        if (m) this.set(m[1]!, { ...a, text: m[2]!, home: m[2]!.startsWith('~') });
      }
      return;
    }
    // printf -v NAME FORMAT ARG…: NAME holds what printf would print.
    if (argv[0]!.text === 'printf' && argv[1]?.text === '-v' && argv[2] && argv.slice(3).some((a) => a.dynamic)) {
      this.forget(argv[2].text);
      return;
    }
    if (argv[0]!.text === 'printf' && argv[1]?.text === '-v' && argv[2]) {
      const text = printedText(
        'printf',
        argv.slice(3).map((a) => a.text),
      );
      if (text === null) this.forget(argv[2].text);
      else this.set(argv[2].text, { text, quoted: false, glob: false, dynamic: false, home: false, splitHome: argv.slice(4).some((a) => a.home) });
      return;
    }
    // set -- a b c (or set a b c) gives "$@" its words.
    if (argv[0]!.text === 'set' && argv.length > 1 && argv.slice(1).every((a) => !a.dynamic)) {
      const words = argv.slice(1).map((a) => a.text);
      if (words[0] === '--' || !words[0]!.startsWith('-')) this.positional = words[0] === '--' ? words.slice(1) : words;
      return;
    }
    // read c <<< 'rm'; mapfile -t a < <(printf …); IFS=: read a b: what the builtin reads is known.
    const own = assignments.find((a) => a.name === 'IFS' && !a.value.dynamic);
    const assigned = builtinAssignments(argv, redirects, own ? own.value.text : this.ifs());
    for (const [n, v] of assigned?.scalars ?? [])
      if (v) this.set(n, v);
      else this.forget(n);
    for (const [n, elements] of assigned?.arrays ?? []) {
      this.forget(n);
      if (elements) this.arrays.set(n, elements);
    }
  }

  /** The words an array or positional expansion stands for, when the line set them; null otherwise. */
  listed(name: string, op: string, operand: string): string[] | null {
    if ((name === '@' || name === '*') && op === '' && this.positional) return this.positional;
    if (/^[1-9]$/.test(name) && op === '' && this.positional)
      return this.positional[Number(name) - 1] !== undefined ? [this.positional[Number(name) - 1]!] : null;
    const array = this.arrays.get(name);
    if (!array) return null;
    if (op === '') return array.slice(0, 1);
    if (op !== '[') return null;
    const index = operand.slice(0, -1);
    if (index === '@' || index === '*') return array;
    return /^\d+$/.test(index) && array[Number(index)] !== undefined ? [array[Number(index)]!] : null;
  }
}
