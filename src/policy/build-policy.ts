// The slow path of policy resolution, run from the tools bundle: load every config file
// (load.ts), and only when all of them are sound, merge them (merge.ts).

import { loadFullCatalogue } from '../catalogue/load.js';
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

export function buildPolicy(files: ConfigFileRef[], userConfigHint: string, catalogue: KnownCatalogue = builtInCatalogue()): { resolved: ResolvedPolicy | null; problems: PolicyProblem[] } {
  const { loaded, problems } = loadLayers(files);
  if (problems.length > 0) return { resolved: null, problems };
  return mergeLayers(loaded, catalogue, userConfigHint);
}
