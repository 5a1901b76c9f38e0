// How each setting of a config file merges into the policy, one entry per setting. A user
// config may set anything within its own scope; a project policy may only tighten what it
// inherits, and each entry says what tightening means for its setting.

import { severityRank } from '../core/severity.js';
import type { Severity } from '../core/contracts.js';
import type { CompiledRule } from '../catalogue/rule-format.js';
import { programName } from '../shell/command-names.js';
import type { ConfigFile } from './config.js';
import { AUDIENCES, type Policy, type Threshold } from './policy.js';

/** One file being merged: what it says, and how to record where a setting came from or refuse it. */
export interface Layer {
  config: ConfigFile;
  rules: CompiledRule[];
  file: string;
  project: boolean;
  /** Where to set a user-only value (audit.file, a budget above the project's). */
  userConfigHint: string;
  /** The setting now comes from this file alone. */
  set(key: string): void;
  /** This file adds to the setting. */
  add(key: string): void;
  reject(path: Array<string | number>, message: string, fix: string): void;
  /** A project policy tried to loosen something: refused, with where the user can decide it. */
  loosen(path: Array<string | number>, what: string): void;
  /** A rule id or `group:*` that exists; reports it when not. */
  checkId(path: Array<string | number>, id: string): boolean;
  /** A rule group that exists; reports it when not. */
  checkGroup(path: Array<string | number>, group: string): boolean;
}

/** What the merge has seen so far, across files: every rule by id, every group, who defined how a command reads its options. */
export interface Seen {
  rules: Map<string, CompiledRule>;
  groups: Set<string>;
  commandOwners: Map<string, string>;
}

type SettingMerge = (p: Policy, layer: Layer, seen: Seen) => void;

const rank = (t: Threshold): number => (t === 'never' ? 5 : severityRank(t));

/**
 * How to read a command's options is fixed by whoever first wrote rules for it (the
 * catalogue, or an earlier layer): a later spec could make a flag swallow the word a rule
 * looks at, and so quietly switch that rule off.
 */
const commands: SettingMerge = (p, { config: c, reject, add }, seen) => {
  for (const [written, spec] of Object.entries(c.commands ?? {})) {
    // Keyed as the engine reads names (MyTool is mytool), as the rules are.
    const name = programName(written);
    const owner = seen.commandOwners.get(name);
    if (owner) {
      reject(['commands', name], `how to read ${name}'s options is already defined by ${owner}`, `remove commands.${name}; rules for ${name} read it that way`);
      continue;
    }
    const prev = p.customCommands[name];
    const runs = [...new Set([...(prev?.command_options ?? []), ...(spec.command_options ?? [])])];
    p.customCommands[name] = {
      value_options: [...new Set([...(prev?.value_options ?? []), ...(spec.value_options ?? [])])],
      global_options_before_subcommand: !!(prev?.global_options_before_subcommand || spec.global_options_before_subcommand),
      ...(runs.length > 0 ? { command_options: runs } : {}),
    };
    add('commands');
  }
};

/** Rules come before the settings that may name them. */
const rules: SettingMerge = (p, { rules: fileRules, file, reject, add }, seen) => {
  fileRules.forEach((r, i) => {
    const taken = seen.rules.get(r.id);
    if (taken) {
      reject(
        ['rules', i, 'id'],
        `rule id '${r.id}' is already used by ${taken.source.file}:${taken.source.line}`,
        'give your rule an id of its own, e.g. custom:<what-it-catches>',
      );
      return;
    }
    seen.rules.set(r.id, r);
    seen.groups.add(r.group);
    p.customRules.push(r);
    add('rules');
  });
  for (const r of fileRules) for (const name of r.commands) if (!seen.commandOwners.has(name)) seen.commandOwners.set(name, file);
};

