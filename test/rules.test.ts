// Every rule's own examples, run through the real engine; and the catalogue-wide
// guarantees of the rule format.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { runExamples } from '../src/assess/examples.js';
import { renderRulesDoc } from '../scripts/docs.js';
import { ROOT, catalogueData, testEngine } from './helpers.js';

const data = catalogueData();
const engine = testEngine();

describe('rule examples', () => {
  for (const group of data.groups) {
    describe(group.group, () => {
      for (const rule of data.rules.filter((r) => r.group === group.group)) {
        test(rule.id, () => {
          const failures = runExamples(engine, rule.id, data.examples[rule.id]!);
          assert.deepEqual(failures.map((f) => `${JSON.stringify(f.command)}: expected ${f.expected}, got ${f.got}`), []);
        });
      }
    });
  }
});

describe('catalogue quality', () => {
  test('the core groups are present', () => {
    const groups = data.groups.map((g) => g.group);
    for (const g of ['code', 'fs', 'git', 'kubernetes']) assert.ok(groups.includes(g), g);
  });

  test('every rule has at least three matching and three non-matching examples', () => {
    const thin = data.rules.filter((r) => data.examples[r.id]!.match.length < 3 || data.examples[r.id]!.no_match.length < 3).map((r) => r.id);
    assert.deepEqual(thin, []);
  });

  test('at least two in three High or Critical rules carry an alternative', () => {
    const serious = data.rules.filter((r) => {
      const sevs = r.severity ? [r.severity] : Object.values(r.targets?.severity ?? {});
      return sevs.includes('High') || sevs.includes('Critical');
    });
    const withAlt = serious.filter((r) => r.alternatives.length > 0);
    assert.ok(withAlt.length * 3 >= serious.length * 2, `${withAlt.length} of ${serious.length} serious rules have an alternative`);
  });

  test('patterns are anchored at the command name (redirect rules, for any command, excepted)', () => {
    const loose = data.rules.filter((r) => !r.pattern.startsWith('^') && !r.commands.includes('*')).map((r) => r.id);
    assert.deepEqual(loose, []);
  });
});

test('docs/rules.md is generated from the current catalogue (run `npm run docs` when this fails)', () => {
  let current = '';
  try { current = readFileSync(ROOT + 'docs/rules.md', 'utf8'); } catch { /* missing counts as stale */ }
  assert.ok(current === renderRulesDoc(data), 'docs/rules.md is stale: run npm run docs');
});
