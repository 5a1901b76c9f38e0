// A firebreak install cut short: the CLI bundle empty or incomplete (an upgrade or build that
// did not finish, a full disk). Run as the hook, it must fail so the hook command's fallback
// blocks; an empty bundle used to run nothing and exit 0, which an agent reads as no objection.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ROOT } from './helpers.js';

const base = mkdtempSync(join(tmpdir(), 'firebreak-broken-install-'));
after(() => rmSync(base, { recursive: true, force: true }));

/** A copy of this installation (its dependencies linked), connected to Claude Code in a home of its own. */
function install(): { bundle: string; command: string; payload: string; env: NodeJS.ProcessEnv; project: string } {
  const root = mkdtempSync(join(base, 'i-'));
  const pkg = join(root, 'firebreak');
  for (const d of ['bin', 'dist', 'rules', 'schemas', 'package.json']) cpSync(join(ROOT, d), join(pkg, d), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(join(project, 'sandbox', 'nested'), { recursive: true });
  writeFileSync(join(project, 'sandbox', 'nested', 'a.txt'), 'keep\n');
  mkdirSync(join(project, '.git'));
  const env = { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' };
  const c = spawnSync(process.execPath, [join(pkg, 'bin', 'firebreak.cjs'), 'connect', 'claude', '--no-mcp'], {
    cwd: project,
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(c.status, 0, c.stderr);
  const settings = JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')) as {
    hooks: { PreToolUse: Array<{ hooks: Array<{ command: string }> }> };
  };
  const command = settings.hooks.PreToolUse[0]!.hooks[0]!.command;
  const payload = JSON.stringify({
    session_id: 's',
    cwd: project,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: `rm -rf ${join(project, 'sandbox')}` },
  });
  return { bundle: join(pkg, 'dist', 'cli', 'firebreak.cjs'), command, payload, env, project };
}

/** The registered command, run as Claude Code runs it. */
function hook(i: ReturnType<typeof install>): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('/bin/sh', ['-c', i.command], { input: i.payload, cwd: i.project, env: i.env, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the hook command with the CLI bundle cut short', () => {
  const i = install();
  const whole = readFileSync(i.bundle, 'utf8');
  test('whole, it denies', () => {
    const r = hook(i);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, 'deny');
  });
  for (const [what, text] of [
    ['empty', ''],
    ['a blank line', '\n'],
    ['cut in half', whole.slice(0, Math.floor(whole.length / 2))],
    ['without its last line', whole.slice(0, whole.trimEnd().lastIndexOf('\n') + 1)],
  ] as const) {
    test(`${what}, the fallback blocks (exit 2, the reason on stderr)`, () => {
      writeFileSync(i.bundle, text);
      try {
        const r = hook(i);
        assert.equal(r.status, 2, r.stdout + r.stderr);
        assert.match(r.stderr, /firebreak could not start/);
      } finally {
        writeFileSync(i.bundle, whole);
      }
    });
  }
  test('an incomplete bundle says what is wrong, whatever the command', () => {
    writeFileSync(i.bundle, '');
    try {
      const r = spawnSync(process.execPath, [join(i.bundle, '..', '..', '..', 'bin', 'firebreak.cjs'), 'check', '--', 'ls'], {
        env: i.env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      assert.equal(r.status, 1);
      assert.match(r.stderr, /bundle at .* is incomplete/);
    } finally {
      writeFileSync(i.bundle, whole);
    }
  });
});
