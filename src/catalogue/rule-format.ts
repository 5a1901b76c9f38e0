// The rule format, as written in rules/*.yaml (schemas/rule.schema.json) and as shipped
// compiled in dist/catalogue.json.

import type { BlastScope, Severity } from '../core/contracts.js';
import type { PathClass } from '../core/path-class.js';

type ProbeName = 'deletion' | 'working-tree' | 'untracked' | 'force-push' | 'stash' | 'kube-target' | 'terraform-state';

export interface CommandSpec {
  value_options?: string[];
  global_options_before_subcommand?: boolean;
  /** Options whose words, up to `;` or `+`, are a command the tool runs (find -exec): not the tool's own options or operands. */
  command_options?: string[];
}

export type Predicate =
  | { flag: string | string[] }
  | { flag_value: { flag: string | string[]; value: string } }
  | { positional: { index: number; value: string } }
  | { any_positional: { from?: number; value: string } }
  | { positional_count: { min?: number; max?: number } }
  | { redirect: { class: PathClass[] } }
  | { code_from: Array<'download' | 'decoded' | 'unknown'> }
  | { stdin_from: { command: string[]; class?: PathClass[]; arg?: string } }
  | { assignment: { name: string; value?: string } };

type TargetSelect = 'positionals' | 'last_positional' | 'destinations' | 'sources' | 'leading_operands' | 'key_value' | 'option_value' | 'redirects';

export interface TargetSpec {
  select: TargetSelect;
  from?: number;
  key?: string;
  options?: string[];
  /** Only words holding this marker count; the text after it is the target (curl -d @file). */
  after?: string;
  /** With select 'redirects', >> counts too. */
  append?: boolean;
  /** The command removes files, not directories (rm without -r): a target that can only be a directory does nothing. */
  files_only?: boolean;
  severity: Partial<Record<PathClass, Severity>>;
}

export interface AlternativeSpec {
  command?: string;
  transform?: { replace_flags?: Record<string, string>; remove_flags?: string[]; add_flags?: string[] };
  explanation: string;
}

/** A rule's example: a command, or a command with what the rule must make of it. */
export type Example = string | { command: string; severity?: Severity; note?: string; alternatives?: string[]; blast_radius_detail?: string };

export interface RuleSource {
  id: string;
  description: string;
  severity?: Severity;
  match: { command: string | string[]; pattern: string; when?: Predicate[]; unless?: Predicate[]; local?: boolean };
  targets?: TargetSpec;
  blast_radius: { scope?: BlastScope; detail: string; probe?: ProbeName };
  alternatives?: AlternativeSpec[];
  examples: { match: Example[]; no_match: Example[] };
}

export interface GroupSource {
  group: string;
  description: string;
  commands?: Record<string, CommandSpec>;
  rules: RuleSource[];
}

/** A rule as the engine uses it: normalised lists, plus where it was written. */
export interface CompiledRule {
  id: string;
  group: string;
  description: string;
  /** Fixed severity; null when the targets table decides. */
  severity: Severity | null;
  commands: string[];
  pattern: string;
  when: Predicate[];
  unless: Predicate[];
  /** Only commands that run on this machine match, not code sent elsewhere. */
  local?: true;
  targets: TargetSpec | null;
  blast_radius: { scope: BlastScope | null; detail: string; probe: ProbeName | null };
  alternatives: AlternativeSpec[];
  source: { file: string; line: number };
  /** Set on rules from config files: their alternatives are not the catalogue's, and say so. */
  fromConfig?: true;
}

export interface CompiledCatalogue {
  version: 1;
  groups: Array<{ group: string; description: string }>;
  commands: Record<string, CommandSpec>;
  rules: CompiledRule[];
}

/** The catalogue with every rule's examples, for tests, docs and `rules show`. */
export interface CatalogueWithExamples extends CompiledCatalogue {
  examples: Record<string, { match: Example[]; no_match: Example[] }>;
}

/** The placeholder grammar of templates: {name}, {posN}, {opt:-n,--namespace}, each with an optional |fallback. */
export const PLACEHOLDER = /\{(name|command|upstream|args|target|targets|target_path|class|pos[0-9]+|opt:[^}|]+|optflag:[^}|]+)(?:\|([^}]*))?\}/g;
/** Anything that looks like a placeholder, to catch misspelt ones at build time. */
export const ANY_BRACED = /\{[a-z_]+[0-9]*(?::[^}|]*)?(?:\|[^}]*)?\}/g;
