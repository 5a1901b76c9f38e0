// Flattens a parsed script into the simple commands the shell would run, in order, with
// each word expanded as far as the line itself allows: quotes removed, ~ and $HOME
// recognised, variables assigned earlier in the line substituted. Anything that cannot be
// known (an unset variable, a command's output) is marked dynamic, never guessed.

import type { Command, Redirect, Script, Word } from './ast.js';
import { literalArg, type Arg, type ArgRedirect } from './arg.js';

export type { Arg, ArgRedirect } from './arg.js';
import { DEFAULT_IFS } from './builtins.js';
import { expandBraces } from './braces.js';
import { contextEdit, editValue, pathOutput, splitFields } from './expansions.js';
import { pipelineOutput } from './filters.js';
import { printedText } from './printed.js';
import { forksItself, mktempAssignments, readLoop, splitAssignment } from './script-shape.js';
import { LineVariables } from './variables.js';
import { withoutTrailingSlashes } from '../core/trailing-slash.js';

export type CommandOrigin = 'line' | 'subshell' | 'group' | 'compound' | 'command-substitution' | 'process-substitution' | 'function' | 'here-document';

/**
 * Which pipeline of the script a command belongs to and its place in it; `outer` is the stage
 * of an enclosing pipeline whose stdin a compound stage's first commands read (`yes | { rm -ri x; }`).
 */
export interface PipePlace {
  id: number;
  index: number;
  outer?: { id: number; index: number };
}

export interface ShellCommand {
  /** Which pipeline of the script the command belongs to, and its place in it. */
  pipe: PipePlace;
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
  f.assignedTemps(mktempAssignments(script));
  f.script(script, 'line', 0);
  return { commands: f.out, truncated: f.truncated, limit: f.limit, stageText: f.stageText };
}

/** Words of a for list read one by one; a longer list is read once, its variable unknown. */
const MAX_LOOP_READS = 8;
const MAX_LINE_LOOP_READS = 64;

class Flattener {
  out: ShellCommand[] = [];
  truncated = false;
  limit: FlattenResult['limit'] = null;
  /** Characters variables have expanded into so far. */
  private expanded = 0;
  /** What the line has set in variables so far. */
  private v = new LineVariables();
  /** Functions the line defines, by name, and those being followed into now. */
  private functions = new Map<string, Command>();
  private calling = new Set<string>();
  private pipeId = 0;
  /** The later pipeline stage a compound command being read is (its stdin is the pipe), or null. */
  private enclosingStage: { id: number; index: number } | null = null;
  private cwd: Arg | null = null;
  /** The words of the simple command that feeds the stage being read, if any. */
  private feeding: Arg[] | null = null;
  /** Loop bodies read so far, all loops of the line together. */
  private loopReads = 0;
  /** Variables the line assigns a mktemp path to, wherever: what a trap's code names. */
  assignedTemps(names: Set<string>): void {
    this.v.laterTemps = names;
  }

  /** Where the line was before its last cd ($OLDPWD), once it has moved. */
  private oldCwd: Arg | null = null;

  /** What a compound pipeline stage made only of echo/printf prints: `{ echo a; echo b; } | sh`. */
  stageText = new Map<string, string>();

