// Build-time compilation of rules/*.yaml: validate each file against the schema, compile
// every pattern with RE2 on its own (one bad pattern would fail a whole RE2.Set), check
// ids and commands, and produce the JSON the runtime loads. Every problem is reported with
// file, line, rule id and reason; nothing is skipped silently.

import { createRequire } from 'node:module';
import { Ajv, type ErrorObject } from 'ajv';
import { LineCounter, parseDocument, isNode } from 'yaml';
import { own } from '../core/own.js';
import { valueTakers } from '../options/spec.js';
import { CATALOGUE_OPTIONS } from '../options/tools.js';
import { programName } from '../shell/command-names.js';
import {
  ANY_BRACED,
  PLACEHOLDER,
  type CatalogueWithExamples,
  type CommandSpec,
  type CompiledRule,
  type GroupSource,
  type Predicate,
  type RuleSource,
} from './rule-format.js';
import ruleSchema from '../../schemas/rule.schema.json' with { type: 'json' };

const require = createRequire(import.meta.url);
const RE2 = require('re2') as typeof import('re2');

interface RuleFileProblem {
  file: string;
  line: number;
  ruleId: string | null;
  message: string;
}

export function formatProblem(p: RuleFileProblem): string {
  return `${p.file}:${p.line}${p.ruleId ? ` [${p.ruleId}]` : ''}: ${p.message}`;
}

let validator: ReturnType<Ajv['compile']> | null = null;
function validate(data: unknown): ErrorObject[] {
  if (!validator) validator = new Ajv({ allErrors: true, strict: false }).compile(ruleSchema);
  return validator(data) ? [] : (validator.errors ?? []);
}

/** Checks that RE2 accepts a pattern; returns the reason when it does not. */
function re2Problem(pattern: string): string | null {
  try {
    new RE2(pattern, 'u');
    return null;
  } catch (e) {
    return `RE2 rejects pattern ${JSON.stringify(pattern)}: ${(e as Error).message}`;
  }
}

function predicatePatterns(p: Predicate): string[] {
  if ('flag_value' in p) return [p.flag_value.value];
  if ('positional' in p) return [p.positional.value];
  if ('any_positional' in p) return [p.any_positional.value];
  if ('stdin_from' in p) return p.stdin_from.arg ? [p.stdin_from.arg] : [];
  if ('assignment' in p) return [p.assignment.name, ...(p.assignment.value !== undefined ? [p.assignment.value] : [])];
  return [];
}

const list = (v: string | string[]): string[] => (Array.isArray(v) ? v : [v]);

