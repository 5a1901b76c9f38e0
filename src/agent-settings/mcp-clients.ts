// Where each MCP client keeps its server list, and the shape of one stdio server entry in it.
// Paths follow each client's own lookup (including the env vars it honours), because a file
// written anywhere else is silently ignored by the client.

import { join } from 'node:path';

export const CLIENTS = ['claude', 'cursor', 'vscode', 'codex', 'gemini'] as const;
export type Client = (typeof CLIENTS)[number];
export type Scope = 'project' | 'user';

export interface Where {
  cwd: string;
  home: string;
  env: (name: string) => string | undefined;
  /** Defaults to process.platform; tests pass one to check the other platforms' paths. */
  platform?: NodeJS.Platform;
}

import type { ServerCommand } from './toml-edit.js';

export type { ServerCommand } from './toml-edit.js';

export interface ClientTarget {
  client: Client;
  scope: Scope;
  label: string;
  path: string;
  format: 'json' | 'toml';
  /** The JSON key holding the servers (unused for TOML, whose table is mcp_servers). */
  serversKey: 'mcpServers' | 'servers';
  entry: (server: ServerCommand) => Record<string, unknown>;
}

const LABELS: Record<Client, string> = { claude: 'Claude Code', cursor: 'Cursor', vscode: 'VS Code', codex: 'Codex', gemini: 'Gemini CLI' };

export const DEFAULT_SCOPE: Record<Client, Scope> = { claude: 'project', cursor: 'project', vscode: 'project', codex: 'user', gemini: 'project' };

/** Empty env values count as unset, as the clients themselves treat them. */
function envDir(where: Where, name: string): string | undefined {
  const v = where.env(name);
  return v ? v : undefined;
}

/** VS Code's user data dir: the same per-platform rule as its own userDataPath. */
function vscodeUserDir(where: Where): string {
  const platform = where.platform ?? process.platform;
  if (platform === 'darwin') return join(where.home, 'Library', 'Application Support', 'Code', 'User');
  if (platform === 'win32') return join(envDir(where, 'APPDATA') ?? join(where.home, 'AppData', 'Roaming'), 'Code', 'User');
  return join(envDir(where, 'XDG_CONFIG_HOME') ?? join(where.home, '.config'), 'Code', 'User');
}

function configPath(client: Client, scope: Scope, project: string, where: Where): string {
  const user = scope === 'user';
  switch (client) {
    case 'claude':
      // With CLAUDE_CONFIG_DIR set, Claude Code keeps .claude.json inside that directory.
      return user ? join(envDir(where, 'CLAUDE_CONFIG_DIR') ?? where.home, '.claude.json') : join(project, '.mcp.json');
    case 'cursor':
      return join(user ? where.home : project, '.cursor', 'mcp.json');
    case 'vscode':
      return user ? join(vscodeUserDir(where), 'mcp.json') : join(project, '.vscode', 'mcp.json');
    case 'codex':
      return user ? join(envDir(where, 'CODEX_HOME') ?? join(where.home, '.codex'), 'config.toml') : join(project, '.codex', 'config.toml');
    case 'gemini':
      // GEMINI_CLI_HOME stands in for the home: Gemini CLI reads its .gemini/settings.json.
      return user ? join(envDir(where, 'GEMINI_CLI_HOME') ?? where.home, '.gemini', 'settings.json') : join(project, '.gemini', 'settings.json');
  }
}

export function clientTarget(client: Client, scope: Scope, project: string, where: Where): ClientTarget {
  // Claude Code and VS Code record the transport explicitly; the others infer stdio from `command`.
  const typed = client === 'claude' || client === 'vscode';
  return {
    client,
    scope,
    label: LABELS[client],
    path: configPath(client, scope, project, where),
    format: client === 'codex' ? 'toml' : 'json',
    serversKey: client === 'vscode' ? 'servers' : 'mcpServers',
    entry: (s) => (typed ? { type: 'stdio', command: s.command, args: [...s.args] } : { command: s.command, args: [...s.args] }),
  };
}

/** Whether an existing entry starts the same server (extra keys such as env do not matter). */
export function sameServer(existing: unknown, server: ServerCommand): boolean {
  if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) return false;
  const e = existing as Record<string, unknown>;
  if (e.type !== undefined && e.type !== 'stdio') return false;
  return e.command === server.command && Array.isArray(e.args) && e.args.length === server.args.length && e.args.every((a, i) => a === server.args[i]);
}

/** A command line as a person would type it, for messages. */
export function showCommand(s: ServerCommand): string {
  const q = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return [s.command, ...s.args].map(q).join(' ');
}
