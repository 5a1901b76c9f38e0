// Claude Code's PreToolUse hook. Its answer is hookSpecificOutput on stdout with exit 0;
// printing nothing leaves Claude's own permission prompt in charge, while an explicit
// allow would skip it (so allow is printed only when the user's config asks for it).
// Claude reads that JSON whatever the exit code, and exit 2 blocks on its own.

import { join } from 'node:path';
import { jsonReply, object, printed, regexMatches, SILENT, text, toolCall, payloadError, type HookAgent } from '../agent.js';
import { readJsonObject } from '../../agent-settings/file.js';
import { tilde, type Where } from '../registration.js';

function claudeDir(w: Where): string {
  return w.env('CLAUDE_CONFIG_DIR') || join(w.home, '.claude');
}

/** Every settings layer Claude Code reads; any of them can switch all hooks off. */
function settingsLayers(w: Where): Array<{ path: string; managed: boolean }> {
  return [
    { path: join(claudeDir(w), 'settings.json'), managed: false },
    { path: join(w.project, '.claude', 'settings.json'), managed: false },
    { path: join(w.project, '.claude', 'settings.local.json'), managed: false },
    {
      path: process.platform === 'darwin' ? '/Library/Application Support/ClaudeCode/managed-settings.json' : '/etc/claude-code/managed-settings.json',
      managed: true,
    },
  ];
}

function hooksSwitchedOff(w: Where): string[] {
  const out: string[] = [];
  for (const layer of settingsLayers(w)) {
    const s = readJsonObject(layer.path);
    if (s?.disableAllHooks === true) out.push(`disableAllHooks is set in ${tilde(layer.path, w.home)}, so Claude Code runs no hook; fix: remove it`);
    if (layer.managed && s?.allowManagedHooksOnly === true)
      out.push(
        `allowManagedHooksOnly is set in ${layer.path}, so Claude Code runs only hooks from managed settings; fix: ask whoever manages it to add firebreak's hook there`,
      );
  }
  return out;
}

/** Claude cuts hook strings at 10,000 characters; the reason stays well inside. */
const MAX_REASON = 9000;

/** Claude's file tools and the input key naming the file each one changes (MultiEdit is gone from 2.1 but may come back). */
const FILE_TOOLS: Record<string, string[]> = { Write: ['file_path'], Edit: ['file_path'], MultiEdit: ['file_path'], NotebookEdit: ['notebook_path'] };
const SHELL_TOOLS = new Set(['Bash']);

/** Claude's matcher: letters, digits and | , _ - are a list of exact tool names; anything else a regex. */
function matches(matcher: string | null, tool: string): boolean {
  if (matcher !== null && /^[A-Za-z0-9_|, -]+$/.test(matcher))
    return matcher
      .split(/[|,]/)
      .map((m) => m.trim())
      .includes(tool);
  return regexMatches(matcher, tool);
}

export const claude: HookAgent = {
  name: 'claude',
  label: 'Claude Code',
  canAsk: true,
  read(p) {
    const tool = text(p, 'tool_name');
    if (tool === null) return payloadError('the payload has no tool_name');
    const call = toolCall(tool, object(p, 'tool_input'), SHELL_TOOLS, FILE_TOOLS);
    if ('code' in call) return call;
    return { tool, call, cwd: text(p, 'cwd'), session: text(p, 'session_id') };
  },
  reply(v) {
    if (v.decision === 'none') return SILENT;
    return jsonReply({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: v.decision, permissionDecisionReason: v.reason.slice(0, MAX_REASON) },
    });
  },
  blocks(r) {
    if (r.exitCode === 2) return true;
    const h = printed(r)?.hookSpecificOutput as Record<string, unknown> | undefined;
    return h?.hookEventName === 'PreToolUse' && h.permissionDecision === 'deny';
  },
  sample: (command, cwd) => ({
    session_id: 'firebreak-doctor',
    transcript_path: join(cwd, '.firebreak-doctor.jsonl'),
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'firebreak doctor probe' },
    tool_use_id: 'toolu_firebreak_doctor',
  }),
  registration: {
    // Project scope is this person's: settings.local.json, since the command names this machine's paths.
    file: (scope, w) => (scope === 'user' ? join(claudeDir(w), 'settings.json') : join(w.project, '.claude', 'settings.local.json')),
    shape: 'nested',
    event: 'PreToolUse',
    matcher: 'Bash|Write|Edit|MultiEdit|NotebookEdit',
    commandKey: 'command',
    handlerFields: { timeout: 30 },
    fileHeader: {},
    fallbackJson: null,
    coversShell: (m) => matches(m, 'Bash'),
    presence: (w) => [claudeDir(w), join(w.home, '.claude.json')],
    programs: ['claude'],
    // spawn(command, { shell: true }): /bin/sh -c.
    shell: ['/bin/sh', '-c'],
    minTimeout: { key: 'timeout', value: 10, unit: 's' },
    extras: { problems: (_r, w) => hooksSwitchedOff(w) },
  },
  mcpClient: 'claude',
};
