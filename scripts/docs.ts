// npm run docs: docs/rules.md, generated from rules/*.yaml. A test fails when the file is
// stale, so the reference can never drift from the catalogue.

import { mkdirSync, writeFileSync } from 'node:fs';
import { compileRuleFiles, formatProblem } from '../src/catalogue/compile.js';
import type { CatalogueWithExamples, CompiledRule, Example } from '../src/catalogue/rule-format.js';
import { PATH_CLASSES } from '../src/core/path-class.js';
import { readRuleFiles } from './build-catalogue.js';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string): string => '`' + s.replace(/`/g, "'").replace(/\n/g, '⏎') + '`';
const exampleText = (e: Example): string => (typeof e === 'string' ? e : e.command);

function severityOf(r: CompiledRule): string {
  if (r.severity) return r.severity;
  const table = Object.entries(r.targets?.severity ?? {});
  return table.map(([cls, sev]) => `${sev} on ${cls}`).join(', ');
}

function ruleSection(r: CompiledRule, examples: CatalogueWithExamples['examples'][string]): string {
  const lines = [`### \`${r.id}\``, '', r.description, ''];
  lines.push(`- **Severity:** ${severityOf(r)}`);
  lines.push(`- **Blast radius:** ${r.blast_radius.scope ?? 'by target'} — ${r.blast_radius.detail}`);
  lines.push(`- **Applies to:** ${r.commands.map((c) => code(c)).join(', ')}`);
  if (r.alternatives.length > 0) {
    lines.push('- **Instead:**');
    for (const a of r.alternatives) {
      const what = a.command
        ? code(a.command)
        : `the same command with ${Object.entries(a.transform?.replace_flags ?? {})
            .map(([f, t]) => `${code(f)} → ${code(t)}`)
            .concat(
              (a.transform?.remove_flags ?? []).map((f) => `${code(f)} removed`),
              (a.transform?.add_flags ?? []).map((f) => `${code(f)} added`),
            )
            .join(', ')}`;
      lines.push(`  - ${what}: ${a.explanation}`);
    }
  }
  lines.push(
    `- **Matches:** ${examples.match
      .slice(0, 4)
      .map((e) => code(exampleText(e)))
      .join(', ')}`,
  );
  lines.push(
    `- **Does not match:** ${examples.no_match
      .slice(0, 4)
      .map((e) => code(exampleText(e)))
      .join(', ')}`,
  );
  return lines.join('\n');
}

export function renderRulesDoc(cat: CatalogueWithExamples): string {
  const out = [
    '# firebreak rule catalogue',
    '',
    '<!-- Generated from rules/*.yaml by `npm run docs`. Do not edit by hand. -->',
    '',
    `${cat.rules.length} rules in ${cat.groups.length} groups. Severity: Info < Low < Medium < High < Critical; by default High and above is denied and Medium asks a human. Where a rule's severity depends on the target, it is given per path class (see the README).`,
    '',
    '| group | rules | what it covers |',
    '|---|---|---|',
    ...cat.groups.map((g) => `| [${g.group}](#${g.group}) | ${cat.rules.filter((r) => r.group === g.group).length} | ${cell(g.description)} |`),
    '',
  ];
  // The verb x path-class table: which target makes which command how bad.
  const targeted = cat.rules.filter((r) => r.targets);
  const classes = PATH_CLASSES.filter((c) => targeted.some((r) => r.targets!.severity[c]));
  out.push(
    '## Severity by target',
    '',
    'For rules whose severity depends on where the target path points; an empty cell means the rule does not match that target.',
    '',
  );
  out.push(`| rule | ${classes.join(' | ')} |`, `|---|${classes.map(() => '---').join('|')}|`);
  for (const r of targeted) out.push(`| \`${r.id}\` | ${classes.map((c) => r.targets!.severity[c] ?? '').join(' | ')} |`);
  out.push('');
  for (const g of cat.groups) {
    out.push(`## ${g.group}`, '', g.description, '');
    for (const r of cat.rules.filter((x) => x.group === g.group)) out.push(ruleSection(r, cat.examples[r.id]!), '');
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { catalogue, problems } = compileRuleFiles(readRuleFiles());
  if (problems.length > 0) {
    for (const p of problems) console.error(formatProblem(p));
    process.exit(1);
  }
  mkdirSync('docs', { recursive: true });
  writeFileSync('docs/rules.md', renderRulesDoc(catalogue));
  console.error(`firebreak docs: docs/rules.md (${catalogue.rules.length} rules)`);
}
