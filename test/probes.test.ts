// Blast-radius probes on real directories and git repositories made as fixtures.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Budget } from '../src/context/probes/budget.js';
import { measureDeletion } from '../src/context/probes/deletion.js';
import { commitsDropped, stashCount, trackedCount, workingTreeChanges } from '../src/context/probes/git.js';
import { testEngine } from './helpers.js';

const ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' };
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: ENV });
const roomy = (): Budget => new Budget(5_000);

let dir = '';
let repo = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'firebreak-probes-'));
  repo = join(dir, 'repo');
  mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
  for (let i = 0; i < 30; i++) writeFileSync(join(repo, 'src', `f${i}.txt`), 'x'.repeat(100));
  for (let i = 0; i < 5; i++) writeFileSync(join(repo, 'src', 'deep', `g${i}.txt`), 'y'.repeat(10));
  git(dir, 'init', '-q', '-b', 'feat', repo);
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'one');
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('deletion', () => {
  test('files and bytes under the targets', () => {
    const s = measureDeletion([join(repo, 'src')], roomy());
    assert.deepEqual([s.files, s.bytes, s.dirs, s.partial], [35, 3050, 2, false]);
  });
  test('capped walks are reported as partial', () => {
    const s = measureDeletion([join(repo, 'src')], roomy(), 10);
    assert.equal(s.partial, true);
    assert.ok(s.files < 35);
  });
  test('an expired budget stops the walk', () => {
    const s = measureDeletion([join(repo, 'src')], new Budget(0));
    assert.equal(s.partial, true);
  });
  test('missing targets are listed, not counted', () => {
    const s = measureDeletion([join(repo, 'nope')], roomy());
    assert.deepEqual([s.files, s.missing], [0, [join(repo, 'nope')]]);
  });
  test('tracked files are counted by git', () => {
    writeFileSync(join(repo, 'src', 'untracked.txt'), 'u');
    assert.equal(trackedCount(repo, ['src'], roomy()), 35);
    rmSync(join(repo, 'src', 'untracked.txt'));
  });
});

describe('git working tree', () => {
  test('uncommitted and untracked changes', () => {
    writeFileSync(join(repo, 'src', 'f1.txt'), 'changed');
    writeFileSync(join(repo, 'new.txt'), 'n');
    assert.deepEqual(workingTreeChanges(repo, roomy()), { modified: 1, untracked: 1, ignored: 0 });
    git(repo, 'checkout', '--', '.');
    rmSync(join(repo, 'new.txt'));
  });
  test('stash entries', () => {
    writeFileSync(join(repo, 'src', 'f2.txt'), 'stash me');
    git(repo, 'stash', 'push', '-q');
    assert.equal(stashCount(repo, roomy()), 1);
    git(repo, 'stash', 'clear');
  });
  test('commits a force push would drop, from the remote-tracking branch', () => {
    const remote = join(dir, 'remote.git');
    git(dir, 'init', '-q', '--bare', remote);
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', 'origin', 'feat');
    const other = join(dir, 'other');
    git(dir, 'clone', '-q', '-b', 'feat', remote, other);
    for (const n of ['a', 'b']) {
      writeFileSync(join(other, n), n);
      git(other, 'add', '.');
      git(other, 'commit', '-qm', n);
    }
    git(other, 'push', '-q', 'origin', 'feat');
    git(repo, 'fetch', '-q', 'origin');
    assert.equal(commitsDropped(repo, 'feat', 'refs/remotes/origin/feat', roomy()), 2);
  });
  test('no repository, no answer', () => assert.equal(workingTreeChanges(dir, roomy()), null));
});

describe('the engine reports the numbers in the blast radius', () => {
  const engine = testEngine();
  test('rm -rf src', () => {
    const a = engine.assess('rm -rf src', { cwd: repo, probe: true });
    assert.match(a.blast_radius_detail ?? '', /^Deletes 35 files \(3\.0 KB\) in \.\/src, 35 of them tracked by git\./);
  });
  test('git push --force names the commits it drops', () => {
    const a = engine.assess('git push --force origin feat', { cwd: repo, probe: true });
    assert.match(a.blast_radius_detail ?? '', /Drops 2 commits that origin\/feat has and feat does not/);
  });
  test('without probe, only the static detail', () => {
    assert.doesNotMatch(engine.assess('rm -rf src', { cwd: repo }).blast_radius_detail ?? '', /Deletes 35/);
  });
});
