// The public contracts (docs/design.md). Every door speaks in these types; change them only
// together with schemas/risk-assessment.schema.json.

export const SEVERITIES = ['Info', 'Low', 'Medium', 'High', 'Critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export type Decision = 'allow' | 'ask' | 'deny';

export type RiskLevel = 'Normal' | 'Elevated' | 'Critical';

const SCOPES = ['RESOURCE', 'PROJECT', 'NAMESPACE', 'CLUSTER', 'MACHINE', 'ACCOUNT'] as const;
export type BlastScope = (typeof SCOPES)[number];

export interface MatchedRule {
  id: string;
  group: string;
  description: string;
  severity: Severity;
  /** The exact text of the simple command the rule matched, as written in the line. */
  segment: string;
  blast_radius_scope: BlastScope | null;
  blast_radius_detail: string | null;
}

export interface Alternative {
  command: string;
  explanation: string;
  /** Where the alternative came from: "catalogue:<rule id>" for a built-in rule, "config:<rule id>" for a rule from a config file. */
  source: string;
}

interface AssessmentContext {
  risk_level: RiskLevel;
  labels: string[];
}

export interface RiskAssessment {
  command: string;
  allowed: boolean;
  decision: Decision;
  severity: Severity | null;
  risk_level: RiskLevel;
  context: AssessmentContext;
  matched_rules: MatchedRule[];
  alternatives: Alternative[];
  requires_human_approval: boolean;
  denial_reason: string | null;
  blast_radius_scope: BlastScope | null;
  blast_radius_detail: string | null;
}

/** An error as a value: what went wrong, in words a person can act on. */
export interface FirebreakError {
  code: string;
  message: string;
}
