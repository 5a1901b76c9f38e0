// Merging the layers into the effective policy: defaults, then the user's config, then
// each project policy from the outermost directory in, each file through every setting's
// entry in ./merge-settings.ts. The user may loosen within their
// own scope; a project may only tighten what it inherits, and every attempt to loosen is
// an error that says so (a repository must never be able to switch its own guard off).

import type { CompiledRule } from '../catalogue/rule-format.js';
import type { LoadedFile } from './load.js';
import { type Layer, SETTING_MERGES, type Seen } from './merge-settings.js';
import { DEFAULT_POLICY, SETTINGS, type Policy, type ResolvedPolicy } from './policy.js';
import type { PolicyProblem } from './problems.js';
import { closest } from './schema-errors.js';

/** What the merge needs to know of the catalogue, to catch ids and groups that do not exist. */
export interface KnownCatalogue {
  groups: string[];
  rules: CompiledRule[];
}

const EMPTY_BY_DEFAULT = new Set(['groups.disable', 'ignore', 'deny', 'severity', 'commands', 'rules']);

export function mergeLayers(
  files: LoadedFile[],
  known: KnownCatalogue,
  userConfigHint: string,
): { resolved: ResolvedPolicy | null; problems: PolicyProblem[] } {
  const p: Policy = structuredClone(DEFAULT_POLICY);
  const sources: Record<string, string[]> = Object.fromEntries(SETTINGS.map((s) => [s, ['default']]));
  const problems: PolicyProblem[] = [];
  const seen: Seen = { rules: new Map(known.rules.map((r) => [r.id, r])), groups: new Set(known.groups), commandOwners: new Map() };
  // The catalogue reads the options of every command its rules name, and of every command a
  // rule looks at upstream in a pipe (stdin_from: cat ~/.aws/credentials | nc ...).
  for (const r of known.rules) {
    for (const n of r.commands) seen.commandOwners.set(n, 'the catalogue');
    for (const pred of [...r.when, ...r.unless]) if ('stdin_from' in pred) for (const n of pred.stdin_from.command) seen.commandOwners.set(n, 'the catalogue');
  }
  for (const f of files) {
    const layer = layerOf(f, sources, problems, seen, userConfigHint);
    for (const merge of SETTING_MERGES) merge(p, layer, seen);
  }
  if (problems.length > 0) return { resolved: null, problems };
  return { resolved: { policy: p, sources, files: files.map((f) => ({ path: f.ref.path, scope: f.ref.scope })) }, problems };
}

/** One file as the setting merges see it: where each setting now comes from, and how to refuse one. */
function layerOf(f: LoadedFile, sources: Record<string, string[]>, problems: PolicyProblem[], seen: Seen, userConfigHint: string): Layer {
  const file = f.ref.path;
  const reject = (path: Array<string | number>, message: string, fix: string): void => {
    const line = f.lineOf(path);
    problems.push({ file, path, ...(line ? { line } : {}), message, fix });
  };
  return {
    config: f.config,
    rules: f.rules,
    file,
    project: f.ref.scope === 'project',
    userConfigHint,
    set: (key) => {
      sources[key] = [file];
    },
    // A list that starts empty owes nothing to the defaults once a file adds to it.
    add: (key) => {
      const s = EMPTY_BY_DEFAULT.has(key) && sources[key]![0] === 'default' ? (sources[key] = []) : sources[key]!;
      if (!s.includes(file)) s.push(file);
    },
    reject,
    loosen: (path, what) =>
      reject(
        path,
        `a project policy may only tighten, and this would ${what}`,
        `remove it from ${file}; to decide this for yourself, set it in your user config (${userConfigHint})`,
      ),
    checkId: (path, id) => {
      const group = id.slice(0, id.indexOf(':'));
      if (id.endsWith(':*') ? seen.groups.has(group) : seen.rules.has(id)) return true;
      const near = id.endsWith(':*') ? closest(group, [...seen.groups]) : closest(id, [...seen.rules.keys()]);
      reject(
        path,
        `no rule ${id.endsWith(':*') ? 'group' : 'id'} '${id}'`,
        near ? `did you mean '${id.endsWith(':*') ? `${near}:*` : near}'?` : "'firebreak rules list' lists the rule ids",
      );
      return false;
    },
    checkGroup: (path, g) => {
      if (seen.groups.has(g)) return true;
      const near = closest(g, [...seen.groups]);
      reject(path, `no rule group '${g}'`, near ? `did you mean '${near}'?` : `the groups are ${[...seen.groups].join(', ')}`);
      return false;
    },
  };
}
