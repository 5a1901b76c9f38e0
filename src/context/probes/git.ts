// What git operations would throw away, from the repository itself: uncommitted changes a
// reset or checkout would discard, untracked files a clean would delete, commits a force
// push would drop from the remote-tracking branch. Git is asked directly, with a timeout
// from the budget; probes run only for commands a rule already matched.

import { createRequire } from 'node:module';
import { findProjectRoot } from '../context.js';
import type { Budget } from './budget.js';

// Loaded on first use: node:child_process costs milliseconds to load, and only a command
// that a rule matched, in a repository, ever needs it.
const require = createRequire(import.meta.url);
let spawnSync: typeof import('node:child_process').spawnSync | null = null;

function git(cwd: string, args: string[], budget: Budget): string | null {
  const timeout = Math.floor(budget.remaining());
  if (timeout < 5 || findProjectRoot(cwd) === null) return null;
  spawnSync ??= (require('node:child_process') as typeof import('node:child_process')).spawnSync;
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    timeout,
    maxBuffer: 8 * 1024 * 1024,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
  });
  return r.status === 0 && typeof r.stdout === 'string' ? r.stdout : null;
}

interface WorkingTreeChanges {
  /** Tracked files with uncommitted changes (staged or not). */
  modified: number;
  /** Untracked files, not ignored. */
  untracked: number;
  /** Ignored files (what clean -x would also delete). */
  ignored: number;
}

export function workingTreeChanges(cwd: string, budget: Budget, withIgnored = false): WorkingTreeChanges | null {
  const out = git(cwd, ['status', '--porcelain=v1', '-z', ...(withIgnored ? ['--ignored'] : []), '--untracked-files=all'], budget);
  if (out === null) return null;
  const c: WorkingTreeChanges = { modified: 0, untracked: 0, ignored: 0 };
  for (const entry of out.split('\0')) {
    if (entry.length < 3) continue;
    const xy = entry.slice(0, 2);
    if (xy === '??') c.untracked++;
    else if (xy === '!!') c.ignored++;
    else if (/^[ MADRCU?!]{2}$/.test(xy)) c.modified++;
  }
  return c;
}

/** Commits on `remoteRef` that `localRef` does not contain: what a force push would drop. */
export function commitsDropped(cwd: string, localRef: string, remoteRef: string, budget: Budget): number | null {
  const out = git(cwd, ['rev-list', '--count', `${localRef}..${remoteRef}`, '--'], budget);
  if (out === null) return null;
  const n = Number(out.trim());
  return Number.isFinite(n) ? n : null;
}

/** Number of stash entries (what stash clear would delete). */
export function stashCount(cwd: string, budget: Budget): number | null {
  const out = git(cwd, ['stash', 'list', '--format=%H'], budget);
  return out === null ? null : out.split('\n').filter(Boolean).length;
}

/** How many files under these paths git tracks (so the history still has them). */
export function trackedCount(cwd: string, paths: string[], budget: Budget): number | null {
  const out = git(cwd, ['ls-files', '-z', '--', ...paths], budget);
  return out === null ? null : out.split('\0').filter(Boolean).length;
}
