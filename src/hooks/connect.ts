// `firebreak connect <agent>`: registers firebreak's hook (and its MCP server, through
// `mcp init`) in the agent's own settings, merging with whatever is there, idempotent,
// printing exactly what changed. `--remove` takes both out again.

import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Io } from '../terminal/out.js';
import { findProjectRoot } from '../context/context.js';
import { deleteJsonEntry, editJsonListItem, readJsonConfig, setJsonEntry } from '../agent-settings/json-edit.js';
import { readSettingsFile, writeAtomic } from '../agent-settings/file.js';
import { deleteTomlTable } from '../agent-settings/toml-edit.js';
import { clientTarget } from '../agent-settings/mcp-clients.js';
import { runMcpInit } from '../agent-settings/mcp-entry.js';
import { firebreakBin } from '../core/install.js';
import type { HookAgent } from './agent.js';
import { AGENTS, agentNamed } from './agents/index.js';
import { untrustedProject } from './project-trust.js';
import {
  addHandler,
  eventList,
  findHandlers,
  hookCommand,
  removeHandlers,
  tilde,
  type ListEdit,
  type Registration,
  type Scope,
  type Step,
  type Where,
} from './registration.js';

const CONNECT_HELP = `Usage:
  firebreak connect <agent>... [--scope user|project] [--dry-run] [--remove] [--no-mcp]
  firebreak connect --all [...]          every agent found on this machine

Agents: ${AGENTS.map((a) => `${a.name} (${a.label})`).join(', ')}.

Registers 'firebreak hook <agent>' as the agent's pre-tool hook, so every shell command (and
every file write the agent's hooks see) is judged before it runs, and adds firebreak's MCP
server ('firebreak mcp init'). Only firebreak's own entries are added or replaced; every other
hook, server and setting stays exactly as it was. Running it again changes nothing.

Options:
  --scope user      (default) the agent's settings in your home: every project is guarded
  --scope project   this project's settings for the agent (Claude Code: .claude/settings.local.json)
  --dry-run         show what would be written; write nothing
  --remove          take firebreak's hook and MCP server out again
  --no-mcp          the hook only

The hook command names this node and this firebreak by absolute path, and falls back to a
block if either cannot start. Codex runs a hook only once it is trusted: connect writes that
trust into ~/.codex/config.toml. Check the result with: firebreak doctor
`;

interface ConnectArgs {
  agents: HookAgent[];
  all: boolean;
  scope: Scope;
  dryRun: boolean;
  remove: boolean;
  mcp: boolean;
}

function parseArgs(argv: string[]): { ok: true; args: ConnectArgs } | { ok: false; message: string } | { ok: 'help' } {
  const args: ConnectArgs = { agents: [], all: false, scope: 'user', dryRun: false, remove: false, mcp: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    switch (flag) {
      case '-h':
      case '--help':
        return { ok: 'help' };
      case '--all':
        args.all = true;
        break;
      case '--dry-run':
        args.dryRun = true;
        break;
      case '--remove':
        args.remove = true;
        break;
      case '--no-mcp':
        args.mcp = false;
        break;
      case '--scope': {
        const v = eq > 0 ? a.slice(eq + 1) : argv[++i];
        if (v !== 'user' && v !== 'project') return { ok: false, message: `--scope takes 'user' or 'project', not ${v === undefined ? 'nothing' : `'${v}'`}` };
        args.scope = v;
        break;
      }
      default: {
        if (a.startsWith('-')) return { ok: false, message: `unknown option '${a}' (see firebreak connect --help)` };
        const agent = agentNamed(a);
        if (!agent) return { ok: false, message: `unknown agent '${a}' (agents: ${AGENTS.map((x) => x.name).join(', ')})` };
        if (!args.agents.includes(agent)) args.agents.push(agent);
      }
    }
  }
  if (args.all && args.agents.length > 0) return { ok: false, message: 'name agents or give --all, not both' };
  if (!args.all && args.agents.length === 0) return { ok: false, message: `name an agent (${AGENTS.map((x) => x.name).join(', ')}) or give --all` };
  return { ok: true, args };
}

function onPath(program: string, env: (name: string) => string | undefined): boolean {
  for (const dir of (env('PATH') ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      /* not here */
    }
  }
  return false;
}

/** Whether the agent is used on this machine: its settings directory exists, or its program is on PATH. */
export function agentPresent(agent: HookAgent, w: Where): boolean {
  return agent.registration.presence(w).some((p) => existsSync(p)) || agent.registration.programs.some((p) => onPath(p, w.env));
}

/**
 * The new text of a settings file whose hook list went from `before` to `edit.list`, touching
 * only the items that changed: firebreak's group appended, replaced in place, or taken out.
 * Where that cannot be done item by item (no list yet, hand-made duplicates), the list is
 * written whole.
 */
