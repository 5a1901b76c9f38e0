// `firebreak rules list|show|test`: browse the catalogue (with the rules your configs add)
// and check a rule file of your own. Part of the tools bundle (dist/cli/tools.cjs), loaded
// only for these subcommands: it carries the YAML parser and schema validator.

import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { Engine } from '../assess/engine.js';
import { runExamples } from '../assess/examples.js';
import { Catalogue, memorySource } from '../catalogue/catalogue.js';
import { compileRuleFiles, formatProblem } from '../catalogue/compile.js';
import { loadFullCatalogue } from '../catalogue/load.js';
import { buildPolicy } from '../policy/build-policy.js';
import { resolvePolicy } from '../policy/resolve.js';
import { runPolicy, unreadable } from './policy.js';
import type { CatalogueWithExamples, CompiledRule, Example } from '../catalogue/rule-format.js';
import type { Io } from '../terminal/out.js';

const RULES_HELP = `Usage:
  firebreak rules list [--group GROUP] [--format text|json]   every rule: id, severity, description
  firebreak rules show ID [--format text|json]                one rule in full, with its examples
  firebreak rules test FILE                                   validate a rule file and run its examples

A rule file has the format of the built-in catalogue (schemas/rule.schema.json; see
docs/rules.md and rules/*.yaml for examples); a config file with a rules: list is
checked as a config (firebreak policy validate). list and show include the rules of
the configs in effect in the current directory. 'test' prints every problem as
FILE:LINE [rule id]: reason and exits 1 when any example fails.
`;

/**
 * The built-in catalogue plus the rules the config files in effect here define, so a
 * custom rule is listed and shown like any other. A broken config is reported, not hidden.
 */
function loadFull(io: Io): CatalogueWithExamples {
  const full = loadFullCatalogue();
  const here = resolvePolicy({ cwd: process.cwd(), home: homedir(), env: (k) => process.env[k], stamp: 'rules', diskCache: false }, () => ({ buildPolicy }));
  if (!here.ok) {
    io.stderr.write(`firebreak rules: the config here is not used: ${here.error.message}\n`);
    return full;
  }
  const custom = here.resolved.policy.customRules;
  if (custom.length === 0) return full;
  const groups = [...full.groups];
  for (const r of custom) if (!groups.some((g) => g.group === r.group)) groups.push({ group: r.group, description: `Rules from ${r.source.file}` });
  return {
    ...full,
    groups,
    rules: [...full.rules, ...custom],
    examples: { ...full.examples, ...Object.fromEntries(custom.map((r) => [r.id, { match: [], no_match: [] }])) },
  };
}

function severityText(r: CompiledRule): string {
  return (
    r.severity ??
    Object.entries(r.targets?.severity ?? {})
      .map(([c, s]) => `${s} on ${c}`)
      .join(', ')
  );
}

const exampleText = (e: Example): string => (typeof e === 'string' ? e : e.command);

function flag(argv: string[], name: string): string | null {
  const i = argv.findIndex((w) => w === name || w.startsWith(name + '='));
  if (i < 0) return null;
  const a = argv[i]!;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[i + 1] ?? '');
}

export async function runRules(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  const json = flag(rest, '--format') === 'json';
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout.write(RULES_HELP);
    return sub === undefined ? 1 : 0;
  }
  if (sub === 'list') {
    const group = flag(rest, '--group');
    const cat = loadFull(io);
    if (group && !cat.groups.some((g) => g.group === group)) {
      io.stderr.write(`firebreak rules: no group '${group}' (groups: ${cat.groups.map((g) => g.group).join(', ')})\n`);
      return 1;
    }
    const rules = cat.rules.filter((r) => !group || r.group === group);
    if (json) io.stdout.write(JSON.stringify(rules.map((r) => ({ id: r.id, group: r.group, severity: severityText(r), description: r.description }))) + '\n');
    else io.stdout.write(rules.map((r) => `${r.id.padEnd(44)} ${severityText(r).slice(0, 40).padEnd(40)} ${r.description}`).join('\n') + '\n');
    return 0;
  }
  if (sub === 'show') {
    const id = rest.find((a) => !a.startsWith('-'));
    const cat = loadFull(io);
    const r = cat.rules.find((x) => x.id === id);
    if (!id || !r) {
      io.stderr.write(`firebreak rules show: ${id ? `no rule '${id}'` : 'give a rule id'}; 'firebreak rules list' lists them\n`);
      return 1;
    }
    const examples = cat.examples[r.id]!;
    if (json) {
      io.stdout.write(JSON.stringify({ ...r, examples }, null, 2) + '\n');
      return 0;
    }
    const lines = [
      `${r.id}  (${r.group})`,
      `  ${r.description}`,
      `  severity:     ${severityText(r)}`,
      `  applies to:   ${r.commands.join(', ')}`,
      `  pattern:      ${r.pattern}`,
      `  blast radius: ${r.blast_radius.scope ?? 'by target'} — ${r.blast_radius.detail}`,
      ...r.alternatives.map((a) => `  instead:      ${a.command ?? JSON.stringify(a.transform)} — ${a.explanation}`),
      ...examples.match.map((e) => `  matches:      ${exampleText(e)}`),
      ...examples.no_match.map((e) => `  ignores:      ${exampleText(e)}`),
      `  defined in:   ${r.source.file}:${r.source.line}`,
    ];
    io.stdout.write(lines.join('\n') + '\n');
    return 0;
  }
  if (sub === 'test') {
    const file = rest.find((a) => !a.startsWith('-'));
    if (!file) {
      io.stderr.write('firebreak rules test: give a rule file (YAML)\n');
      return 1;
    }
    const why = unreadable(file);
    if (why) {
      io.stderr.write(`firebreak rules test: ${file}: ${why}\n`);
      return 1;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      io.stderr.write(`firebreak rules test: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
      return 1;
    }
    // A config file (no `group`, a `rules:` list) is checked as a config, examples included.
    if (!/^group\s*:/m.test(text) && /^rules\s*:/m.test(text)) return runPolicy(['validate', file], io);
    const { catalogue, problems } = compileRuleFiles([{ path: file, text }]);
    for (const p of problems) io.stdout.write(formatProblem(p) + '\n');
    if (problems.length > 0) {
      io.stdout.write(`${file}: ${problems.length} problem(s); examples not run\n`);
      return 1;
    }
    const engine = new Engine(new Catalogue(memorySource(catalogue)));
    let failed = 0;
    for (const r of catalogue.rules) {
      for (const f of runExamples(engine, r.id, catalogue.examples[r.id]!)) {
        failed++;
        io.stdout.write(`${file}:${r.source.line} [${r.id}] ${JSON.stringify(f.command)}: expected ${f.expected}, got ${f.got}\n`);
      }
    }
    io.stdout.write(`${file}: ${catalogue.rules.length} rule(s), ${failed} failing example(s)\n`);
    return failed > 0 ? 1 : 0;
  }
  io.stderr.write(`firebreak rules: unknown subcommand '${sub}' (list, show, test)\n`);
  return 1;
}
