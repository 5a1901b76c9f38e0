// Configuration and policy: where config files are found, what a broken one says (file,
// line, key, fix), how the layers merge, that a project policy can only tighten, and what
// each setting does to a real assessment. Every scenario builds its files in a temp dir.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Catalogue, memorySource } from '../src/catalogue/catalogue.js';
import { Engine, notAssessed } from '../src/assess/engine.js';
import { buildPolicy } from '../src/policy/build-policy.js';
import { discoverConfig } from '../src/policy/discover.js';
import { formatPolicyProblem } from '../src/policy/problems.js';
import { resolvePolicy, type PolicyBuilder, type PolicyOutcome } from '../src/policy/resolve.js';
import { DEFAULT_POLICY, type Policy } from '../src/policy/policy.js';
import { STARTER_RULE } from '../src/policy/starter.js';
import { assessmentErrors, catalogueData, runCli } from './helpers.js';

const base = mkdtempSync(join(tmpdir(), 'firebreak-policy-'));
after(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

/** A fresh world: a home directory and a git project inside it, with the given files. */
function world(files: Record<string, string> = {}): { home: string; project: string; env: Record<string, string> } {
  const root = join(base, `w${n++}`);
  const home = join(root, 'home');
  const project = join(home, 'src', 'app');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), 'ref: refs/heads/feature/x\n');
  for (const [rel, text] of Object.entries(files)) {
    const path = rel.startsWith('~/') ? join(home, rel.slice(2)) : join(project, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return { home, project, env: { HOME: home, XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '', FIREBREAK_CONFIG: '' } };
}

const builder = (): PolicyBuilder => ({ buildPolicy });

function resolveIn(w: ReturnType<typeof world>, cwd = w.project, extraEnv: Record<string, string> = {}, build = builder): PolicyOutcome {
  const env = { ...w.env, ...extraEnv };
  return resolvePolicy({ cwd, home: w.home, env: (k) => env[k] || undefined, stamp: 'test', diskCache: false }, build);
}

function policyOf(o: PolicyOutcome): Policy {
  if (!o.ok) assert.fail(`expected a valid policy, got: ${o.problems.map(formatPolicyProblem).join(' | ')}`);
  return o.resolved.policy;
}

function problemsOf(o: PolicyOutcome): string[] {
  assert.equal(o.ok, false, 'expected the config to be rejected');
  return o.ok ? [] : o.problems.map(formatPolicyProblem);
}

let catalogue: Catalogue | null = null;
function engineFor(policy: Policy): Engine {
  catalogue ??= new Catalogue(memorySource(catalogueData()));
  return new Engine(catalogue, policy);
}
const CTX = { cwd: '/home/dev/project', home: '/home/dev', projectRoot: '/home/dev/project', tempDirs: ['/tmp'] };

describe('finding config files', () => {
  test('no config anywhere: the built-in defaults, without loading anything', () => {
    const w = world();
    const o = resolveIn(w, w.project, {}, () => assert.fail('nothing should be loaded'));
    assert.deepEqual(policyOf(o), DEFAULT_POLICY);
  });
  test('the user config in ~/.config/firebreak, in XDG_CONFIG_HOME, in ~/.firebreakrc.yaml, or named by FIREBREAK_CONFIG', () => {
    for (const [file, env] of [
      ['~/.config/firebreak/config.yaml', {}],
      ['~/xdg/firebreak/config.yml', { XDG_CONFIG_HOME: 'XDG' }],
      ['~/.firebreakrc.yaml', {}],
      ['~/elsewhere/fb.json', { FIREBREAK_CONFIG: 'FILE' }],
    ] as const) {
      const text = file.endsWith('.json') ? '{"on_error": "deny"}' : 'on_error: deny\n';
      const w = world({ [file]: text });
      const e: Record<string, string> = {};
      if ('XDG_CONFIG_HOME' in env) e.XDG_CONFIG_HOME = join(w.home, 'xdg');
      if ('FIREBREAK_CONFIG' in env) e.FIREBREAK_CONFIG = join(w.home, 'elsewhere/fb.json');
      const o = resolveIn(w, w.project, e);
      assert.equal(policyOf(o).onError, 'deny', file);
      assert.deepEqual(o.ok && o.resolved.sources.on_error, [join(w.home, file.slice(2))], file);
    }
  });
  test('FIREBREAK_CONFIG naming a missing file is an error, not the defaults', () => {
    const w = world();
    const [p] = problemsOf(resolveIn(w, w.project, { FIREBREAK_CONFIG: join(w.home, 'nope.yaml') }));
    assert.match(p!, /FIREBREAK_CONFIG names .*nope\.yaml, which is not a readable file; fix: point FIREBREAK_CONFIG/);
  });
  test('two user configs are an error naming both, never one silently ignored', () => {
    const w = world({ '~/.config/firebreak/config.yaml': 'on_error: deny\n', '~/.firebreakrc.json': '{}' });
    const [p] = problemsOf(resolveIn(w));
    assert.match(p!, /more than one user config: .*config\.yaml, .*\.firebreakrc\.json/);
  });
  test('project policies from the project root down to the cwd all apply, outermost first', () => {
    const w = world({
      '.firebreak.yaml': 'deny: [git:push-force]\n',
      'services/api/.firebreakrc.json': '{"deny": ["fs:rm-recursive"]}',
      'services/api/src/x': '',
    });
    const found = discoverConfig({ cwd: join(w.project, 'services/api/src'), home: w.home, projectRoot: w.project, env: () => undefined });
    assert.deepEqual(
      found.files.map((f) => f.path),
      [join(w.project, '.firebreak.yaml'), join(w.project, 'services/api/.firebreakrc.json')],
    );
    const p = policyOf(resolveIn(w, join(w.project, 'services/api/src')));
    assert.deepEqual(p.deniedRules, ['git:push-force', 'fs:rm-recursive']);
    // Above the project root nothing is read: a policy in the home directory's parent is not this project's.
    assert.deepEqual(policyOf(resolveIn(w, w.project)).deniedRules, ['git:push-force']);
  });
  test('a package.json "firebreak" key is a project policy; one without it is not', () => {
    const w = world({ 'package.json': JSON.stringify({ name: 'app', dependencies: { firebreak: '1' }, firebreak: { on_error: 'deny' } }) });
    assert.equal(policyOf(resolveIn(w)).onError, 'deny');
    const w2 = world({ 'package.json': JSON.stringify({ name: 'app', devDependencies: { firebreak: '1' } }) });
    assert.equal(policyOf(resolveIn(w2, w2.project, {}, () => assert.fail('no config to load'))).onError, 'ask');
  });
  test('a project policy written as code is refused: firebreak never runs code from a repository', () => {
    const w = world({ '.firebreakrc.js': 'module.exports = { ignore: ["git:*"] }' });
    const [p] = problemsOf(resolveIn(w));
    assert.match(p!, /\.firebreakrc\.js: a project policy must be data \(YAML or JSON\)/);
  });
  test('two project policies in one directory are an error', () => {
    const w = world({ '.firebreak.yaml': 'version: 1\n', '.firebreakrc': 'version: 1\n' });
    assert.match(problemsOf(resolveIn(w))[0]!, /more than one project policy in .*: .*\.firebreak\.yaml, .*\.firebreakrc/);
  });
  test("outside a repository only the cwd's own policy applies: a file left in a shared parent (/tmp) judges nothing below it", () => {
    const w = world();
    const shared = join(dirname(w.home), 'shared');
    mkdirSync(join(shared, 'job'), { recursive: true });
    writeFileSync(join(shared, '.firebreak.yaml'), 'nonsense: [planted]\n');
    assert.ok(resolveIn(w, join(shared, 'job')).ok, "the parent's file is not read");
    writeFileSync(join(shared, 'job', '.firebreak.yaml'), 'deny: [git:stash-drop]\n');
    assert.deepEqual(policyOf(resolveIn(w, join(shared, 'job'))).deniedRules, ['git:stash-drop']);
  });
  test('the home directory is never read as a project, even from inside a dotfiles repository', () => {
    const w = world({ '~/.firebreak.yaml': 'on_error: deny\n' });
    mkdirSync(join(w.home, '.git'), { recursive: true });
    const o = resolveIn(w, w.home);
    assert.ok(o.ok);
    assert.equal(o.resolved.files.length, 1, 'read once, as the user config');
    assert.equal(o.resolved.policy.onError, 'deny');
  });
});

describe('a broken config is an error naming the file, the line, the key and the fix', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'a misspelt key',
      'version: 1\nprotected_branchs: [main]\n',
      /\.firebreak\.yaml:2: protected_branchs: unknown key 'protected_branchs'; fix: did you mean 'protected_branches'\?/,
    ],
    [
      'a nested unknown key',
      'thresholds:\n  agent:\n    ask: Low\n    denny: High\n',
      /:4: thresholds\.agent\.denny: unknown key 'denny'; fix: did you mean 'deny'\?/,
    ],
    ['a value outside the enum', 'on_error: maybe\n', /:1: on_error: "maybe" is not allowed here; fix: use one of ask, deny/],
    [
      'a severity misspelt',
      'thresholds:\n  ask: Hihg\n',
      /:2: thresholds\.ask: "Hihg" is not allowed here; fix: use one of Info, Low, Medium, High, Critical, never/,
    ],
    ['a string where a list belongs', 'protected_branches: main\n', /:1: protected_branches: must be a list; fix: write a list/],
    ['a budget out of range', 'blast_radius:\n  budget_ms: 60000\n', /:2: blast_radius\.budget_ms: 60000 is out of range; fix: use a value <= 5000/],
    ['a YAML syntax error', 'deny: [git:push-force\nthresholds: {}\n', /\.firebreak\.yaml:\d+: not valid YAML: .*; fix: correct the file/],
    ['a key written twice', 'on_error: ask\non_error: deny\n', /:2: not valid YAML: Map keys must be unique/],
    ['an unknown rule id, with the nearest', 'deny: [git:push-forc]\n', /:1: deny\[0\]: no rule id 'git:push-forc'; fix: did you mean 'git:push-force'\?/],
    ['an unknown group', 'deny: ["kubernets:*"]\n', /deny\[0\]: no rule group 'kubernets:\*'; fix: did you mean 'kubernetes:\*'\?/],
    ['not a rule id at all', 'severity:\n  push-force: High\n', /severity\.push-force: 'push-force' is not a rule id; fix: rule ids are group:name/],
    ['a list at the top', '- deny\n', /the config must be a mapping of settings/],
    ['a mapping used as a key', 'version: 1\n? {on_error: deny}\n: x\n', /:2: a key is a list, a mapping or tagged data/],
    [
      'a custom rule RE2 rejects',
      'rules:\n  - id: custom:x\n    description: Does something dangerous to x.\n    severity: High\n    match: { command: x, pattern: "^x(?=y)" }\n    blast_radius: { scope: PROJECT, detail: Breaks x. }\n    examples: { match: [x y, x y z, x y 1], no_match: [x, x z, x 1] }\n',
      /:5: rules\[0\]\.match\.pattern: rule custom:x: RE2 rejects pattern/,
    ],
    [
      'a custom rule taking a built-in id',
      'rules:\n  - id: git:push-force\n    description: Does something dangerous to x.\n    severity: High\n    match: { command: git, pattern: "^git push" }\n    blast_radius: { scope: PROJECT, detail: Breaks x. }\n    examples: { match: [git push, git push a, git push b], no_match: [git, git pull, git log] }\n',
      /:2: rules\[0\]\.id: rule id 'git:push-force' is already used by rules\/git\.yaml:\d+/,
    ],
  ];
  for (const [what, text, expected] of cases) {
    test(what, () => {
      const w = world({ '.firebreak.yaml': text });
      const problems = problemsOf(resolveIn(w));
      assert.ok(
        problems.some((p) => expected.test(p)),
        `${problems.join('\n')}\n  does not match ${expected}`,
      );
      assert.ok(
        problems.every((p) => p.startsWith(join(w.project, '.firebreak.yaml'))),
        'every problem names the file',
      );
    });
  }
  test('rules whose patterns compile alone but not together in one RE2.Set are an error naming the rule', () => {
    const rule = (id: string, tail: string): string =>
      `  - id: custom:${id}\n    description: Something dangerous with rm, ${id}.\n    severity: High\n    match: { command: rm, pattern: '^rm (?:\\pL{1,10}){1,10}${tail}$' }\n    blast_radius: { scope: PROJECT, detail: 'Deletes x.' }\n    examples: { match: [rm abc, rm abcd, rm abcde], no_match: [ls, ls a, ls b] }\n`;
    const w = world({ '.firebreak.yaml': `rules:\n${rule('a', '')}${rule('b', 'x')}` });
    assert.match(
      problemsOf(resolveIn(w))[0]!,
      /rules\[0\]\.match\.pattern: rule custom:a: the patterns of every rule for rm together are more than RE2 can match at once/,
    );
  });
  test('a key written twice in JSON is an error too, not last-one-wins', () => {
    const w = world({ '.firebreakrc.json': '{\n  "deny": ["registry:npm-publish"],\n  "deny": []\n}\n' });
    assert.match(problemsOf(resolveIn(w))[0]!, /\.firebreakrc\.json:3: not valid: Map keys must be unique/);
  });
  test('a relative FIREBREAK_CONFIG is refused: it would be read from the directory being checked', () => {
    const w = world({ 'fb.yaml': 'thresholds: {ask: never, deny: never}\n' });
    assert.match(problemsOf(resolveIn(w, w.project, { FIREBREAK_CONFIG: 'fb.yaml' }))[0]!, /FIREBREAK_CONFIG must be an absolute path, not 'fb\.yaml'/);
  });
  test('a group misspelt in an escalation entry is an error', () => {
    const w = world({ '.firebreak.yaml': 'escalation:\n  - { signal: ci, level: Elevated, groups: [regsitry] }\n' });
    assert.match(problemsOf(resolveIn(w))[0]!, /escalation\[0\]\.groups\[0\]: no rule group 'regsitry'; fix: did you mean 'registry'\?/);
  });
  test('JSON configs get lines too', () => {
    const w = world({ '.firebreakrc.json': '{\n  "version": 1,\n  "on_eror": "deny"\n}\n' });
    assert.match(problemsOf(resolveIn(w))[0]!, /\.firebreakrc\.json:3: on_eror: unknown key 'on_eror'; fix: did you mean 'on_error'\?/);
  });
  test('hostile files: binary, huge, not UTF-8, an alias bomb', () => {
    const bomb =
      'a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n';
    const expectations: Array<[string | Buffer, RegExp]> = [
      [Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]), /is not a text file/],
      ['# x\n'.repeat(300_000), /over the 1 MiB a config may be/],
      [Buffer.from([0x6f, 0x6e, 0x3a, 0x20, 0xff, 0xfe, 0x0a]), /is not valid UTF-8/],
      [bomb, /not valid YAML|cannot be loaded|alias/i],
    ];
    for (const [content, expected] of expectations) {
      const w = world();
      writeFileSync(join(w.project, '.firebreak.yaml'), content);
      const problems = problemsOf(resolveIn(w));
      assert.match(problems[0]!, expected);
    }
  });
  test('an agent-facing door answers an unusable config with the failure mode and the error as the reason', () => {
    const w = world({ '~/.config/firebreak/config.yaml': 'on_error: deny\n', '.firebreak.yaml': 'ignore: [git:push-force]\n' });
    const o = resolveIn(w);
    assert.ok(!o.ok);
    const a = notAssessed('git status', o.failMode, o.error);
    assert.equal(assessmentErrors(a), '');
    assert.deepEqual([a.decision, a.allowed, a.context.labels], ['deny', false, ['error=invalid-config']]);
    assert.match(a.denial_reason!, /^Not assessed: invalid config: .*\.firebreak\.yaml:1: ignore\[0\]: a project policy may only tighten/);
  });
  test('a FIFO named package.json, .git or HEAD never blocks a check', () => {
    const w = world();
    execFileSync('mkfifo', [join(w.project, 'package.json')]);
    assert.ok(resolveIn(w).ok);
    rmSync(join(w.project, '.git', 'HEAD'));
    execFileSync('mkfifo', [join(w.project, '.git', 'HEAD')]);
    const r = runCli(['check', '--', 'git push --force origin main'], { cwd: w.project, env: { ...w.env } });
    assert.equal(r.status, 2, r.stderr);
  });
  test("a cwd reached through a symlink into the repository gets the repository's policy", () => {
    const w = world({ '.firebreak.yaml': 'deny: [git:stash-drop]\n', 'sub/x': '' });
    const link = join(dirname(w.home), 'link');
    symlinkSync(join(w.project, 'sub'), link);
    assert.deepEqual(policyOf(resolveIn(w, link)).deniedRules, ['git:stash-drop']);
  });
  test('a package.json key written with escapes is still the firebreak key', () => {
    const w = world({ 'package.json': '{"name": "app", "fire\\u0062reak": {"on_error": "deny"}}' });
    assert.equal(policyOf(resolveIn(w)).onError, 'deny');
  });
  test('a policy name that is a directory or a broken link is reported, not skipped', () => {
    const w = world();
    mkdirSync(join(w.project, '.firebreak.yaml'));
    assert.match(problemsOf(resolveIn(w))[0]!, /\.firebreak\.yaml: is not a regular file/);
    const w2 = world();
    symlinkSync(join(w2.project, 'gone.yaml'), join(w2.project, '.firebreakrc.yml'));
    assert.match(problemsOf(resolveIn(w2))[0]!, /\.firebreakrc\.yml: cannot be read \(ENOENT\)/);
  });
  test('an empty file is a valid config that sets nothing', () => {
    const w = world({ '.firebreak.yaml': '' });
    assert.deepEqual(policyOf(resolveIn(w)).deniedRules, []);
  });
  test('the failure mode is found however the deny is written: compact JSON, flow YAML, an anchor', () => {
    for (const [file, text] of [
      ['~/.config/firebreak/config.json', '{"on_error":"deny"}'],
      ['~/.config/firebreak/config.yaml', '{on_error: deny}\n'],
      ['~/.config/firebreak/config.yaml', 'on_error: &strict deny\n'],
    ] as const) {
      const w = world({ [file]: text, '.firebreak.yaml': 'thresholds: {ask: Banana}\n' });
      const o = resolveIn(w);
      assert.equal(!o.ok && o.failMode, 'deny', text);
    }
  });
  test('the failure mode of a broken config is deny when any layer asks for it, else ask', () => {
    const w = world({ '~/.config/firebreak/config.yaml': 'on_error: deny\n', '.firebreak.yaml': 'nonsense: 1\n' });
    const o = resolveIn(w);
    assert.equal(!o.ok && o.failMode, 'deny');
    const w2 = world({ '.firebreak.yaml': 'nonsense: 1\n' });
    const o2 = resolveIn(w2);
    assert.equal(!o2.ok && o2.failMode, 'ask');
    assert.match(!o2.ok ? o2.error.message : '', /^invalid config: .*\.firebreak\.yaml:1: nonsense: unknown key/);
  });
});

