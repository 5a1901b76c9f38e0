// explain_risk: the real assessment, walked through for a reader. Each simple command the
// line runs and what it does, each matched rule with why it is dangerous and how its
// severity came about (the rule, the policy, the context), the blast radius with its
// numbers, and what to run instead; as fields and as Markdown.

import type { AssessmentDetail } from '../assess/engine.js';
import type { RiskAssessment } from '../core/contracts.js';
import type { NormalisedCommand } from '../shell/index.js';
import { purposeOf } from './purposes.js';

interface Explanation {
  command: string;
  decision: RiskAssessment['decision'];
  severity: RiskAssessment['severity'];
  summary: string;
  commands: Array<{ segment: string; name: string; does: string; runs_on: string | null; rules: string[] }>;
  matched_rules: Array<
    RiskAssessment['matched_rules'][number] & {
      why: string;
      severity_steps: { matched: string; after_policy: string; after_context: string; raised_by_context: string };
    }
  >;
  blast_radius: { scope: RiskAssessment['blast_radius_scope']; detail: string | null };
  context: { risk_level: RiskAssessment['risk_level']; labels: string[]; raised_by: string[] };
  alternatives: RiskAssessment['alternatives'];
  markdown: string;
}

const SIGNAL_WORDS: Record<string, string> = {
  'protected-branch': 'the checked-out branch is protected',
  'production-kube': 'the Kubernetes context or namespace is production',
  'production-env': 'the environment names production',
  ssh: 'this is an SSH session on another machine',
  root: 'the command runs as root',
  ci: 'this runs in CI',
};

function firstPositional(c: NormalisedCommand): string | undefined {
  return c.args.find((a) => !a.text.startsWith('-'))?.text;
}

function summaryOf(a: RiskAssessment): string {
  const worst = a.matched_rules[0];
  if (a.decision === 'allow' && !worst) return 'No rule matched: nothing in this line is known to destroy data or change shared state.';
  if (!worst) return a.denial_reason ?? `Decision: ${a.decision}.`;
  const verdict = a.decision === 'deny' ? 'Denied' : a.decision === 'ask' ? "Needs a human's approval" : 'Allowed';
  return `${verdict}: ${worst.description}`;
}

const code = (s: string): string => {
  const one = s.replace(/\s*\n\s*/g, ' ');
  const fence = one.includes('`') ? '``' : '`';
  return `${fence}${fence.length > 1 ? ' ' : ''}${one}${fence.length > 1 ? ' ' : ''}${fence}`;
};

export function explain(a: RiskAssessment, detail: AssessmentDetail | null): Explanation {
  const rulesBySegment = new Map<NormalisedCommand, string[]>();
  for (const m of detail?.matches ?? []) rulesBySegment.set(m.command, [...(rulesBySegment.get(m.command) ?? []), m.rule.id]);
  const commands = (detail?.commands ?? [])
    .filter((c) => c.name !== '')
    .map((c) => {
      const rules = rulesBySegment.get(c) ?? [];
      const first = detail?.matches.find((m) => m.command === c);
      const does =
        purposeOf(c.name, firstPositional(c)) ??
        (first ? first.rule.description : `runs ${c.name}; firebreak has no description of this command and no rule matched it`);
      return { segment: c.segment, name: c.name, does, runs_on: c.remote, rules };
    });
  const matched_rules = (detail?.matches ?? []).map((m) => ({
    ...m.result,
    why: m.rule.description,
    severity_steps: { matched: m.matched, after_policy: m.byPolicy, after_context: m.result.severity, raised_by_context: m.level },
  }));
  const raised_by = (detail?.signals ?? []).filter((s) => s in SIGNAL_WORDS && s !== 'ci').map((s) => SIGNAL_WORDS[s]!);
  const e: Omit<Explanation, 'markdown'> = {
    command: a.command,
    decision: a.decision,
    severity: a.severity,
    summary: summaryOf(a),
    commands,
    matched_rules,
    blast_radius: { scope: a.blast_radius_scope, detail: a.blast_radius_detail },
    context: { risk_level: a.risk_level, labels: a.context.labels, raised_by },
    alternatives: a.alternatives,
  };
  return { ...e, markdown: markdownOf(e, detail?.problems ?? []) };
}

function markdownOf(e: Omit<Explanation, 'markdown'>, problems: string[]): string {
  const out: string[] = [];
  out.push(
    `## ${code(e.command.length > 300 ? e.command.slice(0, 300) + '…' : e.command)}: ${e.decision.toUpperCase()}${e.severity ? ` (${e.severity})` : ''}`,
    '',
    e.summary,
    '',
  );
  if (e.commands.length > 0) {
    out.push('### What the line runs', '');
    e.commands.slice(0, 50).forEach((c, i) => {
      const where = c.runs_on ? ` (on ${c.runs_on})` : '';
      const rules = c.rules.length > 0 ? ` Matched: ${c.rules.join(', ')}.` : '';
      out.push(`${i + 1}. ${code(c.segment)}${where}: ${c.does}.${rules}`);
    });
    if (e.commands.length > 50) out.push(`… and ${e.commands.length - 50} more simple commands.`);
    out.push('');
  }
  if (e.matched_rules.length > 0) {
    out.push('### Why it is dangerous', '');
    for (const r of e.matched_rules) {
      const s = r.severity_steps;
      const steps = [`rule ${s.matched}`];
      if (s.after_policy !== s.matched) steps.push(`policy ${s.after_policy}`);
      if (s.raised_by_context !== 'Normal')
        steps.push(
          s.after_context === s.after_policy
            ? `context (${s.raised_by_context}) would raise it, already the highest`
            : `context (${s.raised_by_context}) ${s.after_context}`,
        );
      out.push(`- **${r.id}** (${r.severity}; ${steps.join(' → ')}) in ${code(r.segment)}: ${r.why}`);
      if (r.blast_radius_detail) out.push(`  - Blast radius${r.blast_radius_scope ? ` (${r.blast_radius_scope})` : ''}: ${r.blast_radius_detail}`);
    }
    out.push('');
  }
  if (problems.length > 0) out.push('### Why it fails closed', '', ...problems.map((p) => `- ${p}`), '');
  if (e.context.labels.length > 0) {
    out.push('### Context', '', `Risk level ${e.context.risk_level}: ${e.context.labels.join(', ')}.`);
    if (e.context.raised_by.length > 0) out.push(`Severity was raised because ${e.context.raised_by.join(', and ')}.`);
    out.push('');
  }
  if (e.alternatives.length > 0) {
    out.push('### What to run instead', '');
    for (const alt of e.alternatives) out.push(`- ${code(alt.command)}: ${alt.explanation}`);
    out.push('');
  } else if (e.decision !== 'allow') {
    out.push(
      '### What to do instead',
      '',
      'firebreak knows no safer equivalent: ask the person you work for before running it, and say what it would destroy.',
      '',
    );
  }
  return out.join('\n').trimEnd() + '\n';
}
