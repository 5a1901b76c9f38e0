// Signals about where a command runs that make it more dangerous: a protected git branch,
// a production Kubernetes context, a production environment, an SSH session, root, CI.
// Read from files and the environment directly — no process is spawned — so they cost
// microseconds on the hot path.

import { readFileSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { readSmallFile } from '../core/files.js';

interface GitSignal {
  /** The checked-out branch, or null when HEAD is detached. */
  branch: string | null;
  protected: boolean;
}

interface KubeSignal {
  context: string;
  namespace: string;
  production: boolean;
}

export interface Signals {
  git: GitSignal | null;
  /** The clusters and namespaces the line's Kubernetes commands act on; empty when it runs none. */
  kube: KubeSignal[];
  /** The environment variable that names a production environment, as NAME=value. */
  productionEnv: string | null;
  ssh: boolean;
  root: boolean;
  /** The container engine the command runs inside, or null. */
  container: string | null;
  ci: boolean;
}

interface SignalOptions {
  /** Branch names or globs (release/*) that count as protected. */
  protectedBranches: string[];
  /** Words that mark production (prod, production, live): matched whole-word. */
  productionPatterns: string[];
  /** Looks a variable up in the environment the command would run with. */
  env: (name: string) => string | undefined;
  uid: number | null;
  container: string | null;
  home: string;
  /** Whether to read the kubeconfig's current context (the line runs a Kubernetes tool whose flags are not read). */
  wantKube: boolean;
  /** The contexts and namespaces the line's kubectl, oc and helm commands name (flags, environment, kubeconfig); namespace null for all. */
  kubeTargets?: Array<{ context: string; namespace: string | null }>;
}

/** `release/*` matches `release/1.2`; everything else is an exact name. */
export function branchMatches(branch: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? branch.startsWith(p.slice(0, -1)) : branch === p));
}

/** Whole-word: `prod-eu` and `payments.production` match `prod`/`production`, `delivery-dev` and `product` do not. */
export function isProduction(name: string, patterns: string[]): boolean {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return patterns.some((p) => words.includes(p.toLowerCase()));
}

/** The git directory of a work tree: `.git` itself, or where a `.git` file (worktree, submodule) points. */
function gitDirOf(root: string): string | null {
  const dotGit = join(root, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const m = /^gitdir:\s*(.+)$/m.exec(readSmallFile(dotGit, 64 * 1024) ?? '');
    if (!m) return null;
    const target = m[1]!.trim();
    return isAbsolute(target) ? target : resolve(root, target);
  } catch {
    return null;
  }
}

/** HEAD read per root, kept briefly: an agent checks many commands in one place in a burst. */
const headCache = new Map<string, { at: number; head: string | null }>();
const HEAD_TTL_MS = 500;

function readHead(root: string): string | null {
  const now = Date.now();
  const hit = headCache.get(root);
  if (hit && now - hit.at < HEAD_TTL_MS) return hit.head;
  const gitDir = gitDirOf(root);
  let head: string | null = null;
  head = gitDir ? (readSmallFile(join(gitDir, 'HEAD'), 64 * 1024)?.trim() ?? null) : null;
  if (headCache.size > 256) headCache.clear();
  headCache.set(root, { at: now, head });
  return head;
}

export function readGit(root: string, protectedBranches: string[]): GitSignal | null {
  const head = readHead(root);
  if (head === null) return null;
  const m = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  const branch = m ? m[1]! : null;
  return { branch, protected: branch !== null && branchMatches(branch, protectedBranches) };
}

/**
 * The kubeconfig files kubectl would read: those in KUBECONFIG (a path list; relative entries
 * are taken from `cwd`, and `~/` is expanded because the shell expands it in an assignment),
 * else ~/.kube/config.
 */
export function kubeconfigPaths(env: (name: string) => string | undefined, home: string, cwd?: string): string[] {
  const kubeconfig = env('KUBECONFIG');
  if (!kubeconfig) return [join(home, '.kube', 'config')];
  return kubeconfig
    .split(delimiter)
    .filter(Boolean)
    .map((f) => {
      const p = f === '~' ? home : f.startsWith('~/') ? join(home, f.slice(2)) : f;
      return cwd ? resolve(cwd, p) : p;
    });
}

