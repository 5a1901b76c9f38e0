// The facts about where a command runs that the engine needs now: the directory, the
// home directory and the project around it. Read from the filesystem without spawning a
// process, and cached per directory because an agent checks many commands in one place.

import { realpathSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { PathContext } from './paths.js';
import { firebreakOwnPaths, movedAgentDirs } from './own-files.js';

export type { PathClass, PathContext } from './paths.js';
export { classifyPath } from './paths.js';
export { PATH_CLASSES } from '../core/path-class.js';

const cache = new Map<string, PathContext>();

/** Finds the nearest enclosing directory holding .git (a directory or a worktree file). */
export function findProjectRoot(dir: string): string | null {
  let d = dir;
  for (let i = 0; i < 64; i++) {
    try {
      statSync(d + '/.git');
      return d;
    } catch {
      const up = dirname(d);
      if (up === d) return null;
      d = up;
    }
  }
  return null;
}

/** The path with every symlink resolved, or the path itself when that fails. */
export function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export function detectContext(cwd: string, home = homedir()): PathContext {
  const abs = resolve(cwd);
  const key = abs + '\0' + home;
  const hit = cache.get(key);
  if (hit) return hit;
  // macOS keeps /tmp and /var/tmp under /private, and a path may name either.
  const temps = new Set(['/tmp', '/var/tmp', '/dev/shm', '/private/tmp', '/private/var/tmp', resolve(tmpdir())]);
  let dir = abs;
  let root = findProjectRoot(abs);
  if (root === null) {
    // Reached through a symlink into a repository: the repository is where the link leads.
    const real = realOf(abs);
    root = real === abs ? null : findProjectRoot(real);
    if (root !== null) dir = real;
  }
  const home_ = resolve(home);
  const ctx: PathContext = {
    cwd: dir,
    home: home_,
    projectRoot: root ?? dir,
    tempDirs: [...temps],
    // Worked out when a rule's target first asks (finding the installed re2 costs a module resolution), not on every check.
    get guarded() {
      return firebreakOwnPaths((k) => process.env[k], home_);
    },
    get agentDirs() {
      return movedAgentDirs((k) => process.env[k]);
    },
  };
  if (cache.size > 256) cache.clear();
  cache.set(key, ctx);
  return ctx;
}
