// Which paths are the guard's own: firebreak's config and policy in every place it is read
// from, its cache, state and installed files, and the settings where agents register its
// hooks and MCP server. A write, move, link or delete aimed at one of them can switch the
// guard off, so it is judged by the `self` rules whoever does it. Three ways in besides the
// plain name: a symlink that leads there, a glob that could match one, and a directory
// above one (moving or replacing it replaces what is inside).

import { existsSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { PROJECT_CONFIG_PLACES, USER_CONFIG_PLACES } from './own-files.js';
import type { PathContext } from './path-context.js';
import { withoutTrailingSlashes } from '../core/trailing-slash.js';

/** Names under the home; `name/**` is the name and everything under it. */
const HOME_GUARD = [
  ...USER_CONFIG_PLACES.home,
  '.config/firebreak/**',
  '.cache/firebreak/**',
  '.local/state/firebreak/**',
  '.claude',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.claude/hooks/**',
  '.claude.json',
  '.claude/.claude.json',
  '.codex',
  '.codex/config.toml',
  '.codex/hooks.json',
  // Gemini CLI drops every hook in a folder it does not trust.
  '.gemini',
  '.gemini/settings.json',
  '.gemini/trustedFolders.json',
  '.cursor',
  '.cursor/hooks.json',
  '.cursor/mcp.json',
  '.copilot',
  '.copilot/config.json',
  '.copilot/hooks.json',
  '.copilot/mcp-config.json',
  '.copilot/settings.json',
  '.copilot/hooks/**',
  '.config/github-copilot/**',
  // Where the firebreak command itself is put on the PATH (a link there to /bin/true answers every check with "allow").
  '.local/bin/firebreak',
  'bin/firebreak',
  '.npm-global/bin/firebreak',
  '.volta/bin/firebreak',
];

/**
 * Machine-wide places that switch hooks off or run code inside every process: the agents'
 * managed and system settings, and the preload list the dynamic linker reads.
 */
const MACHINE_GUARD = [
  '/etc/ld.so.preload',
  '/etc/claude-code/**',
  '/Library/Application Support/ClaudeCode/**',
  '/etc/gemini-cli/**',
  '/etc/codex/**',
  '/usr/local/bin/firebreak',
  '/usr/bin/firebreak',
  '/opt/homebrew/bin/firebreak',
  // The marks that tell firebreak it runs in a container (context/container.ts), where being
  // root raises nothing: making one is how a root agent would talk itself into milder verdicts.
  '/.dockerenv',
  '/run/.containerenv',
];

/** Names under a project's root (and the directory a command runs in). */
const PROJECT_GUARD = [
  ...PROJECT_CONFIG_PLACES.data,
  ...PROJECT_CONFIG_PLACES.code,
  '.claude',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.claude/hooks/**',
  '.cursor',
  '.cursor/hooks.json',
  '.cursor/mcp.json',
  '.gemini',
  '.gemini/settings.json',
  '.codex',
  '.codex/config.toml',
  '.codex/hooks.json',
  '.github/hooks/**',
  '.github/copilot/settings.json',
  '.github/copilot/settings.local.json',
  '.mcp.json',
  '.vscode/mcp.json',
];

interface NameSet {
  exact: Set<string>;
  trees: string[];
}

function nameSet(names: string[]): NameSet {
  const exact = new Set<string>();
  const trees: string[] = [];
  for (const n of names) {
    if (n.endsWith('/**')) {
      trees.push(n.slice(0, -3));
      exact.add(n.slice(0, -3));
    } else exact.add(n);
  }
  return { exact, trees };
}

const HOME_NAMES = nameSet(HOME_GUARD);
const MACHINE_NAMES = nameSet(MACHINE_GUARD);
const PROJECT_NAMES = nameSet(PROJECT_GUARD);

function inside(child: string, parent: string): boolean {
  return parent === '/' ? child !== '/' : child.startsWith(parent + '/');
}

function named(rel: string, set: NameSet): boolean {
  return set.exact.has(rel) || set.trees.some((t) => rel.startsWith(t + '/'));
}

/** The guard's own files, as they are named (no symlinks followed). */
function isGuardName(abs: string, ctx: PathContext): boolean {
  if (inside(abs, ctx.home) && named(abs.slice(ctx.home.length + 1), HOME_NAMES)) return true;
  if (named(abs, MACHINE_NAMES)) return true;
  if ((ctx.guarded ?? []).some((g) => abs === g || inside(abs, g))) return true;
  // CLAUDE_CONFIG_DIR=/x: /x/settings.json is guarded as ~/.claude/settings.json is.
  for (const { dir, as } of ctx.agentDirs ?? []) {
    if (abs !== dir && !inside(abs, dir)) continue;
    const rel = (as + abs.slice(dir.length)).replace(/^\//, '');
    if (rel !== '' && named(rel, HOME_NAMES)) return true;
  }
  // A project's policy and agent settings: this project's, wherever the command runs from
  // inside it, and any other's (cd ../other && rm .firebreak.yaml, ~/proj/.claude/…): an
  // agent can be started in that project next, or the line can cd there first.
  let cut = abs.indexOf('/', 1);
  while (cut > 0) {
    if (named(abs.slice(cut + 1), PROJECT_NAMES)) return true;
    cut = abs.indexOf('/', cut + 1);
  }
  return named(abs.slice(1), PROJECT_NAMES);
}

/**
 * Resolved paths, for a second: every target of every rule that matches is checked, often
 * the same few paths, and each check is a walk of realpath and lstat calls. A second is
 * shorter than anything a person or an agent does between two commands; a link made since
 * is seen on the next one.
 */
const resolved = new Map<string, { at: number; real: string }>();
const RESOLVED_MS = 1000;
const RESOLVED_MAX = 4096;

/** Where a path leads: its longest existing prefix with every symlink resolved, and the rest as written. */
function realPath(abs: string): string {
  const now = Date.now();
  const hit = resolved.get(abs);
  if (hit && now - hit.at < RESOLVED_MS) return hit.real;
  if (resolved.size >= RESOLVED_MAX) resolved.clear();
  const real = resolvePath(abs);
  resolved.set(abs, { at: now, real });
  return real;
}

function resolvePath(abs: string): string {
  let head = abs;
  let tail = '';
  for (let i = 0; i < 64; i++) {
    try {
      const real = realpathSync(head);
      return tail === '' ? real : posix.join(real, tail);
    } catch {
      if (head === '/') return abs;
      tail = tail === '' ? posix.basename(head) : posix.join(posix.basename(head), tail);
      head = posix.dirname(head);
    }
  }
  return abs;
}

/** Whether a path is the guard's own, by its name or by where it leads. */
export function isGuardConfig(abs: string, ctx: PathContext): boolean {
  if (isGuardName(abs, ctx)) return true;
  const real = realPath(abs);
  return real !== abs && isGuardName(real, ctx);
}

/**
 * Whether a directory holds something of the guard's (node_modules holding firebreak, the
 * directories above the node the hooks run with): moving or replacing it replaces the guard.
 * Deleting it only breaks the hook, whose fallback then blocks, so rules for deletion leave
 * this class alone.
 */
export function holdsGuard(abs: string, ctx: PathContext): boolean {
  const real = realPath(abs);
  return (ctx.guarded ?? []).some((g) => inside(g, abs) || inside(g, real));
}

/**
 * A regular expression for a glob, segment by segment as the shell expands it: * and ? stay
 * inside a segment, [..] is a class, and a segment's leading dot is matched only by a dot.
 */
export function globRegExp(glob: string): RegExp {
  const segment = (seg: string): string => {
    let re = /^[*?[]/.test(seg) ? '(?!\\.)' : '';
    for (let i = 0; i < seg.length; i++) {
      const c = seg[i]!;
      if (c === '*') re += '[^/]*';
      else if (c === '?') re += '[^/]';
      else if (c === '[') {
        const close = seg.indexOf(']', i + 2);
        if (close < 0) {
          re += '\\[';
          continue;
        }
        re += `[${seg
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
    }
    return re;
  };
  return new RegExp(`^${glob.split('/').map(segment).join('/')}$`);
}

const candidateLists = new WeakMap<PathContext, string[]>();

/** The guard's names made absolute, for a glob to be tried against (once per context). */
function candidates(ctx: PathContext): string[] {
  const known = candidateLists.get(ctx);
  if (known) return known;
  const out = [...HOME_NAMES.exact].map((n) => posix.join(ctx.home, n)).concat([...MACHINE_NAMES.exact]);
  for (const root of new Set([ctx.projectRoot, ctx.cwd])) for (const n of PROJECT_NAMES.exact) out.push(posix.join(root, n));
  out.push(...(ctx.guarded ?? []));
  candidateLists.set(ctx, out);
  return out;
}

/** Whether a glob (made absolute) would match one of the guard's paths that exists, or a directory that holds one. */
export function globMayHitGuard(absGlob: string, ctx: PathContext): boolean {
  if (!/[*?[]/.test(absGlob)) return false;
  let re: RegExp;
  try {
    re = globRegExp(withoutTrailingSlashes(absGlob));
  } catch {
    return true;
  }
  for (const c of candidates(ctx)) {
    // A glob expands to names that are there: a guard file that does not exist is not hit.
    if (!existsSync(c)) continue;
    for (let p = c; p !== '/' && p !== '.' && p !== ''; p = posix.dirname(p)) if (re.test(p)) return true;
  }
  return false;
}
