// Context signals read from real git repositories and kubeconfig files made as fixtures,
// and how they raise (never lower) a matched rule's severity.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isProduction, readGit, readKube } from '../src/context/signals.js';
import type { RiskAssessment } from '../src/core/contracts.js';
import { assessmentErrors, testEngine } from './helpers.js';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' },
  });
const PROTECTED = ['main', 'master', 'release/*'];

let dir = '';
let repo = '';
let kubeconfig = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'firebreak-signals-'));
  repo = join(dir, 'repo');
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'first');
  kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- cluster:',
      '    server: https://10.0.0.1',
      '  name: eu',
      'contexts:',
      '- context:',
      '    cluster: eu',
      '    namespace: payments',
      '    user: admin',
      '  name: prod-eu',
      '- context:',
      '    cluster: eu',
      '    user: admin',
      '  name: delivery-dev',
      'current-context: prod-eu',
      'users:',
      '- name: admin',
      '  user:',
      '    token: x',
      '',
    ].join('\n'),
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('git branch from .git/HEAD', () => {
  test('main is protected', () => assert.deepEqual(readGit(repo, PROTECTED), { branch: 'main', protected: true }));
  test('a release branch matches release/*', async () => {
    git(repo, 'checkout', '-q', '-b', 'release/2.1');
    await new Promise((r) => setTimeout(r, 600)); // past the HEAD cache
    assert.deepEqual(readGit(repo, PROTECTED), { branch: 'release/2.1', protected: true });
  });
  test('a feature branch is not protected', async () => {
    git(repo, 'checkout', '-q', '-b', 'feat/login');
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(readGit(repo, PROTECTED), { branch: 'feat/login', protected: false });
  });
  test('a linked worktree (a .git file) is followed', () => {
    const wt = join(dir, 'wt');
    git(repo, 'worktree', 'add', '-q', '-b', 'master', wt);
    assert.deepEqual(readGit(wt, PROTECTED), { branch: 'master', protected: true });
  });
  test('no repository, no signal', () => assert.equal(readGit(dir, PROTECTED), null));
});

describe('kube context from the kubeconfig, no kubectl', () => {
  test('current context and its namespace', () => {
    assert.deepEqual(
      readKube((k) => (({ KUBECONFIG: kubeconfig }) as Record<string, string>)[k], dir, ['prod']),
      { context: 'prod-eu', namespace: 'payments', production: true },
    );
  });
  test('the first file in KUBECONFIG that sets current-context wins; a missing file is skipped', () => {
    const other = join(dir, 'other');
    writeFileSync(other, 'apiVersion: v1\ncontexts: []\n');
    assert.equal(readKube((k) => (k === 'KUBECONFIG' ? [join(dir, 'missing'), other, kubeconfig].join(':') : undefined), dir, ['prod'])?.context, 'prod-eu');
  });
  test('a context without a namespace uses default; delivery-dev is not production', () => {
    const dev = join(dir, 'dev-config');
    writeFileSync(dev, ['contexts:', '- context:', '    cluster: eu', '  name: delivery-dev', 'current-context: "delivery-dev"'].join('\n'));
    assert.deepEqual(
      readKube((k) => (k === 'KUBECONFIG' ? dev : undefined), dir, ['prod', 'production']),
      { context: 'delivery-dev', namespace: 'default', production: false },
    );
  });
  test('JSON kubeconfig', () => {
    const j = join(dir, 'k.json');
    writeFileSync(j, JSON.stringify({ 'current-context': 'live', contexts: [{ name: 'live', context: { namespace: 'shop' } }] }));
    assert.deepEqual(
      readKube((k) => (k === 'KUBECONFIG' ? j : undefined), dir, ['live']),
      { context: 'live', namespace: 'shop', production: true },
    );
  });
  test('whole words only', () => {
    assert.equal(isProduction('prod-eu', ['prod']), true);
    assert.equal(isProduction('gke_acme_europe-west1_production', ['production']), true);
    assert.equal(isProduction('product-catalog', ['prod']), false);
    assert.equal(isProduction('delivery-dev', ['prod', 'dev-prod']), false);
  });
});

