// `firebreak connect <agent>`: registers firebreak's hook (and its MCP server, through
// `mcp init`) in the agent's own settings, merging with whatever is there, idempotent,
// printing exactly what changed. `--remove` takes both out again.

import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Io } from '../cli/check.js';
import { findProjectRoot } from '../context/context.js';
import { deleteJsonEntry, readJsonConfig, setJsonEntry } from '../agent-settings/json-edit.js';
import { readSettingsFile, writeAtomic } from '../agent-settings/file.js';
import { deleteTomlTable, readTomlTable, setTomlKey, tomlString } from '../agent-settings/toml-edit.js';
import { clientTarget } from '../mcp/client-configs.js';
import { runMcpInit } from '../mcp/init.js';
import type { HookAgent } from './agent.js';
import { AGENTS, agentNamed } from './agents/index.js';
import { codexConfigFile, codexTrustHash, codexTrustKey } from './codex-trust.js';
import { untrustedProject } from './project-trust.js';
import { addHandler, eventList, firebreakBin, hookCommand, removeHandlers, type Scope, type Where } from './registration.js';

export const CONNECT_HELP = `Usage:
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

interface ConnectArgs { agents: HookAgent[]; all: boolean; scope: Scope; dryRun: boolean; remove: boolean; mcp: boolean }

function parseArgs(argv: string[]): { ok: true; args: ConnectArgs } | { ok: false; message: string } | { ok: 'help' } {
  const args: ConnectArgs = { agents: [], all: false, scope: 'user', dryRun: false, remove: false, mcp: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    switch (flag) {
      case '-h': case '--help': return { ok: 'help' };
      case '--all': args.all = true; break;
      case '--dry-run': args.dryRun = true; break;
      case '--remove': args.remove = true; break;
      case '--no-mcp': args.mcp = false; break;
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
    try { accessSync(join(dir, program), constants.X_OK); return true; } catch { /* not here */ }
  }
  return false;
}

/** Whether the agent is used on this machine: its settings directory exists, or its program is on PATH. */
export function agentPresent(agent: HookAgent, w: Where): boolean {
  return agent.registration.presence(w).some((p) => existsSync(p)) || agent.registration.programs.some((p) => onPath(p, w.env));
}

type Step = { ok: true; lines: string[] } | { ok: false; message: string };

function show(path: string, home: string): string {
  return path === home || path.startsWith(home + '/') ? '~' + path.slice(home.length) : path;
}

/** Registers (or removes) the hook in one agent's settings file. */
function editHook(agent: HookAgent, scope: Scope, w: Where, o: { dryRun: boolean; remove: boolean }): Step {
  const reg = agent.registration;
  const file = reg.file(scope, w);
  const read = readSettingsFile(file);
  if (!read.ok) return { ok: false, message: read.message };
  const { path, text, mode } = read.file;
  const command = hookCommand(agent.name, reg);
  const where = show(path, w.home);
  let value: unknown = {};
  if (text !== null) {
    const json = readJsonConfig(text);
    if (!json.ok) return { ok: false, message: `${path} is not valid JSON (${json.message}); fix it, then run connect again` };
    if (json.comments) return { ok: false, message: `${path} has comments, which firebreak will not rewrite; add this under "hooks"."${reg.event}" by hand: ${JSON.stringify((addHandler([], reg, agent.name, command) as { list: unknown[] }).list[0])}` };
    value = json.value;
  }
  const list = eventList(value, reg);
  if (!list.ok) return { ok: false, message: `${path}: ${list.message}; fix it, then run connect again` };
  const edit = o.remove ? removeHandlers(list.list, reg, agent.name) : addHandler(list.list, reg, agent.name, command);
  if (edit.kind === 'same') {
    const lines = [`${agent.label}: firebreak's hook is already in ${where}; nothing changed`];
    // The hook may be there but not (or no longer) trusted.
    const trust = agent.name === 'codex' ? trustCodexHook(path, list.list, edit, w, o) : { ok: true as const, lines: [] };
    return trust.ok ? { ok: true, lines: [...lines, ...trust.lines] } : trust;
  }
  if (edit.kind === 'absent') return { ok: true, lines: [`${agent.label}: no firebreak hook in ${where}; nothing changed`] };
  let next: string;
  if (text === null || text.trim() === '') next = JSON.stringify({ ...reg.fileHeader, hooks: { [reg.event]: edit.list } }, null, 2) + '\n';
  else next = setJsonEntry(text, 'hooks', reg.event, edit.list).text;
  const lines: string[] = [];
  const verb = o.dryRun ? 'would ' : '';
  if (edit.kind === 'removed') lines.push(`${agent.label}: ${verb}${o.dryRun ? 'remove' : 'removed'} firebreak's hook from ${where}`);
  else {
    const settings = Object.entries(reg.handlerFields).map(([k, v]) => `${k} ${String(v)}`).join(', ');
    lines.push(`${agent.label}: ${verb}${edit.replaced === null ? (o.dryRun ? 'add' : 'added') : (o.dryRun ? 'replace' : 'replaced')} firebreak's hook ${edit.replaced === null ? 'to' : 'in'} ${where} (hooks.${reg.event}${reg.matcher ? `, matcher ${reg.matcher}` : ''}, ${settings}):\n  ${command}${edit.replaced !== null ? `\n  (was: ${edit.replaced})` : ''}`);
  }
  if (!o.dryRun) {
    try { writeAtomic(path, next, mode); } catch (e) { return { ok: false, message: `cannot write ${path}: ${(e as Error).message}` }; }
  }
  if (agent.name === 'codex') {
    const trust = trustCodexHook(path, list.list, edit, w, o);
    if (!trust.ok) return trust;
    lines.push(...trust.lines);
  }
  return { ok: true, lines };
}

