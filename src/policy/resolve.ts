// The policy of a directory: find its config files (discover.ts), and either reuse the
// policy merged from exactly these texts before (in memory, then on disk) or load and
// merge them with the tools bundle. A config that cannot be used is never skipped: the
// answer is its problems, and the failure mode that applies.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundle } from '../core/bundle.js';
import type { FirebreakError } from '../core/contracts.js';
import { findProjectRoot, realOf } from '../context/context.js';
import { DEFAULT_RESOLVED, type ResolvedPolicy } from './policy.js';
import { discoverConfig, userConfigDir, type ConfigFileRef } from './discover.js';
import { policyCachePath, readPolicyCache, writePolicyCache } from './cache.js';
import { policyError, type PolicyProblem } from './problems.js';

interface PolicyRequest {
  /** The directory the command runs in: its project policy applies. */
  cwd: string;
  home: string;
  /** The environment (FIREBREAK_CONFIG, XDG_CONFIG_HOME, XDG_CACHE_HOME). */
  env: (name: string) => string | undefined;
  /** Names the firebreak and catalogue a cached policy was merged under. */
  stamp: string;
  /** Use the disk cache (default true). */
  diskCache?: boolean;
}

export type PolicyOutcome =
  | { ok: true; resolved: ResolvedPolicy }
  | { ok: false; problems: PolicyProblem[]; error: FirebreakError; failMode: 'ask' | 'deny'; files: string[] };

/** The slow half, in the tools bundle: load, validate and merge config files. */
export interface PolicyBuilder {
  buildPolicy(files: ConfigFileRef[], userConfigHint: string): { resolved: ResolvedPolicy | null; problems: PolicyProblem[] };
}

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The tools bundle sits next to the CLI bundle; src/policy and dist/cli are both two levels down. */
function toolsBundle(): PolicyBuilder {
  return loadBundle(fileURLToPath(new URL('../../dist/cli/tools.cjs', import.meta.url))) as PolicyBuilder;
}

const memo = new Map<string, { texts: string[]; resolved: ResolvedPolicy }>();

function readText(ref: ConfigFileRef): string | PolicyProblem {
  let buf: Buffer;
  const tooLarge = (bytes: number): PolicyProblem => ({
    file: ref.path,
    path: [],
    message: `is ${bytes.toLocaleString('en-US')} bytes, over the 1 MiB a config may be`,
    fix: 'a config this large is not a config; check the file',
  });
  try {
    // The size first: a multi-gigabyte file must not be read to be refused.
    const st = statSync(ref.path);
    if (!st.isFile())
      return {
        file: ref.path,
        path: [],
        message: 'is not a regular file (a directory or a device)',
        fix: 'remove it, or put the config there as a YAML or JSON file',
      };
    if (st.size > MAX_CONFIG_BYTES) return tooLarge(st.size);
    buf = readFileSync(ref.path);
  } catch (e) {
    return {
      file: ref.path,
      path: [],
      message: `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      fix: 'make the file readable, or remove it',
    };
  }
  if (buf.length > MAX_CONFIG_BYTES) return tooLarge(buf.length);
  if (buf.includes(0)) return { file: ref.path, path: [], message: 'is not a text file (it holds NUL bytes)', fix: 'write the config as YAML or JSON text' };
  const text = buf.toString('utf8');
  if (text.includes('\uFFFD') && !buf.includes(Buffer.from('\uFFFD')))
    return { file: ref.path, path: [], message: 'is not valid UTF-8 text', fix: 'save the file as UTF-8' };
  return text;
}

/**
 * Any layer that asks for deny on failure gets it, even one too broken to read in full: in
 * block or flow YAML, compact JSON, behind an anchor. Read loosely on purpose: a stray match
 * (a comment) can only make the failure mode stricter.
 */
function failModeOf(texts: string[]): 'ask' | 'deny' {
  return texts.some((t) => /["']?\bon_error["']?\s*:\s*(?:&\S+\s+)?["']?deny\b/.test(t)) ? 'deny' : DEFAULT_RESOLVED.policy.onError;
}

export function resolvePolicy(req: PolicyRequest, builder: () => PolicyBuilder = toolsBundle): PolicyOutcome {
  // Through a symlink into a repository, the repository's policies are the ones that apply.
  let cwd = req.cwd;
  let projectRoot = findProjectRoot(cwd);
  if (projectRoot === null && realOf(cwd) !== cwd) {
    cwd = realOf(cwd);
    projectRoot = findProjectRoot(cwd);
  }
  const found = discoverConfig({ cwd, home: req.home, projectRoot, env: req.env });
  const files = found.files.map((f) => f.path);
  const texts: string[] = [];
  const problems = [...found.problems];
  for (const ref of found.files) {
    const t = readText(ref);
    if (typeof t === 'string') texts.push(t);
    else problems.push(t);
  }
  const fail = (ps: PolicyProblem[]): PolicyOutcome => ({ ok: false, problems: ps, error: policyError(ps), failMode: failModeOf(texts), files });
  if (problems.length > 0) return fail(problems);
  if (found.files.length === 0) return { ok: true, resolved: DEFAULT_RESOLVED };

  const key = found.files.map((f) => `${f.scope}:${f.path}`).join('\0');
  const hit = memo.get(key);
  const same = (a: string[]): boolean => a.length === texts.length && a.every((t, i) => t === texts[i]);
  if (hit && same(hit.texts)) return { ok: true, resolved: hit.resolved };
  // A JavaScript config may compute its settings: only data configs are cached.
  const cacheable = req.diskCache !== false && found.files.every((f) => !f.code);
  const cachePath = policyCachePath(req.env, req.home);
  const cached = cacheable ? readPolicyCache(cachePath, req.stamp, key, texts) : null;
  if (cached) {
    memo.set(key, { texts, resolved: cached });
    return { ok: true, resolved: cached };
  }
  const built = builder().buildPolicy(found.files, join(userConfigDir(req.env, req.home), 'config.yaml'));
  if (!built.resolved) return fail(built.problems);
  if (cacheable) writePolicyCache(cachePath, req.stamp, key, texts, built.resolved);
  if (memo.size > 64) memo.clear();
  memo.set(key, { texts, resolved: built.resolved });
  return { ok: true, resolved: built.resolved };
}
