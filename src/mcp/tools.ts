// The four tools of `firebreak mcp`. Each one is the real engine's answer, rendered: the
// server holds no judgement of its own. A tool's own failure (a command it cannot take, a
// cwd that is not a directory, a config that cannot be used) is a result with isError and
// a message a model can act on; for check_command it also carries the fail-closed verdict.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z, type ZodType } from 'zod';
import { checkInput, notAssessed, type Engine } from '../assess/engine.js';
import { currentUid } from '../context/signals.js';
import { AUDIENCES } from '../policy/policy.js';
import { explain } from './explain.js';
import { checkInput as checkShape, explainInput, explainOutput, policyInput, policyOutput, riskAssessmentShape, suggestInput, suggestOutput } from './schemas.js';
import { suggest } from './suggest.js';
import { Workspace, type Place } from '../workspace/workspace.js';
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { appendAudit } from '../audit/log.js';
import type { RiskAssessment } from '../core/types.js';
import { DEFAULT_POLICY } from '../policy/policy.js';

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false, destructiveHint: false } as const;

function ok(structured: object, ...extraText: string[]): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }, ...extraText.map((text) => ({ type: 'text' as const, text }))], structuredContent: structured as Record<string, unknown> };
}

function failure(message: string, structured?: object): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }], ...(structured ? { structuredContent: structured as Record<string, unknown> } : {}) };
}

/**
 * The command as a tool can take it, or the failure result that says why not. Only
 * check_command's failures carry the fail-closed verdict as structuredContent: a client
 * validates structured content against the tool's output schema even on an error, and
 * only check_command's output is a RiskAssessment.
 */
function usable(line: string, place: Place, withVerdict: boolean): { ok: true; engine: Engine; cwd: string } | { ok: false; result: CallToolResult } {
  const bad = checkInput(line);
  if (bad) {
    const verdict = notAssessed(line, place.ok ? place.engine.policy.onError : 'ask', bad);
    return { ok: false, result: failure(`firebreak cannot assess this command: ${bad.message}. The verdict is ${verdict.decision}.`, withVerdict ? verdict : undefined) };
  }
  if (!place.ok) {
    const verdict = Workspace.unusable(line, place);
    return { ok: false, result: failure(`firebreak cannot judge commands in ${place.cwd}: ${place.message}.${verdict ? ` Until it is fixed the verdict is ${verdict.decision}.` : ''}`, withVerdict ? verdict ?? undefined : undefined) };
  }
  return { ok: true, engine: place.engine, cwd: place.cwd };
}

const ruleCounts = new WeakMap<Engine, Map<string, number>>();
function countsOf(engine: Engine): Map<string, number> {
  let c = ruleCounts.get(engine);
  if (!c) {
    c = new Map();
    for (const r of engine.catalogue.rules) c.set(r.group, (c.get(r.group) ?? 0) + 1);
    ruleCounts.set(engine, c);
  }
  return c;
}

/** A tool the server may answer without the SDK's request machinery (see server.ts). */
export interface DirectTool {
  input: ZodType<Record<string, unknown>>;
  run(args: Record<string, unknown>): CallToolResult;
}