describe('context raises severity, never lowers it, never makes a match', () => {
  const engine = testEngine();
  const assess = (line: string, opts: Parameters<typeof engine.assess>[1]): RiskAssessment => {
    const a = engine.assess(line, opts);
    assert.equal(assessmentErrors(a), '');
    return a;
  };
  const mainRepo = (): string => {
    const r = join(dir, `r${Math.random().toString(36).slice(2)}`);
    mkdirSync(r);
    git(r, 'init', '-q', '-b', 'main');
    return r;
  };
  test('a protected branch raises a git rule one step', () => {
    const a = assess('git reset --hard', { cwd: mainRepo() });
    assert.equal(a.severity, 'Critical');
    assert.equal(a.risk_level, 'Elevated');
    assert.ok(a.context.labels.includes('branch=main') && a.context.labels.includes('branch-protected'));
  });
  test('outside a repository the same command keeps its own severity', () => {
    assert.equal(assess('git reset --hard', { cwd: dir }).severity, 'High');
  });
  test('a protected branch does not raise other groups', () => {
    assert.equal(assess('kubectl cordon node-1', { cwd: mainRepo() }).severity, 'Medium');
  });
  test('a production kube context raises kubernetes rules two steps', () => {
    const a = assess('kubectl cordon node-1', { cwd: dir, env: { KUBECONFIG: kubeconfig } });
    assert.equal(a.severity, 'Critical');
    assert.equal(a.risk_level, 'Critical');
    assert.ok(a.context.labels.includes('kube=prod-eu/payments'));
  });
  test('a production environment variable raises every group', () => {
    const a = assess('kubectl cordon node-1', { cwd: dir, env: { NODE_ENV: 'production' } });
    assert.equal(a.severity, 'Critical');
    assert.ok(a.context.labels.includes('env=production'));
  });
  test('a production variable set on the line itself counts', () => {
    const a = assess('NODE_ENV=production kubectl cordon node-1', { cwd: dir });
    assert.equal(a.severity, 'Critical');
    assert.equal(assess('export APP_ENV=prod && kubectl cordon node-1', { cwd: dir }).severity, 'Critical');
  });
  test('an SSH session and root raise filesystem rules', () => {
    assert.equal(assess('rm -rf "$DIR"/*', { cwd: dir, env: { SSH_CONNECTION: '10.0.0.2 5000 10.0.0.1 22' } }).severity, 'High');
    const a = assess('rm -rf "$DIR"/*', { cwd: dir, uid: 0 });
    assert.equal(a.severity, 'High');
    assert.ok(a.context.labels.includes('root'));
  });
  test('local branch and root do not raise code that runs on another machine', () => {
    assert.equal(assess("ssh web1 'git reset --hard'", { cwd: mainRepo(), uid: 0 }).severity, 'High');
    assert.equal(assess('ssh web1 \'rm -rf "$D"/*\'', { cwd: dir, uid: 0 }).severity, 'Medium');
  });
  test('CI is a label, not an escalation', () => {
    const a = assess('kubectl cordon node-1', { cwd: dir, env: { CI: 'true' } });
    assert.equal(a.severity, 'Medium');
    assert.ok(a.context.labels.includes('ci'));
  });
  test('nothing matched stays nothing, in the most critical context', () => {
    const a = assess('ls -la', { cwd: mainRepo(), env: { NODE_ENV: 'production', SSH_TTY: '/dev/pts/0', KUBECONFIG: kubeconfig }, uid: 0 });
    assert.equal(a.severity, null);
    assert.equal(a.decision, 'allow');
  });
  test('severity is capped at Critical', () => {
    assert.equal(assess('rm -rf /', { cwd: dir, env: { NODE_ENV: 'production' }, uid: 0 }).severity, 'Critical');
  });
});
