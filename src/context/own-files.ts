// Where firebreak itself lives on this machine: its config, cache and state (the audit log,
// a person's approvals), the installed files the hooks run, and the node that runs them.
// Writing to, moving or deleting any of these can switch the guard off or let a command
// through, so they are classed with firebreak's config (guard_config), whoever writes them.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function xdg(env: (name: string) => string | undefined, name: string, home: string, fallback: string): string {
  const v = env(name);
  // A relative XDG value is invalid by the spec, and firebreak ignores it as every other program does.
  return v && v.startsWith('/') ? v : join(home, fallback);
}

/** The directory holding bin/ and dist/: two levels above this file, in the sources and in the bundle (dist/cli). */
function packageRoot(): string {
  return dirname(dirname(fileURLToPath(new URL('.', import.meta.url))));
}

export function firebreakOwnPaths(env: (name: string) => string | undefined, home: string): string[] {
  const root = packageRoot();
  const paths = [
    join(xdg(env, 'XDG_CONFIG_HOME', home, '.config'), 'firebreak'),
    join(xdg(env, 'XDG_CACHE_HOME', home, '.cache'), 'firebreak'),
    join(xdg(env, 'XDG_STATE_HOME', home, '.local/state'), 'firebreak'),
    join(root, 'bin'),
    join(root, 'dist'),
    join(root, 'package.json'),
    process.execPath,
  ];
  const config = env('FIREBREAK_CONFIG');
  if (config && config.startsWith('/')) paths.push(config);
  return paths;
}

/**
 * The agents' settings directories that their environment moves out of the home, each with
 * the path under the home it stands for: the hooks and settings in them are guarded as the
 * same files in the home are. Gemini's GEMINI_CLI_HOME is a home of its own (its .gemini is
 * Gemini's). Only absolute values: a relative one would depend on where the agent started.
 */
export function movedAgentDirs(env: (name: string) => string | undefined): Array<{ dir: string; as: string }> {
  const moved: Array<{ dir: string; as: string }> = [];
  for (const [name, as] of [['CLAUDE_CONFIG_DIR', '.claude'], ['CODEX_HOME', '.codex'], ['COPILOT_HOME', '.copilot'], ['GEMINI_CLI_HOME', '']] as const) {
    const v = env(name);
    if (v && v.startsWith('/')) moved.push({ dir: resolve(v), as });
  }
  return moved;
}
