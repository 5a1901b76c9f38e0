// Whole scenarios, asserted as whole assessments: a real repository with a remote-tracking
// branch and a project policy, a fake kubeconfig, a user config with people's thresholds.
// Every field of the RiskAssessment is pinned, so a change anywhere in the chain shows.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Engine } from '../src/assess/engine.js';
import { Catalogue, memorySource } from '../src/catalogue/catalogue.js';
import type { RiskAssessment } from '../src/core/contracts.js';
import { buildPolicy } from '../src/policy/build-policy.js';
import { resolvePolicy } from '../src/policy/resolve.js';
import { assessmentErrors, catalogueData } from './helpers.js';

const ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' };
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: ENV });

let dir = '';
let home = '';
let repo = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'firebreak-scenario-'));
  home = join(dir, 'home');
  repo = join(home, 'work', 'shop');
  mkdirSync(repo, { recursive: true });
  // A deploy branch whose remote has one commit this clone lacks.
  git(dir, 'init', '-q', '-b', 'deploy/eu', repo);
  writeFileSync(join(repo, 'a'), 'a');
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'a');
  const remote = join(dir, 'remote.git');
  git(dir, 'init', '-q', '--bare', remote);
  git(repo, 'remote', 'add', 'origin', remote);
  git(repo, 'push', '-q', 'origin', 'deploy/eu');
  const other = join(dir, 'other');
  git(dir, 'clone', '-q', '-b', 'deploy/eu', remote, other);
  writeFileSync(join(other, 'b'), 'b');
  git(other, 'add', '.');
  git(other, 'commit', '-qm', 'b');
  git(other, 'push', '-q', 'origin', 'deploy/eu');
  git(repo, 'fetch', '-q', 'origin');
  mkdirSync(join(home, '.config', 'firebreak'), { recursive: true });
  writeFileSync(join(home, '.config', 'firebreak', 'config.yaml'), 'thresholds:\n  human: { ask: High, deny: Critical }\n');
  writeFileSync(join(repo, '.firebreak.yaml'), 'protected_branches: [deploy/*]\nproduction_patterns: [payments]\n');
  mkdirSync(join(home, '.kube'), { recursive: true });
  writeFileSync(
    join(home, '.kube', 'config'),
    [
      'apiVersion: v1',
      'kind: Config',
      'current-context: eu-dev',
      'contexts:',
      '- name: eu-dev',
      '  context:',
      '    cluster: eu-dev',
      '    user: me',
      '- name: eu-payments',
      '  context:',
      '    cluster: eu',
      '    user: me',
      '    namespace: checkout',
      '',
    ].join('\n'),
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

function assess(line: string, audience: 'agent' | 'human' = 'agent'): RiskAssessment {
  const o = resolvePolicy({ cwd: repo, home, env: () => undefined, stamp: 'scenario', diskCache: false }, () => ({ buildPolicy }));
  if (!o.ok) assert.fail(o.error.message);
  const a = new Engine(new Catalogue(memorySource(catalogueData())), o.resolved.policy).assess(line, {
    cwd: repo,
    home,
    env: {},
    uid: 1000,
    probe: true,
    audience,
  });
  assert.equal(assessmentErrors(a), '');
  return a;
}

const PUSH_DETAIL =
  'Drops 1 commit that origin/deploy/eu has and deploy/eu does not (as of the last fetch). Commits on the remote branch that are not in your local history are removed from origin for everyone.';
const PUSH_DESCRIPTION = 'Overwrites the remote branch with local history, deleting commits others may have pushed.';

describe('a force push on a branch the project policy protects', () => {
  test("for a person: raised to Critical by the protected branch, denied at the user's Critical threshold", () => {
    assert.deepEqual(assess('git push --force origin deploy/eu', 'human'), {
      command: 'git push --force origin deploy/eu',
      allowed: false,
      decision: 'deny',
      severity: 'Critical',
      risk_level: 'Elevated',
      context: { risk_level: 'Elevated', labels: ['branch=deploy/eu', 'branch-protected'] },
      matched_rules: [
        {
          id: 'git:push-force',
          group: 'git',
          description: PUSH_DESCRIPTION,
          severity: 'Critical',
          segment: 'git push --force origin deploy/eu',
          blast_radius_scope: 'PROJECT',
          blast_radius_detail: PUSH_DETAIL,
        },
      ],
      alternatives: [
        {
          command: 'git push --force-with-lease origin deploy/eu',
          explanation: '--force-with-lease refuses to overwrite commits you have not fetched.',
          source: 'catalogue:git:push-force',
        },
      ],
      requires_human_approval: false,
      denial_reason: `Denied: ${PUSH_DESCRIPTION} [git:push-force, Critical: git push --force origin deploy/eu]`,
      blast_radius_scope: 'PROJECT',
      blast_radius_detail: PUSH_DETAIL,
    });
  });
  test('a force-with-lease push is allowed, with the branch still in context', () => {
    const a = assess('git push --force-with-lease origin deploy/eu');
    assert.deepEqual([a.decision, a.severity, a.context.labels], ['allow', null, ['branch=deploy/eu', 'branch-protected']]);
  });
});

describe('kubectl judged by the cluster its flags name, not only the current context', () => {
  const DETAIL = (ctx: string, ns: string, why: string): string =>
    `Runs against context ${ctx}, namespace ${ns} (${why}). The workload(s) "deployment api" in the current namespace and all their pods are deleted; their rollout history goes with them.`;
  test("--context eu-payments: production by the project's word, raised two steps", () => {
    const a = assess('kubectl --context eu-payments delete deployment api', 'human');
    assert.deepEqual([a.decision, a.severity, a.risk_level], ['deny', 'Critical', 'Critical']);
    assert.deepEqual(a.context.labels, ['branch=deploy/eu', 'branch-protected', 'kube=eu-payments/checkout', 'kube-production']);
    assert.equal(a.blast_radius_detail, DETAIL('eu-payments', 'checkout', 'context from --context, defined in ~/.kube/config'));
    assert.equal(a.blast_radius_scope, 'NAMESPACE');
  });
  test('the current dev context: not production, so a person is only asked', () => {
    const a = assess('kubectl delete deployment api', 'human');
    assert.deepEqual([a.decision, a.severity, a.risk_level], ['ask', 'High', 'Elevated']);
    assert.deepEqual(a.context.labels, ['branch=deploy/eu', 'branch-protected', 'kube=eu-dev/default']);
    assert.equal(a.blast_radius_detail, DETAIL('eu-dev', 'default', 'current context in ~/.kube/config'));
  });
  test('a context named on the line counts even when no kubeconfig defines it', () => {
    const a = assess('kubectl --context payments-live -n checkout delete deployment api');
    assert.ok(a.context.labels.includes('kube=payments-live/checkout'), a.context.labels.join(' '));
    assert.ok(a.context.labels.includes('kube-production'));
  });
  test('a context switched earlier on the line is the one a later kubectl acts on', () => {
    const a = assess('kubectl config use-context eu-payments && kubectl delete deployment api', 'human');
    assert.ok(a.context.labels.includes('kube=eu-payments/checkout'), a.context.labels.join(' '));
    assert.ok(a.context.labels.includes('kube-production'));
    assert.equal(a.severity, 'Critical');
  });
  test('KUBECONFIG set on the line is the one read', () => {
    writeFileSync(join(dir, 'other-kubeconfig'), 'current-context: payments-live\ncontexts:\n- name: payments-live\n  context:\n    cluster: x\n');
    const a = assess(`KUBECONFIG=${join(dir, 'other-kubeconfig')} kubectl delete deployment api`);
    assert.ok(a.context.labels.includes('kube=payments-live/default'));
    assert.ok(a.context.labels.includes('kube-production'));
  });
});
