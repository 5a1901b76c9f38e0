// Synchronous work with a time limit. An assessment is synchronous: a timer cannot stop it,
// but V8's watchdog can. Doors that must answer within a deadline (a hook, a shell plugin's
// helper) run the engine through this.

import { Script } from 'node:vm';

const watchdog = new Script('globalThis.__firebreakDeadlineWork()');

/** The code the error thrown past the deadline carries. */
export const DEADLINE_PASSED = 'ERR_SCRIPT_EXECUTION_TIMEOUT';

/** Runs synchronous work under V8's watchdog: past `ms` it throws (code ERR_SCRIPT_EXECUTION_TIMEOUT) instead of running on. */
export function withinDeadline<T>(ms: number, work: () => T): T {
  if (ms <= 0) throw Object.assign(new Error('deadline passed'), { code: DEADLINE_PASSED });
  const g = globalThis as unknown as { __firebreakDeadlineWork?: () => T };
  g.__firebreakDeadlineWork = work;
  try {
    return watchdog.runInThisContext({ timeout: Math.ceil(ms) }) as T;
  } finally {
    delete g.__firebreakDeadlineWork;
  }
}
