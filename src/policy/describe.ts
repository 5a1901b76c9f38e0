// The effective policy as a list of settings, each with its value and where it came
// from: what `firebreak policy show` prints and an MCP get_policy returns.

import { SETTINGS, type Policy, type ResolvedPolicy } from './policy.js';

interface SettingView {
  setting: (typeof SETTINGS)[number];
  value: unknown;
  /** 'default' and/or the config files that set or extended it. */
  sources: string[];
}

function settingValue(p: Policy, s: SettingView['setting']): unknown {
  switch (s) {
    case 'thresholds.agent.ask':
      return p.thresholds.agent.ask;
    case 'thresholds.agent.deny':
      return p.thresholds.agent.deny;
    case 'thresholds.human.ask':
      return p.thresholds.human.ask;
    case 'thresholds.human.deny':
      return p.thresholds.human.deny;
    case 'on_error':
      return p.onError;
    case 'groups.disable':
      return p.disabledGroups;
    case 'ignore':
      return p.ignoredRules;
    case 'deny':
      return p.deniedRules;
    case 'severity':
      return Object.fromEntries(Object.entries(p.severityOverrides).map(([id, o]) => [id, o.mode === 'floor' ? `at least ${o.severity}` : o.severity]));
    case 'protected_branches':
      return p.protectedBranches;
    case 'production_patterns':
      return p.productionPatterns;
    case 'escalation':
      return p.escalation;
    case 'escalate_from':
      return p.escalateFrom;
    case 'blast_radius.budget_ms':
      return p.blastRadiusBudgetMs;
    case 'commands':
      return p.customCommands;
    case 'rules':
      return p.customRules.map((r) => r.id);
    case 'audit':
      return { enabled: p.audit.enabled, file: p.audit.file, include_allowed: p.audit.includeAllowed };
    case 'hooks.explicit_allow':
      return p.hooks.explicitAllow;
    case 'shell.ask':
      return p.shell.ask;
    case 'shell.deny':
      return p.shell.deny;
  }
}

export function describePolicy(r: ResolvedPolicy): SettingView[] {
  return SETTINGS.map((setting) => ({ setting, value: settingValue(r.policy, setting), sources: r.sources[setting] ?? ['default'] }));
}
