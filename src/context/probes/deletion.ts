// How much a deletion would remove: files and bytes under each target, by a bounded walk
// that stops at a cap on entries or when the budget runs out, never following symlinks.

import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Budget } from './budget.js';

const DELETION_LIMITS = {
  /** Entries looked at, all targets together, before the count is reported as "at least". */
  maxEntries: 10_000,
} as const;

interface DeletionSize {
  files: number;
  dirs: number;
  bytes: number;
  /** The walk stopped early: the numbers are lower bounds. */
  partial: boolean;
  /** Targets that do not exist. */
  missing: string[];
}

export function measureDeletion(paths: string[], budget: Budget, maxEntries: number = DELETION_LIMITS.maxEntries): DeletionSize {
  const out: DeletionSize = { files: 0, dirs: 0, bytes: 0, partial: false, missing: [] };
  let seen = 0;
  const stack: string[] = [];
  for (const p of paths) {
    try {
      lstatSync(p);
      stack.push(p);
    } catch {
      out.missing.push(p);
    }
  }
  while (stack.length > 0) {
    if (seen >= maxEntries || (seen % 64 === 0 && budget.expired())) {
      out.partial = true;
      break;
    }
    const p = stack.pop()!;
    seen++;
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      out.dirs++;
      let names: string[];
      try {
        names = readdirSync(p);
      } catch {
        continue;
      }
      for (const n of names) stack.push(join(p, n));
    } else {
      out.files++;
      out.bytes += st.size;
    }
  }
  return out;
}
