// Codex's PreToolUse hook. Codex validates the answer strictly: allow and ask are rejected
// as unsupported, and so is any field beyond its schema, and a rejected answer counts as a
// failed hook, which lets the command run. So: allow prints nothing, ask becomes a deny
// whose reason says a person must approve, and a deny carries exactly the schema's fields.
// Codex runs a hook only once it is trusted (codex-trust.ts): connect writes that trust, doctor checks it.

import { join } from 'node:path';
import { jsonReply, object, printed, regexMatches, SILENT, text, payloadError, type HookAgent, type ToolCall } from '../agent.js';
import type { FirebreakError } from '../../core/contracts.js';
import { patchCall, shellOrPatchCall } from './patch.js';
import { codexHome, codexUntrustedProject, trustAfterEdit, trustProblems } from './codex-trust.js';

export { codexHome };

export const codex: HookAgent = {
  name: 'codex',
  label: 'Codex',
  canAsk: false,
  read(p) {
    const tool = text(p, 'tool_name');
    if (tool === null) return payloadError('the payload has no tool_name');
    const input = object(p, 'tool_input');
    let call: ToolCall | FirebreakError;
    // Codex 0.16x reports its shell tool (exec_command, shell) as Bash; it runs
    // `apply_patch <<'EOF' …` from that tool as a patch, not as a command.
    if (tool === 'Bash' || tool === 'shell' || tool === 'local_shell' || tool === 'exec_command') call = shellOrPatchCall(input);
    // The patch arrives as the tool's command text; its headers name every file it touches.
    else if (tool === 'apply_patch') call = patchCall(input ? (text(input, 'command') ?? text(input, 'input') ?? text(input, 'patch')) : null);
    else call = { kind: 'other' };
    if ('code' in call) return call;
    return { tool, call, cwd: text(p, 'cwd'), session: text(p, 'session_id') };
  },
  reply(v) {
    if (v.decision === 'none' || v.decision === 'allow') return SILENT;
    return jsonReply({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: v.reason } });
  },
  blocks(r) {
    if (r.exitCode === 2) return r.stderr.trim() !== '';
    if (r.exitCode !== 0) return false;
    const out = printed(r);
    const h = out?.hookSpecificOutput as Record<string, unknown> | undefined;
    return (
      out !== null &&
      Object.keys(out).length === 1 &&
      h?.hookEventName === 'PreToolUse' &&
      h.permissionDecision === 'deny' &&
      typeof h.permissionDecisionReason === 'string' &&
      h.permissionDecisionReason !== '' &&
      Object.keys(h).length === 3
    );
  },
  sample: (command, cwd) => ({
    session_id: 'firebreak-doctor',
    turn_id: 'firebreak-doctor',
    transcript_path: join(cwd, '.firebreak-doctor.jsonl'),
    cwd,
    hook_event_name: 'PreToolUse',
    model: 'gpt-5.5',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'call_firebreak_doctor',
  }),
  registration: {
    file: (scope, w) => (scope === 'user' ? join(codexHome(w), 'hooks.json') : join(w.project, '.codex', 'hooks.json')),
    shape: 'nested',
    event: 'PreToolUse',
    matcher: 'Bash|apply_patch',
    commandKey: 'command',
    handlerFields: { timeout: 30 },
    fileHeader: {},
    fallbackJson: null,
    // Codex's matcher is a regex on the tool name; its shell tool is reported as Bash.
    coversShell: (m) => regexMatches(m, 'Bash'),
    presence: (w) => [codexHome(w)],
    programs: ['codex'],
    // Observed: Codex runs hooks with bash -c, not a login shell.
    shell: ['bash', '-c'],
    minTimeout: { key: 'timeout', value: 10, unit: 's' },
    extras: { afterEdit: trustAfterEdit, problems: trustProblems, untrustedProject: codexUntrustedProject },
  },
  mcpClient: 'codex',
};
