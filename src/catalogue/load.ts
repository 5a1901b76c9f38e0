// Loading the compiled catalogue the build wrote next to the bundle: a small index, and
// one JSON file per command name read only when a line runs that command. No YAML is
// parsed at run time.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FirebreakError } from '../core/contracts.js';
import { own } from '../core/own.js';
import { Catalogue, type CatalogueIndex, type CatalogueSource, type NameShard } from './catalogue.js';
import type { CatalogueWithExamples, CompiledRule } from './rule-format.js';

/**
 * Both src/catalogue/load.ts and the bundle dist/cli/firebreak.cjs sit two directories
 * below the package root, so one relative URL serves both.
 */
const CATALOGUE_DIR = fileURLToPath(new URL('../../dist/catalogue/', import.meta.url));

const REBUILD = 'run `npm install` or `npm run build` in the firebreak package to build it';

function fileSource(dir: string, index: CatalogueIndex): CatalogueSource {
  const load = (name: string): NameShard => {
    const file = own(index.names, name);
    if (!file) return { rules: [] };
    try {
      return JSON.parse(readFileSync(dir + 'names/' + file, 'utf8')) as NameShard;
    } catch (e) {
      throw new Error(`the rule catalogue file ${dir}names/${file} is missing or broken (${(e as Error).message}); ${REBUILD}`);
    }
  };
  return {
    groups: index.groups,
    size: index.size,
    names: new Set(Object.keys(index.names)),
    load,
    all: () => {
      const rules: CompiledRule[] = new Array<CompiledRule>(index.size);
      for (const name of Object.keys(index.names)) for (const { index: i, rule } of load(name).rules) rules[i] = rule;
      return rules;
    },
  };
}

export function loadCatalogue(dir = CATALOGUE_DIR): Catalogue | FirebreakError {
  let text: string;
  try {
    text = readFileSync(dir + 'index.json', 'utf8');
  } catch {
    return { code: 'no-catalogue', message: `the rule catalogue is missing at ${dir}; ${REBUILD}` };
  }
  let index: CatalogueIndex;
  try {
    index = JSON.parse(text) as CatalogueIndex;
  } catch (e) {
    return { code: 'bad-catalogue', message: `the rule catalogue index at ${dir}index.json is not valid JSON (${(e as Error).message}); ${REBUILD}` };
  }
  if (index?.version !== 3 || typeof index.names !== 'object' || !Array.isArray(index.groups)) {
    return { code: 'bad-catalogue', message: `the rule catalogue at ${dir} has an unknown format; ${REBUILD}` };
  }
  return new Catalogue(fileSource(dir, index));
}

/** The whole catalogue with every rule's examples, for tools (rules list, policy checks); never for a check. */
export function loadFullCatalogue(dir = CATALOGUE_DIR): CatalogueWithExamples {
  const file = dir.replace(/catalogue\/$/, 'catalogue-full.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CatalogueWithExamples;
  } catch (e) {
    throw new Error(`the rule catalogue ${file} is missing or broken (${(e as Error).message}); ${REBUILD}`);
  }
}
