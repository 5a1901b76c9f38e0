// The MCP tools' input and output schemas, in zod as the SDK takes them. The output
// schemas mirror schemas/risk-assessment.schema.json; the tests validate every result
// against both.

import { z } from 'zod';

const severity = z.enum(['Info', 'Low', 'Medium', 'High', 'Critical']);
const scope = z.enum(['RESOURCE', 'PROJECT', 'NAMESPACE', 'CLUSTER', 'MACHINE', 'ACCOUNT']).nullable();
const riskLevel = z.enum(['Normal', 'Elevated', 'Critical']);
const decision = z.enum(['allow', 'ask', 'deny']);

const command = z
  .string({ error: 'command must be a string: the shell command line to check, e.g. "git push --force origin main"' })
  .describe('The shell command line exactly as it would be run, quotes, pipes and all.');
const cwd = z
  .string({ error: 'cwd must be a string: an absolute directory path' })
  .describe(
    "Absolute path of the directory the command would run in; its git branch, project policy and relative paths apply. Default: the server's start directory.",
  )
  .optional();

const alternativeShape = z.object({
  command: z.string(),
  explanation: z.string(),
  source: z
    .string()
    .describe(
      '"catalogue:<rule id>" for a built-in rule\'s alternative, "config:<rule id>" for one from a rule in a config or project policy file, "goal:<hint>" for one added for the stated goal.',
    ),
});

const matchedRuleShape = z.object({
  id: z.string(),
  group: z.string(),
  description: z.string(),
  severity,
  segment: z.string(),
  blast_radius_scope: scope,
  blast_radius_detail: z.string().nullable(),
});

export const riskAssessmentShape = {
  command: z.string(),
  allowed: z.boolean(),
  decision,
  severity: severity.nullable(),
  risk_level: riskLevel,
  context: z.object({ risk_level: riskLevel, labels: z.array(z.string()) }),
  matched_rules: z.array(matchedRuleShape),
  alternatives: z.array(alternativeShape),
  requires_human_approval: z.boolean(),
  denial_reason: z.string().nullable(),
  blast_radius_scope: scope,
  blast_radius_detail: z.string().nullable(),
};

export const checkInput = { command, cwd };
export const suggestInput = {
  command,
  goal: z
    .string({ error: 'goal must be a string: what you are trying to achieve' })
    .describe('What you are trying to achieve, in a few words ("free disk space", "undo my last commit"); used to rank and add alternatives.')
    .optional(),
  cwd,
};
export const policyInput = { cwd };
export const explainInput = { command, cwd };

export const suggestOutput = {
  command: z.string(),
  decision,
  severity: severity.nullable(),
  /** True when nothing in the command is risky: no alternative is needed. */
  safe: z.boolean(),
  message: z.string(),
  alternatives: z.array(alternativeShape),
};

const thresholds = z.object({ ask: z.string(), deny: z.string() });
export const policyOutput = {
  cwd: z.string(),
  files: z.array(z.object({ path: z.string(), scope: z.enum(['user', 'project']) })).describe('Config files in effect, the user config first.'),
  groups: z.array(z.object({ group: z.string(), description: z.string(), rules: z.number().int(), enabled: z.boolean() })),
  thresholds: z.object({ agent: thresholds, human: thresholds }),
  on_error: z.enum(['ask', 'deny']),
  protected_branches: z.array(z.string()),
  production_patterns: z.array(z.string()),
  denied_rules: z.array(z.string()),
  ignored_rules: z.array(z.string()),
  blast_radius_budget_ms: z.number(),
  sources: z.record(z.string(), z.array(z.string())).describe('For each setting, where it came from: "default" and/or config file paths.'),
};

const explainedCommand = z.object({
  segment: z.string(),
  name: z.string(),
  does: z.string().describe('What this simple command does, in a sentence.'),
  runs_on: z.string().nullable().describe('The remote machine or container it runs on, when not here.'),
  rules: z.array(z.string()).describe('Ids of the rules that matched it.'),
});
const explainedRule = matchedRuleShape.extend({
  why: z.string().describe('Why it is dangerous: what would be lost.'),
  severity_steps: z.object({ matched: severity, after_policy: severity, after_context: severity, raised_by_context: riskLevel }),
});
export const explainOutput = {
  command: z.string(),
  decision,
  severity: severity.nullable(),
  summary: z.string(),
  commands: z.array(explainedCommand),
  matched_rules: z.array(explainedRule),
  blast_radius: z.object({ scope, detail: z.string().nullable() }),
  context: z.object({ risk_level: riskLevel, labels: z.array(z.string()), raised_by: z.array(z.string()) }),
  alternatives: z.array(alternativeShape),
  markdown: z.string(),
};