describe('a project policy can only tighten', () => {
  const USER = '~/.config/firebreak/config.yaml';
  const loosenings: Array<[string, string, string, RegExp]> = [
    [
      'raising the deny threshold',
      '',
      'thresholds:\n  deny: Critical\n',
      /thresholds\.deny: a project policy may only tighten, and this would raise the deny threshold for agents from High to Critical/,
    ],
    [
      'raising an audience ask threshold',
      '',
      'thresholds:\n  human:\n    ask: never\n',
      /thresholds\.human\.ask: .*raise the ask threshold for people from Medium to never/,
    ],
    [
      "undoing the user's stricter threshold",
      'thresholds: { agent: { ask: Low } }\n',
      'thresholds: { agent: { ask: Medium } }\n',
      /raise the ask threshold for agents from Low to Medium/,
    ],
    ['turning failures from deny into ask', 'on_error: deny\n', 'on_error: ask\n', /on_error: .*turn failures from deny into ask/],
    ['disabling a group', '', 'groups:\n  disable: [git]\n', /groups\.disable\[0\]: .*disable the rule group 'git'/],
    ['ignoring a rule', '', 'ignore: [git:push-force]\n', /ignore\[0\]: .*stop the rule git:push-force from applying/],
    ['lowering a severity', '', 'severity:\n  git:push-force: Low\n', /severity\.git:push-force: .*lower git:push-force from High to Low/],
    [
      'lowering a severity the user raised',
      'severity: { git:stash-clear: Critical }\n',
      'severity: { git:stash-clear: High }\n',
      /lower git:stash-clear from Critical to High/,
    ],
    ['raising escalate_from', '', 'escalate_from: High\n', /escalate_from: .*raise escalate_from from Medium to High/],
    [
      'raising the blast-radius budget',
      '',
      'blast_radius: { budget_ms: 4000 }\n',
      /blast_radius\.budget_ms: a project policy may lower the blast-radius budget, not raise it from 150 ms to 4000 ms/,
    ],
    ['switching the audit log off', 'audit: { enabled: true }\n', 'audit: { enabled: false }\n', /audit\.enabled: .*switch the audit log off/],
    ['moving the audit log', '', 'audit: { file: /tmp/log }\n', /audit\.file: where the audit log is written is for the user to choose/],
  ];
  for (const [what, user, project, expected] of loosenings) {
    test(`rejected: ${what}`, () => {
      const w = world({ ...(user ? { [USER]: user } : {}), '.firebreak.yaml': project });
      const problems = problemsOf(resolveIn(w));
      assert.ok(
        problems.some((p) => expected.test(p)),
        `${problems.join('\n')}\n  does not match ${expected}`,
      );
      assert.match(problems[0]!, /\.firebreak\.yaml:\d+: /, 'with the line');
      assert.match(
        problems.find((p) => expected.test(p))!,
        /fix: (remove it from .*\.firebreak\.yaml; to decide this for yourself, set it in your user config|remove)/,
      );
    });
  }
  test('rejected: changing how a command the catalogue looks at upstream in a pipe reads its options', () => {
    const w = world({ '.firebreak.yaml': 'commands:\n  cat: { value_options: [-u] }\n' });
    assert.match(problemsOf(resolveIn(w)).join('\n'), /commands\.cat: how to read cat's options is already defined by the catalogue/);
  });
  test("rejected: changing how a command the user's own rules match reads its options", () => {
    const user = `commands:\n  deploy-tool: { value_options: [--env] }\nrules:\n${STARTER_RULE.replace(/make/g, 'deploy-tool')}`;
    const w = world({ [USER]: user, '.firebreak.yaml': 'commands:\n  deploy-tool: { value_options: [--target] }\n' });
    assert.match(problemsOf(resolveIn(w)).join('\n'), /commands\.deploy-tool: how to read deploy-tool's options is already defined by .*config\.yaml/);
    const ok = world({ [USER]: user });
    assert.deepEqual(
      policyOf(resolveIn(ok)).customCommands['deploy-tool']?.value_options,
      ['--env'],
      'a file may define the options of the commands its own rules use',
    );
  });
  test("the same settings are the user's to choose in their own config", () => {
    const w = world({
      [USER]:
        'thresholds: { deny: Critical, human: { ask: never } }\non_error: ask\ngroups: { disable: [cloud] }\nignore: [git:push-force]\nseverity: { git:stash-clear: Low }\nescalate_from: High\nblast_radius: { budget_ms: 400 }\n',
    });
    const p = policyOf(resolveIn(w));
    assert.deepEqual(p.thresholds, { agent: { ask: 'Medium', deny: 'Critical' }, human: { ask: 'never', deny: 'Critical' } });
    assert.deepEqual([p.disabledGroups, p.ignoredRules, p.escalateFrom, p.blastRadiusBudgetMs], [['cloud'], ['git:push-force'], 'High', 400]);
    assert.deepEqual(p.severityOverrides['git:stash-clear'], { severity: 'Low', mode: 'set' });
  });
  test('tightenings are accepted and recorded with their source', () => {
    const w = world({
      [USER]: 'groups: { disable: [cloud, database] }\nprotected_branches: [trunk]\n',
      '.firebreak.yaml':
        'thresholds: { agent: { ask: Low }, human: { deny: Critical } }\n'.replace('Critical', 'High') +
        'on_error: deny\ngroups: { enable: [cloud] }\ndeny: ["database:*"]\nseverity: { git:stash-clear: Critical }\nprotected_branches: [staging]\nproduction_patterns: [payments-live]\nblast_radius: { budget_ms: 50 }\naudit: { enabled: true }\n',
    });
    const o = resolveIn(w);
    const p = policyOf(o);
    assert.equal(p.thresholds.agent.ask, 'Low');
    assert.equal(p.onError, 'deny');
    assert.deepEqual(p.disabledGroups, ['database'], 'the project switched cloud back on');
    assert.deepEqual(p.protectedBranches, ['trunk', 'staging'], "the user's list replaces the defaults; the project's adds");
    assert.ok(p.productionPatterns.includes('prod') && p.productionPatterns.includes('payments-live'));
    assert.deepEqual(p.severityOverrides['git:stash-clear'], { severity: 'Critical', mode: 'floor' });
    assert.equal(p.blastRadiusBudgetMs, 50);
    assert.equal(p.audit.enabled, true);
    assert.ok(o.ok);
    assert.deepEqual(o.resolved.sources.deny, [join(w.project, '.firebreak.yaml')], 'an empty default owes nothing');
    assert.deepEqual(o.resolved.sources.protected_branches, [join(w.home, '.config/firebreak/config.yaml'), join(w.project, '.firebreak.yaml')]);
    assert.deepEqual(o.resolved.sources['thresholds.agent.deny'], ['default']);
  });
});

describe('what the settings do to an assessment', () => {
  const policy = (text: string, files: Record<string, string> = {}): Policy => policyOf(resolveIn(world({ '.firebreak.yaml': text, ...files })));
  const assess = (p: Policy, line: string, audience: 'agent' | 'human' = 'agent') => {
    const a = engineFor(p).assess(line, { context: CTX, audience });
    assert.equal(assessmentErrors(a), '');
    return a;
  };
  test('an always-denied rule is denied whatever its severity and the thresholds', () => {
    const a = assess(policy('deny: [git:stash-drop]\n'), 'git stash drop');
    assert.equal(a.decision, 'deny');
    assert.match(a.denial_reason!, /the policy always denies git:stash-drop/);
    assert.equal(assess(DEFAULT_POLICY, 'git stash drop').decision === 'deny', false, 'not denied by default');
  });
  test('ignored rules and disabled groups do not match; a denied id inside them still does', () => {
    const w = world({ '~/.config/firebreak/config.yaml': 'ignore: [git:push-force]\ngroups: { disable: [kubernetes] }\n' });
    const user = policyOf(resolveIn(w));
    assert.equal(
      assess(user, 'git push --force origin feature').matched_rules.some((m) => m.id === 'git:push-force'),
      false,
    );
    assert.equal(assess(user, 'kubectl delete namespace payments').decision, 'allow');
    writeFileSync(join(w.project, '.firebreak.yaml'), 'deny: [git:push-force]\n');
    const both = policyOf(resolveIn(w));
    assert.equal(assess(both, 'git push --force origin feature').decision, 'deny');
  });
  test('severity: the user sets it (even lower); the project raises it', () => {
    const w = world({ '~/.config/firebreak/config.yaml': 'severity: { git:push-force: Low }\n' });
    assert.equal(assess(policyOf(resolveIn(w)), 'git push --force origin feature').severity, 'Low');
    const raised = policy('severity: { git:push-force: Critical }\n');
    assert.equal(assess(raised, 'git push --force origin feature').severity, 'Critical');
  });
  test('thresholds differ for agents and people', () => {
    const w = world({ '~/.config/firebreak/config.yaml': 'thresholds:\n  human: { ask: High, deny: never }\n' });
    const p = policyOf(resolveIn(w));
    assert.equal(assess(p, 'git push --force origin feature', 'agent').decision, 'deny');
    assert.equal(assess(p, 'git push --force origin feature', 'human').decision, 'ask');
    assert.equal(assess(p, 'kubectl cordon node-1', 'human').decision, 'allow');
  });
  test('a custom rule matches, with its own group, alternative and blast radius', () => {
    const p = policy(`rules:\n${STARTER_RULE}`);
    assert.equal(p.customRules.length, 1);
    const a = assess(p, 'make -j4 deploy-prod');
    assert.equal(a.decision, 'deny');
    assert.deepEqual(
      a.matched_rules.map((m) => [m.id, m.group, m.severity]),
      [['custom:deploy-prod', 'custom', 'High']],
    );
    assert.deepEqual(
      a.alternatives[0],
      { command: 'make deploy-staging', explanation: 'Deploy to staging; production releases go through the pipeline.', source: 'config:custom:deploy-prod' },
      'an alternative from a config rule says so',
    );
    assert.equal(assess(p, 'make deploy-staging').decision, 'allow');
  });
  test('project protected branches and production words raise severity through context', () => {
    const w = world({ '.firebreak.yaml': 'protected_branches: [feature/*]\nproduction_patterns: [payments]\n' });
    const p = policyOf(resolveIn(w));
    const ctx = { cwd: w.project, home: w.home, projectRoot: w.project, tempDirs: ['/tmp'] };
    const push = engineFor(p).assess('git push --force origin feature/x', { context: ctx });
    assert.ok(push.context.labels.includes('branch-protected'));
    assert.equal(push.severity, 'Critical');
    const env = engineFor(p).assess('rake db:drop', { context: ctx, env: { RAILS_ENV: 'payments' } });
    assert.equal(env.risk_level, 'Critical');
  });
});

describe('the policy cache', () => {
  test('a merged policy is reused until a file changes, in memory and on disk', () => {
    const w = world({ '.firebreak.yaml': 'deny: [git:stash-drop]\n' });
    const env = { ...w.env };
    let builds = 0;
    const counting = (): PolicyBuilder => ({
      buildPolicy: (f, h) => {
        builds++;
        return buildPolicy(f, h);
      },
    });
    const req = { cwd: w.project, home: w.home, env: (k: string) => env[k as keyof typeof env] || undefined, stamp: 'cache-test' };
    assert.ok(resolvePolicy(req, counting).ok);
    assert.ok(resolvePolicy(req, counting).ok);
    assert.equal(builds, 1);
    writeFileSync(join(w.project, '.firebreak.yaml'), 'deny: [git:stash-clear]\n');
    const changed = resolvePolicy(req, counting);
    assert.equal(builds, 2);
    assert.deepEqual(changed.ok && changed.resolved.policy.deniedRules, ['git:stash-clear']);
    // A new process (stamp and memory apart) finds it on disk.
    const fresh = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `
      const { resolvePolicy } = await import(${JSON.stringify(new URL('../src/policy/resolve.ts', import.meta.url).href)});
      const o = resolvePolicy({ cwd: ${JSON.stringify(w.project)}, home: ${JSON.stringify(w.home)}, env: () => undefined, stamp: 'cache-test' }, () => { throw new Error('should come from the disk cache'); });
      console.log(JSON.stringify(o.ok && o.resolved.policy.deniedRules));`,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(fresh.trim(), '["git:stash-clear"]');
  });
});

describe('the policy cache, rewritten by someone else', () => {
  // What an attacker would write: every threshold at never, every group off, the
  // destructive rule ignored; then the same with the stamp kept and a MAC recomputed
  // without the key; then garbage. None of it may change a verdict or what policy show says.
  type CacheFile = { entries: Array<{ resolved: { policy: Record<string, unknown> }; mac: string }> };
  const loosen = (c: CacheFile): CacheFile => {
    for (const e of c.entries) {
      const never = { ask: 'never', deny: 'never' };
      Object.assign(e.resolved.policy, {
        thresholds: { agent: never, human: never },
        disabledGroups: ['fs', 'git', 'self'],
        ignoredRules: ['fs:*'],
        deniedRules: [],
      });
    }
    return c;
  };
  const forgeries: Array<[string, (text: string) => string]> = [
    ['every threshold at never and every group off', (t) => JSON.stringify(loosen(JSON.parse(t) as CacheFile))],
    [
      'the same with a MAC made without the key',
      (t) => {
        const c = loosen(JSON.parse(t) as CacheFile);
        for (const e of c.entries) e.mac = createHash('sha256').update(JSON.stringify(e.resolved)).digest('hex');
        return JSON.stringify(c);
      },
    ],
    ['garbage', () => '\u0000{not json'],
    ['an empty file', () => ''],
  ];
  for (const [what, forge] of forgeries) {
    test(`${what}: destructive commands are still denied, and policy show is unchanged`, () => {
      const w = world({ '.firebreak.yaml': 'deny: [git:stash-drop]\n' });
      const cli = (args: string[]) => runCli(args, { cwd: w.project, env: { ...w.env } });
      const shown = cli(['policy', 'show', '--format', 'json']).stdout;
      assert.equal(cli(['check', '--', 'rm -rf ~']).status, 2, 'denied before');
      const cache = join(w.home, '.cache', 'firebreak', 'policy-cache.json');
      assert.ok(existsSync(cache), 'the check wrote the cache');
      writeFileSync(cache, forge(readFileSync(cache, 'utf8')));
      for (const c of ['rm -rf ~', 'git stash drop']) assert.equal(cli(['check', '--', c]).status, 2, `${c}: denied after the cache was rewritten`);
      assert.equal(cli(['policy', 'show', '--format', 'json']).stdout, shown);
      // The forged entry was replaced by an honest one, which the next check uses.
      assert.equal(cli(['check', '--', 'rm -rf ~']).status, 2);
    });
  }
  test('a deleted key orphans the entries instead of trusting them', () => {
    const w = world({ '.firebreak.yaml': 'deny: [git:stash-drop]\n' });
    const cli = (args: string[]) => runCli(args, { cwd: w.project, env: { ...w.env } });
    assert.equal(cli(['check', '--', 'git stash drop']).status, 2);
    const cache = join(w.home, '.cache', 'firebreak', 'policy-cache.json');
    rmSync(`${cache}.key`);
    writeFileSync(cache, JSON.stringify(loosen(JSON.parse(readFileSync(cache, 'utf8')) as CacheFile)));
    assert.equal(cli(['check', '--', 'git stash drop']).status, 2);
    assert.ok(existsSync(`${cache}.key`), 'a new key was made');
  });
});

describe('firebreak check and policy, from the command line', () => {
  const cli = (w: ReturnType<typeof world>, args: string[], cwd = w.project) => runCli(args, { cwd, env: { ...w.env } });
  test('check exits 1 under an invalid config, naming file, line and key', () => {
    const w = world({ '.firebreak.yaml': 'version: 1\nthresholds:\n  deny: Critical\n' });
    for (const args of [
      ['check', '--', 'ls'],
      ['check', '--stdin'],
    ]) {
      const r = cli(w, args);
      assert.equal(r.status, 1);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^firebreak check: invalid config: .*\.firebreak\.yaml:3: thresholds\.deny: a project policy may only tighten/);
      assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
    }
  });
  test('check applies the project policy, and --for human the people thresholds', () => {
    const w = world({ '~/.config/firebreak/config.yaml': 'thresholds: { human: { deny: never } }\n', '.firebreak.yaml': 'deny: [git:stash-drop]\n' });
    const denied = cli(w, ['check', '--', 'git stash drop']);
    assert.equal(denied.status, 2);
    assert.match(denied.stdout, /^ {2}Policy: user .*config\.yaml, project .*\.firebreak\.yaml$/m, 'the text names the config files that judged it');
    assert.equal(cli(w, ['check', '--for', 'human', '--', 'git push --force origin feature']).status, 3);
    assert.equal(cli(w, ['check', '--for', 'robot', '--', 'ls']).status, 1);
  });
  test('policy show names the source of every setting', () => {
    const w = world({ '.firebreak.yaml': 'on_error: deny\n' });
    const r = cli(w, ['policy', 'show', '--format', 'json']);
    assert.equal(r.status, 0, r.stderr);
    const shown = JSON.parse(r.stdout) as {
      files: Array<{ path: string; scope: string }>;
      settings: Array<{ setting: string; value: unknown; sources: string[] }>;
    };
    assert.deepEqual(shown.files, [{ path: join(w.project, '.firebreak.yaml'), scope: 'project' }]);
    assert.deepEqual(
      shown.settings.find((s) => s.setting === 'on_error'),
      { setting: 'on_error', value: 'deny', sources: [join(w.project, '.firebreak.yaml')] },
    );
    assert.deepEqual(
      shown.settings.find((s) => s.setting === 'thresholds.agent.deny'),
      { setting: 'thresholds.agent.deny', value: 'High', sources: ['default'] },
    );
    assert.match(cli(w, ['policy', 'show']).stdout, /^on_error\s+deny\s+project .*\.firebreak\.yaml$/m);
  });
  test('policy init writes a starter that validates, and will not overwrite without --force', () => {
    const w = world();
    const r = cli(w, ['policy', 'init'], join(w.project));
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Wrote .*\.firebreak\.yaml/);
    const v = cli(w, ['policy', 'validate']);
    assert.equal(v.status, 0, v.stderr);
    assert.match(v.stdout, /\.firebreak\.yaml: valid \(project policy\)/);
    assert.equal(cli(w, ['policy', 'init']).status, 1);
    assert.equal(cli(w, ['policy', 'init', '--force']).status, 0);
  });
  test('a device, a directory or a missing file given to validate or rules test is one line and exit 1, never a hang', () => {
    const w = world();
    for (const [args, expected] of [
      [['policy', 'validate', '/dev/zero'], /not a regular file/],
      [['rules', 'test', '/dev/zero'], /not a regular file/],
      [['policy', 'validate', w.project], /not a regular file/],
      [['rules', 'test', join(w.project, 'nope.yaml')], /no such file/],
    ] as const) {
      const r = cli(w, [...args]);
      assert.equal(r.status, 1, args.join(' '));
      assert.match(r.stderr, expected);
      assert.equal(r.stderr.trim().split('\n').length, 1);
    }
  });
  test('policy validate FILE runs the examples of the rules it defines', () => {
    const w = world({ 'rules.yaml': `rules:\n${STARTER_RULE}`.replace('make deploy-staging, make test', 'make deploy-staging, make deploy-prod') });
    const r = cli(w, ['policy', 'validate', 'rules.yaml']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /rules\.yaml:\d+: rules \[custom:deploy-prod\] example "make deploy-prod": expected no match, got matched with severity High/);
    const good = world({ 'rules.yaml': `rules:\n${STARTER_RULE}` });
    const ok = cli(good, ['policy', 'validate', 'rules.yaml']);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /valid \(user config, 1 rule\(s\), examples pass\)/);
  });
  test('rules list and show include the rules of the configs in effect; rules test checks a config file', () => {
    const w = world({ '.firebreak.yaml': `rules:\n${STARTER_RULE}` });
    const list = cli(w, ['rules', 'list', '--group', 'custom']);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /^custom:deploy-prod\s+High\s+Deploys to production/m);
    assert.match(cli(w, ['rules', 'show', 'custom:deploy-prod']).stdout, /defined in:\s+.*\.firebreak\.yaml:\d+/);
    const tested = cli(w, ['rules', 'test', '.firebreak.yaml']);
    assert.equal(tested.status, 0, tested.stderr);
    assert.match(tested.stdout, /\.firebreak\.yaml: valid \(project policy, 1 rule\(s\), examples pass\)/);
  });
});

