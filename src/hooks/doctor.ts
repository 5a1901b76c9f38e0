// `firebreak doctor`: for every agent on this machine, is firebreak really guarding it?
// The registration is read as the agent reads it, then the registered command is run
// exactly as the agent would run it (through the shell, with a payload in the agent's
// shape) on a risky command, which must come back blocked, and a routine one, which must
// not. One line per agent, with what to fix.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Io } from '../terminal/out.js';
import { findProjectRoot } from '../context/context.js';
import { readJsonConfig } from '../agent-settings/json-edit.js';
import { readSettingsFile } from '../agent-settings/file.js';
import type { HookAgent } from './agent.js';
import { AGENTS, agentNamed } from './agents/index.js';
import { agentPresent, type ConnectDeps } from './connect.js';
import { untrustedProject } from './project-trust.js';
import { eventList, findHandlers, tilde, type Registered, type Where } from './registration.js';

const DOCTOR_HELP = `Usage:
  firebreak doctor [agent|shell...]

For every agent found on this machine (or those named): checks that firebreak's hook is
registered and well-formed, that the agent will run it (Codex's trust, a trusted project for
a project's own hook in Codex and Copilot CLI, Cursor's failClosed, hooks not switched off,
a timeout longer than firebreak's deadline), and sends the registered command a risky and a
routine tool call in the agent's own format: the risky one must come back blocked, the
routine one must not. Then, for bash, zsh and fish (or those named), whether the rc file loads
the shell plugin, and whether that plugin stops a risky line and lets a routine one run.
Exit 0 when every agent found and every shell set up is guarded, 1 otherwise.
`;

const RISKY = 'rm -rf ~';
const ROUTINE = 'git status';

/** firebreak's registrations for an agent, in both scopes, and the problems reading them. */
function registrations(agent: HookAgent, w: Where): { found: Registered[]; problems: string[] } {
  const reg = agent.registration;
  const found: Registered[] = [];
  const problems: string[] = [];
  for (const scope of ['user', 'project'] as const) {
    const file = reg.file(scope, w);
    const read = readSettingsFile(file);
    if (!read.ok) {
      problems.push(read.message);
      continue;
    }
    if (read.file.text === null) continue;
    const json = readJsonConfig(read.file.text);
    if (!json.ok) {
      problems.push(`${tilde(file, w.home)} is not valid JSON (${json.message}), so ${agent.label} reads no hook from it`);
      continue;
    }
    const list = eventList(json.value, reg);
    if (!list.ok) {
      problems.push(`${tilde(file, w.home)}: ${list.message}`);
      continue;
    }
    for (const h of findHandlers(list.list, reg, agent.name)) {
      // The file as the agent names it: Codex keys its trust by that path, not where a symlink leads.
      found.push({
        file,
        scope,
        command: String(h.value[reg.commandKey]),
        handler: h.value,
        matcher: h.matcher,
        group: h.group,
        index: h.handler,
        settings: json.value as Record<string, unknown>,
      });
    }
  }
  return { found, problems };
}

/** What keeps the agent from running a registration it has. */
function configProblems(agent: HookAgent, f: Registered, w: Where): string[] {
  const out: string[] = [];
  const reg = agent.registration;
  if (!reg.coversShell(f.matcher)) out.push(`the matcher '${f.matcher}' does not send the shell tool to the hook; fix: firebreak connect ${agent.name}`);
  const { key, value: min, unit } = reg.minTimeout;
  const t = f.handler[key];
  if (typeof t === 'number' && t < min)
    out.push(
      `the timeout is ${t} ${unit}, less than firebreak needs (${min} ${unit}), and a timed-out hook lets the command run; fix: firebreak connect ${agent.name}`,
    );
  if (f.scope === 'project') {
    const untrusted = untrustedProject(agent, w);
    if (untrusted) out.push(untrusted);
  }
  out.push(...(reg.extras?.problems?.(f, w) ?? []));
  return out;
}

