// Codex runs a user or project hook only after the person has trusted it: a
// [hooks.state."<file>:pre_tool_use:<group>:<handler>"] table in ~/.codex/config.toml whose
// trusted_hash is the sha256 of the hook's definition. Without it Codex skips the hook
// silently and the command runs. `firebreak connect codex` is the person asking for the
// hook, so it writes the trust too, and says so; doctor checks the hash still matches.

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { codexHome } from './agents/codex.js';
import type { Where } from './registration.js';

export function codexConfigFile(w: Where): string {
  return join(codexHome(w), 'config.toml');
}

export function codexTrustKey(hooksFile: string, group: number, handler: number): string {
  return `${hooksFile}:pre_tool_use:${group}:${handler}`;
}

/** Keys sorted at every level, no spaces: the canonical JSON Codex hashes. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  return v;
}

/** The hash Codex 0.16x computes for one hook: its event, matcher and normalised handler (timeout 600 s when unset). */
export function codexTrustHash(matcher: string | null, handler: Record<string, unknown>): string {
  const h: Record<string, unknown> = { type: 'command', command: handler.command, timeout: Math.max(1, typeof handler.timeout === 'number' ? handler.timeout : 600), async: handler.async === true };
  if (typeof handler.statusMessage === 'string') h.statusMessage = handler.statusMessage;
  const id: Record<string, unknown> = { event_name: 'pre_tool_use', hooks: [h] };
  if (matcher !== null) id.matcher = matcher;
  return 'sha256:' + createHash('sha256').update(JSON.stringify(canonical(id))).digest('hex');
}
