// Adding firebreak's MCP server to an agent client's own config file, touching nothing in it
// but the firebreak entry: the `firebreak mcp init` command, and what `firebreak connect`
// writes besides the hook.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Io } from '../terminal/out.js';
import { findProjectRoot } from '../context/context.js';
import {
  CLIENTS,
  DEFAULT_SCOPE,
  clientTarget,
  sameServer,
  showCommand,
  type Client,
  type ClientTarget,
  type Scope,
  type ServerCommand,
  type Where,
} from './mcp-clients.js';
import { readJsonConfig, setJsonEntry } from './json-edit.js';
import { readSettingsFile, writeAtomic } from './file.js';
import { appendTomlServer, findTomlServer, replaceTomlServer, tomlBlock } from './toml-edit.js';

export const MCP_INIT_HELP = `Usage:
  firebreak mcp init [--client claude|cursor|vscode|codex|gemini] [--scope project|user] [--dry-run] [--force]

Adds firebreak's MCP server ('firebreak mcp') to an agent client's configuration, so the
client can ask firebreak about a shell command before running it.

Options:
  --client NAME   claude (default): .mcp.json, or ~/.claude.json for --scope user
                  cursor: .cursor/mcp.json, or ~/.cursor/mcp.json
                  vscode: .vscode/mcp.json, or mcp.json in VS Code's user settings directory
                  codex: ~/.codex/config.toml (CODEX_HOME), or .codex/config.toml for --scope project
                  gemini: .gemini/settings.json, or ~/.gemini/settings.json (GEMINI_CLI_HOME)
  --scope SCOPE   project (the nearest directory above with .git, else this one) or user;
                  default project, except codex: user
  --dry-run       show the file and what would be written; write nothing
  --force         replace an existing, different firebreak entry

Only the firebreak entry is added; every other server and setting is kept as it was.
In a project where firebreak is installed (node_modules/.bin/firebreak), a project-scope
entry runs 'npx firebreak mcp', so it works for everyone who clones the project; otherwise
it names this node and this firebreak by absolute path.
Exit codes: 0 done (or nothing to do), 1 a usage error or a config file that cannot be edited.
`;

const NAME = 'firebreak';
const PREFIX = 'firebreak mcp init: ';

interface InitArgs {
  client: Client;
  scope: Scope | null;
  dryRun: boolean;
  force: boolean;
}

function parseArgs(argv: string[]): { ok: true; args: InitArgs } | { ok: false; message: string } | { ok: 'help' } {
  const args: InitArgs = { client: 'claude', scope: null, dryRun: false, force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const value = (): string | null => (eq > 0 ? a.slice(eq + 1) : i + 1 < argv.length ? argv[++i]! : null);
    const not = (v: string | null): string => (v === null ? 'nothing' : `'${v}'`);
    switch (flag) {
      case '-h':
      case '--help':
        return { ok: 'help' };
      case '--dry-run':
        args.dryRun = true;
        break;
      case '--force':
        args.force = true;
        break;
      case '--client': {
        const v = value();
        if (!(CLIENTS as readonly (string | null)[]).includes(v)) return { ok: false, message: `--client takes ${CLIENTS.join(', ')}, not ${not(v)}` };
        args.client = v as Client;
        break;
      }
      case '--scope': {
        const v = value();
        if (v !== 'project' && v !== 'user') return { ok: false, message: `--scope takes 'project' or 'user', not ${not(v)}` };
        args.scope = v;
        break;
      }
      default:
        return {
          ok: false,
          message: a.startsWith('-') ? `unknown option '${a}' (see firebreak mcp init --help)` : `unexpected argument '${a}' (see firebreak mcp init --help)`,
        };
    }
  }
  return { ok: true, args };
}

/**
 * npx in a project that depends on firebreak, so a committed config works on every clone.
 * User-scope configs always name the absolute path: they are used from projects without
 * firebreak installed, where npx would fetch whatever package the registry calls firebreak.
 */
function serverCommand(project: string, scope: Scope): ServerCommand {
  if (scope === 'project' && existsSync(join(project, 'node_modules', '.bin', 'firebreak'))) return { command: 'npx', args: ['firebreak', 'mcp'] };
  // src/mcp and the bundle's dist/cli are both two levels below the package root.
  return { command: process.execPath, args: [fileURLToPath(new URL('../../bin/firebreak.cjs', import.meta.url)), 'mcp'] };
}

