// Every agent firebreak can stand guard for. One more agent is one file beside these and
// one line here.

import type { HookAgent } from '../agent.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { copilot } from './copilot.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';

export const AGENTS: readonly HookAgent[] = [claude, codex, gemini, cursor, copilot];

export function agentNamed(name: string): HookAgent | undefined {
  return AGENTS.find((a) => a.name === name);
}
