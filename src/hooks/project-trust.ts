// Codex and Copilot CLI read a project's own hooks (.codex/hooks.json, .github/hooks/) only
// in a project the person has trusted; anywhere else they skip them without a word, and the
// agent's commands run unguarded. connect says so when it registers a project's hook there,
// and doctor does not call such a registration guarded.
//   Codex:   [projects."<project root>"] trust_level = "trusted" in ~/.codex/config.toml
//   Copilot: the project or a folder above it in trusted_folders in ~/.copilot/config.json

import { join, sep } from 'node:path';
import { readJsonConfig } from '../agent-settings/json-edit.js';
import { readSettingsFile } from '../agent-settings/file.js';
import { readTomlTable } from '../agent-settings/toml-edit.js';
import type { HookAgent } from './agent.js';
import { copilotHome } from './agents/copilot.js';
import { codexConfigFile } from './codex-trust.js';
import type { Where } from './registration.js';

/** Why the agent will skip firebreak's hook in this project's own settings, or null when it will run it. */
export function untrustedProject(agent: HookAgent, w: Where): string | null {
  if (agent.name === 'codex') {
    const config = readSettingsFile(codexConfigFile(w));
    const table = config.ok && config.file.text !== null ? readTomlTable(config.file.text, ['projects', w.project]) : null;
    if (table?.ok && table.value.trust_level === 'trusted') return null;
    return `Codex reads .codex/hooks.json only in projects it trusts, and ${w.project} is not one; fix: trust it in Codex (its prompt, or codex exec --trust), or run: firebreak connect codex --scope user`;
  }
  if (agent.name === 'copilot') {
    const config = readSettingsFile(join(copilotHome(w), 'config.json'));
    const json = config.ok && config.file.text !== null ? readJsonConfig(config.file.text) : null;
    const folders = json?.ok ? (json.value as { trusted_folders?: unknown }).trusted_folders : undefined;
    const trusted = Array.isArray(folders) && folders.some((f) => typeof f === 'string' && (w.project === f || w.project.startsWith(f.endsWith(sep) ? f : f + sep)));
    if (trusted) return null;
    return `Copilot CLI reads .github/hooks only in folders it trusts, and ${w.project} is not one; fix: trust it when Copilot asks, or run: firebreak connect copilot --scope user`;
  }
  return null;
}