interface KubeconfigFile {
  path: string;
  text: string;
}

/** Kubeconfigs read per path, kept as briefly as HEAD: real ones run to hundreds of KB of certificates. */
const kubeconfigCache = new Map<string, { at: number; file: KubeconfigFile | null }>();

/** Reads up to eight kubeconfig files, each at most 4 MiB; a missing file is skipped, as kubectl does. */
export function readKubeconfigs(paths: string[]): KubeconfigFile[] {
  const out: KubeconfigFile[] = [];
  const now = Date.now();
  for (const f of paths.slice(0, 8)) {
    const hit = kubeconfigCache.get(f);
    if (hit && now - hit.at < HEAD_TTL_MS) {
      if (hit.file) out.push(hit.file);
      continue;
    }
    let file: KubeconfigFile | null = null;
    try {
      const st = statSync(f);
      if (st.isFile() && st.size <= 4 * 1024 * 1024) file = { path: f, text: readFileSync(f, 'utf8') };
    } catch {
      // Missing or unreadable: kubectl skips it too.
    }
    if (kubeconfigCache.size > 64) kubeconfigCache.clear();
    kubeconfigCache.set(f, { at: now, file });
    if (file) out.push(file);
  }
  return out;
}

interface KubeContext {
  context: string;
  /** The file that set current-context (or, for a context named on the command line, the first that defines it). */
  file: string | null;
  /** Whether some file defines the context; kubectl refuses a context no file defines. */
  defined: boolean;
  /** The context's namespace, or null when it sets none (kubectl then uses default). */
  namespace: string | null;
}

/**
 * The context kubectl would use from these files, merged the way kubectl merges them (the
 * first file to set a value wins): `named` when the command names one, else current-context.
 * A small reader for the regular YAML (or JSON) that kubectl writes, not a general YAML parser.
 */
export function kubeContext(files: KubeconfigFile[], named?: string): KubeContext | null {
  let context = named ?? null;
  let file: string | null = null;
  if (!context) {
    for (const f of files) {
      context = currentContext(f.text);
      if (context) {
        file = f.path;
        break;
      }
    }
  }
  if (!context) return null;
  for (const f of files) {
    const ns = contextNamespace(f.text, context);
    if (ns !== undefined) return { context, file: file ?? f.path, defined: true, namespace: ns };
  }
  return { context, file, defined: false, namespace: null };
}

/** The current context and its namespace from the kubeconfig kubectl would use. */
export function readKube(env: (name: string) => string | undefined, home: string, patterns: string[]): KubeSignal | null {
  const c = kubeContext(readKubeconfigs(kubeconfigPaths(env, home)));
  if (!c) return null;
  const namespace = c.namespace ?? 'default';
  return { context: c.context, namespace, production: isProduction(c.context, patterns) || isProduction(namespace, patterns) };
}

