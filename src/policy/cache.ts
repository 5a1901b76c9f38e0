// A disk cache of merged policies, so that a `firebreak check` in a project with a
// config pays for reading its files, not for loading cosmiconfig, a YAML parser and a
// schema validator (about 10 ms). An entry is used only when every file's text is exactly
// what it was when the entry was written, under the same firebreak; anything else is a
// miss. Losing or failing to write the cache only costs time.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firebreakDirs } from '../context/own-files.js';
import { DEFAULT_POLICY, type ResolvedPolicy } from './policy.js';

interface Entry {
  key: string;
  texts: string[];
  resolved: ResolvedPolicy;
}

interface CacheFile {
  format: 2;
  stamp: string;
  /** The defaults the entries were merged over: a new setting or default makes every entry stale, without anyone remembering to bump a number. */
  defaults: string;
  entries: Entry[];
}

let defaultsText: string | null = null;
function defaults(): string {
  defaultsText ??= JSON.stringify(DEFAULT_POLICY);
  return defaultsText;
}

const MAX_ENTRIES = 16;

export function policyCachePath(env: (name: string) => string | undefined, home: string): string {
  return join(firebreakDirs(env, home).cache, 'policy-cache.json');
}

function read(path: string, stamp: string): Entry[] {
  try {
    const c = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
    return c.format === 2 && c.stamp === stamp && c.defaults === defaults() && Array.isArray(c.entries) ? c.entries : [];
  } catch {
    return [];
  }
}

const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((t, i) => t === b[i]);

export function readPolicyCache(path: string, stamp: string, key: string, texts: string[]): ResolvedPolicy | null {
  const e = read(path, stamp).find((x) => x.key === key);
  return e && same(e.texts, texts) ? e.resolved : null;
}

export function writePolicyCache(path: string, stamp: string, key: string, texts: string[], resolved: ResolvedPolicy): void {
  const entries = [{ key, texts, resolved }, ...read(path, stamp).filter((e) => e.key !== key)].slice(0, MAX_ENTRIES);
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}`;
    writeFileSync(tmp, JSON.stringify({ format: 2, stamp, defaults: defaults(), entries } satisfies CacheFile), { mode: 0o600 });
    renameSync(tmp, path);
  } catch {
    // A read-only home still gets correct answers, only slower ones.
  }
}
