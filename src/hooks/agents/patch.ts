// The files a patch in Codex's apply_patch format touches: its headers name each one.
//   *** Begin Patch
//   *** Update File: src/app.ts
//   *** Move to: src/main.ts
//   *** Add File: docs/x.md
//   *** Delete File: old.txt
//   *** End Patch
// Codex trims a line before it looks for a header, so firebreak does too; a line that looks
// like a header but is none it knows makes the patch unreadable, never a smaller one.

import { payloadError, shellCommand, type ToolCall } from '../agent.js';
import type { FirebreakError } from '../../core/contracts.js';

const FILE_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/;
const OTHER_HEADERS = new Set(['*** Begin Patch', '*** End Patch', '*** End of File']);

type PatchFiles = { ok: true; paths: string[] } | { ok: false; message: string };

function patchFiles(patch: string): PatchFiles {
  const paths: string[] = [];
  for (const raw of patch.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('***')) continue;
    const m = FILE_HEADER.exec(line);
    if (m) {
      const p = m[1]!.trim();
      if (p !== '' && !paths.includes(p)) paths.push(p);
      continue;
    }
    if (!OTHER_HEADERS.has(line)) return { ok: false, message: `the patch has a header firebreak does not know (${line.slice(0, 80)})` };
  }
  if (paths.length === 0)
    return { ok: false, message: 'the patch names no file (no "*** Add File:", "*** Update File:", "*** Delete File:" or "*** Move to:" line)' };
  return { ok: true, paths };
}

/**
 * A shell command Codex (and Copilot with GPT models) runs as a patch instead: `apply_patch`
 * or `applypatch` with the patch in a here-document or an argument. Null when it is not one.
 */
function shellPatch(command: string): PatchFiles | null {
  if (!/\bappl(?:y_)?patch\b/.test(command) || !command.includes('*** Begin Patch')) return null;
  return patchFiles(command);
}

/** A patch tool's call: the files its text names, or why it cannot be read. */
export function patchCall(patch: string | null): ToolCall | FirebreakError {
  if (patch === null) return payloadError('the apply_patch call carries no patch text');
  const files = patchFiles(patch);
  return files.ok ? { kind: 'write', paths: files.paths } : payloadError(files.message);
}

/** A shell tool's call: its command, or the files it writes when the command is a patch. */
export function shellOrPatchCall(input: Record<string, unknown> | null): ToolCall | FirebreakError {
  const c = shellCommand(input);
  if ('code' in c) return c;
  const patch = shellPatch(c.command);
  if (!patch) return c;
  return patch.ok ? { kind: 'write', paths: patch.paths } : payloadError(patch.message);
}
