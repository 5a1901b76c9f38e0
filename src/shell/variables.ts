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
  /** Elements assigned one by one (a[1]=rm, m[key]=rm) or by key in a list (m=([k]=rm)). */
  private elements = new Map<string, Map<string, string>>();
  /** declare -l / -u: values are lower- or upper-cased as they are assigned. */
  private cases = new Map<string, 'lower' | 'upper'>();

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
    if (!m) return a;
    // a+=(more words): the array with them at its end.
    const list = /^\((.*)\)$/s.exec(m[2]!);
    if (list) {
      const old = this.arrays.get(m[1]!);
      return old && !a.dynamic ? { ...a, text: `${m[1]}=(${[...old.filter((x) => x !== undefined), list[1]].join(' ')})` } : a;
    }
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
    this.elements.delete(name);
  }

  set(ref: string, value: Arg, matches = false): void {
    const element = /^([A-Za-z_][A-Za-z0-9_]*)\[([^\]]+)\]$/.exec(ref);
    if (element) {
      this.setElement(this.namerefs.get(element[1]!) ?? element[1]!, element[2]!, value);
      return;
    }
    const name = this.namerefs.get(ref) ?? ref;
    this.forget(name);
    const cased = this.cases.get(name);
    if (cased && !value.dynamic) value = { ...value, text: cased === 'lower' ? value.text.toLowerCase() : value.text.toUpperCase() };
    if (matches) this.matches.add(name);
    // cmd=(rm -rf ~): an array, its elements split as the shell splits the literal (~ is the home).
    const array = !value.dynamic && /^\((.*)\)$/s.exec(value.text);
    if (array) {
      const items = array[1]!.split(/\s+/).filter(Boolean);
      const keyed = items.map((x) => /^\[([^\]]+)\]=(.*)$/s.exec(x));
      if (keyed.every((k) => k === null)) this.arrays.set(name, items);
      else for (const k of keyed) if (k) this.setElement(name, k[1]!, { ...value, text: k[2]! });
      return;
    }
    // d=$(mktemp -d): the value is unknown, but it is a fresh temporary path.
    if (value.dynamic && value.text === '$(…)' && value.producers?.length && value.producers.every((p) => p === 'mktemp')) this.tempVars.add(name);
    if (!value.dynamic) this.vars.set(name, value);
  }

  /** a[1]=rm, m[key]=rm: one element; an unknown value or key forgets the whole array. */
  private setElement(name: string, key: string, value: Arg): void {
    if (value.dynamic || /[$`]/.test(key)) {
      this.forget(name);
      return;
    }
    const array = this.arrays.get(name);
    // Only a small index goes into the array itself: a[4294967294]=x must not make a list that long.
    if (array && /^\d{1,4}$/.test(key) && Number(key) <= array.length + 64) {
      array[Number(key)] = value.text;
      return;
    }
    const map = this.elements.get(name) ?? new Map<string, string>();
    map.set(key, value.text);
    this.elements.set(name, map);
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
      const flags = argv
        .slice(1)
        .filter((a) => /^-[a-zA-Z]+$/.test(a.text))
        .map((a) => a.text)
        .join('');
      const cased = flags.includes('l') ? 'lower' : flags.includes('u') ? 'upper' : null;
      for (const a of argv.slice(1)) {
        const ref = nameref ? /^([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z_][A-Za-z0-9_]*)$/.exec(a.text) : null;
        if (ref) {
          this.namerefs.set(ref[1]!, ref[2]!);
          continue;
        }
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(=(.*))?$/s.exec(a.text);
        if (m && cased) this.cases.set(m[1]!, cased);
        if (m?.[2]) this.set(m[1]!, { ...a, text: m[3]!, home: m[3]!.startsWith('~') });
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
    // $1, and ${1:-dist} when the function was given a first argument.
    if (/^[1-9]$/.test(name) && (op === '' || op === ':-' || op === '-') && this.positional) {
      const v = this.positional[Number(name) - 1];
      return v !== undefined && (v !== '' || op !== ':-') ? [v] : null;
    }
    const array = this.arrays.get(name);
    const elements = this.elements.get(name);
    const index = op === '[' ? operand.slice(0, -1) : '0';
    if (!array && !elements) return null;
    if (op !== '' && op !== '[') return null;
    if (index === '@' || index === '*') return [...(array ?? []).filter((x) => x !== undefined), ...(elements?.values() ?? [])];
    const v = (/^\d+$/.test(index) ? array?.[Number(index)] : undefined) ?? elements?.get(index);
    return v !== undefined ? [v] : null;
  }
}