function editedText(
  text: string | null,
  reg: Registration,
  before: unknown[],
  edit: Extract<ListEdit, { kind: 'changed' | 'removed' }>,
  agent: string,
): string {
  if (text === null || text.trim() === '') return JSON.stringify({ ...reg.fileHeader, hooks: { [reg.event]: edit.list } }, null, 2) + '\n';
  const whole = (): string => setJsonEntry(text, 'hooks', reg.event, edit.list).text;
  const ours = findHandlers(before, reg, agent);
  let out: string | null = text;
  if (edit.kind === 'changed') {
    if (ours.length === 0) out = editJsonListItem(text, 'hooks', reg.event, { append: edit.list[edit.list.length - 1] });
    else if (ours.length === 1) out = editJsonListItem(text, 'hooks', reg.event, { replace: edit.at.group, value: edit.list[edit.at.group] });
    else return whole();
    return out ?? whole();
  }
  // Removed: from the last affected group back, so the indexes before it stay right.
  const groups = [...new Set(ours.map((f) => f.group))].sort((x, y) => y - x);
  const remaining = new Set(edit.list.map((g) => JSON.stringify(g)));
  for (const g of groups) {
    if (out === null) break;
    const shrunk =
      reg.shape === 'nested'
        ? {
            ...(before[g] as Record<string, unknown>),
            hooks: (before[g] as { hooks: unknown[] }).hooks.filter((_, i) => !ours.some((f) => f.group === g && f.handler === i)),
          }
        : null;
    out =
      shrunk && remaining.has(JSON.stringify(shrunk))
        ? editJsonListItem(out, 'hooks', reg.event, { replace: g, value: shrunk })
        : editJsonListItem(out, 'hooks', reg.event, { delete: g });
  }
  return out ?? whole();
}

/** Registers (or removes) the hook in one agent's settings file. */
function editHook(agent: HookAgent, scope: Scope, w: Where, o: { dryRun: boolean; remove: boolean }): Step {
  const reg = agent.registration;
  const file = reg.file(scope, w);
  const read = readSettingsFile(file);
  if (!read.ok) return { ok: false, message: read.message };
  const { path, text, mode } = read.file;
  const command = hookCommand(agent.name, reg);
  const where = tilde(path, w.home);
  let value: unknown = {};
  if (text !== null) {
    const json = readJsonConfig(text);
    if (!json.ok) return { ok: false, message: `${path} is not valid JSON (${json.message}); fix it, then run connect again` };
    if (json.comments)
      return {
        ok: false,
        message: `${path} has comments, which firebreak will not rewrite; add this under "hooks"."${reg.event}" by hand: ${JSON.stringify((addHandler([], reg, agent.name, command) as { list: unknown[] }).list[0])}`,
      };
    value = json.value;
  }
  const list = eventList(value, reg);
  if (!list.ok) return { ok: false, message: `${path}: ${list.message}; fix it, then run connect again` };
  const edit = o.remove ? removeHandlers(list.list, reg, agent.name) : addHandler(list.list, reg, agent.name, command);
  // Steps the agent needs after the list changed (or stayed: Codex's trust may still be missing).
  const after = (): Step => reg.extras?.afterEdit?.({ agent: agent.name, reg, file, before: list.list, edit, w, dryRun: o.dryRun }) ?? { ok: true, lines: [] };
  if (edit.kind === 'same' || edit.kind === 'absent') {
    const lines = [
      edit.kind === 'same'
        ? `${agent.label}: firebreak's hook is already in ${where}; nothing changed`
        : `${agent.label}: no firebreak hook in ${where}; nothing changed`,
    ];
    const more = after();
    return more.ok ? { ok: true, lines: [...lines, ...more.lines] } : more;
  }
  const next = editedText(text, reg, list.list, edit, agent.name);
  const lines: string[] = [];
  const verb = o.dryRun ? 'would ' : '';
  if (edit.kind === 'removed') lines.push(`${agent.label}: ${verb}${o.dryRun ? 'remove' : 'removed'} firebreak's hook from ${where}`);
  else {
    const settings = Object.entries(reg.handlerFields)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ');
    lines.push(
      `${agent.label}: ${verb}${edit.replaced === null ? (o.dryRun ? 'add' : 'added') : o.dryRun ? 'replace' : 'replaced'} firebreak's hook ${edit.replaced === null ? 'to' : 'in'} ${where} (hooks.${reg.event}${reg.matcher ? `, matcher ${reg.matcher}` : ''}, ${settings}):\n  ${command}${edit.replaced !== null ? `\n  (was: ${edit.replaced})` : ''}`,
    );
  }
  if (!o.dryRun) {
    try {
      writeAtomic(path, next, mode);
    } catch (e) {
      return { ok: false, message: `cannot write ${path}: ${(e as Error).message}` };
    }
  }
  const more = after();
  if (!more.ok) return more;
  return { ok: true, lines: [...lines, ...more.lines] };
}

