// node --import tsx scripts/test-rules.ts [rules/x.yaml ...]
// Validates the rule files, then runs the examples of the named files (all when none is
// named) through the real engine, printing each failure.

import { readFileSync } from 'node:fs';
import { Catalogue, memorySource } from '../src/catalogue/catalogue.js';
import { compileRuleFiles, formatProblem } from '../src/catalogue/compile.js';
import { Engine } from '../src/assess/engine.js';
import { runExamples } from '../src/assess/examples.js';
import { readRuleFiles } from './build-catalogue.js';

const named = process.argv.slice(2);
const files = readRuleFiles().filter((f) => !named.some((n) => n.endsWith(f.path)));
for (const n of named) files.push({ path: n.replace(/^\.\//, ''), text: readFileSync(n, 'utf8') });
const { catalogue, problems: all } = compileRuleFiles(files);
const mine = (file: string): boolean => named.length === 0 || named.some((n) => n.replace(/^\.\//, '') === file);
// With files named, other files' problems are counted but not blamed on the named ones.
const problems = all.filter((p) => mine(p.file));
for (const p of problems) console.log(formatProblem(p));
if (all.length > problems.length) console.log(`(${all.length - problems.length} problem(s) in other rule files, not checked here)`);
const engine = new Engine(new Catalogue(memorySource(catalogue)));
let failed = 0;
let run = 0;
for (const rule of catalogue.rules) {
  if (named.length > 0 && !named.some((n) => n.replace(/^\.\//, '') === rule.source.file)) continue;
  run++;
  for (const f of runExamples(engine, rule.id, catalogue.examples[rule.id]!)) {
    failed++;
    console.log(`${rule.source.file}:${rule.source.line} [${f.ruleId}] ${JSON.stringify(f.command)}: expected ${f.expected}, got ${f.got}`);
  }
}
console.log(`${run} rules checked, ${problems.length} schema problem(s), ${failed} example failure(s)`);
process.exit(problems.length + failed > 0 ? 1 : 0);
