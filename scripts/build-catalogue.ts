// rules/*.yaml -> dist/catalogue.json (what the runtime loads) and
// dist/catalogue-full.json (the same with every rule's examples). Fails with every
// problem listed, each with file, line and rule id.

import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shardByName, type CatalogueIndex } from '../src/catalogue/catalogue.js';
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
  const { examples, ...runtime } = catalogue;
  // One file per command name, so a check reads only the rules of the tools on its line.
  const dir = join(outDir, 'catalogue');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'names'), { recursive: true });
  const index: CatalogueIndex = { version: 3, groups: runtime.groups, size: runtime.rules.length, names: {} };
  let n = 0;
  for (const [name, shard] of shardByName(runtime)) {
    // Names can be '*', '@sql' or 'mkfs.ext4': the file name is a number, the index maps it.
    const file = `${n++}.json`;
    index.names[name] = file;
    writeFileSync(join(dir, 'names', file), JSON.stringify(shard));
  }
  writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
  writeFileSync(join(outDir, 'catalogue-full.json'), JSON.stringify({ ...runtime, examples }));
  console.error(`firebreak build: ${catalogue.rules.length} rules in ${catalogue.groups.length} groups -> ${dir}/ (${n} command names)`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!buildCatalogue()) process.exit(1);
}
