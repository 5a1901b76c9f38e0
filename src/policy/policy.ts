// The effective policy an assessment is made under. Issue 5 loads and merges it from
// config files; until then every assessment uses the built-in defaults of DESIGN.md.

import type { Decision, Severity } from '../core/types.js';

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
}

export const DEFAULT_POLICY: Policy = {
  thresholds: { ask: 'Medium', deny: 'High' },
  onError: 'ask',
};
