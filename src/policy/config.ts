// A config file as written: the shape schemas/config.schema.json validates, in the file's
// own snake_case. Every layer (user config, project policy) has this one shape.

import type { Severity } from '../core/contracts.js';
import type { CommandSpec, RuleSource } from '../catalogue/rule-format.js';
import type { EscalationEntry } from './escalation.js';
import type { ShellAsk, ShellDeny, Threshold } from './policy.js';

interface ThresholdsConfig {
  ask?: Threshold;
  deny?: Threshold;
}

export interface ConfigFile {
  version?: 1;
  thresholds?: ThresholdsConfig & { agent?: ThresholdsConfig; human?: ThresholdsConfig };
  on_error?: 'ask' | 'deny';
  groups?: { disable?: string[]; enable?: string[] };
  ignore?: string[];
  deny?: string[];
  severity?: Record<string, Severity>;
  protected_branches?: string[];
  production_patterns?: string[];
  escalation?: EscalationEntry[];
  escalate_from?: Severity;
  blast_radius?: { budget_ms?: number };
  commands?: Record<string, CommandSpec>;
  rules?: RuleSource[];
  audit?: { enabled?: boolean; file?: string; include_allowed?: boolean };
  hooks?: { explicit_allow?: boolean };
  shell?: { ask?: ShellAsk; deny?: ShellDeny };
}
