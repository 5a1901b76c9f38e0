// Codex and Copilot CLI read a project's own hooks (.codex/hooks.json, .github/hooks/) only
// in a project the person has trusted; anywhere else they skip them without a word, and the
// agent's commands run unguarded. connect says so when it registers a project's hook there,
// and doctor does not call such a registration guarded. Each agent's rule is in its own file.

import type { HookAgent } from './agent.js';
import type { Where } from './registration.js';

/** Why the agent will skip firebreak's hook in this project's own settings, or null when it will run it. */
export function untrustedProject(agent: HookAgent, w: Where): string | null {
  return agent.registration.extras?.untrustedProject?.(w) ?? null;
}
