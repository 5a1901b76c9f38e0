// Flattens a parsed script into the simple commands the shell would run, in order, with
// each word expanded as far as the line itself allows: quotes removed, ~ and $HOME
// recognised, variables assigned earlier in the line substituted. Anything that cannot be
// known (an unset variable, a command's output) is marked dynamic, never guessed.

import type { Command, Redirect, Script, Word } from './ast.js';

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
}

export interface ArgRedirect {
  fd: number | null;
  op: string;
  target: Arg;
  /** A here-document's or here-string's text. */
  input?: string;
}

export type CommandOrigin = 'line' | 'subshell' | 'group' | 'compound' | 'command-substitution' | 'process-substitution' | 'function' | 'here-document';

export interface ShellCommand {
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
} as const;

export interface FlattenResult {
  commands: ShellCommand[];
  truncated: boolean;
}

export function flattenScript(script: Script): FlattenResult {
  const f = new Flattener();
  f.script(script, 'line', 0);
  return { commands: f.out, truncated: f.truncated };
}

const DECLARE = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

class Flattener {
  out: ShellCommand[] = [];
  truncated = false;
  /** Variables with a literal value assigned earlier in the line. */
  private vars = new Map<string, Arg>();

  script(s: Script, origin: CommandOrigin, depth: number): void {
    for (const item of s.items) {
      for (const cmd of item.pipeline.commands) this.command(cmd, origin, depth);
    }
  }

  private command(c: Command, origin: CommandOrigin, depth: number): void {
    if (this.out.length >= FLATTEN_LIMITS.maxCommands) { this.truncated = true; return; }
    switch (c.type) {
      case 'simple': {
        const assignments = c.assignments.map((w) => this.assignment(w, depth));
        const argv = c.words.map((w) => this.word(w, depth));
        const redirects = c.redirects.map((r) => this.redirect(r, depth));
        this.out.push({ argv, assignments, redirects, start: c.start, end: c.end, origin, depth });
        // Assignments alone (X=1) and declarations (export X=1) last for the rest of the line.
        if (argv.length === 0) for (const a of assignments) this.setVar(a.name, a.value);
        else if (DECLARE.has(argv[0]!.text)) {
          for (const a of argv.slice(1)) {
            const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text);
            if (m) this.setVar(m[1]!, { ...a, text: m[2]!, home: m[2]!.startsWith('~') });
          }
        }
        return;
      }
      case 'function':
        // Assessed where it is defined: a function written in a command line is there to be called.
        this.command(c.body, 'function', depth + 1);
        return;
      default: {
        const inner: CommandOrigin = c.type === 'subshell' ? 'subshell' : c.type === 'group' ? 'group' : 'compound';
        for (const w of c.words) this.word(w, depth);
        for (const b of c.bodies) this.script(b, inner, depth + 1);
        for (const r of c.redirects) this.redirect(r, depth);
      }
    }
  }

  private setVar(name: string, value: Arg): void {
    if (value.dynamic) this.vars.delete(name);
    else this.vars.set(name, value);
  }

  private assignment(w: Word, depth: number): { name: string; value: Arg } {
    const arg = this.word(w, depth);
    const eq = arg.text.indexOf('=');
    const name = arg.text.slice(0, eq).replace(/\+$/, '');
    const value = arg.text.slice(eq + 1);
    return { name, value: { ...arg, text: value, home: value.startsWith('~') } };
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
    w.parts.forEach((p, i) => {
      switch (p.kind) {
        case 'literal':
          text += p.text;
          if (p.quoted) quoted = true;
          else if (/[*?[]/.test(p.text)) glob = true;
          return;
        case 'tilde':
          if (i === 0 && p.user === '') { home = true; text += '~'; }
          else { text += '~' + p.user; dynamic = true; }
          return;
        case 'param': {
          if (p.quoted) quoted = true;
          const known = p.op === '' ? this.vars.get(p.name) : undefined;
          if (known) {
            text += known.text;
            if (i === 0 && known.home) home = true;
            if (known.glob && !p.quoted) glob = true;
          } else if (p.name === 'HOME' && p.op === '' && i === 0) {
            home = true;
            text += '~';
          } else {
            text += p.op || p.operand ? `\${${p.name}${p.op}${p.operand}}` : `$${p.name}`;
            dynamic = true;
          }
          return;
        }
        case 'command-sub':
          this.script(p.script, 'command-substitution', depth + 1);
          text += '$(…)';
          dynamic = true;
          if (p.quoted) quoted = true;
          return;
        case 'process-sub':
          this.script(p.script, 'process-substitution', depth + 1);
          text += `${p.direction}(…)`;
          dynamic = true;
          return;
        case 'arith':
          text += p.text;
          dynamic = true;
          return;
      }
    });
    return { text, quoted, glob, dynamic, home };
  }
}
