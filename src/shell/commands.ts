// Flattens a parsed script into the simple commands the shell would run, in order, with
// each word expanded as far as the line itself allows: quotes removed, ~ and $HOME
// recognised, variables assigned earlier in the line substituted. Anything that cannot be
// known (an unset variable, a command's output) is marked dynamic, never guessed.

import type { Command, Redirect, Script, Word } from './ast.js';
import { literalArg, type Arg, type ArgRedirect } from './arg.js';

export type { Arg, ArgRedirect } from './arg.js';
import { builtinAssignments, DEFAULT_IFS } from './builtins.js';
import { editValue, expandBraces, splitFields } from './expansions.js';
import { printedText } from './printed.js';

export type CommandOrigin = 'line' | 'subshell' | 'group' | 'compound' | 'command-substitution' | 'process-substitution' | 'function' | 'here-document';

export interface ShellCommand {
  /** Which pipeline of the script the command belongs to, and its place in it. */
  pipe: { id: number; index: number };
  /** The directory set by an earlier `cd` in the line (relative to the caller's cwd), or null. */
  cwd: Arg | null;
  argv: Arg[];
  assignments: Array<{ name: string; value: Arg }>;
  redirects: ArgRedirect[];
  start: number;
  end: number;
  origin: CommandOrigin;
  depth: number;
}

export const FLATTEN_LIMITS = {
  /** Simple commands taken from one line; the rest are not assessed and the line asks. */
  maxCommands: 1000,
  /**
   * Longest word a variable's value is expanded into. Past it (a=$a$a thirty times is a
   * gigabyte from 300 bytes) the value is unknown and the line fails closed.
   */
  maxWordLength: 64 * 1024,
  /** All the text variables expand into on one line, together: as much as the line itself may hold. */
  maxExpandedChars: 1024 * 1024,
} as const;

interface FlattenResult {
  commands: ShellCommand[];
  truncated: boolean;
  /** Which limit was reached, when truncated. */
  limit: 'commands' | 'expansion' | null;
  /** Keyed `pipeline:index`: the known output of a compound stage that feeds a pipe. */
  stageText: Map<string, string>;
}

export function flattenScript(script: Script): FlattenResult {
  const f = new Flattener();
  f.script(script, 'line', 0);
  return { commands: f.out, truncated: f.truncated, limit: f.limit, stageText: f.stageText };
}

function wordIs(w: Word | undefined, name: string): boolean {
  return w !== undefined && w.parts.length === 1 && w.parts[0]!.kind === 'literal' && w.parts[0]!.text === name;
}

/** Whether a function's body runs the function itself in a pipeline or in the background. */
function forksItself(name: string, body: Command, depth = 0): boolean {
  if (depth > 16) return false;
  const inScripts = (scripts: Script[]): boolean =>
    scripts.some((sc) =>
      sc.items.some((item) => {
        const calls = item.pipeline.commands.some((c) => c.type === 'simple' && wordIs(c.words[0], name));
        if (calls && (item.pipeline.commands.length > 1 || item.next === '&')) return true;
        return item.pipeline.commands.some((c) => c.type !== 'simple' && forksItself(name, c, depth + 1));
      }),
    );
  if (body.type === 'simple') return false;
  if (body.type === 'function') return forksItself(name, body.body, depth + 1);
  return inScripts(body.bodies);
}

function splitAssignment(arg: Arg): { name: string; value: Arg } {
  const eq = arg.text.indexOf('=');
  const name = arg.text.slice(0, eq).replace(/\+$/, '');
  const value = arg.text.slice(eq + 1);
  return { name, value: { ...arg, text: value, home: value.startsWith('~') } };
}

const DECLARE = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

class Flattener {
  out: ShellCommand[] = [];
  truncated = false;
  limit: FlattenResult['limit'] = null;
  /** Characters variables have expanded into so far. */
  private expanded = 0;
  /** Variables with a literal value assigned earlier in the line. */
  private vars = new Map<string, Arg>();
  /** Variables that hold what mktemp printed: unknown paths, but temporary ones. */
  private tempVars = new Set<string>();
  /** Arrays assigned on the line (cmd=(…)), and the positional parameters set with `set --`. */
  private arrays = new Map<string, string[]>();
  private positional: string[] | null = null;
  /** Functions the line defines, by name, and those being followed into now. */
  private functions = new Map<string, Command>();
  private calling = new Set<string>();
  private pipeId = 0;
  private cwd: Arg | null = null;

  /** What a compound pipeline stage made only of echo/printf prints: `{ echo a; echo b; } | sh`. */
  stageText = new Map<string, string>();

