// Every rule's own examples, run through the real engine; and the catalogue-wide
// guarantees of the rule format.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { runExamples } from '../src/assess/examples.js';
import { renderRulesDoc } from '../scripts/docs.js';
import { Engine } from '../src/assess/engine.js';
import { Catalogue, memorySource } from '../src/catalogue/catalogue.js';
import { compileRuleFiles, UNSTATED } from '../src/catalogue/compile.js';
import type { CompiledRule } from '../src/catalogue/rule-format.js';
import { ROOT, catalogueData, testEngine } from './helpers.js';

const data = catalogueData();
const engine = testEngine();

describe('rule examples', () => {
  for (const group of data.groups) {
    describe(group.group, () => {
      for (const rule of data.rules.filter((r) => r.group === group.group)) {
        test(rule.id, () => {
          const failures = runExamples(engine, rule.id, data.examples[rule.id]!);
          assert.deepEqual(
            failures.map((f) => `${JSON.stringify(f.command)}: expected ${f.expected}, got ${f.got}`),
            [],
          );
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

describe('rules state what they produce', () => {
  const withAlternative = (id: string) => data.rules.find((r) => r.id === id)!;

  test("an alternative template edited to build something else fails the rule's own examples", () => {
    const rule = withAlternative('git:push-force');
    const edited = {
      ...rule,
      alternatives: rule.alternatives.map((a) =>
        a.transform ? { ...a, transform: { ...a.transform, replace_flags: { '--force': '--force-if-includes' } } } : a,
      ),
    };
    const failures = runExamples(engineWith(edited), rule.id, data.examples[rule.id]!);
    assert.ok(
      failures.some((f) => f.expected.startsWith('alternatives')),
      JSON.stringify(failures),
    );
  });

  test("a blast-radius template edited fails the rule's own examples", () => {
    const rule = withAlternative('git:push-force');
    const edited = { ...rule, blast_radius: { ...rule.blast_radius, detail: rule.blast_radius.detail.replace(/\{[^}]+\}/, '{pos9|somewhere}') } };
    const failures = runExamples(engineWith(edited), rule.id, data.examples[rule.id]!);
    assert.ok(
      failures.some((f) => f.expected.startsWith('blast radius')),
      JSON.stringify(failures),
    );
  });

  test('the build refuses a rule that builds its output and states it nowhere', () => {
    const source = readFileSync(ROOT + 'rules/git.yaml', 'utf8');
    const bare = source.replace(
      /- command: "git push --force origin main"\n(\s+alternatives:\n(\s+- .*\n)+)?(\s+blast_radius_detail: .*\n)?/,
      '- git push --force origin main\n',
    );
    assert.notEqual(bare, source);
    const { problems } = compileRuleFiles([{ path: 'rules/git.yaml', text: bare }]);
    assert.ok(
      problems.some((p) => p.ruleId === 'git:push-force' && p.message.startsWith(UNSTATED)),
      JSON.stringify(problems.map((p) => p.message)),
    );
  });
});

/** The catalogue with one rule replaced. */
function engineWith(rule: CompiledRule): Engine {
  return new Engine(new Catalogue(memorySource({ ...data, rules: data.rules.map((r) => (r.id === rule.id ? rule : r)) })));
}

test('docs/rules.md is generated from the current catalogue (run `npm run docs` when this fails)', () => {
  let current = '';
  try {
    current = readFileSync(ROOT + 'docs/rules.md', 'utf8');
  } catch {
    /* missing counts as stale */
  }
  assert.ok(current === renderRulesDoc(data), 'docs/rules.md is stale: run npm run docs');
});
