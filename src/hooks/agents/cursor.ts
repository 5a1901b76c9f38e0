// Cursor's beforeShellExecution hook: {"command", "cwd", ...} in, {"permission", ...} out.
// Cursor is registered with failClosed, under which an answer it cannot read blocks the
// command: so even an allow is said out loud. The messages are given in both spellings
// Cursor's versions have used (snake_case and camelCase); Cursor ignores keys it does not
// know. (Cursor's agent is not on npm: these facts are from its documentation and peers'
// installers, not from running it.)

import { join } from 'node:path';
import { jsonReply, shellCommand, text, payloadError, object, printed, type HookAgent } from '../agent.js';

export const cursor: HookAgent = {
  name: 'cursor',
  label: 'Cursor',
  canAsk: true,
  read(p) {
    const event = text(p, 'hook_event_name');
    // A preToolUse payload (newer Cursor) names the tool and nests its input.
    const pre = event === 'preToolUse';
    const tool = pre ? (text(p, 'tool_name') ?? 'Shell') : 'shell';
    if (pre && tool !== 'Shell') return { tool, call: { kind: 'other' }, cwd: text(p, 'cwd'), session: text(p, 'conversation_id') };
    const c = shellCommand(pre ? object(p, 'tool_input') : p);
    if ('code' in c) return pre ? c : payloadError('the payload has no command string');
    const roots = p.workspace_roots;
    const root = Array.isArray(roots) && typeof roots[0] === 'string' ? roots[0] : null;
    return { tool, call: c, cwd: text(p, 'cwd') || root, session: text(p, 'conversation_id') };
  },
  reply(v) {
    const permission = v.decision === 'none' ? 'allow' : v.decision;
    const out: Record<string, string> = { permission };
    if (v.decision === 'ask' || v.decision === 'deny') {
      const user = v.reason.split('\n')[0]!;
      Object.assign(out, { user_message: user, agent_message: v.reason, userMessage: user, agentMessage: v.reason });
    }
    return jsonReply(out);
  },
  blocks: (r) => r.exitCode === 2 || printed(r)?.permission === 'deny',
  sample: (command, cwd) => ({
    conversation_id: 'firebreak-doctor',
    generation_id: 'firebreak-doctor',
    hook_event_name: 'beforeShellExecution',
    workspace_roots: [cwd],
    command,
    cwd,
  }),
  registration: {
    file: (scope, w) => join(scope === 'user' ? w.home : w.project, '.cursor', 'hooks.json'),
    shape: 'flat',
    event: 'beforeShellExecution',
    matcher: null,
    commandKey: 'command',
    // Without failClosed a hook that fails lets the command run.
    handlerFields: { timeout: 30, failClosed: true },
    fileHeader: { version: 1 },
    fallbackJson: (reason) => ({ permission: 'deny', user_message: reason, agent_message: reason }),
    coversShell: () => true,
    presence: (w) => [join(w.home, '.cursor')],
    programs: ['cursor-agent', 'cursor'],
    shell: ['/bin/sh', '-c'],
    minTimeout: { key: 'timeout', value: 10, unit: 's' },
    extras: {
      problems: (r) =>
        r.handler.failClosed === true ? [] : ['failClosed is not true, so a hook that fails lets the command run; fix: firebreak connect cursor'],
    },
  },
  mcpClient: 'cursor',
};