/** Registers the four tools; returns the one worth a direct path, check_command, called once per shell command. */
export function registerTools(server: McpServer, ws: Workspace): Map<string, DirectTool> {
  const uid = currentUid();
  const assessIn = (engine: Engine, cwd: string, line: string, withDetail = true) => engine.assessInDetail(line, { cwd, env: ws.env, uid, probe: true, audience: 'agent' }, withDetail);

  // One session per server process: the audit log groups an agent's checks by it.
  const session = randomUUID();
  const home = ws.home;
  /** Every check_command verdict goes to the audit log, as every hook decision does. */
  const audit = (command: string, cwd: string, verdict: RiskAssessment | undefined, place: Place, error: string | null): void => {
    if (!verdict) return;
    const problem = appendAudit({
      time: new Date().toISOString(), door: 'mcp', agent: server.server.getClientVersion()?.name ?? null, session, cwd, tool: 'check_command',
      command, decision: verdict.decision, severity: verdict.severity, rules: verdict.matched_rules.map((r) => r.id), approved: false, error,
    }, place.ok ? place.resolved.policy.audit : DEFAULT_POLICY.audit, (k) => ws.env[k], home || homedir());
    if (problem) console.error(`firebreak mcp: the audit log could not be written: ${problem.message}`);
  };

  const checkCommand = ({ command, cwd }: { command: string; cwd?: string | undefined }): CallToolResult => {
    const place = ws.place(cwd);
    const u = usable(command, place, true);
    if (!u.ok) {
      audit(command, place.cwd, u.result.structuredContent as RiskAssessment | undefined, place, place.ok ? 'bad-command' : 'config');
      return u.result;
    }
    try {
      const assessment = assessIn(u.engine, u.cwd, command, false).assessment;
      audit(command, u.cwd, assessment, place, null);
      return ok(assessment);
    } catch (e) {
      // An agent-facing door fails closed: a verdict in the policy's failure mode, never none.
      const error = { code: 'internal', message: `internal error: ${e instanceof Error ? e.message : String(e)}` };
      const verdict = notAssessed(command, u.engine.policy.onError, error);
      audit(command, u.cwd, verdict, place, 'internal');
      return failure(`firebreak could not assess this command (${error.message}); the verdict is ${u.engine.policy.onError}.`, verdict);
    }
  };
  server.registerTool('check_command', {
    title: 'Check a shell command before running it',
    description: 'Call this before running any shell command (rm, git, kubectl, docker, terraform, database clients, curl | sh, anything). '
      + 'Returns firebreak\'s RiskAssessment: decision (allow, ask, deny), severity (Info to Critical), every matched rule with the exact segment it matched, '
      + 'the blast radius measured on this machine (files, uncommitted changes, commits a force push drops, the kube context), and safer alternatives. '
      + 'Run the command only when decision is "allow"; on "ask", show the user denial_reason and wait for approval; on "deny", do not run it: use an alternative. '
      + 'Pass cwd, the directory the command would run in: its git branch and project policy apply.',
    inputSchema: checkShape,
    outputSchema: riskAssessmentShape,
    annotations: { title: 'Check a shell command', ...READ_ONLY },
  }, checkCommand);

  server.registerTool('suggest_alternative', {
    title: 'Suggest a safer way to run a command',
    description: 'Call this when check_command says ask or deny, or before running a command you suspect is destructive. '
      + 'Returns safer commands that reach the same end (filled in from your command: your branch, path, namespace), each with why it is safer and where it came from. '
      + 'Give goal, what you are trying to achieve in a few words ("free disk space", "undo my last commit"), to rank them and add goal-specific ones. '
      + 'For a command that is already allowed it says so (safe: true) instead of inventing one.',
    inputSchema: suggestInput,
    outputSchema: suggestOutput,
    annotations: { title: 'Suggest a safer command', ...READ_ONLY },
  }, ({ command, goal, cwd }) => {
    const u = usable(command, ws.place(cwd), false);
    if (!u.ok) return u.result;
    const { assessment, detail } = assessIn(u.engine, u.cwd, command);
    // A goal is a few words; a novel pasted into it is read only as far as a goal would go.
    return ok(suggest(assessment, (detail?.commands ?? []).map((c) => c.name), goal?.slice(0, 2000)));
  });

  server.registerTool('get_policy', {
    title: 'Show the policy that applies in a directory',
    description: 'Returns the effective firebreak policy for a directory: the rule groups and how many rules each holds (and whether it is enabled), '
      + 'the ask and deny thresholds for agents and for people, protected branches, production patterns, rules always denied or ignored, the failure mode, '
      + 'and which config file each setting came from. Call it to understand why a command was judged as it was, or before planning risky work.',
    inputSchema: policyInput,
    outputSchema: policyOutput,
    annotations: { title: 'Show the effective policy', ...READ_ONLY },
  }, ({ cwd }) => {
    const place = ws.place(cwd);
    if (!place.ok) return failure(`firebreak cannot use the policy for ${place.cwd}: ${place.message}.`);
    const p = place.resolved.policy;
    const counts = countsOf(place.engine);
    return ok({
      cwd: place.cwd,
      files: place.resolved.files,
      groups: place.engine.catalogue.groups.map((g) => ({ group: g.group, description: g.description, rules: counts.get(g.group) ?? 0, enabled: !p.disabledGroups.includes(g.group) })),
      thresholds: Object.fromEntries(AUDIENCES.map((a) => [a, { ask: p.thresholds[a].ask, deny: p.thresholds[a].deny }])) as { agent: { ask: string; deny: string }; human: { ask: string; deny: string } },
      on_error: p.onError,
      protected_branches: p.protectedBranches,
      production_patterns: p.productionPatterns,
      denied_rules: p.deniedRules,
      ignored_rules: p.ignoredRules,
      blast_radius_budget_ms: p.blastRadiusBudgetMs,
      sources: place.resolved.sources,
    });
  });

  server.registerTool('explain_risk', {
    title: 'Explain what a command would do and why it is risky',
    description: 'A thorough explanation of one command line: each simple command it runs (including code inside bash -c, ssh, xargs, pipes into a shell) and what it does, '
      + 'every matched rule with why it is dangerous and how its severity came about (rule, policy, context), the blast radius with numbers from this machine, '
      + 'the context that raised the severity, and what to run instead. Returned as fields and as Markdown you can show the user.',
    inputSchema: explainInput,
    outputSchema: explainOutput,
    annotations: { title: 'Explain a command\'s risk', ...READ_ONLY },
  }, ({ command, cwd }) => {
    const u = usable(command, ws.place(cwd), false);
    if (!u.ok) return u.result;
    const { assessment, detail } = assessIn(u.engine, u.cwd, command);
    const e = explain(assessment, detail);
    return ok(e, e.markdown);
  });
  return new Map([['check_command', { input: z.object(checkShape), run: (args) => checkCommand(args as { command: string; cwd?: string }) }]]);
}
