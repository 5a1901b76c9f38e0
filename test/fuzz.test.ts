// Property-based: whatever line arrives, the parser and the engine return (never throw)
// within a bounded time per line, and the engine's answer is a valid RiskAssessment.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import { parseCommandLine } from '../src/unwrap/index.js';
import { ROOT, assessmentErrors, testEngine } from './helpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100_000);
/**
 * A line here parses in microseconds; the bound is there to catch a hang or a blow-up,
 * with room for a garbage-collection pause on a loaded two-core machine.
 */
const MAX_MS_PER_LINE = 1000;

const shellish = fc.constantFrom(
  'rm',
  '-rf',
  '/',
  '~',
  '"',
  "'",
  '$(',
  ')',
  '`',
  '{',
  '}',
  ';',
  '&&',
  '||',
  '|',
  '&',
  '\n',
  '\\',
  '$',
  '${',
  '<<',
  'EOF',
  '<(',
  '>',
  '>>',
  '2>&1',
  'if',
  'then',
  'fi',
  'for',
  'in',
  'do',
  'done',
  'case',
  'esac',
  ';;',
  '((',
  '))',
  '[[',
  ']]',
  'function',
  '()',
  'git',
  'push',
  '--force',
  'kubectl',
  'delete',
  'ns',
  'sudo',
  'env',
  'X=1',
  '#',
  '*',
  '?',
  "$'\\x2f'",
  ' ',
  '  ',
  '\t',
  '=',
  '!',
  'bash',
  '-c',
);
/** Real lines from the corpora, to be mutated: near-misses of real commands find more than noise does. */
const seeds = [
  ...readFileSync(ROOT + 'test/adversarial.tsv', 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[1])
    .filter((c): c is string => !!c),
  ...readFileSync(ROOT + 'bench/corpus.txt', 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, 400),
].map((c) => c.replace(/\\n/g, '\n'));
const mutated = fc
  .tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), shellish), { minLength: 1, maxLength: 6 }))
  .map(([seed, edits]) => {
    let s = seed;
    for (const [at, kind, piece] of edits) {
      const i = at % (s.length + 1);
      if (kind === 0)
        s = s.slice(0, i) + piece + s.slice(i); // insert
      else if (kind === 1)
        s = s.slice(0, i) + s.slice(i + 1 + (at % 4)); // delete
      else if (kind === 2)
        s = s.slice(0, i) + piece + s.slice(i + piece.length); // overwrite
      else s = s.slice(i) + s.slice(0, i); // rotate
    }
    return s;
  });

const lineOf = fc.oneof(
  mutated,
  mutated,
  fc.array(shellish, { maxLength: 40 }).map((parts) => parts.join(' ')),
  fc.array(shellish, { maxLength: 40 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
);

test(`the parser never throws and stays bounded (${RUNS.toLocaleString('en-US')} generated and mutated lines)`, () => {
  let slowest = 0;
  fc.assert(
    fc.property(lineOf, (line) => {
      const t = performance.now();
      parseCommandLine(line);
      slowest = Math.max(slowest, performance.now() - t);
    }),
    { numRuns: RUNS },
  );
  assert.ok(slowest < MAX_MS_PER_LINE, `slowest line took ${slowest.toFixed(1)} ms`);
});

test('the engine answers every line with a valid RiskAssessment', () => {
  const engine = testEngine();
  fc.assert(
    fc.property(lineOf, (line) => {
      const a = engine.assess(line, { context: EXAMPLE_CONTEXT });
      assert.equal(assessmentErrors(a), '');
      if (a.context.labels.includes('parse-error')) assert.notEqual(a.decision, 'allow');
    }),
    { numRuns: Math.ceil(RUNS / 4) },
  );
});

test('pathological lines stay linear', () => {
  for (const line of [
    '"'.repeat(200_000),
    '$('.repeat(100_000),
    '\\'.repeat(200_000),
    'a;'.repeat(100_000),
    '${'.repeat(100_000),
    '`'.repeat(100_000),
    'x'.repeat(1_000_000),
    '<<a '.repeat(50_000),
    "'$(".repeat(60_000),
  ]) {
    const t = performance.now();
    parseCommandLine(line);
    const ms = performance.now() - t;
    assert.ok(ms < 2000, `${JSON.stringify(line.slice(0, 8))}… took ${ms.toFixed(0)} ms`);
  }
});
