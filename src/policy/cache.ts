// A disk cache of merged policies, so that a `firebreak check` in a project with a
// config pays for reading its files, not for loading cosmiconfig, a YAML parser and a
// schema validator (about 10 ms). An entry is used only when every file's text is exactly
// what it was when the entry was written, under the same firebreak; anything else is a
// miss. Losing or failing to write the cache only costs time.
//
// The cache is firebreak's own file, so a command that rewrites it could hand the guard a
// policy nobody wrote (every group disabled, every threshold at never). Each entry carries
// an HMAC under a random key kept beside it, readable by its owner only: an entry edited
// by hand, written by another program or left as garbage fails the check and is rebuilt
// from the config files, the only source of truth. Writing the cache or its key from a
// command is itself judged by the `self` rules; the MAC is what holds when that is missed.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firebreakDirs } from '../context/own-files.js';
import { DEFAULT_POLICY, type ResolvedPolicy } from './policy.js';

interface Entry {
  key: string;
  texts: string[];
  resolved: ResolvedPolicy;
  /** HMAC-SHA256 (hex) of the stamp, key, texts and resolved policy. */
  mac: string;
}

interface CacheFile {
  format: 3;
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
const KEY_BYTES = 32;

export function policyCachePath(env: (name: string) => string | undefined, home: string): string {
  return join(firebreakDirs(env, home).cache, 'policy-cache.json');
}

const keyPath = (cachePath: string): string => `${cachePath}.key`;

/** The MAC key beside the cache, or null when there is none (or it is not one firebreak wrote). */
function readKey(cachePath: string): Buffer | null {
  try {
    const k = Buffer.from(readFileSync(keyPath(cachePath), 'utf8').trim(), 'hex');
    return k.length === KEY_BYTES ? k : null;
  } catch {
    return null;
  }
}

function macOf(key: Buffer, stamp: string, entry: Omit<Entry, 'mac'>): string {
  return createHmac('sha256', key)
    .update(JSON.stringify([stamp, defaults(), entry.key, entry.texts, entry.resolved]))
    .digest('hex');
}

function genuine(key: Buffer, stamp: string, e: Entry): boolean {
  if (typeof e !== 'object' || e === null || typeof e.mac !== 'string' || !Array.isArray(e.texts)) return false;
  const want = Buffer.from(macOf(key, stamp, e), 'hex');
  const got = Buffer.from(e.mac, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

function read(path: string, stamp: string, key: Buffer | null): Entry[] {
  if (!key) return [];
  try {
    const c = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
    if (c.format !== 3 || c.stamp !== stamp || c.defaults !== defaults() || !Array.isArray(c.entries)) return [];
    return c.entries.filter((e) => genuine(key, stamp, e));
  } catch {
    return [];
  }
}

const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((t, i) => t === b[i]);

export function readPolicyCache(path: string, stamp: string, key: string, texts: string[]): ResolvedPolicy | null {
  const e = read(path, stamp, readKey(path)).find((x) => x.key === key);
  return e && same(e.texts, texts) ? e.resolved : null;
}

export function writePolicyCache(path: string, stamp: string, key: string, texts: string[], resolved: ResolvedPolicy): void {
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    let mk = readKey(path);
    if (!mk) {
      // A new key orphans whatever entries were there: they are rebuilt as they are needed.
      mk = randomBytes(KEY_BYTES);
      writeAtomically(keyPath(path), mk.toString('hex'));
    }
    const fresh = { key, texts, resolved };
    const entries = [{ ...fresh, mac: macOf(mk, stamp, fresh) }, ...read(path, stamp, mk).filter((e) => e.key !== key)].slice(0, MAX_ENTRIES);
    writeAtomically(path, JSON.stringify({ format: 3, stamp, defaults: defaults(), entries } satisfies CacheFile));
  } catch {
    // A read-only home still gets correct answers, only slower ones.
  }
}

function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.${process.pid}`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, path);
}