/**
 * Codex's trust for the hook: set for ours where it now sits; on removal, dropped, and the
 * trust of the groups after ours moved down with them (it is keyed by position).
 */
function trustCodexHook(hooksFile: string, before: unknown[], edit: ReturnType<typeof addHandler>, w: Where, o: { dryRun: boolean; remove: boolean }): Step {
  const config = codexConfigFile(w);
  const read = readSettingsFile(config);
  if (!read.ok) return { ok: false, message: read.message };
  let text = read.file.text ?? '';
  const where = show(read.file.path, w.home);
  if (edit.kind === 'changed' || edit.kind === 'same') {
    const group = edit.list[edit.at.group] as { matcher?: string; hooks: Array<Record<string, unknown>> };
    const key = codexTrustKey(hooksFile, edit.at.group, edit.at.handler);
    const set = setTomlKey(text, ['hooks', 'state', key], 'trusted_hash', tomlString(codexTrustHash(group.matcher ?? null, group.hooks[edit.at.handler]!)));
    if (!set.ok) return { ok: false, message: `${config}: ${set.message}; Codex will skip the hook until it is trusted (review it in Codex's /hooks screen)` };
    text = set.text;
  } else if (edit.kind === 'removed') {
    const state = readTomlTable(text, ['hooks', 'state']);
    if (!state.ok) return { ok: false, message: `${config}: ${state.message}` };
    for (const x of edit.at) text = deleteTomlTable(text, ['hooks', 'state', codexTrustKey(hooksFile, x.group, x.handler)]) ?? text;
    // Hooks after a removed one move up: their trust follows them.
    const removed = (g: number, h: number): boolean => edit.at.some((x) => x.group === g && x.handler === h);
    const vanished = (g: number): boolean => { const hs = (before[g] as { hooks?: unknown[] } | undefined)?.hooks; return Array.isArray(hs) && hs.every((_, h) => removed(g, h)); };
    const prefix = `${hooksFile}:pre_tool_use:`;
    for (const k of Object.keys(state.value)) {
      if (!k.startsWith(prefix)) continue;
      const m = /^(\d+):(\d+)$/.exec(k.slice(prefix.length));
      if (!m) continue;
      const g = Number(m[1]);
      const h = Number(m[2]);
      if (removed(g, h)) continue;
      let ng = g;
      for (let i = 0; i < g; i++) if (vanished(i)) ng--;
      let nh = h;
      for (let i = 0; i < h; i++) if (removed(g, i)) nh--;
      if (ng !== g || nh !== h) text = text.split(tomlString(k)).join(tomlString(codexTrustKey(hooksFile, ng, nh)));
    }
  } else return { ok: true, lines: [] };
  if (text === (read.file.text ?? '')) return { ok: true, lines: [] };
  if (!o.dryRun) {
    try { writeAtomic(read.file.path, text, read.file.mode); } catch (e) { return { ok: false, message: `cannot write ${config}: ${(e as Error).message}` }; }
  }
  const what = edit.kind === 'removed' ? (o.dryRun ? 'would drop the trust of' : 'dropped the trust of') : (o.dryRun ? 'would trust' : 'trusted');
  return { ok: true, lines: [`Codex: ${what} firebreak's hook in ${where} ([hooks.state]); Codex runs only hooks it trusts`] };
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
    if (!json.ok || json.comments) return { ok: false, message: `${path} cannot be edited (${json.ok ? 'it has comments' : json.message}); remove the "firebreak" server by hand` };
    next = deleteJsonEntry(text, t.serversKey, 'firebreak');
  }
  if (next === null) return { ok: true, lines: [] };
  if (!dryRun) {
    try { writeAtomic(path, next, mode); } catch (e) { return { ok: false, message: `cannot write ${path}: ${(e as Error).message}` }; }
  }
  return { ok: true, lines: [`${agent.label}: ${dryRun ? 'would remove' : 'removed'} firebreak's MCP server from ${show(path, w.home)}`] };
}