export function compileRuleFiles(files: Array<{ path: string; text: string }>): { catalogue: CatalogueWithExamples; problems: RuleFileProblem[] } {
  const problems: RuleFileProblem[] = [];
  const catalogue: CatalogueWithExamples = { version: 1, groups: [], commands: {}, rules: [], examples: {} };
  const seen = new Map<string, string>();
  for (const f of files) {
    const lc = new LineCounter();
    const doc = parseDocument(f.text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
    const lineAt = (path: Array<string | number>): number => {
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n), true);
        if (isNode(node) && node.range) return lc.linePos(node.range[0]).line;
      }
      return 1;
    };
    if (doc.errors.length > 0) {
      for (const e of doc.errors) problems.push({ file: f.path, line: e.linePos?.[0]?.line ?? 1, ruleId: null, message: `YAML: ${e.message.split('\n')[0]}` });
      continue;
    }
    const data = doc.toJS() as GroupSource;
    const ruleIdAt = (i: number | undefined): string | null => (i === undefined ? null : (data?.rules?.[i]?.id ?? null));
    const errors = validate(data);
    for (const e of errors) {
      const path = e.instancePath
        .split('/')
        .slice(1)
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~')));
      const ruleIndex = path[0] === 'rules' && typeof path[1] === 'number' ? path[1] : undefined;
      const where = e.instancePath || '(top level)';
      const extra =
        e.params && 'additionalProperty' in e.params
          ? ` '${String(e.params.additionalProperty)}'`
          : e.params && 'allowedValues' in e.params
            ? ` (${(e.params.allowedValues as unknown[]).join(', ')})`
            : '';
      problems.push({ file: f.path, line: lineAt(path), ruleId: ruleIdAt(ruleIndex), message: `${where} ${e.message ?? 'is invalid'}${extra}` });
    }
    if (errors.length > 0) continue;
    catalogue.groups.push({ group: data.group, description: data.description });
    for (const [name, written] of Object.entries(data.commands ?? {})) {
      const shared = own(CATALOGUE_OPTIONS, name);
      const repeated = shared ? (written.value_options ?? []).filter((o) => shared.takes.has(o)) : [];
      if (repeated.length > 0)
        problems.push({
          file: f.path,
          line: lineAt(['commands', name]),
          ruleId: null,
          message: `commands.${name} repeats ${repeated.join(', ')}: src/options/tools.ts already says which of ${name}'s options take a value`,
        });
      const runs = shared ? [...shared.takes].filter(([, kind]) => kind === 'program').map(([n]) => n) : [];
      const spec: CommandSpec = shared
        ? {
            ...written,
            value_options: [...valueTakers(shared).filter((o) => !runs.includes(o)), ...(written.value_options ?? [])],
            ...(runs.length > 0 || written.command_options ? { command_options: [...runs, ...(written.command_options ?? [])] } : {}),
          }
        : written;
      const prev = catalogue.commands[name];
      catalogue.commands[name] = prev
        ? {
            value_options: [...new Set([...(prev.value_options ?? []), ...(spec.value_options ?? [])])],
            global_options_before_subcommand: !!(prev.global_options_before_subcommand || spec.global_options_before_subcommand),
            ...(prev.command_options || spec.command_options
              ? { command_options: [...new Set([...(prev.command_options ?? []), ...(spec.command_options ?? [])])] }
              : {}),
          }
        : spec;
    }
    data.rules.forEach((r, i) => {
      const line = lineAt(['rules', i]);
      const problem = (message: string, path: Array<string | number> = []): void => {
        problems.push({ file: f.path, line: path.length ? lineAt(['rules', i, ...path]) : line, ruleId: r.id, message });
      };
      const dup = seen.get(r.id);
      if (dup) problem(`duplicate id, first defined in ${dup}`, ['id']);
      seen.set(r.id, `${f.path}:${line}`);
      const compiled = compileRule(r, data.group, { file: f.path, line }, problem);
      // The catalogue's own rules must; a rule in a user's config may.
      const unstated = unstatedOutputs(r);
      if (unstated.length > 0)
        problem(`${UNSTATED} ${unstated.join(' and ')} (npm run rules:expect writes today's output in; check it before committing)`, ['examples', 'match']);
      catalogue.rules.push(compiled);
      catalogue.examples[r.id] = r.examples;
    });
  }
  return { catalogue, problems };
}

/**
 * Checks and compiles one rule written for `group`: the id's prefix, every pattern under
 * RE2, targets, placeholders. Problems go to `problem` with the key path inside the rule.
 */
/**
 * What a rule builds from the command it matched and none of its match examples states:
 * `alternatives` when an alternative is a transform or a {placeholder} template,
 * `blast_radius_detail` when the detail has a placeholder. A template edit that changes
 * what a rule produces then fails that rule's own examples.
 */
export function unstatedOutputs(r: RuleSource): Array<'alternatives' | 'blast_radius_detail'> {
  const stated = (key: 'alternatives' | 'blast_radius_detail'): boolean => r.examples.match.some((e) => typeof e !== 'string' && e[key] !== undefined);
  const out: Array<'alternatives' | 'blast_radius_detail'> = [];
  const built = (r.alternatives ?? []).some((a) => a.transform !== undefined || (a.command ?? '').search(PLACEHOLDER) >= 0);
  if (built && !stated('alternatives')) out.push('alternatives');
  if (r.blast_radius.detail.search(PLACEHOLDER) >= 0 && !stated('blast_radius_detail')) out.push('blast_radius_detail');
  return out;
}