const unquote = (s: string): string => s.trim().replace(/^(['"])(.*)\1$/, '$2');

function currentContext(text: string): string | null {
  if (text.trimStart().startsWith('{')) {
    try {
      return (JSON.parse(text) as { 'current-context'?: string })['current-context'] || null;
    } catch {
      return null;
    }
  }
  const m = /^current-context:[ \t]*(.*)$/m.exec(text);
  const v = m ? unquote(m[1]!) : '';
  return v || null;
}

/** The namespace of a named context: a string, null when the context sets none, undefined when absent. */
function contextNamespace(text: string, name: string): string | null | undefined {
  if (text.trimStart().startsWith('{')) {
    try {
      const doc = JSON.parse(text) as { contexts?: Array<{ name?: string; context?: { namespace?: string } }> };
      const c = doc.contexts?.find((x) => x.name === name);
      return c ? (c.context?.namespace ?? null) : undefined;
    } catch {
      return undefined;
    }
  }
  const section = /^contexts:[ \t]*\n((?:[ \t-].*\n?|\n)*)/m.exec(text)?.[1] ?? '';
  // Each list item starts with "- " at the section's indentation.
  for (const item of section.split(/\n(?=[ \t]*- )/)) {
    const n = /(?:^|\n)[ \t-]*name:[ \t]*(.*)/.exec(item);
    if (!n || unquote(n[1]!) !== name) continue;
    const ns = /(?:^|\n)[ \t]+namespace:[ \t]*(.*)/.exec(item);
    return ns ? unquote(ns[1]!) || null : null;
  }
  return undefined;
}

export const PRODUCTION_ENV_VARS = [
  'NODE_ENV',
  'RAILS_ENV',
  'RACK_ENV',
  'APP_ENV',
  'ENVIRONMENT',
  'ENV',
  'STAGE',
  'DEPLOY_ENV',
  'FLASK_ENV',
  'DJANGO_ENV',
  'MIX_ENV',
  'ASPNETCORE_ENVIRONMENT',
  'AWS_PROFILE',
];
const CI_VARS = [
  'CI',
  'GITHUB_ACTIONS',
  'GITLAB_CI',
  'BUILDKITE',
  'CIRCLECI',
  'JENKINS_URL',
  'TF_BUILD',
  'TEAMCITY_VERSION',
  'DRONE',
  'BITBUCKET_BUILD_NUMBER',
];

/** Variables that hold a database connection URL or a database server's host. */
export const CONNECTION_VARS = [
  'DATABASE_URL',
  'POSTGRES_URL',
  'POSTGRES_HOST',
  'PGHOST',
  'MYSQL_HOST',
  'DB_HOST',
  'MONGODB_URI',
  'MONGO_URL',
  'REDIS_URL',
  'REDIS_HOST',
];

/** A connection URL: scheme://[user@]host[:port][/database]; group 1 the host, group 2 the database. */
export const CONNECTION_URL = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/?#\s,]+)(?::\d+)?(?:\/([^?#\s]*))?/i;

/** The host and database of a connection URL (or a bare host), as one string production words are looked for in. */
function connectionHost(v: string | undefined): string | null {
  if (!v) return null;
  const url = CONNECTION_URL.exec(v);
  return url ? `${url[1]} ${url[2] ?? ''}`.trim() : v;
}

/** Every variable whose value changes the context a command is judged in: what a shell plugin sends with each line. */
export const CONTEXT_ENV_NAMES: readonly string[] = [
  ...PRODUCTION_ENV_VARS,
  ...CONNECTION_VARS,
  ...CI_VARS,
  'SSH_CONNECTION',
  'SSH_CLIENT',
  'SSH_TTY',
  'KUBECONFIG',
  'TF_WORKSPACE',
  'TF_DATA_DIR',
];

export function readSignals(projectRoot: string | null, opts: SignalOptions): Signals {
  let productionEnv: string | null = null;
  for (const name of PRODUCTION_ENV_VARS) {
    const v = opts.env(name);
    if (v && isProduction(v, opts.productionPatterns)) {
      productionEnv = `${name}=${v}`;
      break;
    }
  }
  // DATABASE_URL=postgres://db.prod.internal/app: a connection to production is production.
  for (const name of CONNECTION_VARS) {
    if (productionEnv) break;
    const host = connectionHost(opts.env(name));
    if (host && isProduction(host, opts.productionPatterns)) productionEnv = `${name}=${host}`;
  }
  const ci = CI_VARS.some((v) => {
    const x = opts.env(v);
    return x !== undefined && x !== '' && x !== 'false' && x !== '0';
  });
  return {
    git: projectRoot ? readGit(projectRoot, opts.protectedBranches) : null,
    kube: kubeSignals(opts),
    productionEnv,
    ssh: !!(opts.env('SSH_CONNECTION') || opts.env('SSH_CLIENT') || opts.env('SSH_TTY')),
    root: opts.uid === 0,
    container: opts.container,
    ci,
  };
}

function kubeSignals(opts: SignalOptions): KubeSignal[] {
  const out: KubeSignal[] = [];
  const add = (k: KubeSignal): void => {
    if (!out.some((x) => x.context === k.context && x.namespace === k.namespace)) out.push(k);
  };
  for (const t of opts.kubeTargets ?? []) {
    const namespace = t.namespace ?? '*';
    add({ context: t.context, namespace, production: isProduction(t.context, opts.productionPatterns) || isProduction(namespace, opts.productionPatterns) });
  }
  if (opts.wantKube) {
    const current = readKube(opts.env, opts.home, opts.productionPatterns);
    if (current) add(current);
  }
  return out;
}

export function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}
