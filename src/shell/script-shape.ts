// What the flattener (./commands.ts) learns from a script's shape rather than from
// expanding its words: which names a line assigns mktemp's output to (anywhere, for a trap
// set before them), whether a function forks itself, what a while-read loop reads, and how
// an assignment word splits into name and value.

import type { Command, Script, Word } from './ast.js';
import type { Arg, ArgRedirect } from './arg.js';
import { printedText } from './printed.js';

/** Names the script assigns what mktemp prints (d=$(mktemp -d)), anywhere: a trap set before the assignment runs after it. */
export function mktempAssignments(script: Script, out = new Set<string>(), depth = 0): Set<string> {
  if (depth <= 16) for (const item of script.items) for (const c of item.pipeline.commands) mktempIn(c, out, depth);
  return out;
}

function mktempIn(c: Command, out: Set<string>, depth: number): void {
  if (c.type === 'function') {
    mktempIn(c.body, out, depth + 1);
    return;
  }
  if (c.type !== 'simple') {
    for (const b of c.bodies) mktempAssignments(b, out, depth + 1);
    return;
  }
  for (const w of c.assignments) {
    const eq = w.parts[0]?.kind === 'literal' ? /^([A-Za-z_][A-Za-z0-9_]*)=$/.exec(w.parts[0].text) : null;
    const sub = w.parts[1];
    const first = sub?.kind === 'command-sub' ? sub.script.items[0]?.pipeline.commands[0] : undefined;
    if (eq && first?.type === 'simple' && wordIs(first.words[0], 'mktemp')) out.add(eq[1]!);
  }
}

function wordIs(w: Word | undefined, name: string): boolean {
  return w !== undefined && w.parts.length === 1 && w.parts[0]!.kind === 'literal' && w.parts[0]!.text === name;
}

/** Whether a function's body runs the function itself in a pipeline or in the background. */
export function forksItself(name: string, body: Command, depth = 0): boolean {
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

export function splitAssignment(arg: Arg): { name: string; value: Arg } {
  const eq = arg.text.indexOf('=');
  const name = arg.text.slice(0, eq).replace(/\+$/, '');
  const value = arg.text.slice(eq + 1);
  return { name, value: { ...arg, text: value, home: value.startsWith('~') } };
}

/**
 * `while read [-r] VAR; do …; done <<< TEXT` (or fed by echo, printf or ls ARGS): VAR takes
 * each line in turn. ls's arguments stand for what it lists (ls -d ~/c* is the matches).
 */
export function readLoop(cond: Script | undefined, redirects: ArgRedirect[], feeding: Arg[] | null): { name: string; values: Arg[] } | null {
  const only = cond?.items.length === 1 && cond.items[0]!.pipeline.commands.length === 1 ? cond.items[0]!.pipeline.commands[0]! : null;
  if (only?.type !== 'simple' || !wordIs(only.words[0], 'read') || only.words.length < 2) return null;
  const last = only.words.at(-1);
  const part = last?.parts.length === 1 ? last.parts[0] : undefined;
  if (part?.kind !== 'literal' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(part.text)) return null;
  const input = redirects.find((r) => r.input !== undefined && (r.fd === null || r.fd === 0));
  let values: Arg[] | null = null;
  if (input)
    values = input
      .input!.split('\n')
      .filter((l) => l !== '')
      .map((l) => lineArg(l, input.op === '<<<' && input.target.home));
  else if (feeding && !feeding[0]?.dynamic) {
    const [cmd, ...args] = feeding;
    if (cmd?.text === 'ls') values = args.filter((a) => !a.text.startsWith('-'));
    else if ((cmd?.text === 'echo' || cmd?.text === 'printf') && args.every((a) => !a.dynamic)) {
      const text = printedText(
        cmd.text,
        args.map((a) => a.text),
      );
      values =
        text === null
          ? null
          : text
              .split('\n')
              .filter((l) => l !== '')
              .map((l) =>
                lineArg(
                  l,
                  args.some((a) => a.home),
                ),
              );
    }
  }
  return values ? { name: part.text, values } : null;
}

/** A line read from input, as a word: ~ at its start is the home when the text came from an expanded ~ or $HOME. */
function lineArg(line: string, fromHome: boolean): Arg {
  return { text: line, quoted: true, glob: false, dynamic: false, home: fromHome && /^~(\/|$)/.test(line) };
}
