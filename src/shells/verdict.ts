// What a person sees when the shell plugin stops a line: the verdict in a few lines (the
// worst rules, the blast radius with its numbers, what to run instead), and, for a deny,
// the word to type to run it anyway: the name of what it would destroy, as molly-guard asks
// for the host's name.

import type { AssessmentDetail } from '../assess/engine.js';
import type { RiskAssessment } from '../core/contracts.js';
import type { Policy } from '../policy/policy.js';
import { printable, type Style } from '../terminal/text.js';
import type { Friction } from './protocol.js';

const MAX_RULES = 3;
const MAX_ALTERNATIVES = 2;
const MAX_TOKEN = 48;

const clip = (s: string, n: number): string => (s.length > n ? s.slice(0, n - 1) + '…' : s);

export function verdictText(a: RiskAssessment, st: Style): string {
  const lines: string[] = [];
  const word = a.decision === 'deny' ? 'DENY' : 'ASK';
  const worst = a.matched_rules[0];
  const sev = a.severity ? ` (${a.severity})` : '';
  lines.push(`firebreak ${st.verdict(a.decision, word)}${sev}: ${worst ? worst.description : (a.denial_reason ?? 'this line could not be checked')}`);
  for (const r of a.matched_rules.slice(0, MAX_RULES)) {
    const where = r.segment !== a.command.trim() ? `  ${st.dim('in: ' + printable(clip(r.segment, 100)))}` : '';
    lines.push(`  ${st.severity(r.severity, r.severity.padEnd(8))} ${r.id}${where}`);
  }
  if (a.matched_rules.length > MAX_RULES) lines.push(`  ${st.dim(`and ${a.matched_rules.length - MAX_RULES} more`)}`);
  if (a.blast_radius_detail) lines.push(`  Blast radius${a.blast_radius_scope ? ` (${a.blast_radius_scope})` : ''}: ${printable(a.blast_radius_detail)}`);
  for (const alt of a.alternatives.slice(0, MAX_ALTERNATIVES)) lines.push(`  Instead: ${st.bold(printable(alt.command))}  ${st.dim(alt.explanation)}`);
  if (a.risk_level !== 'Normal') lines.push(`  Context (${a.risk_level}): ${a.context.labels.join(', ')}`);
  return lines.join('\n');
}

/** How the shell stops this verdict, by the person's choices (the policy's `shell` settings). */
export function frictionFor(decision: RiskAssessment['decision'], shell: Policy['shell']): Friction {
  if (decision === 'allow') return 'none';
  if (decision === 'ask') return shell.ask;
  return shell.deny === 'type' ? 'type' : 'confirm';
}

/**
 * The word a person types to run a denied line: the last operand of the worst match's
 * command (the directory, the namespace, the branch, the device), else the command's name.
 */
export function confirmationToken(detail: AssessmentDetail | null): string {
  const m = detail?.matches[0];
  if (!m) return 'yes';
  const operands = m.command.args.filter((a) => !a.dynamic && a.text !== '' && !a.text.startsWith('-') && !/[\s\x00-\x1f]/.test(a.text));
  const last = operands.at(-1)?.text;
  const name = m.command.name.replace(/^@/, '');
  const token = last && last.length <= MAX_TOKEN ? last : name.length <= MAX_TOKEN && !/[\s\x00-\x1f]/.test(name) ? name : 'yes';
  return token;
}
