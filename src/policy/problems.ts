// What is wrong with a config file, as a value: the file, the key, the line when known,
// what is wrong and how to fix it. Every config problem reaches the person as one line.

import type { FirebreakError } from '../core/contracts.js';

export interface PolicyProblem {
  file: string;
  /** The key path inside the file ([] for the file as a whole). */
  path: Array<string | number>;
  /** 1-based; absent when the file has no lines to point at (a JavaScript config, a missing file). */
  line?: number;
  message: string;
  fix: string;
}

/** `thresholds.agent.ask`, `rules[2].match.pattern`. */
function keyText(path: Array<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

export function formatPolicyProblem(p: PolicyProblem): string {
  const where = p.line ? `${p.file}:${p.line}` : p.file;
  const key = p.path.length > 0 ? ` ${keyText(p.path)}:` : '';
  return `${where}:${key} ${p.message}; fix: ${p.fix}`;
}

/** The error a door reports for a config it cannot use. */
export function policyError(problems: PolicyProblem[]): FirebreakError {
  const first = problems[0];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more; run 'firebreak policy validate' to see all)` : '';
  return { code: 'invalid-config', message: first ? `invalid config: ${formatPolicyProblem(first)}${more}` : 'invalid config' };
}
