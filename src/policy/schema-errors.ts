// Turning a JSON Schema error into words a person can act on: which key, what is wrong
// with it, and the fix ("did you mean 'protected_branches'?", "use one of ask, deny").

import type { ErrorObject } from 'ajv';
import type { PolicyProblem } from './problems.js';

/** The candidate nearest to `word` by edit distance, if it is near enough to be a typo. */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDist = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDist) {
      best = c;
      bestDist = d;
    }
  }
  return best !== null && bestDist <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

const TYPE_FIX: Record<string, string> = {
  array: 'write a list, e.g. [main, release/*]',
  object: 'write a mapping of keys to values',
  string: 'write a single word or a quoted string',
  integer: 'write a whole number, e.g. 150',
  boolean: 'write true or false',
};

function pathOf(instancePath: string): Array<string | number> {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~')));
}

function patternFix(path: Array<string | number>): string {
  const top = path[0];
  if (top === 'ignore' || top === 'deny' || top === 'severity')
    return "rule ids are group:name in lower case (or group:* for a whole group); 'firebreak rules list' lists them";
  if (top === 'groups' || top === 'escalation') return "group names are lower case, e.g. git or kubernetes; 'firebreak rules list' lists them";
  if (top === 'rules' && path[2] === 'id') return 'rule ids are group:name in lower case, e.g. custom:drop-ledger';
  return 'see schemas/config.schema.json for the form this value takes';
}

/** A problem for one schema error, or null for an error another one already explains. */
export function describeSchemaError(e: ErrorObject): Omit<PolicyProblem, 'file'> | null {
  const path = pathOf(e.instancePath);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const near = closest(key, known);
      return {
        path: [...path, key],
        message: `unknown key '${key}'`,
        fix: near ? `did you mean '${near}'?` : known.length > 0 ? `remove it; the keys here are ${known.join(', ')}` : 'remove it',
      };
    }
    case 'enum':
      return { path, message: `${JSON.stringify(e.data)} is not allowed here`, fix: `use one of ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { path, message: `${JSON.stringify(e.data)} is not allowed here`, fix: `set it to ${JSON.stringify(params.allowedValue)}` };
    case 'type':
      return {
        path,
        message: `must be ${params.type === 'array' ? 'a list' : params.type === 'object' ? 'a mapping' : `a ${String(params.type)}`}`,
        fix: TYPE_FIX[String(params.type)] ?? 'see schemas/config.schema.json',
      };
    case 'required':
      return { path, message: `missing '${String(params.missingProperty)}'`, fix: `add ${String(params.missingProperty)}` };
    case 'propertyNames':
      return { path: [...path, String(params.propertyName)], message: `'${String(params.propertyName)}' is not a rule id`, fix: patternFix(path) };
    case 'pattern':
      // Reported by the propertyNames error of the same key.
      if (e.propertyName !== undefined) return null;
      return { path, message: `${JSON.stringify(e.data)} is not valid here`, fix: patternFix(path) };
    case 'minimum':
    case 'maximum':
      return { path, message: `${JSON.stringify(e.data)} is out of range`, fix: `use a value ${String(params.comparison)} ${String(params.limit)}` };
    case 'uniqueItems':
      return { path, message: 'lists the same value twice', fix: 'remove the repeated entry' };
    case 'oneOf':
    case 'anyOf':
      return {
        path,
        message: 'does not match any form this value can take',
        fix: 'see schemas/rule.schema.json for the forms (each predicate is one of flag, flag_value, positional, ...)',
      };
    default:
      return { path, message: e.message ?? 'is invalid', fix: 'see schemas/config.schema.json' };
  }
}
