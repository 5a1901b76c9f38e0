#!/usr/bin/env node
'use strict';
// Loads the bundled CLI through V8's code cache: a `firebreak check` is mostly start-up,
// and most of that is compiling the bundle's functions on first call. The cache is made
// by `npm run build` (and remade here whenever V8 rejects it, e.g. after a Node upgrade).
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const Module = require('node:module');

const file = join(__dirname, '..', 'dist', 'cli', 'firebreak.cjs');
const cacheFile = file + '.cache';
let source;
try {
  source = readFileSync(file, 'utf8');
} catch {
  process.stderr.write(`firebreak: the CLI bundle is missing at ${file}; run \`npm install\` or \`npm run build\` in the firebreak package\n`);
  process.exit(1);
}
// A bundle cut short (an install or build that did not finish) must not run: an empty one
// would exit 0 having printed nothing, which an agent's hook reads as no objection. Failing
// here lets the fallback in the hook command block instead. (scripts/build.ts writes this line.)
if (!source.endsWith('//# firebreak: end of bundle', source.trimEnd().length)) {
  process.stderr.write(`firebreak: the CLI bundle at ${file} is incomplete (an install or build did not finish); run \`npm install\` or \`npm run build\` in the firebreak package\n`);
  process.exit(1);
}
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new Script(Module.wrap(source), { filename: file, cachedData });
// The build sets FIREBREAK_WRITE_CODE_CACHE for runs whose functions should join the cache
// (a hook after a check): what was already cached is written back with what this run added.
if (cachedData === undefined || script.cachedDataRejected || process.env.FIREBREAK_WRITE_CODE_CACHE === '1') {
  process.once('exit', () => {
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch {
      // A read-only install keeps working, only without the cache.
    }
  });
}
const mod = { exports: {} };
script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, dirname(file));
