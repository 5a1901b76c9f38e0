// The effective policy an assessment is made under. Issue 5 loads and merges it from
// config files; until then every assessment uses the built-in defaults of DESIGN.md.

import type { Decision, Severity } from '../core/types.js';
import { DEFAULT_ESCALATION, type EscalationEntry } from './escalation.js';

export interface Thresholds {
  /** Severity at or above which a command needs a human's approval. */
  ask: Severity;
  /** Severity at or above which a command is refused. */
  deny: Severity;
}

export interface Policy {
  thresholds: Thresholds;
  /** What an unparseable line, an exceeded limit or an internal error turns into. */
  onError: Extract<Decision, 'ask' | 'deny'>;
  /** Branch names, or prefixes ending in *, whose history is shared and must not be rewritten. */
  protectedBranches: string[];
  /** Words that mark production in a kube context or namespace, or an environment variable. */
  productionPatterns: string[];
  escalation: EscalationEntry[];
  /**
   * Context raises only matches at or above this severity: an Info or Low match is fine in
   * any context, and raising it would only add noise.
   */
  escalateFrom: Severity;
  /** Time all blast-radius probes of one assessment may take together. */
  blastRadiusBudgetMs: number;
}

export const DEFAULT_POLICY: Policy = {
  thresholds: { ask: 'Medium', deny: 'High' },
  onError: 'ask',
  protectedBranches: ['main', 'master', 'develop', 'development', 'trunk', 'production', 'prod', 'release/*', 'release-*', 'releases/*', 'stable', 'live'],
  productionPatterns: ['prod', 'production', 'prd', 'live'],
  escalation: DEFAULT_ESCALATION,
  escalateFrom: 'Medium',
  blastRadiusBudgetMs: 150,
};
