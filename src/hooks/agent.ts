// What one coding agent's pre-tool hook looks like to firebreak: how to read the JSON the
// agent sends, and how to answer in the form that agent acts on. Each agent is one small
// file in ./agents, listed in ./agents/index.ts; the door (run.ts) does the rest.

import type { Decision, FirebreakError } from '../core/contracts.js';
import type { Registration } from './registration.js';
import { shellWord } from '../shell/quote.js';

/** What the agent is about to do, as far as firebreak judges it. */
export type ToolCall =
  /** A shell command line. */
  | { kind: 'shell'; command: string }
  /** Files the tool creates, overwrites, edits, moves or deletes. */
  | { kind: 'write'; paths: string[] }
  /** A tool firebreak does not judge: the agent's own permission flow decides. */
  | { kind: 'other' };

export interface HookCall {
  /** The tool's name as the agent calls it (Bash, run_shell_command, apply_patch...). */
  tool: string;
  call: ToolCall;
  /** The directory the agent says the tool runs in; null when the payload names none. */
  cwd: string | null;
  session: string | null;
}

/** firebreak's answer before it is put in an agent's format. */
export interface HookVerdict {
  /** 'none': say nothing, so the agent's own permission flow stays in charge. */
  decision: Decision | 'none';
  /** For the model (and, where the agent shows it, the person): what, why, what instead, how to let it through. */
  reason: string;
}

/** What the hook process prints and how it exits. */
export interface HookReply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface HookAgent {
  /** The name on the command line: firebreak hook <name>. */
  name: string;
  /** The product's own name, for messages. */
  label: string;
  /** Whether the agent can put a command to the person; where it cannot, ask becomes a deny that says so. */
  canAsk: boolean;
  /** The tool call in a payload, or why the payload cannot be read. */
  read(payload: Record<string, unknown>): HookCall | FirebreakError;
  /** The verdict in the agent's own format. */
  reply(verdict: HookVerdict): HookReply;
  /** Whether a reply stops the tool call, as the agent reads it (for doctor). */
  blocks(reply: HookReply): boolean;
  /** A shell tool call as the agent sends it (doctor's probe, the tests' and the benchmark's payloads). */
  sample(command: string, cwd: string): Record<string, unknown>;
  /** Where and how `connect` registers the hook. */
  registration: Registration;
  /** The MCP client `mcp init` writes firebreak's server for, when the agent has one. */
  mcpClient: 'claude' | 'cursor' | 'codex' | 'gemini' | null;
}

/** The JSON object a reply prints, or null. */
export function printed(reply: HookReply): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(reply.stdout);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const SILENT: HookReply = { stdout: '', stderr: '', exitCode: 0 };

/** An answer the agent reads as one JSON object on stdout, with exit 0. */
export function jsonReply(answer: Record<string, unknown>): HookReply {
  return { stdout: JSON.stringify(answer) + '\n', stderr: '', exitCode: 0 };
}

/** A string field of a payload, or null. */
export function text(o: Record<string, unknown>, key: string): string | null {
  const v = Object.hasOwn(o, key) ? o[key] : undefined;
  return typeof v === 'string' ? v : null;
}

/** An object field of a payload, or null. */
export function object(o: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const v = Object.hasOwn(o, key) ? o[key] : undefined;
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function payloadError(message: string): FirebreakError {
  return { code: 'bad-payload', message };
}

/** The command of a shell tool call, or why there is none: a shell tool without a command is not a call to wave through. */
export function shellCommand(input: Record<string, unknown> | null, key = 'command'): { kind: 'shell'; command: string } | FirebreakError {
  if (!input) return payloadError('the shell tool call has no tool input');
  const command = input[key];
  // Some agents pass argv as a list: each word quoted, so the line reads back as exactly those words.
  if (Array.isArray(command) && command.length > 0 && command.every((w) => typeof w === 'string'))
    return { kind: 'shell', command: command.map(shellWord).join(' ') };
  if (typeof command !== 'string') return payloadError(`the shell tool call has no ${key} string`);
  return { kind: 'shell', command };
}

/** The file paths a file tool's input names under any of the keys, or why there are none. */
function writePaths(input: Record<string, unknown> | null, keys: string[]): { kind: 'write'; paths: string[] } | FirebreakError {
  if (!input) return payloadError('the file tool call has no tool input');
  const paths = keys.map((k) => text(input, k)).filter((p): p is string => p !== null && p !== '');
  if (paths.length === 0) return payloadError(`the file tool call names no file (${keys.join(' or ')})`);
  return { kind: 'write', paths };
}

/**
 * The call a tool's input makes: a shell command for the agent's shell tools, the files a
 * file tool writes (under the input keys listed for it), or nothing firebreak judges.
 */
export function toolCall(
  tool: string,
  input: Record<string, unknown> | null,
  shellTools: ReadonlySet<string>,
  fileTools: Readonly<Record<string, string[]>>,
): ToolCall | FirebreakError {
  if (shellTools.has(tool)) return shellCommand(input);
  if (Object.hasOwn(fileTools, tool)) return writePaths(input, fileTools[tool]!);
  return { kind: 'other' };
}

/** A matcher that is a regular expression on the tool's name; empty or * is every tool. */
export function regexMatches(matcher: string | null, tool: string): boolean {
  if (matcher === null || matcher === '' || matcher === '*') return true;
  try {
    return new RegExp(matcher).test(tool);
  } catch {
    return false;
  }
}