const thresholds: SettingMerge = (p, { config: c, project, loosen, set }) => {
  for (const aud of AUDIENCES) {
    for (const kind of ['ask', 'deny'] as const) {
      const own = c.thresholds?.[aud]?.[kind];
      const v = own ?? c.thresholds?.[kind];
      if (v === undefined) continue;
      const path = own !== undefined ? ['thresholds', aud, kind] : ['thresholds', kind];
      const cur = p.thresholds[aud][kind];
      if (project && rank(v) > rank(cur)) {
        loosen(path, `raise the ${kind} threshold for ${aud === 'agent' ? 'agents' : 'people'} from ${cur} to ${v}`);
        continue;
      }
      p.thresholds[aud][kind] = v;
      set(`thresholds.${aud}.${kind}`);
    }
  }
};

const onError: SettingMerge = (p, { config: c, project, loosen, set }) => {
  if (!c.on_error) return;
  if (project && c.on_error === 'ask' && p.onError === 'deny') loosen(['on_error'], 'turn failures from deny into ask');
  else {
    p.onError = c.on_error;
    set('on_error');
  }
};

const groups: SettingMerge = (p, { config: c, project, loosen, checkGroup, add }) => {
  c.groups?.disable?.forEach((g, i) => {
    if (project) {
      loosen(['groups', 'disable', i], `disable the rule group '${g}'`);
      return;
    }
    if (checkGroup(['groups', 'disable', i], g) && !p.disabledGroups.includes(g)) {
      p.disabledGroups.push(g);
      add('groups.disable');
    }
  });
  c.groups?.enable?.forEach((g, i) => {
    if (checkGroup(['groups', 'enable', i], g) && p.disabledGroups.includes(g)) {
      p.disabledGroups = p.disabledGroups.filter((x) => x !== g);
      add('groups.disable');
    }
  });
};

const ignore: SettingMerge = (p, { config: c, project, loosen, checkId, add }) => {
  c.ignore?.forEach((id, i) => {
    if (project) {
      loosen(['ignore', i], `stop the rule ${id} from applying`);
      return;
    }
    if (checkId(['ignore', i], id)) {
      p.ignoredRules.push(id);
      add('ignore');
    }
  });
};

const deny: SettingMerge = (p, { config: c, checkId, add }) => {
  c.deny?.forEach((id, i) => {
    if (checkId(['deny', i], id) && !p.deniedRules.includes(id)) {
      p.deniedRules.push(id);
      add('deny');
    }
  });
};

/** A user sets a rule's severity; a project may only raise it (a floor). */
const severity: SettingMerge = (p, { config: c, project, loosen, checkId, add }, seen) => {
  for (const [id, sev] of Object.entries(c.severity ?? {})) {
    if (!checkId(['severity', id], id)) continue;
    const cur = p.severityOverrides[id];
    if (!project) {
      p.severityOverrides[id] = { severity: sev, mode: 'set' };
      add('severity');
      continue;
    }
    const floor: Severity | null = cur?.severity ?? seen.rules.get(id)!.severity;
    if (floor !== null && severityRank(sev) < severityRank(floor)) {
      loosen(['severity', id], `lower ${id} from ${floor} to ${sev}`);
      continue;
    }
    p.severityOverrides[id] = { severity: sev, mode: cur?.mode ?? 'floor' };
    add('severity');
  }
};

/** Lists a user replaces and a project adds to. */
const lists: SettingMerge = (p, { config: c, project, add, set }) => {
  for (const [key, field] of [
    ['protected_branches', 'protectedBranches'],
    ['production_patterns', 'productionPatterns'],
  ] as const) {
    const list = c[key];
    if (!list) continue;
    if (project) {
      p[field] = [...new Set([...p[field], ...list])];
      add(key);
    } else {
      p[field] = [...list];
      set(key);
    }
  }
};

const escalation: SettingMerge = (p, { config: c, project, checkGroup, add, set }) => {
  for (const [i, e] of (c.escalation ?? []).entries()) for (const [k, g] of e.groups.entries()) if (g !== '*') checkGroup(['escalation', i, 'groups', k], g);
  if (!c.escalation) return;
  if (project) {
    p.escalation = [...p.escalation, ...c.escalation];
    add('escalation');
  } else {
    p.escalation = c.escalation;
    set('escalation');
  }
};

