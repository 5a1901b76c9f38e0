// Loading one of firebreak's own CommonJS bundles through V8's code cache, as
// bin/firebreak.cjs loads the main one: most of a bundle's load time is compiling its
// functions, and the cache (BUNDLE.cache, written the first time and whenever V8 rejects
// it) skips that. A read-only install still works, only without the cache. bin/firebreak.cjs
// does the same for the main bundle with its own copy of these lines: sharing them would
// cost every check one more module to resolve and load before anything else runs.

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

const loaded = new Map<string, unknown>();

export function loadBundle(file: string): unknown {
  const hit = loaded.get(file);
  if (hit) return hit;
  const source = readFileSync(file, 'utf8');
  const cacheFile = file + '.cache';
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script((Module as unknown as { wrap(s: string): string }).wrap(source), { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    // At exit, so the functions this run compiled are in the cache too.
    process.once('exit', () => {
      try {
        const tmp = `${cacheFile}.${process.pid}`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
      } catch {
        // Only the cache is lost.
      }
    });
  }
  const mod = { exports: {} as unknown };
  (script.runInThisContext() as (...a: unknown[]) => void).call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  loaded.set(file, mod.exports);
  return mod.exports;
}