/** Runs the registered command as the agent would, with one tool call. */
function probe(
  agent: HookAgent,
  command: string,
  payloadCommand: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): { reply: { stdout: string; stderr: string; exitCode: number }; ms: number; error: string | null } {
  const [shell, ...flags] = agent.registration.shell;
  const started = process.hrtime.bigint();
  const r = spawnSync(shell!, [...flags, command], { input: JSON.stringify(agent.sample(payloadCommand, cwd)), cwd, env, encoding: 'utf8', timeout: 35_000 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const error = r.error ? `could not run it (${(r.error as NodeJS.ErrnoException).code ?? r.error.message})` : r.signal ? `it was killed (${r.signal})` : null;
  return { reply: { stdout: r.stdout ?? '', stderr: r.stderr ?? '', exitCode: r.status ?? 1 }, ms, error };
}

/** What an answer said, short: its reason when it printed one, else its first line. */
function why(reply: { stdout: string; stderr: string; exitCode: number }): string {
  let text = (reply.stdout.trim() || reply.stderr.trim()).split('\n')[0] ?? '';
  try {
    const j = JSON.parse(reply.stdout) as Record<string, unknown>;
    const h = (j.hookSpecificOutput ?? j) as Record<string, unknown>;
    const said = h.permissionDecisionReason ?? h.reason ?? h.agent_message;
    const decision = h.permissionDecision ?? h.decision ?? h.permission;
    if (typeof decision === 'string') text = `${decision}${typeof said === 'string' ? `: ${said.split('\n')[0]}` : ''}`;
  } catch {
    /* not JSON: the first line */
  }
  return `exit ${reply.exitCode}${text ? `, ${text.slice(0, 400)}` : ', no output'}`;
}

export async function runDoctor(
  argv: string[],
  io: Io,
  deps: ConnectDeps = { cwd: process.cwd(), home: process.env.HOME ?? '', env: (k) => process.env[k] },
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(DOCTOR_HELP);
    return 0;
  }
  const named: HookAgent[] = [];
  for (const a of argv) {
    const agent = agentNamed(a);
    if (!agent) {
      io.stderr.write(`firebreak doctor: unknown agent '${a}' (agents: ${AGENTS.map((x) => x.name).join(', ')})\n`);
      return 1;
    }
    named.push(agent);
  }
  const w: Where = { project: findProjectRoot(deps.cwd) ?? deps.cwd, home: deps.home, env: deps.env };
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.keys(process.env).map((k) => [k, deps.env(k)]));
  const dir = mkdtempSync(join(tmpdir(), 'firebreak-doctor-'));
  let bad = false;
  const pad = Math.max(...AGENTS.map((a) => a.label.length));
  const line = (agent: HookAgent, status: string, text: string): void => {
    io.stdout.write(`${agent.label.padEnd(pad)}  ${status.padEnd(4)}  ${text}\n`);
  };
  try {
    for (const agent of named.length > 0 ? named : AGENTS) {
      const { found, problems } = registrations(agent, w);
      const present = agentPresent(agent, w);
      if (found.length === 0) {
        if (!present && named.length === 0 && problems.length === 0) {
          line(agent, '-', 'not found on this machine');
          continue;
        }
        bad = true;
        line(
          agent,
          'FIX',
          [...problems, `not guarded: no firebreak hook in ${tilde(agent.registration.file('user', w), w.home)}; fix: firebreak connect ${agent.name}`].join(
            '; ',
          ),
        );
        continue;
      }
      for (const f of found) {
        const where = tilde(f.file, w.home);
        const issues = [...problems, ...configProblems(agent, f, w)];
        const risky = probe(agent, f.command, RISKY, dir, env);
        if (risky.error) issues.push(`the registered command ${risky.error}`);
        else if (!agent.blocks(risky.reply))
          issues.push(`'${RISKY}' was not blocked (${why(risky.reply)}); fix: firebreak connect ${agent.name}, and check: firebreak policy validate`);
        const routine = probe(agent, f.command, ROUTINE, dir, env);
        if (routine.error) issues.push(`the registered command, given '${ROUTINE}', ${routine.error}`);
        else if (agent.blocks(routine.reply))
          issues.push(
            `'${ROUTINE}' was blocked too (${why(routine.reply)}), so the agent could run nothing; fix: firebreak policy validate, or reinstall firebreak and run firebreak connect ${agent.name}`,
          );
        if (issues.length > 0) {
          bad = true;
          line(agent, 'FIX', `${where}: ${issues.join('; ')}`);
        } else line(agent, 'ok', `${where}: '${RISKY}' blocked (${Math.round(risky.ms)} ms), '${ROUTINE}' passes`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return bad ? 1 : 0;
}