type Plan =
  /** preview: the new entry as written, all a dry run shows of a file that exists (the rest may hold other servers' tokens). */
  { kind: 'write'; text: string; preview: string; replaced: string | null } | { kind: 'done'; code: number; out?: string; err?: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function existingCommand(e: unknown): string {
  if (isObject(e) && typeof e.command === 'string') return showCommand({ command: e.command, args: Array.isArray(e.args) ? e.args.map(String) : [] });
  if (isObject(e) && typeof e.url === 'string') return e.url;
  return JSON.stringify(e);
}

const written = (e: { text: string; member: string }): { text: string; preview: string } => ({ text: e.text, preview: e.member });

function planJson(t: ClientTarget, text: string | null, server: ServerCommand, force: boolean, rerun: string): Plan {
  const entry = t.entry(server);
  const byHand = `add this to "${t.serversKey}" by hand: ${JSON.stringify(NAME)}: ${JSON.stringify(entry)}`;
  if (text === null) return { kind: 'write', ...written(setJsonEntry('', t.serversKey, NAME, entry)), replaced: null };
  const read = readJsonConfig(text);
  if (!read.ok) return { kind: 'done', code: 1, err: `${t.path} is not valid JSON (${read.message}); fix it, or ${byHand}` };
  if (!isObject(read.value)) return { kind: 'done', code: 1, err: `${t.path}: the top level is not a JSON object; fix it, or ${byHand}` };
  const servers = read.value[t.serversKey];
  if (servers !== undefined && !isObject(servers))
    return { kind: 'done', code: 1, err: `${t.path}: "${t.serversKey}" is not a JSON object; fix it, or ${byHand}` };
  const existing = servers !== undefined && Object.hasOwn(servers, NAME) ? servers[NAME] : undefined;
  const verdict = judgeExisting(t, existing, server, force, rerun);
  if (verdict) return verdict;
  if (read.comments) return { kind: 'done', code: 1, err: `${t.path} has comments, which firebreak will not rewrite; ${byHand}` };
  return { kind: 'write', ...written(setJsonEntry(text, t.serversKey, NAME, entry)), replaced: existing === undefined ? null : existingCommand(existing) };
}

function planToml(t: ClientTarget, text: string | null, server: ServerCommand, force: boolean, rerun: string): Plan {
  const byHand = `add this by hand: ${tomlBlock(NAME, server).trimEnd().replace(/\n/g, '; ')}`;
  if (text === null) return { kind: 'write', text: appendTomlServer('', NAME, server), preview: tomlBlock(NAME, server), replaced: null };
  const found = findTomlServer(text, NAME);
  if (found.kind === 'invalid') return { kind: 'done', code: 1, err: `${t.path} could not be read as TOML (${found.message}); fix it, or ${byHand}` };
  if (found.kind === 'blocked') return { kind: 'done', code: 1, err: `${t.path}: ${found.why}, so a [mcp_servers.${NAME}] table cannot be added; ${byHand}` };
  if (found.kind === 'none') return { kind: 'write', text: appendTomlServer(text, NAME, server), preview: tomlBlock(NAME, server), replaced: null };
  const verdict = judgeExisting(t, found.existing, server, force, rerun);
  if (verdict) return verdict;
  if (found.kind === 'other')
    return {
      kind: 'done',
      code: 1,
      err: `${t.path} defines mcp_servers.${NAME} in a form firebreak does not rewrite (inline table or dotted keys); replace it by hand with: ${tomlBlock(NAME, server).trimEnd().replace(/\n/g, '; ')}`,
    };
  const edit = replaceTomlServer(text, found, server);
  return { kind: 'write', text: edit.text, preview: `[mcp_servers.${NAME}]\n${edit.lines}`, replaced: existingCommand(found.existing) };
}

/** What to do about an entry already named firebreak; null means go ahead and write. */
function judgeExisting(t: ClientTarget, existing: unknown, server: ServerCommand, force: boolean, rerun: string): Plan | null {
  if (existing === undefined) return null;
  const where = `${t.path} (${t.label}, ${t.scope} scope)`;
  if (sameServer(existing, server)) return { kind: 'done', code: 0, out: `firebreak is already set up in ${where}: ${showCommand(server)}; nothing changed` };
  if (force) return null;
  return {
    kind: 'done',
    code: 0,
    out: `${where} already has a different firebreak entry (${existingCommand(existing)}); left it unchanged. To replace it with ${showCommand(server)}, run: ${rerun} --force`,
  };
}

export async function runMcpInit(argv: string[], io: Io, where: Where): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.ok === 'help') {
    io.stdout.write(MCP_INIT_HELP);
    return 0;
  }
  if (!parsed.ok) {
    io.stderr.write(PREFIX + parsed.message + '\n');
    return 1;
  }
  const { client, dryRun, force } = parsed.args;
  const scope = parsed.args.scope ?? DEFAULT_SCOPE[client];
  const project = findProjectRoot(where.cwd) ?? where.cwd;
  const target = clientTarget(client, scope, project, where);
  const server = serverCommand(project, scope);
  const rerun = `firebreak mcp init --client ${client} --scope ${scope}`;

  const read = readSettingsFile(target.path);
  if (!read.ok) {
    io.stderr.write(`${PREFIX}${read.message}\n`);
    return 1;
  }
  const { path, text, mode } = read.file;

  const plan = target.format === 'json' ? planJson(target, text, server, force, rerun) : planToml(target, text, server, force, rerun);
  if (plan.kind === 'done') {
    if (plan.out) io.stdout.write(plan.out + '\n');
    if (plan.err) io.stderr.write(PREFIX + plan.err.replace(/\r?\n/g, ' ') + '\n');
    return plan.code;
  }

  const what = plan.replaced === null ? `firebreak to ${path}` : `firebreak in ${path}`;
  const summary = `${what} (${target.label}, ${scope} scope): ${showCommand(server)}${plan.replaced === null ? '' : ` (was: ${plan.replaced})`}`;
  if (dryRun) {
    const shown =
      text === null
        ? `--- ${path} (new file)\n${plan.text}`
        : `--- ${path}: ${plan.replaced === null ? 'to be added' : 'the new entry'}; the rest of the file stays as it is\n${plan.preview}`;
    io.stdout.write(`Would ${plan.replaced === null ? 'add' : 'replace'} ${summary}\n${shown}${shown.endsWith('\n') ? '' : '\n'}`);
    return 0;
  }
  try {
    writeAtomic(path, plan.text, mode);
  } catch (e) {
    io.stderr.write(`${PREFIX}cannot write ${path}: ${(e as Error).message}\n`);
    return 1;
  }
  io.stdout.write(`${plan.replaced === null ? 'Added' : 'Replaced'} ${summary}\n`);
  return 0;
}
