// Finding the config files that apply in a directory, before any of them is read: the
// user's config (one file, in any of cosmiconfig's places for `firebreak`, or the file
// FIREBREAK_CONFIG names) and the project policy files from the cwd up to the project
// root. One readdir per directory: a check in a place with no config pays microseconds,
// where a cosmiconfig search costs milliseconds (see README, "Configuration").

import { readdirSync, statSync } from 'node:fs';
import { readSmallFile } from '../core/files.js';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { PolicyProblem } from './problems.js';
import { CODE_EXTS, firebreakDirs, PROJECT_CONFIG_PLACES, USER_CONFIG_PLACES } from '../context/own-files.js';

type LayerScope = 'user' | 'project';

export interface ConfigFileRef {
  path: string;
  scope: LayerScope;
  /** JavaScript configs are run by cosmiconfig, so their result is never cached. */
  code: boolean;
}

interface Discovery {
  /** The user's config first, then project files from the outermost directory in. */
  files: ConfigFileRef[];
  problems: PolicyProblem[];
}

// The places, one list shared with the guard that protects them (src/context/own-files.ts).
const XDG_PLACES = USER_CONFIG_PLACES.configDir;
const HOME_PLACES = USER_CONFIG_PLACES.home;
const PROJECT_PLACES = PROJECT_CONFIG_PLACES.data;
const PROJECT_CODE_PLACES = PROJECT_CONFIG_PLACES.code;

const isCode = (p: string): boolean => CODE_EXTS.some((e) => p.endsWith(e));

function namesIn(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The places of `places` that exist in `dir`, whatever they are: one that is not a regular
 * file (a directory, a device, a broken link) is reported when it is read, never skipped.
 * Reads dir/.config only when it exists.
 */
function present(dir: string, places: readonly string[]): string[] {
  const top = namesIn(dir);
  const config = top.has('.config') ? namesIn(join(dir, '.config')) : null;
  const out: string[] = [];
  for (const p of places) {
    const nested = p.startsWith('.config/');
    const found = nested ? config?.has(p.slice(8)) : top.has(p);
    if (found) out.push(join(dir, p));
  }
  return out;
}

/** Whether a package.json carries a top-level `firebreak` key (cosmiconfig's package property). */
function packageHasConfig(path: string): boolean {
  try {
    const text = readSmallFile(path, 1024 * 1024);
    // A key spelt with escapes ("fire\u0062reak") is still the key: such a file is parsed too.
    if (text === null || (!text.includes('"firebreak"') && !text.includes('\\u'))) return false;
    const pkg = JSON.parse(text) as unknown;
    return typeof pkg === 'object' && pkg !== null && Object.hasOwn(pkg, 'firebreak');
  } catch {
    // A broken package.json is npm's business, not a policy; cosmiconfig would fail on it too.
    return false;
  }
}

interface DiscoverOptions {
  cwd: string;
  home: string;
  /** The project root (nearest directory with .git), or null outside a repository. */
  projectRoot: string | null;
  env: (name: string) => string | undefined;
}

export function userConfigDir(env: (name: string) => string | undefined, home: string): string {
  return firebreakDirs(env, home).config;
}

function discoverUser(opts: DiscoverOptions, problems: PolicyProblem[]): ConfigFileRef | null {
  const named = opts.env('FIREBREAK_CONFIG');
  if (named) {
    // Relative to what? Not to the directory being checked: a repository could then supply "your" config.
    if (!isAbsolute(named)) {
      problems.push({
        file: named,
        path: [],
        message: `FIREBREAK_CONFIG must be an absolute path, not '${named}'`,
        fix: 'set it to the full path of your config file, e.g. $HOME/.config/firebreak/config.yaml',
      });
      return null;
    }
    const path = resolve(named);
    if (!isFile(path)) {
      problems.push({
        file: path,
        path: [],
        message: `FIREBREAK_CONFIG names ${path}, which is not a readable file`,
        fix: 'point FIREBREAK_CONFIG at your config file, or unset it',
      });
      return null;
    }
    return { path, scope: 'user', code: isCode(path) };
  }
  const found = [...present(userConfigDir(opts.env, opts.home), XDG_PLACES), ...present(opts.home, HOME_PLACES)];
  if (found.length > 1) {
    problems.push({
      file: found[0]!,
      path: [],
      message: `there is more than one user config: ${found.join(', ')}`,
      fix: `keep one: merge the others into ${found[0]} and delete them`,
    });
  }
  return found[0] ? { path: found[0], scope: 'user', code: isCode(found[0]) } : null;
}

/**
 * Directories a project policy may sit in, outermost first: from the project root down to
 * the cwd, never the home directory itself. Outside a repository only the cwd: walking up
 * from /tmp/x would let a file another user leaves in /tmp judge (or, broken, block) every
 * check below it.
 */
function projectDirs(opts: DiscoverOptions): string[] {
  const home = resolve(opts.home);
  if (!opts.projectRoot) return resolve(opts.cwd) === home ? [] : [resolve(opts.cwd)];
  const stop = resolve(opts.projectRoot);
  const dirs: string[] = [];
  let d = resolve(opts.cwd);
  for (let i = 0; i < 64; i++) {
    if (d === home) break;
    dirs.push(d);
    if (d === stop) break;
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  return dirs.reverse();
}

export function discoverConfig(opts: DiscoverOptions): Discovery {
  const problems: PolicyProblem[] = [];
  const files: ConfigFileRef[] = [];
  const user = discoverUser(opts, problems);
  if (user) files.push(user);
  for (const dir of projectDirs(opts)) {
    const found = present(dir, PROJECT_PLACES);
    const pkg = join(dir, 'package.json');
    if (found.length === 0 || found.length === 1) {
      // Only look inside package.json when nothing else is here or to report a clash.
      if (packageHasConfig(pkg)) found.push(pkg);
    }
    for (const code of present(dir, PROJECT_CODE_PLACES)) {
      problems.push({
        file: code,
        path: [],
        message: 'a project policy must be data (YAML or JSON): firebreak never runs code from a repository',
        fix: `write the policy as ${join(dir, '.firebreak.yaml')} and delete ${code}`,
      });
    }
    if (found.length > 1) {
      problems.push({
        file: found[0]!,
        path: [],
        message: `there is more than one project policy in ${dir}: ${found.join(', ')}`,
        fix: `keep one: merge the others into ${found[0]} and delete them`,
      });
    }
    if (found[0]) files.push({ path: found[0], scope: 'project', code: false });
  }
  return { files, problems };
}
