// Merging the layers into the effective policy: defaults, then the user's config, then
// each project policy from the outermost directory in. The user may loosen within their
// own scope; a project may only tighten what it inherits, and every attempt to loosen is
// an error that says so (a repository must never be able to switch its own guard off).

import { severityRank } from '../core/severity.js';
import type { Severity } from '../core/types.js';
import type { CompiledRule } from '../catalogue/types.js';
import { AUDIENCES, DEFAULT_POLICY, SETTINGS, type Policy, type ResolvedPolicy, type Threshold } from './policy.js';
import type { LoadedFile } from './load.js';
import type { PolicyProblem } from './problems.js';
import { closest } from './schema-errors.js';

/** What the merge needs to know of the catalogue, to catch ids and groups that do not exist. */
export interface KnownCatalogue {
  groups: string[];
  rules: CompiledRule[];
}

const EMPTY_BY_DEFAULT = new Set(['groups.disable', 'ignore', 'deny', 'severity', 'commands', 'rules']);

const rank = (t: Threshold): number => (t === 'never' ? 5 : severityRank(t));

export function mergeLayers(
  files: LoadedFile[],
  known: KnownCatalogue,
  userConfigHint: string,
): { resolved: ResolvedPolicy | null; problems: PolicyProblem[] } {
  const p: Policy = structuredClone(DEFAULT_POLICY);
  const sources: Record<string, string[]> = Object.fromEntries(SETTINGS.map((s) => [s, ['default']]));
  const problems: PolicyProblem[] = [];
  const rules = new Map(known.rules.map((r) => [r.id, r]));
  const groups = new Set(known.groups);
  // The catalogue reads the options of every command its rules name, and of every command a
  // rule looks at upstream in a pipe (stdin_from: cat ~/.aws/credentials | nc ...).
  const commandOwners = new Map<string, string>();
  for (const r of known.rules) {
    for (const n of r.commands) commandOwners.set(n, 'the catalogue');
    for (const pred of [...r.when, ...r.unless]) if ('stdin_from' in pred) for (const n of pred.stdin_from.command) commandOwners.set(n, 'the catalogue');
  }

  for (const f of files) {
    const c = f.config;
    const file = f.ref.path;
    const project = f.ref.scope === 'project';
    const set = (key: string): void => {
      sources[key] = [file];
    };
    // A list that starts empty owes nothing to the defaults once a file adds to it.
    const add = (key: string): void => {
      const s = EMPTY_BY_DEFAULT.has(key) && sources[key]![0] === 'default' ? (sources[key] = []) : sources[key]!;
      if (!s.includes(file)) s.push(file);
    };
    const reject = (path: Array<string | number>, message: string, fix: string): void => {
      const line = f.lineOf(path);
      problems.push({ file, path, ...(line ? { line } : {}), message, fix });
    };
    const loosen = (path: Array<string | number>, what: string): void => {
      reject(
        path,
        `a project policy may only tighten, and this would ${what}`,
        `remove it from ${file}; to decide this for yourself, set it in your user config (${userConfigHint})`,
      );
    };
    const checkId = (path: Array<string | number>, id: string): boolean => {
      const group = id.slice(0, id.indexOf(':'));
      if (id.endsWith(':*') ? groups.has(group) : rules.has(id)) return true;
      const near = id.endsWith(':*') ? closest(group, [...groups]) : closest(id, [...rules.keys()]);
      reject(
        path,
        `no rule ${id.endsWith(':*') ? 'group' : 'id'} '${id}'`,
        near ? `did you mean '${id.endsWith(':*') ? `${near}:*` : near}'?` : "'firebreak rules list' lists the rule ids",
      );
      return false;
    };
    const checkGroup = (path: Array<string | number>, g: string): boolean => {
      if (groups.has(g)) return true;
      const near = closest(g, [...groups]);
      reject(path, `no rule group '${g}'`, near ? `did you mean '${near}'?` : `the groups are ${[...groups].join(', ')}`);
      return false;
    };

    // How to read a command's options is fixed by whoever first wrote rules for it (the
    // catalogue, or an earlier layer): a later spec could make a flag swallow the word a
    // rule looks at, and so quietly switch that rule off.
    for (const [name, spec] of Object.entries(c.commands ?? {})) {
      const owner = commandOwners.get(name);
      if (owner) {
        reject(
          ['commands', name],
          `how to read ${name}'s options is already defined by ${owner}`,
          `remove commands.${name}; rules for ${name} read it that way`,
        );
        continue;
      }
      const prev = p.customCommands[name];
      p.customCommands[name] = {
        value_options: [...new Set([...(prev?.value_options ?? []), ...(spec.value_options ?? [])])],
        global_options_before_subcommand: !!(prev?.global_options_before_subcommand || spec.global_options_before_subcommand),
      };
      add('commands');
    }
    // Then rules: later settings in the same file may name them.
    f.rules.forEach((r, i) => {
      const taken = rules.get(r.id);
      if (taken) {
        reject(
          ['rules', i, 'id'],
          `rule id '${r.id}' is already used by ${taken.source.file}:${taken.source.line}`,
          'give your rule an id of its own, e.g. custom:<what-it-catches>',
        );
        return;
      }
      rules.set(r.id, r);
      groups.add(r.group);
      p.customRules.push(r);
      add('rules');
    });
    for (const r of f.rules) for (const name of r.commands) if (!commandOwners.has(name)) commandOwners.set(name, file);

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
    if (c.on_error) {
      if (project && c.on_error === 'ask' && p.onError === 'deny') loosen(['on_error'], 'turn failures from deny into ask');
      else {
        p.onError = c.on_error;
        set('on_error');
      }
    }
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
    c.deny?.forEach((id, i) => {
      if (checkId(['deny', i], id) && !p.deniedRules.includes(id)) {
        p.deniedRules.push(id);
        add('deny');
      }
    });
    for (const [id, sev] of Object.entries(c.severity ?? {})) {
      if (!checkId(['severity', id], id)) continue;
      const cur = p.severityOverrides[id];
      if (!project) {
        p.severityOverrides[id] = { severity: sev, mode: 'set' };
        add('severity');
        continue;
      }
      const floor: Severity | null = cur?.severity ?? rules.get(id)!.severity;
      if (floor !== null && severityRank(sev) < severityRank(floor)) {
        loosen(['severity', id], `lower ${id} from ${floor} to ${sev}`);
        continue;
      }
      p.severityOverrides[id] = { severity: sev, mode: cur?.mode ?? 'floor' };
      add('severity');
    }
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
    for (const [i, e] of (c.escalation ?? []).entries()) for (const [k, g] of e.groups.entries()) if (g !== '*') checkGroup(['escalation', i, 'groups', k], g);
    if (c.escalation) {
      if (project) {
        p.escalation = [...p.escalation, ...c.escalation];
        add('escalation');
      } else {
        p.escalation = c.escalation;
        set('escalation');
      }
    }
    if (c.escalate_from) {
      if (project && severityRank(c.escalate_from) > severityRank(p.escalateFrom))
        loosen(['escalate_from'], `raise escalate_from from ${p.escalateFrom} to ${c.escalate_from}`);
      else {
        p.escalateFrom = c.escalate_from;
        set('escalate_from');
      }
    }
    const budget = c.blast_radius?.budget_ms;
    if (budget !== undefined) {
      // A project may ask for faster answers, not hold every check up for longer.
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
    }
    if (c.audit) {
      const a = c.audit;
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
    }
    const explicit = c.hooks?.explicit_allow;
    if (explicit !== undefined) {
      // An explicit allow skips the person's own prompt in Claude Code: theirs to choose, never a repository's.
      if (project && explicit && !p.hooks.explicitAllow)
        loosen(['hooks', 'explicit_allow'], "make the agent hooks answer allow, which skips the agent's own permission prompt");
      else {
        p.hooks.explicitAllow = explicit;
        set('hooks.explicit_allow');
      }
    }
  }
  if (problems.length > 0) return { resolved: null, problems };
  return { resolved: { policy: p, sources, files: files.map((f) => ({ path: f.ref.path, scope: f.ref.scope })) }, problems };
}