const escalateFrom: SettingMerge = (p, { config: c, project, loosen, set }) => {
  if (!c.escalate_from) return;
  if (project && severityRank(c.escalate_from) > severityRank(p.escalateFrom))
    loosen(['escalate_from'], `raise escalate_from from ${p.escalateFrom} to ${c.escalate_from}`);
  else {
    p.escalateFrom = c.escalate_from;
    set('escalate_from');
  }
};

/** A project may ask for faster answers, not hold every check up for longer. */
const blastBudget: SettingMerge = (p, { config: c, project, reject, set, userConfigHint }) => {
  const budget = c.blast_radius?.budget_ms;
  if (budget === undefined) return;
  if (project && budget > p.blastRadiusBudgetMs)
    reject(
      ['blast_radius', 'budget_ms'],
      `a project policy may lower the blast-radius budget, not raise it from ${p.blastRadiusBudgetMs} ms to ${budget} ms`,
      `remove it, or set it in your user config (${userConfigHint})`,
    );
  else {
    p.blastRadiusBudgetMs = budget;
    set('blast_radius.budget_ms');
  }
};

const audit: SettingMerge = (p, { config: c, project, loosen, reject, add, userConfigHint }) => {
  const a = c.audit;
  if (!a) return;
  if (project && a.enabled === false && p.audit.enabled) loosen(['audit', 'enabled'], 'switch the audit log off');
  else if (project && a.include_allowed === false && p.audit.includeAllowed)
    loosen(['audit', 'include_allowed'], 'leave allowed commands out of the audit log');
  else if (project && a.file !== undefined)
    reject(
      ['audit', 'file'],
      'where the audit log is written is for the user to choose, not a project',
      `remove audit.file; set it in your user config (${userConfigHint})`,
    );
  // Relative to what? Each agent runs its hooks in a different directory.
  else if (a.file !== undefined && (!/^(\/|~\/)/.test(a.file) || a.file.endsWith('/')))
    reject(
      ['audit', 'file'],
      `'${a.file}' is not an absolute path or one under ~/ naming a file`,
      'write it as a full path, e.g. ~/.local/state/firebreak/audit.jsonl',
    );
  else {
    if (a.enabled !== undefined) p.audit.enabled = a.enabled;
    if (a.include_allowed !== undefined) p.audit.includeAllowed = a.include_allowed;
    if (a.file !== undefined) p.audit.file = a.file;
    add('audit');
  }
};

/** An explicit allow skips the person's own prompt in Claude Code: theirs to choose, never a repository's. */
const hooks: SettingMerge = (p, { config: c, project, loosen, set }) => {
  const explicit = c.hooks?.explicit_allow;
  if (explicit === undefined) return;
  if (project && explicit && !p.hooks.explicitAllow)
    loosen(['hooks', 'explicit_allow'], "make the agent hooks answer allow, which skips the agent's own permission prompt");
  else {
    p.hooks.explicitAllow = explicit;
    set('hooks.explicit_allow');
  }
};

/** The shell plugins' friction, strictest last: a project may only move a choice later in its list. */
const SHELL_STRICTNESS = { ask: ['warn', 'confirm'], deny: ['confirm', 'type'] } as const;

const shell: SettingMerge = (p, { config: c, project, loosen, set }) => {
  for (const key of ['ask', 'deny'] as const) {
    const v = c.shell?.[key];
    if (v === undefined) continue;
    const order: readonly string[] = SHELL_STRICTNESS[key];
    if (project && order.indexOf(v) < order.indexOf(p.shell[key])) loosen(['shell', key], `make the shell plugins' ${key} '${v}' instead of '${p.shell[key]}'`);
    else {
      (p.shell as Record<typeof key, string>)[key] = v;
      set(`shell.${key}`);
    }
  }
};

/** Every setting's merge, in the order a file is read: commands and rules first, so later settings may name them. */
export const SETTING_MERGES: readonly SettingMerge[] = [
  commands,
  rules,
  thresholds,
  onError,
  groups,
  ignore,
  deny,
  severity,
  lists,
  escalation,
  escalateFrom,
  blastBudget,
  audit,
  hooks,
  shell,
];
