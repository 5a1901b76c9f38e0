// npm run rules:expect [rules/x.yaml ...]
// For each rule that builds its alternative or blast-radius detail from the command it
// matched and states neither on any match example, writes what it produces today onto its
// first match example, in place, leaving the rest of the file as written. Read the diff
// before committing: from then on the rule's own examples hold it to that output.

import { writeFileSync } from 'node:fs';
import { isMap, isScalar, parseDocument } from 'yaml';
import { Engine } from '../src/assess/engine.js';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import { blastDetail } from '../src/assess/template.js';
import { Catalogue, memorySource } from '../src/catalogue/catalogue.js';
import { compileRuleFiles, formatProblem, UNSTATED, unstatedOutputs } from '../src/catalogue/compile.js';
import type { RuleSource } from '../src/catalogue/rule-format.js';
import { readRuleFiles } from './build-catalogue.js';

const files = readRuleFiles();
const named = process.argv.slice(2).map((n) => n.replace(/^\.\//, ''));
const { catalogue, problems } = compileRuleFiles(files);
const blocking = problems.filter((p) => !p.message.startsWith(UNSTATED));
if (blocking.length > 0) {
  for (const p of blocking) console.error(formatProblem(p));
  process.exit(1);
}
const engine = new Engine(new Catalogue(memorySource(catalogue)));
const q = (s: string): string => JSON.stringify(s);
let written = 0;

for (const f of files) {
  if (named.length > 0 && !named.includes(f.path)) continue;
  const doc = parseDocument(f.text);
  const rules = doc.toJS().rules as RuleSource[];
  const edits: Array<{ from: number; to: number; text: string }> = [];
  rules.forEach((rule, i) => {
    const missing = unstatedOutputs(rule);
    if (missing.length === 0) return;
    const k = 0;
    const example = rule.examples.match[k]!;
    const command = typeof example === 'string' ? example : example.command;
    const m = engine.matchLine(command, EXAMPLE_CONTEXT).matches.find((x) => x.rule.id === rule.id);
    if (!m) {
      console.error(`${f.path}: ${rule.id}: its first match example does not match; fix that first`);
      process.exitCode = 1;
      return;
    }
    const node = doc.getIn(['rules', i, 'examples', 'match', k], true);
    if (!node || (!isScalar(node) && !isMap(node)) || !node.range) return;
    const start = node.range[0];
    const pad = ' '.repeat(start - f.text.lastIndexOf('\n', start - 1) - 1);
    // The example as a block mapping: what it already says, then what the rule produces.
    const lines: string[] = [`command: ${q(command)}`];
    if (typeof example !== 'string') {
      for (const [key, value] of Object.entries(example)) {
        if (key === 'command') continue;
        if (Array.isArray(value)) lines.push(value.length > 0 ? `${key}:` : `${key}: []`, ...value.map((v) => `  - ${q(String(v))}`));
        else lines.push(`${key}: ${q(String(value))}`);
      }
    }
    if (missing.includes('alternatives')) {
      // None produced is stated too: a template that cannot be filled for this command says so.
      const produced = engine.alternativesOf(m).map((a) => `  - ${q(a.command)}`);
      lines.push(produced.length > 0 ? 'alternatives:' : 'alternatives: []', ...produced);
    }
    if (missing.includes('blast_radius_detail')) lines.push(`blast_radius_detail: ${q(blastDetail(m))}`);
    const end = node.range[1];
    const body = lines.map((l, n) => (n === 0 ? l : pad + l)).join('\n');
    edits.push({ from: start, to: end, text: body + (f.text[end - 1] === '\n' ? '\n' : '') });
    written++;
  });
  if (edits.length === 0) continue;
  let text = f.text;
  for (const e of edits.sort((a, b) => b.from - a.from)) text = text.slice(0, e.from) + e.text + text.slice(e.to);
  writeFileSync(f.path, text);
  console.log(`${f.path}: ${edits.length} rule(s) now state what they produce`);
}
console.log(`${written} example(s) written`);