  script(s: Script, origin: CommandOrigin, depth: number): void {
    for (const item of s.items) {
      const id = this.pipeId++;
      item.pipeline.commands.forEach((cmd, index) => {
        const from = this.out.length;
        this.command(cmd, origin, depth, { id, index });
        if (cmd.type !== 'simple' && index < item.pipeline.commands.length - 1) {
          const texts = this.out.slice(from).map((c) =>
            c.argv.every((a) => !a.dynamic)
              ? printedText(
                  c.argv[0]?.text ?? '',
                  c.argv.slice(1).map((a) => a.text),
                )
              : null,
          );
          if (texts.length > 0 && texts.every((t) => t !== null)) this.stageText.set(`${id}:${index}`, texts.join(''));
        }
      });
    }
  }

  /** A subshell or substitution runs in a child process: its `cd` does not last. */
  private isolated(fn: () => void): void {
    const saved = this.cwd;
    fn();
    this.cwd = saved;
  }

  private command(c: Command, origin: CommandOrigin, depth: number, pipe: { id: number; index: number }): void {
    if (this.out.length >= FLATTEN_LIMITS.maxCommands) {
      this.truncated = true;
      this.limit ??= 'commands';
      return;
    }
    switch (c.type) {
      case 'simple': {
        const assignments = c.assignments.map((w) => this.word(w, depth));
        const argv = c.words.flatMap((w) => splitFields(this.word(w, depth)).flatMap(expandBraces));
        const redirects = c.redirects.map((r) => this.redirect(r, depth));
        this.out.push({ pipe, cwd: this.cwd, argv, assignments: assignments.map(splitAssignment), redirects, start: c.start, end: c.end, origin, depth });
        const name = argv[0]?.text;
        if (name !== undefined && !argv[0]!.dynamic && argv.length > 1) this.call(name, argv.slice(1), depth, pipe);
        if (name === 'cd' || name === 'pushd') this.changeDirectory(argv.slice(1).filter((a) => !/^-[LPe@]+$/.test(a.text)));
        // Assignments alone (X=1) and declarations (export X=1) last for the rest of the line.
        if (argv.length === 0) for (const a of assignments.map(splitAssignment)) this.setVar(a.name, a.value);
        else if (DECLARE.has(argv[0]!.text)) {
          for (const a of argv.slice(1)) {
            const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text);
            if (m) this.setVar(m[1]!, { ...a, text: m[2]!, home: m[2]!.startsWith('~') });
          }
        }
        // set -- a b c (or set a b c) gives "$@" its words.
        else if (argv[0]?.text === 'set' && argv.length > 1 && argv.slice(1).every((a) => !a.dynamic)) {
          const words = argv.slice(1).map((a) => a.text);
          if (words[0] === '--' || !words[0]!.startsWith('-')) this.positional = words[0] === '--' ? words.slice(1) : words;
        } else {
          // read c <<< 'rm'; mapfile -t a < <(printf …): what the builtin reads is known.
          const own = assignments.map(splitAssignment).find((a) => a.name === 'IFS' && !a.value.dynamic);
          const assigned = builtinAssignments(argv, redirects, own ? own.value.text : this.ifs());
          for (const [n, v] of assigned?.scalars ?? [])
            if (v) this.setVar(n, v);
            else this.forget(n);
          for (const [n, elements] of assigned?.arrays ?? []) {
            this.forget(n);
            if (elements) this.arrays.set(n, elements);
          }
        }
        return;
      }
      case 'function':
        this.functions.set(c.name, c.body);
        // Assessed where it is defined: a function written in a command line is there to be called.
        this.isolated(() => this.command(c.body, 'function', depth + 1, pipe));
        // A function that starts copies of itself in a pipe or the background multiplies
        // until the machine runs out of processes: reported as a command of its own.
        if (forksItself(c.name, c.body)) {
          this.out.push({
            pipe,
            cwd: this.cwd,
            argv: [literalArg('@fork-bomb'), literalArg(c.name)],
            assignments: [],
            redirects: [],
            start: c.start,
            end: c.end,
            origin: 'function',
            depth,
          });
        }
        return;
      default: {
        const inner: CommandOrigin = c.type === 'subshell' ? 'subshell' : c.type === 'group' ? 'group' : 'compound';
        for (const w of c.words) this.word(w, depth);
        const body = (): void => {
          for (const b of c.bodies) this.script(b, inner, depth + 1);
        };
        if (c.type === 'subshell') this.isolated(body);
        else body();
        for (const r of c.redirects) this.redirect(r, depth);
      }
    }
  }

  /**
   * A function the line defined, called with arguments: its body again with "$@" and $1…
   * set to them (f() { rm -rf "$1"; }; f ~). At its definition the body was read with
   * them unknown; a function calling itself is not followed.
   */
  private call(name: string, args: Arg[], depth: number, pipe: { id: number; index: number }): void {
    const body = this.functions.get(name);
    if (!body || this.calling.has(name) || args.some((a) => a.dynamic)) return;
    const saved = this.positional;
    this.positional = args.map((a) => (a.home && !a.text.startsWith('~') ? `~${a.text}` : a.text));
    this.calling.add(name);
    this.command(body, 'function', depth + 1, pipe);
    this.calling.delete(name);
    this.positional = saved;
  }

  private changeDirectory(args: Arg[]): void {
    const dir = args[0];
    if (!dir) {
      this.cwd = literalArg('~', true);
      return;
    }
    if (dir.text === '-' || dir.dynamic) {
      this.cwd = { ...dir, dynamic: true };
      return;
    }
    const prev = this.cwd;
    if (!prev || dir.home || dir.text.startsWith('/')) {
      this.cwd = dir;
      return;
    }
    this.cwd = { ...prev, text: `${prev.text.replace(/\/+$/, '')}/${dir.text}` };
  }

  /** The field separators: IFS when the line set it to known text, else the default. */
  private ifs(): string {
    const v = this.vars.get('IFS');
    return v && !v.dynamic ? v.text : DEFAULT_IFS;
  }

  private forget(name: string): void {
    this.vars.delete(name);
    this.tempVars.delete(name);
    this.arrays.delete(name);
  }

  private setVar(name: string, value: Arg): void {
    // cmd=(rm -rf ~): an array, its elements split as the shell splits the literal (~ is the home).
    const array = !value.dynamic && /^\((.*)\)$/s.exec(value.text);
    if (array) {
      this.arrays.set(name, array[1]!.split(/\s+/).filter(Boolean));
      this.vars.delete(name);
      this.tempVars.delete(name);
      return;
    }
    this.arrays.delete(name);
    // d=$(mktemp -d): the value is unknown, but it is a fresh temporary path.
    if (value.dynamic && value.text === '$(…)' && value.producers?.length && value.producers.every((p) => p === 'mktemp')) this.tempVars.add(name);
    else this.tempVars.delete(name);
    if (value.dynamic) this.vars.delete(name);
    else this.vars.set(name, value);
  }

  /** The words an array or positional expansion stands for, when the line set them; null otherwise. */
  private listed(name: string, op: string, operand: string): string[] | null {
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

  private redirect(r: Redirect, depth: number): ArgRedirect {
    const out: ArgRedirect = { fd: r.fd, op: r.op, target: this.word(r.target, depth) };
    if (r.heredoc) out.input = this.word(r.heredoc.body, depth).text;
    else if (r.op === '<<<') out.input = out.target.text;
    return out;
  }

  /** Expands a word; command substitutions inside it are flattened as commands of their own. */
  word(w: Word, depth: number): Arg {
    let text = '';
    let quoted = false;
    let glob = false;
    let dynamic = false;
    let home = false;
    let guarded = false;
    let split = false;
    let output: string | undefined;
    let splitHome = false;
    const producers: string[] = [];
    const ifs = this.ifs();
    const collect = (from: number): void => {
      for (const c of this.out.slice(from)) if (c.argv[0] && !c.argv[0].dynamic) producers.push(c.argv[0].text.slice(c.argv[0].text.lastIndexOf('/') + 1));
    };
    w.parts.forEach((p, i) => {
      switch (p.kind) {
        case 'literal':
          text += p.text;
          if (p.quoted) quoted = true;
          else if (/[*?[]/.test(p.text)) glob = true;
          return;
        case 'tilde':
          if (i === 0 && p.user === '') {
            home = true;
            text += '~';
          }
          // Another user's home: /root for root, else where Linux puts homes.
          else if (i === 0) text += p.user === 'root' ? '/root' : `/home/${p.user}`;
          else {
            text += '~' + p.user;
            dynamic = true;
          }
          return;
        case 'param': {
          if (p.quoted) quoted = true;
          for (const sub of p.operandScripts ?? []) {
            const from = this.out.length;
            this.isolated(() => this.script(sub, 'command-substitution', depth + 1));
            collect(from);
          }
          // At the start of the word, or of an assignment's value (T=$HOME).
          const atStart = i === 0 || /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(text);
          const plain = p.op === '' || p.op === ':?' || p.op === '?';
          const fallback = (p.op === ':-' || p.op === '-' || p.op === ':=' || p.op === '=') && !/[$`]/.test(p.operand);
          // "${arr[@]}", ${arr[1]}, "$@", $1: words the line set with cmd=(…) or set --.
          const listed = this.listed(p.name, p.op, p.operand);
          if (listed !== null) {
            text += listed.join(' ');
            if (listed.length > 1 || !p.quoted) split = true;
            if (listed.some((x) => /^~(\/|$)/.test(x))) splitHome = true;
            if (atStart && /^~(\/|$)/.test(listed[0] ?? '')) home = true;
            return;
          }
          // ${!ref} is the variable ref names; ${v:2}, ${v^^}, ${v//x/y}, ${v#x} are worked out
          // when v is known and the pattern literal; anything else is unknown.
          const ref = p.indirect ? this.vars.get(p.name)?.text : undefined;
          const own = p.indirect ? (ref !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(ref) ? this.vars.get(ref) : undefined) : this.vars.get(p.name);
          const edited = own && !plain && !fallback ? editValue(own, p.op, p.operand) : undefined;
          let known = (plain || fallback) && (!p.indirect || plain) ? own : edited;
          if (known) this.expanded += known.text.length;
          if (known && (text.length + known.text.length > FLATTEN_LIMITS.maxWordLength || this.expanded > FLATTEN_LIMITS.maxExpandedChars)) {
            this.truncated = true;
            this.limit ??= 'expansion';
            known = undefined;
            this.vars.delete(p.name);
          }
          // After a separator the value starts a field of its own once the word is split
          // (c="rm -rf $HOME"; $c), or a word of code read again (bash -c "rm -rf $HOME").
          const fieldStart = text.length > 0 && ifs.includes(text.at(-1)!);
          if (known) {
            text += known.text;
            if (atStart && known.home) home = true;
            else if (known.home && fieldStart) splitHome = true;
            if (known.splitHome) splitHome = true;
            if (known.glob && !p.quoted) glob = true;
            if (!p.quoted && [...ifs].some((c) => known.text.includes(c))) split = true;
          } else if (p.name === 'HOME' && plain && (atStart || fieldStart)) {
            if (atStart) home = true;
            else splitHome = true;
            text += '~';
          } else if (fallback && !p.indirect && !this.vars.has(p.name)) {
            // ${DIR:-/} is / whenever DIR is unset, and nothing on the line sets it.
            text += p.operand;
            if (atStart && p.operand.startsWith('~')) home = true;
          } else {
            text += p.op || p.operand ? `\${${p.name}${p.op}${p.operand}}` : `$${p.name}`;
            dynamic = true;
            if (plain && this.tempVars.has(p.name)) producers.push('mktemp');
            if (i === 0 && (p.op === ':?' || p.op === '?')) guarded = true;
          }
          return;
        }
        case 'command-sub': {
          const from = this.out.length;
          this.isolated(() => this.script(p.script, 'command-substitution', depth + 1));
          collect(from);
          // $(echo rm) is known text: the shell pastes the output (less trailing newlines) in.
          const only = this.out.length === from + 1 ? this.out[from]! : null;
          const printed =
            only?.argv.every((a) => !a.dynamic) && only.redirects.length === 0
              ? printedText(
                  only.argv[0]?.text ?? '',
                  only.argv.slice(1).map((a) => a.text),
                )
              : null;
          if (printed !== null) {
            text += printed.replace(/\n+$/, '');
            if (!p.quoted) split = true;
            if (p.quoted) quoted = true;
            return;
          }
          text += '$(…)';
          dynamic = true;
          if (p.quoted) quoted = true;
          return;
        }
        case 'process-sub': {
          const from = this.out.length;
          this.isolated(() => this.script(p.script, 'process-substitution', depth + 1));
          collect(from);
          // <(echo 'code'): what a reader of this file gets (source <(…), bash <(…), bash < <(…)).
          const only = this.out.length === from + 1 ? this.out[from]! : null;
          const whole = w.parts.length === 1 || (i === 1 && w.parts.length === 2 && /^[A-Za-z_][A-Za-z0-9_]*=$/.test(text));
          if (whole && p.direction === '<' && only?.argv.every((a) => !a.dynamic) && only.redirects.length === 0) {
            output =
              printedText(
                only.argv[0]?.text ?? '',
                only.argv.slice(1).map((a) => a.text),
              ) ?? undefined;
          }
          text += `${p.direction}(…)`;
          dynamic = true;
          return;
        }
        case 'arith':
          for (const sub of p.scripts ?? []) {
            const from = this.out.length;
            this.isolated(() => this.script(sub, 'command-substitution', depth + 1));
            collect(from);
          }
          text += p.text;
          dynamic = true;
          return;
      }
    });
    const arg: Arg = { text, quoted, glob, dynamic, home };
    if (output !== undefined) arg.output = output;
    if (splitHome) arg.splitHome = true;
    if (producers.length > 0) arg.producers = producers;
    if (guarded) arg.guarded = true;
    if (split) arg.split = true;
    if (split && ifs !== DEFAULT_IFS) arg.ifs = ifs;
    return arg;
  }
}
