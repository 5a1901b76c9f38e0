// GitHub Copilot CLI's preToolUse hook: toolName and toolArgs (an object, a JSON string of
// one, or for apply_patch the raw patch text) in; {"permissionDecision",
// "permissionDecisionReason"} out. Copilot 1.0 denies when a hook errors but lets a
// timed-out one through, so every verdict is given as JSON, well inside the timeout.

import { join } from 'node:path';
import { jsonReply, SILENT, text, toolCall, payloadError, object, printed, type HookAgent, type ToolCall } from '../agent.js';
import type { FirebreakError } from '../../core/contracts.js';
import { patchCall, shellOrPatchCall } from './patch.js';
import { readJsonObject } from '../../agent-settings/file.js';
import { tilde, type Where } from '../registration.js';
import { sep } from 'node:path';

/** Copilot's file tools and the argument naming the file. */
const FILE_TOOLS: Record<string, string[]> = { edit: ['path'], create: ['path'], write: ['path'], str_replace_editor: ['path'] };
/** The shell tools are read above, for a patch run through them. */
const NO_SHELL: ReadonlySet<string> = new Set();

function copilotHome(w: { home: string; env: (name: string) => string | undefined }): string {
  return w.env('COPILOT_HOME') || join(w.home, '.copilot');
}

/** Settings that switch every hook off (Copilot documents disableAllHooks in these). */
function hooksSwitchedOff(w: Where): string[] {
  const layers = [
    join(copilotHome(w), 'settings.json'),
    join(copilotHome(w), 'config.json'),
    join(w.project, '.github', 'copilot', 'settings.json'),
    join(w.project, '.github', 'copilot', 'settings.local.json'),
  ];
  return layers
    .filter((p) => readJsonObject(p)?.disableAllHooks === true)
    .map((p) => `disableAllHooks is set in ${tilde(p, w.home)}, so Copilot CLI runs no hook; fix: remove it`);
}

/** Copilot reads a project's .github/hooks only in a folder it trusts (trusted_folders in its config.json). */
function untrustedProject(w: Where): string | null {
  const folders = readJsonObject(join(copilotHome(w), 'config.json'))?.trusted_folders;
  const trusted =
    Array.isArray(folders) && folders.some((f) => typeof f === 'string' && (w.project === f || w.project.startsWith(f.endsWith(sep) ? f : f + sep)));
  return trusted
    ? null
    : `Copilot CLI reads .github/hooks only in folders it trusts, and ${w.project} is not one; fix: trust it when Copilot asks, or run: firebreak connect copilot --scope user`;
}

/** apply_patch (with GPT models) sends the patch itself as toolArgs: the files it names are what it writes. */
function patchText(p: Record<string, unknown>): string | null {
  const raw = p.toolArgs;
  if (typeof raw === 'string') return raw;
  const args = object(p, 'toolArgs');
  return args ? (text(args, 'input') ?? text(args, 'patch')) : null;
}

function toolArgs(p: Record<string, unknown>): Record<string, unknown> | null | 'unreadable' {
  const raw = p.toolArgs;
  if (typeof raw !== 'string') return object(p, 'toolArgs');
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

export const copilot: HookAgent = {
  name: 'copilot',
  label: 'Copilot CLI',
  canAsk: true,
  read(p) {
    const tool = text(p, 'toolName');
    if (tool === null) return payloadError('the payload has no toolName');
    let call: ToolCall | FirebreakError;
    if (tool === 'apply_patch') call = patchCall(patchText(p));
    else {
      const args = toolArgs(p);
      if (args === 'unreadable') return payloadError('toolArgs is a string that is not a JSON object');
      // A shell tool may be running a patch (shellOrPatchCall), so it is read here rather than by toolCall.
      call = tool === 'bash' || tool === 'shell' || tool === 'powershell' ? shellOrPatchCall(args) : toolCall(tool, args, NO_SHELL, FILE_TOOLS);
    }
    if ('code' in call) return call;
    return { tool, call, cwd: text(p, 'cwd'), session: text(p, 'sessionId') };
  },
  reply(v) {
    if (v.decision === 'none') return SILENT;
    return jsonReply(v.decision === 'allow' ? { permissionDecision: 'allow' } : { permissionDecision: v.decision, permissionDecisionReason: v.reason });
  },
  // Copilot denies on a JSON deny and on any failing exit; only a clean exit without a deny lets the call through.
  blocks: (r) => r.exitCode !== 0 || printed(r)?.permissionDecision === 'deny',
  sample: (command, cwd) => ({
    sessionId: 'firebreak-doctor',
    timestamp: Date.now(),
    cwd,
    toolName: 'bash',
    toolArgs: { command, description: 'firebreak doctor probe' },
  }),
  registration: {
    file: (scope, w) => (scope === 'user' ? join(copilotHome(w), 'hooks', 'firebreak.json') : join(w.project, '.github', 'hooks', 'firebreak.json')),
    shape: 'flat',
    event: 'preToolUse',
    // No matcher: Copilot's tool names differ by model (bash, create, edit, apply_patch); firebreak lets the others pass silently.
    matcher: null,
    commandKey: 'bash',
    handlerFields: { timeoutSec: 30 },
    fileHeader: { version: 1 },
    fallbackJson: (reason) => ({ permissionDecision: 'deny', permissionDecisionReason: reason }),
    coversShell: (m) => m === null || m === '' || m === '*' || m.split('|').includes('bash'),
    presence: (w) => [copilotHome(w)],
    programs: ['copilot'],
    shell: ['bash', '--norc', '--noprofile', '-c'],
    minTimeout: { key: 'timeoutSec', value: 10, unit: 's' },
    extras: { problems: (_r, w) => hooksSwitchedOff(w), untrustedProject },
  },
  mcpClient: null,
};
