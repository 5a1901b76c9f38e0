// The effective policy an assessment is made under: the built-in defaults (ask at Medium, deny at High),
// then the user's config, then the project's policy files (src/policy/merge.ts).

import type { Decision, Severity } from '../core/contracts.js';
import type { CommandSpec, CompiledRule } from '../catalogue/rule-format.js';
import { DEFAULT_ESCALATION, type EscalationEntry } from './escalation.js';

/** A threshold is a severity, or 'never' to switch that decision off. */
export type Threshold = Severity | 'never';

interface Thresholds {
  /** Severity at or above which a command needs a human's approval. */
  ask: Threshold;
  /** Severity at or above which a command is refused. */
  deny: Threshold;
}

/** Who the verdict is for: an agent that runs commands unattended, or a person at a shell. */
export type Audience = 'agent' | 'human';
export const AUDIENCES: readonly Audience[] = ['agent', 'human'];

/** A severity override: a user's config sets a rule's severity, a project's only raises it. */
interface SeverityOverride {
  severity: Severity;
  mode: 'set' | 'floor';
}

export interface AuditSettings {
  enabled: boolean;
  /** Where the audit log is written; null for the default place. */
  file: string | null;
  /** Whether allowed commands are logged too, not only ask and deny verdicts. */
  includeAllowed: boolean;
}

/** How the agent hooks answer. */
interface HookSettings {
  /**
   * Say `allow` out loud for a command firebreak allows. Off by default: in Claude Code an
   * explicit allow skips the person's own permission prompt, so by default the hook says
   * nothing and the agent's own permission flow stays in charge.
   */
  explicitAllow: boolean;
}

/** What the shell plugins do with an ask: a y/N prompt, or the verdict shown and the command run. */
export type ShellAsk = 'confirm' | 'warn';
/** What they do with a deny: run it once the person types the target's name, or a y/N prompt. */
export type ShellDeny = 'type' | 'confirm';

/** How the shell plugins stop a person's command; never a dead end, the person always has a way through. */
interface ShellSettings {
  ask: ShellAsk;
  deny: ShellDeny;
}

export interface Policy {
  thresholds: Record<Audience, Thresholds>;
  /** What an unparseable line, an exceeded limit, an internal error or a broken config turns into. */
  onError: Extract<Decision, 'ask' | 'deny'>;
  /** Branch names, or prefixes ending in *, whose history is shared and must not be rewritten. */
  protectedBranches: string[];
  /** Words that mark production in a kube context or namespace, or an environment variable. */
  productionPatterns: string[];
  escalation: EscalationEntry[];
  /**
   * Context raises only matches at or above this severity: an Info or Low match is fine in
   * any context, and raising it would only add noise.
   */
  escalateFrom: Severity;
  /** Time all blast-radius probes of one assessment may take together. */
  blastRadiusBudgetMs: number;
  /** Rule groups whose rules are not applied. */
  disabledGroups: string[];
  /** Rule ids (or `group:*`) that are not applied. */
  ignoredRules: string[];
  /** Rule ids (or `group:*`) whose match is always denied, whatever the thresholds. */
  deniedRules: string[];
  severityOverrides: Record<string, SeverityOverride>;
  /** Rules from config files, compiled like the catalogue's. */
  customRules: CompiledRule[];
  /** Option specs for commands that only custom rules name. */
  customCommands: Record<string, CommandSpec>;
  audit: AuditSettings;
  hooks: HookSettings;
  shell: ShellSettings;
}

export const DEFAULT_POLICY: Policy = {
  // A person at a shell answers the prompt themselves: only what cannot be undone at all is refused outright.
  thresholds: { agent: { ask: 'Medium', deny: 'High' }, human: { ask: 'Medium', deny: 'Critical' } },
  onError: 'ask',
  protectedBranches: ['main', 'master', 'develop', 'development', 'trunk', 'production', 'prod', 'release/*', 'release-*', 'releases/*', 'stable', 'live'],
  productionPatterns: ['prod', 'production', 'prd', 'live'],
  escalation: DEFAULT_ESCALATION,
  escalateFrom: 'Medium',
  blastRadiusBudgetMs: 150,
  disabledGroups: [],
  ignoredRules: [],
  deniedRules: [],
  severityOverrides: {},
  customRules: [],
  customCommands: {},
  // Every decision an agent-facing door gives is logged unless the user's own config says not to.
  audit: { enabled: true, file: null, includeAllowed: true },
  hooks: { explicitAllow: false },
  shell: { ask: 'confirm', deny: 'type' },
};

/** Whether a rule id is named by a list of ids and `group:*` patterns. */
export function listsRule(list: string[], id: string): boolean {
  if (list.length === 0) return false;
  const group = id.slice(0, id.indexOf(':'));
  return list.includes(id) || list.includes(`${group}:*`);
}

/** The effective policy of a directory, with where each setting came from. */
export interface ResolvedPolicy {
  policy: Policy;
  /** For each setting, where its value came from: 'default' and/or config file paths. */
  sources: Record<string, string[]>;
  /** The config files read, the user's first. */
  files: Array<{ path: string; scope: 'user' | 'project' }>;
}

/** The settings `policy show` and get_policy report a source for. */
export const SETTINGS = [
  'thresholds.agent.ask',
  'thresholds.agent.deny',
  'thresholds.human.ask',
  'thresholds.human.deny',
  'on_error',
  'groups.disable',
  'ignore',
  'deny',
  'severity',
  'protected_branches',
  'production_patterns',
  'escalation',
  'escalate_from',
  'blast_radius.budget_ms',
  'commands',
  'rules',
  'audit',
  'hooks.explicit_allow',
  'shell.ask',
  'shell.deny',
] as const;

export const DEFAULT_RESOLVED: ResolvedPolicy = {
  policy: DEFAULT_POLICY,
  sources: Object.fromEntries(SETTINGS.map((s) => [s, ['default']])),
  files: [],
};
