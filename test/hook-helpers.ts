// Shared by the hook tests: payloads as each agent sends them (test/fixtures/hook-payloads,
// captured from the real CLIs) with the command, file or cwd replaced; a sandbox home and
// project; running the real binary's hook; and each agent's answer format as a JSON Schema.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { BIN, ROOT } from './helpers.js';

export type AgentName = 'claude' | 'codex' | 'gemini' | 'cursor' | 'copilot';
export const AGENT_NAMES: AgentName[] = ['claude', 'codex', 'gemini', 'cursor', 'copilot'];

type Obj = Record<string, unknown>;

export function fixture(agent: AgentName, name: string): Obj {
  return JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'hook-payloads', agent, `${name}.json`), 'utf8')) as Obj;
}

/** A shell tool call from the agent, with this command in this cwd. */
export function shellPayload(agent: AgentName, command: string, cwd: string): Obj {
  switch (agent) {
    case 'claude': {
      const p = fixture('claude', 'Bash');
      return { ...p, cwd, tool_input: { ...(p.tool_input as Obj), command } };
    }
    case 'codex': {
      const p = fixture('codex', 'Bash-exec_command');
      return { ...p, cwd, tool_input: { command } };
    }
    case 'gemini': {
      const p = fixture('gemini', 'run_shell_command');
      return { ...p, cwd, tool_input: { command, description: 'test' } };
    }
    case 'cursor':
      return { ...fixture('cursor', 'beforeShellExecution'), command, cwd, workspace_roots: [cwd] };
    case 'copilot': {
      const p = fixture('copilot', 'bash');
      return { ...p, cwd, toolArgs: { command, description: 'test' } };
    }
  }
}

/** A file-writing tool call from the agent onto this path (absolute, or relative to cwd). */
export function writePayload(agent: Exclude<AgentName, 'cursor'>, path: string, cwd: string): Obj {
  const patch = `*** Begin Patch\n*** Update File: ${path}\n@@\n-a\n+b\n*** End Patch\n`;
  switch (agent) {
    case 'claude': {
      const p = fixture('claude', 'Write');
      return { ...p, cwd, tool_input: { file_path: path, content: 'x\n' } };
    }
    case 'codex': {
      const p = fixture('codex', 'apply_patch');
      return { ...p, cwd, tool_input: { command: patch } };
    }
    case 'gemini': {
      const p = fixture('gemini', 'write_file');
      return { ...p, cwd, tool_input: { file_path: path, content: 'x\n' } };
    }
    case 'copilot': {
      const p = fixture('copilot', 'apply_patch');
      return { ...p, cwd, toolArgs: patch };
    }
  }
}

export interface Sandbox {
  base: string;
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

/** A home and a git project of their own, so state, audit log and config are the test's alone. */
export function sandbox(prefix: string): Sandbox {
  const base = mkdtempSync(join(tmpdir(), `firebreak-${prefix}-`));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' };
  return { base, home, project, env };
}

export interface HookRun {
  status: number | null;
  stdout: string;
  stderr: string;
  json: Obj | null;
}

export function runHook(agent: string, input: string | Buffer, box: Sandbox, extraEnv: NodeJS.ProcessEnv = {}): HookRun {
  const r = spawnSync(process.execPath, [BIN, 'hook', agent], {
    input,
    cwd: box.project,
    env: { ...box.env, ...extraEnv },
    encoding: 'utf8',
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  let json: Obj | null = null;
  try {
    json = r.stdout.trim() ? (JSON.parse(r.stdout) as Obj) : null;
  } catch {
    json = null;
  }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json };
}

/** The decision an answer carries, in firebreak's words ('none' for silence). */
export function decisionOf(agent: AgentName, r: HookRun): string {
  if (r.json === null) return r.stdout.trim() === '' ? 'none' : 'unreadable';
  switch (agent) {
    case 'claude':
    case 'codex':
      return String((r.json.hookSpecificOutput as Obj).permissionDecision);
    case 'gemini':
      return String(r.json.decision);
    case 'cursor':
      return String(r.json.permission);
    case 'copilot':
      return String(r.json.permissionDecision);
  }
}

export function reasonOf(agent: AgentName, r: HookRun): string {
  const j = r.json ?? {};
  switch (agent) {
    case 'claude':
    case 'codex':
      return String((j.hookSpecificOutput as Obj | undefined)?.permissionDecisionReason ?? '');
    case 'gemini':
      return String(j.reason ?? '');
    case 'cursor':
      return String(j.agent_message ?? '');
    case 'copilot':
      return String(j.permissionDecisionReason ?? '');
  }
}

const str = { type: 'string', minLength: 1 };
/** What each agent accepts, as strictly as it reads it (Codex fails a hook on any field it does not know). */
export const OUTPUT_SCHEMAS: Record<AgentName, object> = {
  claude: {
    type: 'object',
    additionalProperties: false,
    required: ['hookSpecificOutput'],
    properties: {
      hookSpecificOutput: {
        type: 'object',
        additionalProperties: false,
        required: ['hookEventName', 'permissionDecision'],
        properties: {
          hookEventName: { const: 'PreToolUse' },
          permissionDecision: { enum: ['allow', 'ask', 'deny'] },
          permissionDecisionReason: { type: 'string', maxLength: 10000 },
        },
      },
    },
  },
  codex: {
    type: 'object',
    additionalProperties: false,
    required: ['hookSpecificOutput'],
    properties: {
      hookSpecificOutput: {
        type: 'object',
        additionalProperties: false,
        required: ['hookEventName', 'permissionDecision', 'permissionDecisionReason'],
        properties: { hookEventName: { const: 'PreToolUse' }, permissionDecision: { const: 'deny' }, permissionDecisionReason: str },
      },
    },
  },
  gemini: {
    type: 'object',
    additionalProperties: false,
    required: ['decision'],
    properties: { decision: { enum: ['allow', 'deny'] }, reason: str },
    if: { properties: { decision: { const: 'deny' } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
    then: { required: ['reason'] },
  },
  cursor: {
    type: 'object',
    additionalProperties: false,
    required: ['permission'],
    properties: { permission: { enum: ['allow', 'ask', 'deny'] }, user_message: str, agent_message: str, userMessage: str, agentMessage: str },
  },
  copilot: {
    type: 'object',
    additionalProperties: false,
    required: ['permissionDecision'],
    properties: { permissionDecision: { enum: ['allow', 'ask', 'deny'] }, permissionDecisionReason: str },
    if: { properties: { permissionDecision: { const: 'deny' } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
    then: { required: ['permissionDecisionReason'] },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = Object.fromEntries(AGENT_NAMES.map((a) => [a, ajv.compile(OUTPUT_SCHEMAS[a])]));

/** The schema errors of an answer ('' when it is what the agent accepts); silence is valid for every agent but Cursor. */
export function outputErrors(agent: AgentName, r: HookRun): string {
  if (r.status !== 0) return `exit ${r.status}: ${r.stderr}`;
  if (r.stdout === '') return agent === 'cursor' ? 'Cursor needs an answer' : '';
  if (!r.stdout.endsWith('\n') || r.stdout.trim().includes('\n')) return `not one JSON line: ${JSON.stringify(r.stdout)}`;
  if (r.json === null) return `not JSON: ${r.stdout}`;
  const v = validators[agent]!;
  return v(r.json) ? '' : JSON.stringify(v.errors);
}
