// Codex runs a user or project hook only after the person has trusted it: a
// [hooks.state."<file>:pre_tool_use:<group>:<handler>"] table in ~/.codex/config.toml whose
// trusted_hash is the sha256 of the hook's definition. Without it Codex skips the hook
// silently and the command runs. `firebreak connect codex` is the person asking for the
// hook, so it writes the trust too, and says so; doctor checks that it still holds.
// The trust is keyed by position: when connect moves other hooks, their trust moves too.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readSettingsFile, writeAtomic } from '../../agent-settings/file.js';
import { deleteTomlTable, readTomlTable, setTomlKey, tomlString } from '../../agent-settings/toml-edit.js';
import { handlerPositions, tilde, type AfterEdit, type Registered, type Step, type Where } from '../registration.js';

// node:crypto is loaded when a hash is needed (connect, doctor), not with every hook.
const require = createRequire(import.meta.url);

export function codexHome(w: { home: string; env: (name: string) => string | undefined }): string {
  return w.env('CODEX_HOME') || join(w.home, '.codex');
}

function codexConfigFile(w: Where): string {
  return join(codexHome(w), 'config.toml');
}

export function codexTrustKey(hooksFile: string, group: number, handler: number): string {
  return `${hooksFile}:pre_tool_use:${group}:${handler}`;
}

/** Keys sorted at every level, no spaces: the canonical JSON Codex hashes. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** The hash Codex 0.16x computes for one hook: its event, matcher and normalised handler (timeout 600 s when unset). */
export function codexTrustHash(matcher: string | null, handler: Record<string, unknown>): string {
  const h: Record<string, unknown> = {
    type: 'command',
    command: handler.command,
    timeout: Math.max(1, typeof handler.timeout === 'number' ? handler.timeout : 600),
    async: handler.async === true,
  };
  if (typeof handler.statusMessage === 'string') h.statusMessage = handler.statusMessage;
  const id: Record<string, unknown> = { event_name: 'pre_tool_use', hooks: [h] };
  if (matcher !== null) id.matcher = matcher;
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return (
    'sha256:' +
    createHash('sha256')
      .update(JSON.stringify(canonical(id)))
      .digest('hex')
  );
}

/**
 * After connect changed hooks.json: firebreak's hook trusted where it now sits, the trust of
 * removed ones dropped, and every other hook's trust moved to where that hook now is,
 * all renamed in one pass (so two moves never collide on one name).
 */
export function trustAfterEdit(e: AfterEdit): Step {
  if (e.edit.kind === 'absent') return { ok: true, lines: [] };
  const config = codexConfigFile(e.w);
  const read = readSettingsFile(config);
  if (!read.ok) return { ok: false, message: read.message };
  const original = read.file.text ?? '';
  const state = readTomlTable(original, ['hooks', 'state']);
  if (!state.ok)
    return { ok: false, message: `${config}: ${state.message}; Codex will skip the hook until it is trusted (review it in Codex's /hooks screen)` };
  const others = (list: unknown[]) => handlerPositions(list, e.reg, e.agent).filter((p) => !p.ours);
  const before = handlerPositions(e.before, e.reg, e.agent);
  const after = others(e.edit.list);
  const moved = new Map<string, string | null>();
  others(e.before).forEach((p, i) => {
    const to = after[i];
    moved.set(codexTrustKey(e.file, p.group, p.handler), to ? codexTrustKey(e.file, to.group, to.handler) : null);
  });
  const ours = e.edit.kind === 'removed' ? null : codexTrustKey(e.file, e.edit.at.group, e.edit.at.handler);
  for (const p of before) {
    const key = codexTrustKey(e.file, p.group, p.handler);
    // Ours where it stays keeps its table (its hash is set below); anywhere else it goes.
    if (p.ours && key !== ours) moved.set(key, null);
  }
  let text = original;
  const renames: Array<[string, string]> = [];
  for (const key of Object.keys(state.value)) {
    if (!moved.has(key)) continue;
    const to = moved.get(key)!;
    if (to === null) text = deleteTomlTable(text, ['hooks', 'state', key]) ?? text;
    else if (to !== key) renames.push([key, to]);
  }
  renames.forEach(([from], i) => {
    text = text.split(tomlString(from)).join(tomlString(`\u0000firebreak-${i}`));
  });
  renames.forEach(([, to], i) => {
    text = text.split(tomlString(`\u0000firebreak-${i}`)).join(tomlString(to));
  });
  if (e.edit.kind !== 'removed') {
    const group = e.edit.list[e.edit.at.group] as { matcher?: string; hooks: Array<Record<string, unknown>> };
    const set = setTomlKey(text, ['hooks', 'state', ours!], 'trusted_hash', tomlString(codexTrustHash(group.matcher ?? null, group.hooks[e.edit.at.handler]!)));
    if (!set.ok) return { ok: false, message: `${config}: ${set.message}; Codex will skip the hook until it is trusted (review it in Codex's /hooks screen)` };
    text = set.text;
  }
  if (text === original) return { ok: true, lines: [] };
  if (!e.dryRun) {
    try {
      writeAtomic(read.file.path, text, read.file.mode);
    } catch (err) {
      return { ok: false, message: `cannot write ${config}: ${(err as Error).message}` };
    }
  }
  const what = e.edit.kind === 'removed' ? (e.dryRun ? 'would drop the trust of' : 'dropped the trust of') : e.dryRun ? 'would trust' : 'trusted';
  return { ok: true, lines: [`Codex: ${what} firebreak's hook in ${tilde(read.file.path, e.w.home)} ([hooks.state]); Codex runs only hooks it trusts`] };
}

/** Whether Codex trusts the registration as it is now, and has not switched it off. */
export function trustProblems(r: Registered, w: Where): string[] {
  const config = readSettingsFile(codexConfigFile(w));
  const state = config.ok && config.file.text !== null ? readTomlTable(config.file.text, ['hooks', 'state']) : { ok: true as const, value: {} };
  const entry = state.ok ? (state.value[codexTrustKey(r.file, r.group, r.index)] as { trusted_hash?: unknown; enabled?: unknown } | undefined) : undefined;
  if (entry?.enabled === false)
    return [`the hook is switched off in ${tilde(codexConfigFile(w), w.home)} (enabled = false); fix: remove that line, or run: firebreak connect codex`];
  if (entry?.trusted_hash !== codexTrustHash(r.matcher, r.handler))
    return [
      `Codex has not trusted this hook${entry ? ' as it is now' : ''}, and skips it silently; fix: firebreak connect codex (or review it in Codex's /hooks screen)`,
    ];
  return [];
}

/** Codex reads a project's .codex/hooks.json only in a project it trusts. */
export function codexUntrustedProject(w: Where): string | null {
  const config = readSettingsFile(codexConfigFile(w));
  const table = config.ok && config.file.text !== null ? readTomlTable(config.file.text, ['projects', w.project]) : null;
  if (table?.ok && table.value.trust_level === 'trusted') return null;
  return `Codex reads .codex/hooks.json only in projects it trusts, and ${w.project} is not one; fix: trust it in Codex (its prompt, or codex exec --trust), or run: firebreak connect codex --scope user`;
}
