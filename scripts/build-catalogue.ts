// rules/*.yaml -> dist/catalogue.json (what the runtime loads) and
// dist/catalogue-full.json (the same with every rule's examples). Fails with every
// problem listed, each with file, line and rule id.

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRuleFiles, formatProblem } from '../src/catalogue/compile.js';

export function readRuleFiles(dir = 'rules'): Array<{ path: string; text: string }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
    .map((f) => ({ path: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));
}

export function buildCatalogue(outDir = 'dist'): boolean {
  const { catalogue, problems } = compileRuleFiles(readRuleFiles());
  if (problems.length > 0) {
    for (const p of problems) console.error(formatProblem(p));
    console.error(`firebreak build: ${problems.length} problem(s) in rules/; the catalogue was not written`);
    return false;
  }
  mkdirSync(outDir, { recursive: true });
  const { examples, ...runtime } = catalogue;
  writeFileSync(join(outDir, 'catalogue.json'), JSON.stringify(runtime));
  writeFileSync(join(outDir, 'catalogue-full.json'), JSON.stringify({ ...runtime, examples }));
  console.error(`firebreak build: ${catalogue.rules.length} rules in ${catalogue.groups.length} groups -> ${outDir}/catalogue.json`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!buildCatalogue()) process.exit(1);
}
