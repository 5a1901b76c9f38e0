// Where firebreak itself lives on this machine: its config (and every place a user config
// may be), cache and state (the audit log, a person's approvals), the installed files the
// hooks run, the modules they load, and the node that runs them. Writing to, moving or
// deleting any of these can switch the guard off or let a command through, so they are
// classed with firebreak's config (guard_config), whoever writes them. One list: config
// discovery (src/policy/discover.ts) reads the same places it protects.

import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Env = (name: string) => string | undefined;

/** An XDG base directory: the variable when it is absolute (a relative one is invalid by the spec and ignored), else its default under the home. */
function xdg(env: Env, name: string, home: string, fallback: string): string {
  const v = env(name);
  return v?.startsWith('/') ? v : join(home, fallback);
}

/** firebreak's own directories: the user config's, the cache's, and the state's (audit log, approvals). */
export function firebreakDirs(env: Env, home: string): { config: string; cache: string; state: string } {
  return {
    config: join(xdg(env, 'XDG_CONFIG_HOME', home, '.config'), 'firebreak'),
    cache: join(xdg(env, 'XDG_CACHE_HOME', home, '.cache'), 'firebreak'),
    state: join(xdg(env, 'XDG_STATE_HOME', home, '.local/state'), 'firebreak'),
  };
}

const DATA_EXTS = ['', '.json', '.yaml', '.yml'];
export const CODE_EXTS = ['.js', '.cjs', '.mjs', '.ts'];

/** Where a user config may be: in firebreak's config directory, and cosmiconfig's places in the home (plus .firebreak.yaml). */
export const USER_CONFIG_PLACES = {
  configDir: [...DATA_EXTS, ...CODE_EXTS].map((e) => `config${e}`),
  home: [
    ...[...DATA_EXTS, ...CODE_EXTS].map((e) => `.firebreakrc${e}`),
    ...[...DATA_EXTS, ...CODE_EXTS].map((e) => `.config/firebreakrc${e}`),
    ...CODE_EXTS.map((e) => `firebreak.config${e}`),
    '.firebreak.yaml',
    '.firebreak.yml',
  ],
} as const;

/** Where a project policy may be (data only), and where one written as code would be (refused, never run). */
export const PROJECT_CONFIG_PLACES = {
  data: ['.firebreak.yaml', '.firebreak.yml', ...DATA_EXTS.map((e) => `.firebreakrc${e}`), ...DATA_EXTS.map((e) => `.config/firebreakrc${e}`)],
  code: [...CODE_EXTS.map((e) => `.firebreakrc${e}`), ...CODE_EXTS.map((e) => `.config/firebreakrc${e}`), ...CODE_EXTS.map((e) => `firebreak.config${e}`)],
} as const;

/** The directory holding bin/ and dist/: two levels above this file, in the sources and in the bundle (dist/cli). */
function packageRoot(): string {
  return dirname(dirname(fileURLToPath(new URL('.', import.meta.url))));
}

/** The installed re2, which the hooks load at run time: it may be hoisted out of firebreak's own node_modules. */
function re2Dir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('re2/package.json'));
  } catch {
    return null;
  }
}

const memo = new Map<string, string[]>();

/** Absolute paths that are firebreak's, under which every path is guarded. */
export function firebreakOwnPaths(env: Env, home: string): string[] {
  const config = env('FIREBREAK_CONFIG');
  const key = [home, env('XDG_CONFIG_HOME'), env('XDG_CACHE_HOME'), env('XDG_STATE_HOME'), config].join('\0');
  const hit = memo.get(key);
  if (hit) return hit;
  const root = packageRoot();
  const dirs = firebreakDirs(env, home);
  // Installed as a package, all of it is firebreak's; a working copy (firebreak's own
  // development) keeps its sources writable and guards what runs.
  const installed = root.split('/').includes('node_modules');
  const paths = [
    dirs.config,
    dirs.cache,
    dirs.state,
    process.execPath,
    ...(installed ? [root] : [join(root, 'bin'), join(root, 'dist'), join(root, 'package.json')]),
  ];
  const re2 = re2Dir();
  if (re2) paths.push(re2);
  if (config?.startsWith('/')) paths.push(resolve(config));
  memo.set(key, paths);
  return paths;
}

/**
 * The agents' settings directories that their environment moves out of the home, each with
 * the path under the home it stands for: the hooks and settings in them are guarded as the
 * same files in the home are. Gemini's GEMINI_CLI_HOME is a home of its own (its .gemini is
 * Gemini's). Only absolute values: a relative one would depend on where the agent started.
 */
export function movedAgentDirs(env: Env): Array<{ dir: string; as: string }> {
  const moved: Array<{ dir: string; as: string }> = [];
  for (const [name, as] of [
    ['CLAUDE_CONFIG_DIR', '.claude'],
    ['CODEX_HOME', '.codex'],
    ['COPILOT_HOME', '.copilot'],
    ['GEMINI_CLI_HOME', ''],
  ] as const) {
    const v = env(name);
    if (v?.startsWith('/')) moved.push({ dir: resolve(v), as });
  }
  return moved;
}