export interface ConnectDeps { cwd: string; home: string; env: (name: string) => string | undefined }

export async function runConnect(argv: string[], io: Io, deps: ConnectDeps = { cwd: process.cwd(), home: process.env.HOME ?? '', env: (k) => process.env[k] }): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.ok === 'help') { io.stdout.write(CONNECT_HELP); return 0; }
  if (!parsed.ok) { io.stderr.write(`firebreak connect: ${parsed.message}\n`); return 1; }
  const { args } = parsed;
  const w: Where = { project: findProjectRoot(deps.cwd) ?? deps.cwd, home: deps.home, env: deps.env };
  let agents = args.agents;
  if (args.all) {
    agents = AGENTS.filter((a) => agentPresent(a, w));
    for (const a of AGENTS) if (!agents.includes(a)) io.stdout.write(`${a.label}: not found on this machine; skipped\n`);
    if (agents.length === 0) { io.stdout.write('No agent found: nothing to connect.\n'); return 0; }
  }
  if (!args.remove && /[\\/]_npx[\\/]/.test(firebreakBin())) {
    io.stderr.write(`firebreak connect: warning: firebreak is running from npx's cache (${firebreakBin()}), which npm may clear; the hook would then block every command. Install firebreak (npm install -g firebreak, or as a dev dependency) and connect from there.\n`);
  }
  let failed = false;
  for (const agent of agents) {
    const step = editHook(agent, args.scope, w, args);
    if (!step.ok) { io.stderr.write(`firebreak connect: ${agent.label}: ${step.message}\n`); failed = true; continue; }
    for (const l of step.lines) io.stdout.write(l + '\n');
    if (args.mcp && agent.mcpClient) {
      if (args.remove) {
        const m = removeMcp(agent, args.scope, w, args.dryRun);
        if (!m.ok) { io.stderr.write(`firebreak connect: ${agent.label}: ${m.message}\n`); failed = true; } else for (const l of m.lines) io.stdout.write(l + '\n');
      } else {
        const code = await runMcpInit(['--client', agent.mcpClient, '--scope', args.scope, ...(args.dryRun ? ['--dry-run'] : [])], io, { cwd: deps.cwd, home: deps.home, env: deps.env });
        if (code !== 0) failed = true;
      }
    }
    if (!args.remove && args.scope === 'project') {
      const untrusted = untrustedProject(agent, w);
      if (untrusted) io.stdout.write(`warning: ${untrusted}\n`);
    }
    if (!args.remove && agent.name === 'gemini') io.stdout.write('Gemini CLI: hooks run only in folders Gemini trusts (~/.gemini/trustedFolders.json)\n');
  }
  if (!args.dryRun && !args.remove && !failed) io.stdout.write('Check it end to end with: firebreak doctor\n');
  return failed ? 1 : 0;
}
