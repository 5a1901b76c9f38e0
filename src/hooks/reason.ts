// The words a deny or an ask carries back to the agent. The model reads them: they say what
// is dangerous, what it would destroy, what to run instead, and how a person can let it
// through; and, as plainly, that the model must not try to get around the check.

import type { RiskAssessment } from '../core/contracts.js';
import { GRANT_MINUTES } from './approvals.js';

interface ReasonOptions {
  decision: 'ask' | 'deny';
  /** The agent cannot ask a person, so an ask is given as a deny. */
  askAsDeny: boolean;
  /** The one-time code a person can approve the command with, when one could be offered. */
  code: string | null;
  agentLabel: string;
}

const MAX_ALTERNATIVES = 3;

function wayThrough(code: string | null): string {
  if (code === null) return 'If the person wants it to run anyway, they can run it themselves in their own terminal.';
  return `If the person wants this exact command to run, ask them to run \`firebreak allow ${code}\` in their own terminal; then retry the same command from the same directory within ${GRANT_MINUTES} minutes. Do not run \`firebreak allow\` yourself (it is refused), and do not rewrite the command to get around this check.`;
}

export function reasonFor(a: RiskAssessment, o: ReasonOptions): string {
  const worst = a.matched_rules[0];
  const sev = a.severity ? ` (${a.severity})` : '';
  const lines: string[] = [];
  if (o.decision === 'deny' && !o.askAsDeny)
    lines.push(`firebreak blocked this command${sev}: ${worst ? worst.description : (a.denial_reason ?? 'it could not be checked')}`);
  else if (o.askAsDeny)
    lines.push(
      `firebreak held this command back${sev}: it needs a person's approval, and ${o.agentLabel} cannot ask for it from a hook. ${worst ? worst.description : (a.denial_reason ?? '')}`.trimEnd(),
    );
  else lines.push(`firebreak asks a person to approve this command${sev}: ${worst ? worst.description : (a.denial_reason ?? 'it could not be fully checked')}`);
  for (const r of a.matched_rules.slice(0, 4)) lines.push(`- ${r.severity} ${r.id}: ${r.segment}`);
  if (a.matched_rules.length > 4) lines.push(`- and ${a.matched_rules.length - 4} more`);
  // A fail-closed verdict says why in denial_reason; a rule's own description is already above.
  if (a.matched_rules.length === 0 && a.denial_reason) lines.push(a.denial_reason);
  else if (a.context.labels.includes('parse-error') || a.context.labels.some((l) => l.startsWith('limit='))) lines.push(a.denial_reason ?? '');
  if (a.blast_radius_detail) lines.push(`Blast radius (${a.blast_radius_scope ?? 'unknown'}): ${a.blast_radius_detail}`);
  const alts = a.alternatives.slice(0, MAX_ALTERNATIVES);
  if (alts.length > 0) {
    lines.push('Instead:');
    for (const alt of alts) lines.push(`  ${alt.command}  # ${alt.explanation}`);
  }
  if (o.decision === 'deny' || o.askAsDeny) lines.push(wayThrough(o.code));
  else if (o.code !== null)
    lines.push(
      `If no one can answer this prompt (a headless run), a person can let this exact command through once by running \`firebreak allow ${o.code}\` in their own terminal.`,
    );
  return lines.filter((l) => l !== '').join('\n');
}

/** The reason when firebreak could not judge at all (bad input, a broken config, its deadline). */
export function failureReason(message: string, o: { code: string | null; blocked: boolean }): string {
  const head = o.blocked
    ? 'firebreak could not check this tool call, so it is blocked'
    : 'firebreak could not check this tool call, so a person must approve it';
  return `${head}: ${message}` + (o.blocked ? `\n${wayThrough(o.code)}` : '');
}
