// The line reader: a command line in, every command that would run out — including those
// inside bash -c, eval, xargs, find -exec, ssh, docker exec, interpreters' inline code and
// shells fed code on stdin, each read again by the shell grammar, assessed as if typed.

import type { ParseIssue } from '../shell/ast.js';
import { NESTING_ISSUE } from '../shell/words.js';
import { flattenScript, FLATTEN_LIMITS, type Arg } from '../shell/commands.js';
import { normaliseCommand, type NormalisedCommand } from '../shell/normalise.js';
import { commonAliasOf } from '../shell/command-names.js';
import { parseShell } from '../shell/parser.js';
import { LineState, type ShellDefinitions } from './line-state.js';
import { worst } from './result.js';
import { nestedOf } from './table.js';
import { stdinOf } from './stdin.js';
import { withoutTrailingSlashes } from '../core/trailing-slash.js';

export { STDIN_LIMITS } from './stdin.js';

const NESTED_LIMITS = {
  /** Levels of code inside code (bash -c inside ssh inside eval ...). */
  maxDepth: 8,
  /** Characters of nested code built from one line, all levels together. */
  maxNestedChars: 4 * 1024 * 1024,
} as const;

export interface ParsedLine {
  commands: NormalisedCommand[];
  issues: ParseIssue[];
  /** A limit was reached: some of the line was not looked at. */
  truncated: boolean;
  /** Which limit, when truncated. */
  limit: string | null;
}

interface Frame {
  depth: number;
  via: string[];
  remote: string | null;
  cwd: Arg | null;
}

interface State {
  commands: NormalisedCommand[];
  issues: ParseIssue[];
  truncated: boolean;
  limit: string | null;
  nestedChars: number;
  budget: { decoded: number };
  /** Files written and aliases defined by the commands read so far. */
  line: LineState;
}

/** The simple commands of a line, nested code included; `shell` is what the person's shell defines for its words. */
export function parseCommandLine(line: string, shell?: ShellDefinitions): ParsedLine {
  const state: State = { commands: [], issues: [], truncated: false, limit: null, nestedChars: 0, budget: { decoded: 0 }, line: new LineState(shell) };
  expand(line, { depth: 0, via: [], remote: null, cwd: null }, state);
  return { commands: state.commands, issues: state.issues, truncated: state.truncated, limit: state.limit };
}

function stop(state: State, limit: string): void {
  state.truncated = true;
  state.limit ??= limit;
}

/** A `cd` inside nested code continues from where the outer command ran. */
function joinCwd(outer: Arg | null, inner: Arg | null): Arg | null {
  if (!inner) return outer;
  if (!outer || inner.home || inner.dynamic || inner.text.startsWith('/')) return inner;
  return { ...outer, text: `${withoutTrailingSlashes(outer.text)}/${inner.text}` };
}

function expand(text: string, frame: Frame, state: State): void {
  const { script, issues } = parseShell(text);
  const where = frame.via.at(-1);
  for (const i of issues) state.issues.push(where ? { message: `in ${where}: ${i.message}`, position: i.position } : i);
  // Structure nested past the parser's depth was skipped, not read: a limit, not a typo.
  if (issues.some((i) => i.message.startsWith(NESTING_ISSUE))) stop(state, 'nesting');
  const { commands: flat, truncated, limit, stageText } = flattenScript(script);
  if (truncated) stop(state, limit ?? 'commands');

  const byPipe = new Map<string, NormalisedCommand>();
  const mine: NormalisedCommand[] = [];
  for (const c of flat) {
    const plain = normaliseCommand(c);
    if (!plain) continue;
    // k delete ns x is kubectl's, unless the shell says k is something else.
    const tool = plain.dynamicName || state.line.defines(plain.written) ? null : commonAliasOf(plain.name, plain.args);
    const n = tool ? { ...plain, name: tool } : plain;
    n.segment = text.slice(Math.max(0, c.start), Math.max(0, c.end)).trim() || text.trim();
    n.via = frame.via;
    n.remote = frame.remote;
    n.cwd = frame.remote ? n.cwd : joinCwd(frame.cwd, n.cwd);
    byPipe.set(`${c.pipe.id}:${c.pipe.index}`, n);
    mine.push(n);
  }
  const upstream = (n: NormalisedCommand): NormalisedCommand | string | null => {
    // The first stage of a group or loop that is itself a later stage reads what feeds that stage.
    const stage = n.pipe.index > 0 ? n.pipe : n.pipe.outer;
    if (!stage) return null;
    const key = `${stage.id}:${stage.index - 1}`;
    // A compound stage feeds the pipe: its known output, or an unknown stand-in.
    return byPipe.get(key) ?? stageText.get(key) ?? '';
  };

  for (const n of mine) {
    if (state.commands.length >= FLATTEN_LIMITS.maxCommands) {
      stop(state, 'commands');
      return;
    }
    state.commands.push(n);
    const up = upstream(n);
    n.upstream = typeof up === 'object' ? up : null;
    const stdin = state.line.stdinFor(n) ?? stdinOf(n, upstream, state.budget);
    const own = nestedOf(n, stdin);
    const left = state.line.runs(n, stdin);
    const nested = left ? [...own.nested, ...left.nested] : own.nested;
    n.codeSource = left ? worst(own.codeSource, left.codeSource) : own.codeSource;
    for (const inner of nested) {
      if (frame.depth + 1 > NESTED_LIMITS.maxDepth) {
        stop(state, 'nesting');
        break;
      }
      state.nestedChars += inner.code.length;
      if (state.nestedChars > NESTED_LIMITS.maxNestedChars) {
        stop(state, 'nested-size');
        break;
      }
      expand(
        inner.code,
        {
          depth: frame.depth + 1,
          via: [...frame.via, inner.via],
          remote: inner.remote ?? frame.remote,
          cwd: inner.remote ? null : n.cwd,
        },
        state,
      );
    }
    // What the command leaves for later ones counts from the next command on: its own
    // restatements (ln -sf A B read as `tee -- B`) do not go through the link it makes.
    state.line.record(n, stdin);
  }
}
