// Text output of an assessment, for a person: the verdict first, then each matched rule
// with its severity, the blast radius and what to run instead.

import type { RiskAssessment } from '../core/contracts.js';
import { printable, type Style } from './text.js';

const VERDICT_WORD = { allow: 'ALLOW', ask: 'ASK', deny: 'DENY' } as const;

export function renderText(a: RiskAssessment, st: Style): string {
  const lines: string[] = [];
  const sev = a.severity ? ` (${a.severity})` : '';
  const summary = a.decision === 'allow' ? (a.severity ? 'allowed' : 'no risk found') : a.decision === 'ask' ? 'needs a human to approve' : 'refused';
  lines.push(`${st.verdict(a.decision, VERDICT_WORD[a.decision])}${sev}  ${summary}: ${st.bold(printable(clip(a.command, 200)))}`);
  for (const r of a.matched_rules) {
    lines.push(`  ${st.severity(r.severity, r.severity.padEnd(8))} ${r.id}  ${r.description}`);
    if (r.segment !== a.command.trim()) lines.push(`  ${' '.repeat(8)} ${st.dim('in: ' + printable(clip(r.segment, 160)))}`);
  }
  if (a.blast_radius_detail) lines.push(`  Blast radius${a.blast_radius_scope ? ` (${a.blast_radius_scope})` : ''}: ${a.blast_radius_detail}`);
  if (a.alternatives.length > 0) {
    lines.push('  Instead:');
    for (const alt of a.alternatives) {
      lines.push(`    ${st.bold(printable(alt.command))}`);
      lines.push(`      ${st.dim(alt.explanation)}`);
    }
  }
  if (a.matched_rules.length === 0 && a.denial_reason) lines.push(`  ${a.denial_reason}`);
  if (a.risk_level !== 'Normal') lines.push(`  Context (${a.risk_level}): ${a.context.labels.join(', ')}`);
  else if (a.context.labels.length > 0) lines.push(`  ${st.dim('context: ' + a.context.labels.join(', '))}`);
  return lines.join('\n') + '\n';
}

/** One line per command, for --stdin with text output. */
export function renderLine(a: RiskAssessment, st: Style): string {
  const top = a.matched_rules[0];
  const what = top ? `${top.severity} ${top.id}` : (a.denial_reason ?? '-');
  return `${st.verdict(a.decision, VERDICT_WORD[a.decision].padEnd(5))} ${what.padEnd(34)} ${printable(clip(a.command, 160))}\n`;
}

function clip(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + '…' : s;
}