  script(s: Script, origin: CommandOrigin, depth: number): void {
    for (const item of s.items) {
      const id = this.pipeId++;
      item.pipeline.commands.forEach((cmd, index) => {
        const from = this.out.length;
        // What feeds this stage, when the stage before is a simple command: a while-read loop reads it.
        const before = index > 0 && item.pipeline.commands[index - 1]!.type === 'simple' ? this.out[from - 1] : undefined;
        this.feeding = before?.pipe.id === id ? before.argv : null;
        // The first stage of a script run as a later pipeline stage reads that stage's stdin.
        const place: PipePlace = index === 0 && this.enclosingStage ? { id, index, outer: this.enclosingStage } : { id, index };
        // A stage with its own stdin (`yes | { rm -ri x; } < /dev/null`) reads that, not the pipe.
        const ownStdin =
          cmd.type !== 'simple' && cmd.type !== 'function' && (cmd.redirects ?? []).some((r) => /^<(<<?|-)?$/.test(r.op) && (r.fd === null || r.fd === 0));
        if (cmd.type !== 'simple' && index > 0 && !ownStdin) {
          const saved = this.enclosingStage;
          this.enclosingStage = { id, index };
          this.command(cmd, origin, depth, place);
          this.enclosingStage = saved;
        } else this.command(cmd, origin, depth, place);
        if (cmd.type !== 'simple' && index < item.pipeline.commands.length - 1) {
          // (crontab -l; echo '@reboot …') | crontab -: what is installed already adds nothing to judge.
          const texts = this.out.slice(from).map((c) =>
            c.argv[0]?.text === 'crontab' && c.argv.some((a) => a.text === '-l')
              ? ''
              : c.argv.every((a) => !a.dynamic)
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
    const savedOld = this.oldCwd;
    fn();
    this.cwd = saved;
    this.oldCwd = savedOld;
  }

  private command(c: Command, origin: CommandOrigin, depth: number, pipe: PipePlace): void {
    if (this.out.length >= FLATTEN_LIMITS.maxCommands) {
      this.truncated = true;
      this.limit ??= 'commands';
      return;
    }
    switch (c.type) {
      case 'simple': {
        const assignments = c.assignments.map((w) => this.v.appended(this.word(w, depth)));
        const argv = c.words.flatMap(expandBraces).flatMap((w) => splitFields(this.word(w, depth)));
        // trap 'rm -rf "$tmp"' EXIT, tmp=$(mktemp -d): the code is read later, apart from this
        // line's variables, so a temporary directory it names is said as one ($(mktemp -d)).
        if (argv[0]?.text === 'trap' && argv[1] && !argv[1].dynamic) argv[1] = { ...argv[1], text: this.v.withTempsSaid(argv[1].text) };
        const redirects = c.redirects.map((r) => this.redirect(r, depth));
        this.out.push({ pipe, cwd: this.cwd, argv, assignments: assignments.map(splitAssignment), redirects, start: c.start, end: c.end, origin, depth });
        const name = argv[0]?.text;
        if (name !== undefined && !argv[0]!.dynamic && argv.length > 1) this.call(name, argv.slice(1), depth, pipe);
        // `builtin cd ..` and `command cd ..` move the shell as `cd ..` does.
        const mover = (name === 'builtin' || name === 'command') && !argv[1]?.dynamic ? argv[1]?.text : name;
        const moveArgs = mover === name ? argv.slice(1) : argv.slice(2);
        if (mover === 'cd' || mover === 'pushd') this.changeDirectory(moveArgs.filter((a) => !/^-[LPe@]+$/.test(a.text)));
        this.v.afterCommand(argv, assignments.map(splitAssignment), redirects);
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
        // Brace expansion applies to a for loop's words, not to case patterns or [[ ]] operands.
        const words = (c.loopVar === undefined ? c.words : c.words.flatMap(expandBraces)).map((w) => this.word(w, depth));
        const body = (): void => {
          for (const b of c.bodies) this.script(b, inner, depth + 1);
        };
        const redirects = c.redirects.map((r) => this.redirect(r, depth));
        const read = c.type === 'loop' && c.loopVar === undefined ? readLoop(c.bodies[0], redirects, this.feeding) : null;
        if (c.type === 'subshell') this.isolated(body);
        else if (c.loopVar !== undefined) this.loop(c.loopVar, words.flatMap(splitFields), body);
        else if (read) {
          // The read itself first (it would forget the variable), then the body for each line.
          this.script(c.bodies[0]!, inner, depth + 1);
          this.loop(read.name, read.values, () => {
            for (const b of c.bodies.slice(1)) this.script(b, inner, depth + 1);
          });
        } else body();
      }
    }
  }

  /**
   * A function the line defined, called with arguments: its body again with "$@" and $1…
   * set to them (f() { rm -rf "$1"; }; f ~). At its definition the body was read with
   * them unknown; a function calling itself is not followed.
   */
  private call(name: string, args: Arg[], depth: number, pipe: PipePlace): void {
    const body = this.functions.get(name);
    if (!body || this.calling.has(name) || args.some((a) => a.dynamic)) return;
    const saved = this.v.positional;
    this.v.positional = args.map((a) => (a.home && !a.text.startsWith('~') ? `~${a.text}` : a.text));
    this.calling.add(name);
    this.command(body, 'function', depth + 1, pipe);
    this.calling.delete(name);
    this.v.positional = saved;
  }

  /**
   * A for loop's body, read once for each word of its list with the variable set to it (a
   * few words; past that, once with the variable unknown). A glob in the list stands for
   * each name it matches, and so does the variable, quoted or not: for d in ~/*; do rm -rf "$d".
   */
  private loop(name: string, values: Arg[], body: () => void): void {
    // Nested loops multiply: past a budget for the whole line, a loop is read once, its variable unknown.
    this.loopReads += values.length;
    if (values.length === 0 || values.length > MAX_LOOP_READS || values.some((x) => x.dynamic) || this.loopReads > MAX_LINE_LOOP_READS) {
      this.v.forget(name);
      body();
      return;
    }
    for (const x of values) {
      this.v.set(name, x, x.glob);
      body();
    }
  }

  private changeDirectory(args: Arg[]): void {
    // The directory the line started in has no name the line knows, once it has left it.
    this.oldCwd = this.cwd;
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
    this.cwd = { ...prev, text: `${withoutTrailingSlashes(prev.text)}/${dir.text}` };
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
    const ifs = this.v.ifs();
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
          // At the start of the word, or of an assignment's or an option's value (T=$HOME, --chdir=$HOME).
          const atStart = i === 0 || /^([A-Za-z_][A-Za-z0-9_]*\+?|--?[A-Za-z][\w-]*)=$/.test(text);
          // ${v@E} and the other @ transformations are edits, not the plain value.
          const plain = (p.op === '' && !p.operand.startsWith('@')) || p.op === ':?' || p.op === '?';
          const fallback = (p.op === ':-' || p.op === '-' || p.op === ':=' || p.op === '=') && !/[$`]/.test(p.operand);
          // "${arr[@]}", ${arr[1]}, "$@", $1: words the line set with cmd=(…) or set --.
          const listed = this.v.listed(p.name, p.op, p.operand);
          if (listed !== null) {
            // "${a[*]}" and "$*" join the words with IFS's first character (none when IFS is empty).
            const joined = p.quoted && (p.name === '*' || p.operand === '*]');
            text += listed.join(joined ? ifs.slice(0, 1) : ' ');
            if (!joined && (listed.length > 1 || !p.quoted)) split = true;
            if (listed.some((x) => /^~(\/|$)/.test(x))) splitHome = true;
            if (atStart && /^~(\/|$)/.test(listed[0] ?? '')) home = true;
            return;
          }
          // ${!ref} is the variable ref names; ${v:2}, ${v^^}, ${v//x/y}, ${v#x} are worked out
          // when v is known and the pattern literal; anything else is unknown.
          const ref = p.indirect ? this.v.get(p.name)?.text : undefined;
          const own = p.indirect ? (ref !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(ref) ? this.v.get(ref) : undefined) : this.v.get(p.name);
          const edited = own && !plain && !fallback ? editValue(own, p.op, p.operand) : undefined;
          let known = (plain || fallback) && (!p.indirect || plain) ? own : edited;
          if (known) this.expanded += known.text.length;
          if (known && (text.length + known.text.length > FLATTEN_LIMITS.maxWordLength || this.expanded > FLATTEN_LIMITS.maxExpandedChars)) {
            this.truncated = true;
            this.limit ??= 'expansion';
            known = undefined;
            this.v.forget(p.name);
          }
          // After a separator the value starts a field of its own once the word is split
          // (c="rm -rf $HOME"; $c), or a word of code read again (bash -c "rm -rf $HOME").
          const fieldStart = text.length > 0 && ifs.includes(text.at(-1)!);
          if (known) {
            text += known.text;
            if (atStart && known.home) home = true;
            else if (known.home && fieldStart) splitHome = true;
            if (known.splitHome) splitHome = true;
            if (known.glob && (!p.quoted || this.v.standsForMatches(p.name))) glob = true;
            if (!p.quoted && [...ifs].some((c) => known.text.includes(c))) split = true;
          } else if (
            (p.name === 'HOME' || (/^:?[-=]$/.test(p.op) && /^(\$HOME|\$\{HOME\}|~)$/.test(p.operand) && !this.v.has(p.name))) &&
            (plain || p.name !== 'HOME') &&
            (atStart || fieldStart)
          ) {
            // $HOME, and ${XDG_DATA_HOME:-$HOME}: when the variable is unset it is the home, the worse reading.
            if (atStart) home = true;
            else splitHome = true;
            text += '~';
          } else if ((p.name === '$' || p.name === 'RANDOM' || p.name === 'BASHPID' || p.name === 'PPID') && plain) {
            // Always a number: /tmp/build-$$ is a path in /tmp whatever the number is.
            text += '0';
          } else if ((p.name === 'PWD' || (p.name === 'OLDPWD' && this.oldCwd)) && plain && i === 0 && !this.v.has(p.name)) {
            // $PWD is where the line has moved to ($OLDPWD where it was): . when it has not moved.
            const dir = p.name === 'PWD' ? this.cwd : this.oldCwd;
            if (dir?.dynamic) {
              text += `$${p.name}`;
              dynamic = true;
            } else {
              text += dir ? dir.text : '.';
              if (dir?.home) home = true;
            }
          } else if (!p.indirect && !this.v.has(p.name) && contextEdit(p.name, p.op, p.operand)) {
            // ${HOME%/*}, ${PATH:0:1}: edits whose result does not depend on the machine.
            const edit = contextEdit(p.name, p.op, p.operand)!;
            text += edit.text;
            if (atStart && edit.home) home = true;
          } else if (fallback && !p.indirect && !this.v.has(p.name)) {
            // ${DIR:-/} is / whenever DIR is unset, and nothing on the line sets it.
            text += p.operand;
            if (atStart && p.operand.startsWith('~')) home = true;
          } else {
            text += p.op || p.operand ? `\${${p.name}${p.op}${p.operand}}` : `$${p.name}`;
            dynamic = true;
            if (plain && this.v.isTemp(p.name)) producers.push('mktemp');
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
          // (echo, printf, and filters over known text: $(echo UN | tr A-Z a-z), $(rev <<< mr).)
          const stages = this.out.slice(from);
          const printed = stages.every((c) => c.depth === depth + 1 && c.pipe.id === stages[0]!.pipe.id) ? pipelineOutput(stages) : null;
          // $(dirname ~), $(pwd), $(realpath x): a path the line determines; $(cd DIR && pwd) is DIR.
          const last = this.out.length > from ? this.out[this.out.length - 1]! : null;
          // (dirs -l +0 is where the line is, as pwd.)
          const here =
            last &&
            (last.argv[0]?.text === 'pwd'
              ? last.argv.slice(1).every((a) => /^-[LP]$/.test(a.text))
              : last.argv[0]?.text === 'dirs' && last.argv.slice(1).every((a) => /^(-l|-p|\+0)$/.test(a.text)));
          // Where the line is: the directory its cds led to, or . when it has not moved.
          const moved = here ? (last.cwd ? (last.cwd.dynamic ? undefined : last.cwd) : literalArg('.')) : undefined;
          // Only the last command prints: the others are cd or inside the substitutions it reads.
          const quietBefore = this.out.slice(from, -1).every((c) => c.depth > depth + 1 || c.argv[0]?.text === 'cd' || c.argv[0]?.text === 'pushd');
          // After a cd inside the substitution only pwd says where it is (realpath x is relative to there).
          const moves = this.out.slice(from, -1).some((c) => c.argv[0]?.text === 'cd' || c.argv[0]?.text === 'pushd');
          const path =
            moved ??
            (printed === null && quietBefore && !moves && !here && last?.redirects.length === 0 && last.depth === depth + 1
              ? pathOutput(last.argv)
              : undefined);
          if (path) {
            text += path.text;
            if (i === 0 && path.home) home = true;
            if (p.quoted) quoted = true;
            return;
          }
          if (printed !== null) {
            text += printed.replace(/\n+$/, '');
            if (!p.quoted) split = true;
            if (p.quoted) quoted = true;
            return;
          }
          // $(pgrep -f NAME): which processes is unknown, but whose is said (kill $(pgrep -f firebreak)).
          const finder =
            only && /^(pgrep|pidof)$/.test(only.argv[0]?.text ?? '') && only.argv.every((a) => !a.dynamic) ? only.argv.map((a) => a.text).join(' ') : null;
          text += finder ? `$(${finder})` : '$(…)';
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
