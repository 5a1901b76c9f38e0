// Gemini CLI's BeforeTool hook. Its answer is {"decision", "reason"} on stdout with exit 0;
// the reason reaches the model as the tool's error. Gemini CLI 0.61 hangs on an `ask` in
// headless mode, so an ask is given as a deny that says a person must approve; and
// `continue: false` would stop the whole agent loop, so it is never sent.

import { isAbsolute, join, resolve } from 'node:path';
import { jsonReply, object, printed, regexMatches, SILENT, text, toolCall, payloadError, type HookAgent } from '../agent.js';
import { readJsonObject } from '../../agent-settings/file.js';
import { tilde, type Where } from '../registration.js';

/** Gemini's user settings directory: .gemini in GEMINI_CLI_HOME when that is set, else in the home. */
function geminiDir(w: { home: string; env: (name: string) => string | undefined }): string {
  return join(w.env('GEMINI_CLI_HOME') || w.home, '.gemini');
}

/** Every settings layer Gemini CLI reads; any of them can switch hooks off, or this one. */
function hooksSwitchedOff(w: Where): string[] {
  const out: string[] = [];
  for (const path of [join(geminiDir(w), 'settings.json'), join(w.project, '.gemini', 'settings.json'), '/etc/gemini-cli/settings.json']) {
    const c = readJsonObject(path)?.hooksConfig as { enabled?: unknown; disabled?: unknown } | undefined;
    if (c?.enabled === false) out.push(`hooksConfig.enabled is false in ${tilde(path, w.home)}, so Gemini CLI runs no hook; fix: remove it`);
    if (Array.isArray(c?.disabled) && c.disabled.includes('firebreak'))
      out.push(`hooksConfig.disabled names firebreak in ${tilde(path, w.home)}; fix: take it out`);
  }
  return out;
}

/** Gemini's file tools and the argument naming the file. */
const FILE_TOOLS: Record<string, string[]> = { write_file: ['file_path', 'absolute_path'], replace: ['file_path', 'absolute_path'] };
const SHELL_TOOLS: ReadonlySet<string> = new Set(['run_shell_command']);

export const gemini: HookAgent = {
  name: 'gemini',
  label: 'Gemini CLI',
  canAsk: false,
  read(p) {
    const tool = text(p, 'tool_name');
    if (tool === null) return payloadError('the payload has no tool_name');
    const input = object(p, 'tool_input');
    const call = toolCall(tool, input, SHELL_TOOLS, FILE_TOOLS);
    if ('code' in call) return call;
    let cwd = text(p, 'cwd');
    // The shell tool may run in a directory of the workspace other than the session's.
    const dir = call.kind === 'shell' && input ? (text(input, 'dir_path') ?? text(input, 'directory')) : null;
    if (dir) cwd = isAbsolute(dir) || cwd === null ? dir : resolve(cwd, dir);
    return { tool, call, cwd, session: text(p, 'session_id') };
  },
  reply(v) {
    if (v.decision === 'none') return SILENT;
    return jsonReply(v.decision === 'allow' ? { decision: 'allow' } : { decision: 'deny', reason: v.reason });
  },
  blocks(r) {
    // Gemini reads JSON from stdout (or stderr when stdout is empty) whatever the exit code; exit 2, and any other failing exit with text, blocks.
    const d = (printed(r) ?? printed({ ...r, stdout: r.stderr }))?.decision;
    if (d === 'deny' || d === 'block') return true;
    return r.exitCode === 2 || (r.exitCode !== 0 && r.exitCode !== 1 && (r.stdout + r.stderr).trim() !== '');
  },
  sample: (command, cwd) => ({
    session_id: 'firebreak-doctor',
    transcript_path: join(cwd, '.firebreak-doctor.jsonl'),
    cwd,
    hook_event_name: 'BeforeTool',
    timestamp: new Date().toISOString(),
    tool_name: 'run_shell_command',
    tool_input: { command, description: 'firebreak doctor probe' },
  }),
  registration: {
    file: (scope, w) => join(scope === 'user' ? geminiDir(w) : join(w.project, '.gemini'), 'settings.json'),
    shape: 'nested',
    event: 'BeforeTool',
    matcher: '^(run_shell_command|write_file|replace)$',
    commandKey: 'command',
    // Gemini's timeout is in milliseconds.
    handlerFields: { name: 'firebreak', timeout: 30000 },
    fileHeader: {},
    fallbackJson: null,
    coversShell: (m) => regexMatches(m, 'run_shell_command'),
    presence: (w) => [geminiDir(w)],
    programs: ['gemini'],
    shell: ['bash', '-c'],
    minTimeout: { key: 'timeout', value: 10000, unit: 'ms' },
    extras: {
      problems: (_r, w) => hooksSwitchedOff(w),
      note: (w) => `Gemini CLI: hooks run only in folders Gemini trusts (${tilde(join(geminiDir(w), 'trustedFolders.json'), w.home)})`,
    },
  },
  mcpClient: 'gemini',
};
