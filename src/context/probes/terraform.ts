// What `terraform destroy` (or `apply -destroy`, or OpenTofu's) would remove, counted from the
// local state file it would read: the directory from -chdir, the workspace from
// .terraform/environment, the backend from .terraform/terraform.tfstate. State in a remote
// backend is named, not fetched. Files are read, nothing is spawned, and a state file too
// big to parse within the budget is refused rather than read.

import { readFileSync, statSync } from 'node:fs';
import { readSmallFile } from '../../core/files.js';
import { posix } from 'node:path';
import type { ParsedOption } from '../../catalogue/args.js';
import { formatCount, type Budget } from './budget.js';

const TERRAFORM_LIMITS = {
  /** State files larger than this are never parsed. */
  maxStateBytes: 64 * 1024 * 1024,
  /** A conservative read-and-parse rate, to refuse a file the remaining budget cannot cover. */
  bytesPerMs: 100_000,
  /** Resource types named in the sentence; the rest are summed into the total. */
  typesShown: 3,
} as const;

interface TerraformScene {
  /** Where the command runs, before -chdir. */
  cwd: string;
  env: (name: string) => string | undefined;
}

const optionValues = (options: ParsedOption[], names: string[]): string[] => options.filter((o) => names.includes(o.name) && o.value).map((o) => o.value!);

const lastOption = (options: ParsedOption[], names: string[]): string | undefined => optionValues(options, names).at(-1);

function readJson(path: string, maxBytes: number): unknown {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > maxBytes) return undefined;
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

interface Backend {
  type: string;
  config: Record<string, unknown>;
}

/** The backend `terraform init` recorded in the data directory, or null when it was never initialised. */
function recordedBackend(dataDir: string): Backend | null {
  const doc = readJson(posix.join(dataDir, 'terraform.tfstate'), 1024 * 1024);
  if (!isObject(doc) || !isObject(doc.backend)) return null;
  const type = str(doc.backend.type);
  return type ? { type, config: isObject(doc.backend.config) ? doc.backend.config : {} } : null;
}

function currentWorkspace(dataDir: string, env: TerraformScene['env']): string {
  const fromEnv = env('TF_WORKSPACE');
  if (fromEnv) return fromEnv;
  return readSmallFile(posix.join(dataDir, 'environment'), 4096)?.trim() || 'default';
}

/** The local state file for a workspace, as the local backend lays it out (path and workspace_dir may be configured). */
function localStatePath(dir: string, workspace: string, backend: Backend | null): string {
  const config = backend?.type === 'local' ? backend.config : {};
  if (workspace === 'default') return posix.resolve(dir, str(config.path) ?? 'terraform.tfstate');
  return posix.resolve(dir, str(config.workspace_dir) ?? 'terraform.tfstate.d', workspace, 'terraform.tfstate');
}

interface StateCount {
  total: number;
  /** Instances per resource type, most first. */
  byType: Array<[string, number]>;
}

/** Managed resource instances in a v4 state document (data sources are read, never destroyed); null when it is not one. */
export function countManaged(doc: unknown): StateCount | null {
  if (!isObject(doc) || doc.version !== 4 || !Array.isArray(doc.resources)) return null;
  const types = new Map<string, number>();
  let total = 0;
  for (const r of doc.resources as unknown[]) {
    if (!isObject(r) || r.mode !== 'managed' || !Array.isArray(r.instances)) continue;
    const n = r.instances.length;
    if (n === 0) continue;
    const type = str(r.type) ?? 'unknown';
    types.set(type, (types.get(type) ?? 0) + n);
    total += n;
  }
  const byType = [...types].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { total, byType };
}

const plural = (n: number, one: string): string => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;

function breakdown(c: StateCount): string {
  const listed = c.byType.slice(0, TERRAFORM_LIMITS.typesShown).map(([t, n]) => `${formatCount(n)} ${t}`);
  return ` (${listed.join(', ')}${c.byType.length > listed.length ? ', …' : ''})`;
}

const listed = (flag: string, values: string[]): string =>
  `${flag} ${values.slice(0, 3).join(', ')}${values.length > 3 ? ` and ${values.length - 3} more` : ''}`;

/**
 * What -target and -exclude do to the destroy, as words after "the destroy", or '' when
 * neither is given. A targeted destroy also takes whatever depends on its targets.
 */
function limitedTo(targets: string[], excludes: string[]): string {
  const parts: string[] = [];
  if (targets.length > 0) parts.push(`is limited to ${listed('-target', targets)} and what depends on ${targets.length === 1 ? 'it' : 'them'}`);
  if (excludes.length > 0) parts.push(`spares ${listed('-exclude', excludes)}`);
  return parts.join(' and ');
}

/** Where a path is, from where the command was typed: relative below it, absolute elsewhere. */
function shown(path: string, cwd: string): string {
  return path.startsWith(cwd + '/') ? posix.relative(cwd, path) : path;
}

/** The sentence on what a destroy would remove, or null when there is nothing to look at. */
export function terraformStateSentence(tool: string, options: ParsedOption[], scene: TerraformScene, budget: Budget): string | null {
  // Terragrunt keeps state where its remote_state block says, usually in a cache or remotely.
  if (tool !== 'terraform' && tool !== 'tofu') return null;
  const chdir = lastOption(options, ['-chdir', '--chdir']);
  const dir = posix.resolve(scene.cwd, chdir ?? '.');
  const dataDir = posix.resolve(dir, scene.env('TF_DATA_DIR') || '.terraform');
  const limit = limitedTo(optionValues(options, ['-target', '--target']), optionValues(options, ['-exclude', '--exclude']));
  const limited = limit ? ` The destroy ${limit}.` : '';

  const backend = recordedBackend(dataDir);
  const statePath = lastOption(options, ['-state', '--state']);
  if (backend && backend.type !== 'local' && !statePath) return `State is in the ${backend.type} backend; resources not counted.${limited}`;
  const workspace = currentWorkspace(dataDir, scene.env);
  if (workspace.includes('/') || workspace.startsWith('.')) return null;
  const path = statePath ? posix.resolve(dir, statePath) : localStatePath(dir, workspace, backend);
  const file = shown(path, scene.cwd);

  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return null;
    size = st.size;
  } catch {
    return `No state file at ${file} for workspace ${workspace}; nothing is recorded to destroy.`;
  }
  if (size > TERRAFORM_LIMITS.maxStateBytes) return `State file ${file} is too large to count (over 64 MiB).${limited}`;
  if (size > budget.remaining() * TERRAFORM_LIMITS.bytesPerMs) return `State file ${file} is too large to count within the time budget.${limited}`;
  const doc = readJson(path, TERRAFORM_LIMITS.maxStateBytes);
  if (doc === undefined) return `State file ${file} is not valid JSON; resources not counted.${limited}`;
  const count = countManaged(doc);
  if (!count) {
    const why = isObject(doc) && 'encrypted_data' in doc ? 'is encrypted' : 'is not a version 4 state';
    return `State file ${file} ${why}; resources not counted.${limited}`;
  }
  if (count.total === 0) return `No managed resources in workspace ${workspace}, from ${file}; nothing is recorded to destroy.`;
  if (limit) return `The state holds ${plural(count.total, 'resource')}${breakdown(count)} in workspace ${workspace}, from ${file}; the destroy ${limit}.`;
  return `Destroys ${plural(count.total, 'resource')}${breakdown(count)} in workspace ${workspace}, from ${file}.`;
}
