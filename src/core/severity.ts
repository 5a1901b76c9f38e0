import type { Severity } from './contracts.js';

const RANK: Record<Severity, number> = { Info: 0, Low: 1, Medium: 2, High: 3, Critical: 4 };

export function severityRank(s: Severity): number {
  return RANK[s];
}

export function maxSeverity(a: Severity | null, b: Severity | null): Severity | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

/** Whether a severity reaches a threshold; 'never' is reached by nothing. */
export function atLeast(s: Severity | null, threshold: Severity | 'never'): boolean {
  return s !== null && threshold !== 'never' && RANK[s] >= RANK[threshold];
}