/** Removes firebreak's MCP server entry from the agent's MCP configuration. */
function removeMcp(agent: HookAgent, scope: Scope, w: Where, dryRun: boolean): Step {
  if (!agent.mcpClient) return { ok: true, lines: [] };
  const t = clientTarget(agent.mcpClient, scope, w.project, { cwd: w.project, home: w.home, env: w.env });
  const read = readSettingsFile(t.path);
  if (!read.ok) return { ok: false, message: read.message };
  const { path, text, mode } = read.file;
  if (text === null) return { ok: true, lines: [] };
  let next: string | null;
  if (t.format === 'toml') next = deleteTomlTable(text, ['mcp_servers', 'firebreak']);
  else {
    const json = readJsonConfig(text);
    if (!json.ok || json.comments)
      return { ok: false, message: `${path} cannot be edited (${json.ok ? 'it has comments' : json.message}); remove the "firebreak" server by hand` };
    next = deleteJsonEntry(text, t.serversKey, 'firebreak');
  }
  if (next === null) return { ok: true, lines: [] };
  if (!dryRun) {
    try {
      writeAtomic(path, next, mode);
    } catch (e) {
      return { ok: false, message: `cannot write ${path}: ${(e as Error).message}` };
    }
  }
  return { ok: true, lines: [`${agent.label}: ${dryRun ? 'would remove' : 'removed'} firebreak's MCP server from ${tilde(path, w.home)}`] };
}

export interface ConnectDeps {
  cwd: string;
  home: string;
  env: (name: string) => string | undefined;
}

export async function runConnect(
  argv: string[],
  io: Io,
  deps: ConnectDeps = { cwd: process.cwd(), home: process.env.HOME ?? '', env: (k) => process.env[k] },
): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.ok === 'help') {
    io.stdout.write(CONNECT_HELP);
    return 0;
  }
  if (!parsed.ok) {
    io.stderr.write(`firebreak connect: ${parsed.message}\n`);
    return 1;
  }
  const { args } = parsed;
  const w: Where = { project: findProjectRoot(deps.cwd) ?? deps.cwd, home: deps.home, env: deps.env };
  let agents = args.agents;
  if (args.all) {
    agents = AGENTS.filter((a) => agentPresent(a, w));
    for (const a of AGENTS) if (!agents.includes(a)) io.stdout.write(`${a.label}: not found on this machine; skipped\n`);
    if (agents.length === 0) {
      io.stdout.write('No agent found: nothing to connect.\n');
      return 0;
    }
  }
  if (!args.remove && /[\\/]_npx[\\/]/.test(firebreakBin())) {
    io.stderr.write(
      `firebreak connect: warning: firebreak is running from npx's cache (${firebreakBin()}), which npm may clear; the hook would then block every command. Install firebreak (npm install -g firebreak, or as a dev dependency) and connect from there.\n`,
    );
  }
  let failed = false;
  for (const agent of agents) {
    const step = editHook(agent, args.scope, w, args);
    if (!step.ok) {
      io.stderr.write(`firebreak connect: ${agent.label}: ${step.message}\n`);
      failed = true;
      continue;
    }
    for (const l of step.lines) io.stdout.write(l + '\n');
    if (args.mcp && agent.mcpClient) {
      if (args.remove) {
        const m = removeMcp(agent, args.scope, w, args.dryRun);
        if (!m.ok) {
          io.stderr.write(`firebreak connect: ${agent.label}: ${m.message}\n`);
          failed = true;
        } else for (const l of m.lines) io.stdout.write(l + '\n');
      } else {
        const code = await runMcpInit(['--client', agent.mcpClient, '--scope', args.scope, ...(args.dryRun ? ['--dry-run'] : [])], io, {
          cwd: deps.cwd,
          home: deps.home,
          env: deps.env,
        });
        if (code !== 0) failed = true;
      }
    }
    if (!args.remove && args.scope === 'project') {
      const untrusted = untrustedProject(agent, w);
      if (untrusted) io.stdout.write(`warning: ${untrusted}\n`);
    }
    const note = args.remove ? null : agent.registration.extras?.note?.(w);
    if (note) io.stdout.write(note + '\n');
  }
  if (!args.dryRun && !args.remove && !failed) io.stdout.write('Check it end to end with: firebreak doctor\n');
  return failed ? 1 : 0;
}