/** The problem message for a rule that does not state what it builds (the fill script recognises it). */
export const UNSTATED = 'builds its output from the command, so one match example must state it:';

/**
 * A rule from a person's config with its command names as the engine reads them (MyTool is
 * mytool, /opt/bin/deploy is deploy): a config written before names were read that way keeps
 * working. The catalogue's own rules must already be written so (compileRule says where not).
 */
export function withPlatformNames(r: RuleSource): RuleSource {
  const names = (v: string | string[]): string[] => list(v).map((n) => (n === '*' ? n : programName(n)));
  const predicate = (p: Predicate): Predicate => ('stdin_from' in p ? { stdin_from: { ...p.stdin_from, command: names(p.stdin_from.command) } } : p);
  return {
    ...r,
    match: {
      ...r.match,
      command: names(r.match.command),
      ...(r.match.when ? { when: r.match.when.map(predicate) } : {}),
      ...(r.match.unless ? { unless: r.match.unless.map(predicate) } : {}),
    },
  };
}

export function compileRule(
  r: RuleSource,
  group: string,
  source: { file: string; line: number },
  problem: (message: string, path?: Array<string | number>) => void,
): CompiledRule {
  if (!r.id.startsWith(group + ':')) problem(`id must start with '${group}:'`, ['id']);
  const stdinNames = [...(r.match.when ?? []), ...(r.match.unless ?? [])].flatMap((p) => ('stdin_from' in p ? p.stdin_from.command : []));
  for (const name of [...list(r.match.command), ...stdinNames]) {
    if (name !== '*' && programName(name) !== name)
      problem(
        `command '${name}' is matched as '${programName(name)}' (names are read as the platforms that run them: lower case, no directory or .exe); write that`,
        ['match', 'command'],
      );
  }
  const bad = re2Problem(r.match.pattern);
  if (bad) problem(bad, ['match', 'pattern']);
  [...(r.match.when ?? []), ...(r.match.unless ?? [])].forEach((p) => {
    for (const pat of predicatePatterns(p)) {
      const b = re2Problem(pat);
      if (b) problem(b, ['match']);
    }
  });
  if (r.targets?.select === 'key_value' && !r.targets.key) problem("targets.select 'key_value' needs targets.key", ['targets']);
  if (r.targets?.select === 'option_value' && !r.targets.options?.length) problem("targets.select 'option_value' needs targets.options", ['targets']);
  const templates: Array<[string, Array<string | number>]> = [[r.blast_radius.detail, ['blast_radius', 'detail']]];
  (r.alternatives ?? []).forEach((a, k) => {
    if (a.command) templates.push([a.command, ['alternatives', k, 'command']]);
  });
  for (const [t, path] of templates) {
    for (const ph of t.match(ANY_BRACED) ?? []) {
      if (!new RegExp(`^${PLACEHOLDER.source}$`).test(ph))
        problem(
          `unknown placeholder ${ph}; use {name} {command} {upstream} {args} {target} {targets} {target_path} {class} {posN} or {opt:-x,--long}, each with an optional |fallback`,
          path,
        );
    }
  }
  if (!r.blast_radius.scope && !r.targets) problem('blast_radius.scope is required for a rule without targets', ['blast_radius']);
  return {
    id: r.id,
    group,
    description: r.description,
    severity: r.severity ?? null,
    commands: list(r.match.command),
    pattern: r.match.pattern,
    when: r.match.when ?? [],
    unless: r.match.unless ?? [],
    ...(r.match.local ? { local: true as const } : {}),
    targets: r.targets ?? null,
    blast_radius: { scope: r.blast_radius.scope ?? null, detail: r.blast_radius.detail, probe: r.blast_radius.probe ?? null },
    alternatives: r.alternatives ?? [],
    source,
  };
}
