// check_command: the RiskAssessment of a command line, the call an agent makes before each
// shell command. Every verdict goes to the audit log, as every hook decision does.

import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { notAssessed } from '../../assess/engine.js';
import { appendAudit } from '../../audit/log.js';
import type { RiskAssessment } from '../../core/contracts.js';
import { DEFAULT_POLICY } from '../../policy/policy.js';
import type { Place } from '../../workspace/workspace.js';
import { checkInput as checkShape, riskAssessmentShape } from '../schemas.js';
import { failure, ok, READ_ONLY, usable, type ToolContext } from './shared.js';

/** Registers check_command; returns its handler, which the server also calls directly (see server.ts). */
export function registerCheckCommand(
  server: McpServer,
  { ws, assessIn }: ToolContext,
): (args: { command: string; cwd?: string | undefined }) => CallToolResult {
  // One session per server process: the audit log groups an agent's checks by it.
  const session = randomUUID();
  const home = ws.home;
  /** Every check_command verdict goes to the audit log, as every hook decision does. */
  const audit = (command: string, cwd: string, verdict: RiskAssessment | undefined, place: Place, error: string | null): void => {
    if (!verdict) return;
    const problem = appendAudit(
      {
        time: new Date().toISOString(),
        door: 'mcp',
        agent: server.server.getClientVersion()?.name ?? null,
        session,
        cwd,
        tool: 'check_command',
        command,
        decision: verdict.decision,
        severity: verdict.severity,
        rules: verdict.matched_rules.map((r) => r.id),
        approved: false,
        error,
      },
      place.ok ? place.resolved.policy.audit : DEFAULT_POLICY.audit,
      (k) => ws.env[k],
      home || homedir(),
    );
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
  server.registerTool(
    'check_command',
    {
      title: 'Check a shell command before running it',
      description:
        'Call this before running any shell command (rm, git, kubectl, docker, terraform, database clients, curl | sh, anything). ' +
        "Returns firebreak's RiskAssessment: decision (allow, ask, deny), severity (Info to Critical), every matched rule with the exact segment it matched, " +
        'the blast radius measured on this machine (files, uncommitted changes, commits a force push drops, the kube context), and safer alternatives. ' +
        'Run the command only when decision is "allow"; on "ask", show the user denial_reason and wait for approval; on "deny", do not run it: use an alternative. ' +
        'Pass cwd, the directory the command would run in: its git branch and project policy apply.',
      inputSchema: checkShape,
      outputSchema: riskAssessmentShape,
      annotations: { title: 'Check a shell command', ...READ_ONLY },
    },
    checkCommand,
  );
  return checkCommand;
}
