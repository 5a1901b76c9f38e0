// The guard's own files, on a real filesystem: every place a user config is read from, a
// path that leads to a guard file through a symlink, a glob that would match one, and a
// directory that holds one. Judged by the engine as a hook would judge them.

import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { PathContext } from '../src/context/paths.js';
import { firebreakOwnPaths, USER_CONFIG_PLACES } from '../src/context/own-files.js';
import { isGuardConfig } from '../src/context/guard-paths.js';
import { testEngine } from './helpers.js';

const base = mkdtempSync(join(tmpdir(), 'firebreak-guard-'));
after(() => rmSync(base, { recursive: true, force: true }));
const home = join(base, 'home');
const project = join(home, 'app');
const pkg = join(project, 'node_modules', 'firebreak');
mkdirSync(join(home, '.claude'), { recursive: true });
writeFileSync(join(home, '.claude', 'settings.json'), '{}');
mkdirSync(join(project, '.git'), { recursive: true });
mkdirSync(join(pkg, 'dist'), { recursive: true });
mkdirSync(join(project, 'src'), { recursive: true });
const ctx: PathContext = { cwd: project, home, projectRoot: project, tempDirs: ['/tmp'], guarded: [pkg, join(home, '.config', 'firebreak')] };

const verdict = (command: string): { decision: string; rules: string[] } => {
  const a = testEngine().assess(command, { context: ctx });
  return { decision: a.decision, rules: a.matched_rules.map((r) => r.id) };
};

describe('every place a user config is read from is guarded', () => {
  for (const place of USER_CONFIG_PLACES.home) {
    it(place, () => {
      assert.ok(isGuardConfig(join(home, place), ctx));
      const v = verdict(`printf 'groups: {disable: [fs, self]}' > ~/${place}`);
      assert.equal(v.decision, 'deny', place);
      assert.ok(
        v.rules.some((r) => r.startsWith('self:')),
        place,
      );
    });
  }
  it('and FIREBREAK_CONFIG and the XDG config directory where they point', () => {
    const paths = firebreakOwnPaths(
      (k) => (({ XDG_CONFIG_HOME: '/srv/cfg', FIREBREAK_CONFIG: '/srv/team/firebreak.yaml' }) as Record<string, string>)[k],
      home,
    );
    assert.ok(paths.includes('/srv/cfg/firebreak'));
    assert.ok(paths.includes('/srv/team/firebreak.yaml'));
  });
});

describe('a symlink does not hide a guard file', () => {
  it('a link made earlier to the agent settings directory', () => {
    symlinkSync(join(home, '.claude'), join(project, 'cl'));
    assert.equal(verdict(`echo '{}' > cl/settings.json`).decision, 'deny');
    assert.equal(verdict('rm -f cl/settings.json').decision, 'deny');
    assert.equal(verdict('cp /dev/null cl/settings.json').decision, 'deny');
  });
  it('a link made earlier to the file itself', () => {
    symlinkSync(join(home, '.claude', 'settings.json'), join(project, 'src', 'notes.json'));
    assert.equal(verdict(`echo '{}' > src/notes.json`).decision, 'deny');
    assert.equal(verdict("python3 -c \"open('src/notes.json', 'w')\"").decision, 'deny');
  });
  it("an ordinary file is still the agent's", () => {
    writeFileSync(join(project, 'src', 'app.ts'), '');
    assert.equal(verdict(`echo x > src/app.ts`).decision, 'allow');
  });
});

describe('a glob that would match a guard file is aimed at it', () => {
  for (const command of ['rm -r ~/.cla*', 'rm ~/.claude/settings.jso?', 'cp /dev/null ~/.claude/settin[g]s.json']) {
    it(command, () => assert.equal(verdict(command).decision, 'deny'));
  }
  it('but not when the guard file it could match is not there', () => {
    assert.ok(!verdict('rm -f src/*.json').rules.some((r) => r.startsWith('self:')));
  });
});

describe('a directory that holds the guard', () => {
  it('cannot be moved away, replaced, or have files copied over the guard in it', () => {
    for (const command of [
      'mv node_modules /tmp/nm',
      'cp -r /tmp/evil/. node_modules/',
      'ln -sfn /tmp/evil node_modules/firebreak',
      'rsync -a /tmp/evil/ node_modules/firebreak/',
    ]) {
      assert.equal(verdict(command).decision, 'deny', command);
    }
  });
  it('can be deleted, which only breaks the hook, whose fallback then blocks', () => {
    assert.equal(verdict('rm -rf node_modules').decision, 'allow');
  });
});

describe('writers that name the file inside their own script or options (found in the second attack)', () => {
  for (const command of [
    // sed reads no ~: the path is written out, as an attacker would.
    `sed -n 'w ${join(home, '.claude', 'settings.json')}' /tmp/loose.json`,
    "sed -n 's/}$/x/;w " + join(home, '.config', 'firebreak', 'config.yaml') + "' /tmp/x",
    `awk '{print > "${join(home, '.claude', 'settings.json')}"}' /tmp/x`,
    'cp -t ~/.claude /tmp/z/settings.json',
    'mv -t ~/.claude /tmp/z/settings.json',
    'install -t ~/.config/firebreak /tmp/loose/config.yaml',
    'ln -sf -t ~/.claude /tmp/z/settings.json',
    'cp -r /tmp/z/.claude ~',
    'ln ~/.claude/settings.json /tmp/hl',
    "pkill -f 'firebreak[.]cjs.? hook'",
    'cp /tmp/pl /etc/ld.so.preload',
    'cp /tmp/m.json /etc/claude-code/managed-settings.json',
    "printf '{}' > ~/.gemini/trustedFolders.json",
    'git checkout-index -f .claude/settings.local.json',
  ]) {
    it(command, () => assert.equal(verdict(command).decision, 'deny', command));
  }
  it("and the same tools writing the project's own files stay quiet", () => {
    for (const command of ["sed -n '/error/w errors.txt' build.log", `awk '{print > "out.txt"}' in.txt`, 'cp -t src /tmp/a.ts', 'ln a.txt b.txt']) {
      assert.equal(verdict(command).decision, 'allow', command);
    }
  });
});