describe('the audit log settings', () => {
  const USER = '~/.config/firebreak/config.yaml';
  test('on by default, allowed commands included, in the default place; policy show says so', () => {
    assert.deepEqual(DEFAULT_POLICY.audit, { enabled: true, file: null, includeAllowed: true });
    const w = world();
    const r = runCli(['policy', 'show', '--format', 'json'], { cwd: w.project, env: { ...w.env } });
    assert.equal(r.status, 0, r.stderr);
    const shown = JSON.parse(r.stdout) as { settings: Array<{ setting: string; value: unknown; sources: string[] }> };
    assert.deepEqual(
      shown.settings.find((s) => s.setting === 'audit'),
      { setting: 'audit', value: { enabled: true, file: null, include_allowed: true }, sources: ['default'] },
    );
  });
  test('a project cannot switch the default log off, leave allowed commands out, or move it', () => {
    for (const [text, expected] of [
      ['audit: { enabled: false }\n', /audit\.enabled: .*switch the audit log off/],
      ['audit: { include_allowed: false }\n', /audit\.include_allowed: .*leave allowed commands out/],
      ['audit: { file: ~/x.jsonl }\n', /audit\.file: where the audit log is written is for the user/],
    ] as const) {
      assert.match(problemsOf(resolveIn(world({ '.firebreak.yaml': text }))).join('\n'), expected, text);
    }
  });
  test('the user may switch it off, or move it to an absolute path or one under ~/', () => {
    assert.deepEqual(policyOf(resolveIn(world({ [USER]: 'audit: { enabled: false, include_allowed: false }\n' }))).audit, {
      enabled: false,
      file: null,
      includeAllowed: false,
    });
    for (const file of ['/var/log/firebreak/audit.jsonl', '~/logs/agents.jsonl'])
      assert.equal(policyOf(resolveIn(world({ [USER]: `audit:\n  file: ${file}\n` }))).audit.file, file);
    const back = policyOf(resolveIn(world({ [USER]: 'audit: { enabled: false }\n', '.firebreak.yaml': 'audit: { enabled: true }\n' })));
    assert.equal(back.audit.enabled, true, 'a project may switch it back on');
  });
  test('audit.file that is relative, bare ~ or a directory is an error with the file and line', () => {
    for (const file of ['logs/audit.jsonl', '~', '~user/audit.jsonl', '/var/log/firebreak/']) {
      const problems = problemsOf(resolveIn(world({ [USER]: `on_error: ask\naudit:\n  file: ${JSON.stringify(file)}\n` })));
      assert.match(
        problems.join('\n'),
        new RegExp(
          `config\\.yaml:3: audit\\.file: '${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}' is not an absolute path or one under ~/ naming a file; fix: write it as a full path`,
        ),
        file,
      );
    }
  });
});
