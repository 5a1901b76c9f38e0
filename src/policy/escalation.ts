// How context raises severity. A matched rule's severity goes up one step in an Elevated
// context and two in a Critical one, capped at Critical; context never lowers a severity
// and never makes a rule match. Which signal counts for which rule groups is policy.

import { SEVERITIES, type RiskLevel, type Severity } from '../core/contracts.js';

export type SignalName = 'protected-branch' | 'production-kube' | 'production-env' | 'ssh' | 'root' | 'ci';

export interface EscalationEntry {
  signal: SignalName;
  level: RiskLevel;
  /** Rule groups the signal raises; '*' for all. */
  groups: string[];
}

/** The default table, documented in the README. */
export const DEFAULT_ESCALATION: EscalationEntry[] = [
  { signal: 'protected-branch', level: 'Elevated', groups: ['git'] },
  { signal: 'production-kube', level: 'Critical', groups: ['kubernetes'] },
  { signal: 'production-env', level: 'Critical', groups: ['*'] },
  // On another machine over SSH, or as root, mistakes on the machine itself cost more;
  // neither changes what a kubectl or a cloud CLI can do.
  { signal: 'ssh', level: 'Elevated', groups: ['fs', 'system', 'containers', 'database'] },
  { signal: 'root', level: 'Elevated', groups: ['fs', 'system'] },
  { signal: 'ci', level: 'Normal', groups: [] },
];

const STEPS: Record<RiskLevel, number> = { Normal: 0, Elevated: 1, Critical: 2 };

export function maxLevel(a: RiskLevel, b: RiskLevel): RiskLevel {
  return STEPS[a] >= STEPS[b] ? a : b;
}

/** The level that applies to a rule of `group` given the active signals. */
export function levelFor(group: string, active: Set<SignalName>, table: EscalationEntry[]): RiskLevel {
  let level: RiskLevel = 'Normal';
  for (const e of table) {
    if (active.has(e.signal) && (e.groups.includes('*') || e.groups.includes(group))) level = maxLevel(level, e.level);
  }
  return level;
}

export function escalate(severity: Severity, level: RiskLevel): Severity {
  const i = Math.min(SEVERITIES.indexOf(severity) + STEPS[level], SEVERITIES.length - 1);
  return SEVERITIES[i]!;
}
