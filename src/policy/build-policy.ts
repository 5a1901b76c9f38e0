// The slow path of policy resolution, run from the tools bundle: load every config file
// (load.ts), and only when all of them are sound, merge them (merge.ts).

import { createRequire } from 'node:module';
import { SHARD_SIZE } from '../catalogue/catalogue.js';
import { loadFullCatalogue } from '../catalogue/load.js';
import type { CompiledRule } from '../catalogue/rule-format.js';
import type { ConfigFileRef } from './discover.js';
import { loadConfigFile, type LoadedFile } from './load.js';
import { mergeLayers, type KnownCatalogue } from './merge.js';
import type { ResolvedPolicy } from './policy.js';
import type { PolicyProblem } from './problems.js';

let known: KnownCatalogue | null = null;
/** The built-in catalogue's groups and rules, which config files may name. */
export function builtInCatalogue(): KnownCatalogue {
  if (!known) {
    const full = loadFullCatalogue();
    known = { groups: full.groups.map((g) => g.group), rules: full.rules };
  }
  return known;
}

export function loadLayers(files: ConfigFileRef[]): { loaded: LoadedFile[]; problems: PolicyProblem[] } {
  const loaded: LoadedFile[] = [];
  const problems: PolicyProblem[] = [];
  for (const ref of files) {
    const r = loadConfigFile(ref);
    problems.push(...r.problems);
    if (r.file) loaded.push(r.file);
  }
  return { loaded, problems };
}

export function buildPolicy(
  files: ConfigFileRef[],
  userConfigHint: string,
  catalogue: KnownCatalogue = builtInCatalogue(),
): { resolved: ResolvedPolicy | null; problems: PolicyProblem[] } {
  const { loaded, problems } = loadLayers(files);
  if (problems.length > 0) return { resolved: null, problems };
  return mergeLoaded(loaded, catalogue, userConfigHint);
}

/** Loaded layers merged, and the merged rules checked as the engine will run them. */
export function mergeLoaded(
  loaded: LoadedFile[],
  catalogue: KnownCatalogue,
  userConfigHint: string,
): { resolved: ResolvedPolicy | null; problems: PolicyProblem[] } {
  const merged = mergeLayers(loaded, catalogue, userConfigHint);
  if (!merged.resolved) return merged;
  const setProblems = setsCompile(merged.resolved.policy.customRules, catalogue, loaded);
  return setProblems.length > 0 ? { resolved: null, problems: setProblems } : merged;
}

/**
 * Each pattern of a config rule compiles on its own (load.ts), but the engine runs all the
 * patterns of one command name in one RE2.Set, and a Set can be too large for RE2 where
 * every member is fine. Checked here, so that such a config is an error naming its rule,
 * not a check that fails on every `rm`.
 */
function setsCompile(custom: CompiledRule[], catalogue: KnownCatalogue, loaded: LoadedFile[]): PolicyProblem[] {
  const RE2 = createRequire(import.meta.url)('re2') as typeof import('re2');
  const problems: PolicyProblem[] = [];
  for (const name of new Set(custom.flatMap((r) => r.commands))) {
    const patterns = [...catalogue.rules, ...custom].filter((r) => r.commands.includes(name)).map((r) => r.pattern);
    try {
      for (let off = 0; off < patterns.length; off += SHARD_SIZE) new RE2.Set(patterns.slice(off, off + SHARD_SIZE), 'u');
    } catch (e) {
      const rule = custom.find((r) => r.commands.includes(name))!;
      const file = loaded.find((f) => f.ref.path === rule.source.file);
      const index = file?.rules.indexOf(rule) ?? -1;
      problems.push({
        file: rule.source.file,
        path: index >= 0 ? ['rules', index, 'match', 'pattern'] : [],
        line: rule.source.line,
        message: `rule ${rule.id}: the patterns of every rule for ${name} together are more than RE2 can match at once (${(e as Error).message})`,
        fix: 'make the pattern simpler (fewer repetitions and alternatives); the predicates (when/unless) are the place for the precise test',
      });
    }
  }
  return problems;
}
