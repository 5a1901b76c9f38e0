// Path classes decide severity, so the table is tested cell by cell.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyPath, type PathContext } from '../src/context/paths.js';
import { parseCommandLine } from '../src/unwrap/index.js';

const ctx: PathContext = { cwd: '/home/dev/project', home: '/home/dev', projectRoot: '/home/dev/project', tempDirs: ['/tmp', '/var/tmp'] };

function cls(word: string, c: PathContext = ctx): string {
  const cmd = parseCommandLine(`rm ${word}`).commands.at(-1);
  return classifyPath(cmd!.args[0]!, c).cls;
}

describe('path classes in a project', () => {
  const table: Array<[string, string]> = [
    ['/', 'root'],
    ['/*', 'root'],
    ['/.', 'root'],
    ['/..', 'root'],
    ['../../../..', 'root'],
    ['/etc', 'system'],
    ['/etc/nginx/nginx.conf', 'system'],
    ['/usr/*', 'system'],
    ['/var/lib/postgresql', 'system'],
    ['/boot', 'system'],
    ['/home', 'system'],
    ['/dev/sda', 'device'],
    ['/dev/nvme0n1p2', 'device'],
    ['/dev/mapper/vg-root', 'device'],
    ['/dev/null', 'null_device'],
    ['~', 'home'],
    ['~/', 'home'],
    ['~/*', 'home'],
    ['$HOME', 'home'],
    ['"$HOME"', 'home'],
    ['${HOME}/', 'home'],
    ['/home/dev', 'home'],
    ['..', 'home'],
    ['~/.ssh', 'home_sensitive'],
    ['~/.ssh/id_ed25519', 'home_sensitive'],
    ['~/.aws/credentials', 'home_sensitive'],
    ['~/.kube', 'home_sensitive'],
    ['~/.bashrc', 'home_sensitive'],
    ['~/.config/firebreak', 'guard_config'],
    ['~/.config/git', 'home_sensitive'],
    ['.claude/settings.json', 'guard_config'],
    ['.firebreak.yaml', 'guard_config'],
    ['src/.claude.ts', 'project'],
    ['~/.cache/pip', 'disposable'],
    ['~/Documents', 'outside_project'],
    ['../other-project', 'outside_project'],
    ['/srv2/data', 'outside_project'],
    ['/data/backups', 'outside_project'],
    ['.', 'project_root'],
    ['./', 'project_root'],
    ['*', 'project_root'],
    ['./*', 'project_root'],
    ['.*', 'project_root'],
    ['/home/dev/project', 'project_root'],
    ['.git', 'git_dir'],
    ['.git/refs', 'git_dir'],
    ['src', 'project'],
    ['src/*', 'project'],
    ['README.md', 'project'],
    ['*.md', 'project'],
    ['packages/api/src', 'project'],
    ['node_modules', 'disposable'],
    ['packages/web/node_modules', 'disposable'],
    ['dist/*', 'disposable'],
    ['build', 'disposable'],
    ['target/debug', 'disposable'],
    ['.venv', 'disposable'],
    ['__pycache__', 'disposable'],
    ['coverage', 'disposable'],
    ['app.egg-info', 'disposable'],
    ['~root', 'system'],
    ['~bob/x', 'system'],
    ['/tmp', 'temp_root'],
    ['/tmp/*', 'temp_root'],
    ['/tmp/build-123', 'temp'],
    ['/var/tmp/x', 'temp'],
    ['$DIR', 'unknown'],
    ['"$DIR"/*', 'unknown'],
    ['$(pwd)', 'project_root'],
    ['$(dirname ~)', 'system'],
    ['"$(cat dir.txt)"', 'unknown'],
    ['${UNSET:?}/x', 'guarded'],
    ['"${DIR:?}"/*', 'guarded'],
    ['"${HOME:?}"', 'home'],
    ['${OUT:-/}', 'root'],
    ['$(echo /etc)', 'system'],
    ["'~'", 'project'],
    ["'*'", 'project'],
  ];
  for (const [word, expected] of table) test(`${word} is ${expected}`, () => assert.equal(cls(word), expected));
});

describe('without a project around the cwd', () => {
  const inHome: PathContext = { ...ctx, cwd: '/home/dev', projectRoot: '/home/dev' };
  test('* in the home directory is the home directory', () => assert.equal(cls('*', inHome), 'home'));
  test('a folder in home is outside any project', () => assert.equal(cls('Documents', inHome), 'outside_project'));
  const inRoot: PathContext = { ...ctx, cwd: '/', projectRoot: '/' };
  test('* at / is the root', () => assert.equal(cls('*', inRoot), 'root'));
  test('etc at / is system', () => assert.equal(cls('etc', inRoot), 'system'));
});

describe('a home under a temp directory (CI, containers)', () => {
  const ci: PathContext = { cwd: '/tmp/home/work', home: '/tmp/home', projectRoot: '/tmp/home/work', tempDirs: ['/tmp', '/var/tmp'] };
  test('~/.ssh is still credentials, not a temp path', () => assert.equal(cls('~/.ssh/id_ed25519', ci), 'home_sensitive'));
  test('~/.bashrc is still a dotfile', () => assert.equal(cls('~/.bashrc', ci), 'home_sensitive'));
  test('~ is still the home directory', () => assert.equal(cls('~', ci), 'home'));
  test('a folder in that home is outside the project, not temp', () => assert.equal(cls('~/Documents', ci), 'outside_project'));
  test('the rest of /tmp is still temp', () => assert.equal(cls('/tmp/build-1', ci), 'temp'));
  const tmpInHome: PathContext = { ...ctx, tempDirs: ['/tmp', '/home/dev/tmp'] };
  test('a temp directory inside home stays temp', () => assert.equal(cls('/home/dev/tmp/x', tmpInHome), 'temp'));
});

describe('a project deeper in home', () => {
  const deep: PathContext = { ...ctx, cwd: '/home/dev/work/project/src', projectRoot: '/home/dev/work/project' };
  test('.. from a subfolder is the project root', () => assert.equal(cls('..', deep), 'project_root'));
  test('../.. is a directory holding the project', () => assert.equal(cls('../..', deep), 'ancestor'));
  test('../../.. is home', () => assert.equal(cls('../../..', deep), 'home'));
  test('. in a subfolder is project files', () => assert.equal(cls('.', deep), 'project'));
});
