// A disk cache of merged policies, so that a `firebreak check` in a project with a
// config pays for reading its files, not for loading cosmiconfig, a YAML parser and a
// schema validator (about 10 ms). An entry is used only when every file's text is exactly
// what it was when the entry was written, under the same firebreak; anything else is a
// miss. Losing or failing to write the cache only costs time.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { ResolvedPolicy } from './policy.js';

interface Entry {
  key: string;
  texts: string[];
  resolved: ResolvedPolicy;
}

interface CacheFile {
  format: 2;
  stamp: string;
  entries: Entry[];
}

const MAX_ENTRIES = 16;

export function policyCachePath(env: (name: string) => string | undefined, home: string): string {
  const xdg = env('XDG_CACHE_HOME');
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.cache'), 'firebreak', 'policy-cache.json');
}

function read(path: string, stamp: string): Entry[] {
  try {
    const c = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
    return c.format === 2 && c.stamp === stamp && Array.isArray(c.entries) ? c.entries : [];
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
    writeFileSync(tmp, JSON.stringify({ format: 2, stamp, entries } satisfies CacheFile), { mode: 0o600 });
    renameSync(tmp, path);
  } catch {
    // A read-only home still gets correct answers, only slower ones.
  }
}
