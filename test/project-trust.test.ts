// Codex and Copilot CLI skip a project's own hooks, silently, until the person trusts the
// project: connect --scope project warns, and doctor does not call the project guarded.
// (test/e2e/ shows both agents ignoring the hook, then running it, for real.)

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { BIN } from './helpers.js';

const base = mkdtempSync(join(tmpdir(), 'firebreak-project-trust-'));
after(() => rmSync(base, { recursive: true, force: true }));

function lab(name: string): { root: string; home: string; project: string; env: NodeJS.ProcessEnv } {
  const root = join(base, name);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  return { root, home, project, env: { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' } };
}

function run(args: string[], l: { project: string; env: NodeJS.ProcessEnv }): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: l.project, env: l.env, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("a project's own hook, where the agent reads it only in a trusted project", () => {
  test('Codex: connect warns and doctor fails until [projects."<root>"] trust_level = "trusted"', () => {
    const l = lab('codex');
    const c = run(['connect', 'codex', '--scope', 'project', '--no-mcp'], l);
    assert.equal(c.status, 0, c.stderr);
    assert.match(c.stdout, /warning: Codex reads \.codex\/hooks\.json only in projects it trusts/);
    const d = run(['doctor', 'codex'], l);
    assert.equal(d.status, 1, d.stdout);
    assert.match(d.stdout, /Codex\s+FIX\s+.*only in projects it trusts/);
    appendFileSync(join(l.home, '.codex', 'config.toml'), `\n[projects."${l.project}"]\ntrust_level = "trusted"\n`);
    assert.doesNotMatch(run(['connect', 'codex', '--scope', 'project', '--no-mcp'], l).stdout, /warning/);
    const ok = run(['doctor', 'codex'], l);
    assert.equal(ok.status, 0, ok.stdout);
  });
  test('Copilot CLI: connect warns and doctor fails until the project, or a folder above it, is in trusted_folders', () => {
    const l = lab('copilot');
    const c = run(['connect', 'copilot', '--scope', 'project'], l);
    assert.match(c.stdout, /warning: Copilot CLI reads \.github\/hooks only in folders it trusts/);
    assert.equal(run(['doctor', 'copilot'], l).status, 1);
    mkdirSync(join(l.home, '.copilot'), { recursive: true });
    // Copilot writes this file itself, comments included.
    writeFileSync(
      join(l.home, '.copilot', 'config.json'),
      `// User settings belong in settings.json.\n{ "trusted_folders": ["${l.project}-other", "${l.root}"] }\n`,
    );
    const ok = run(['doctor', 'copilot'], l);
    assert.equal(ok.status, 0, ok.stdout);
    writeFileSync(join(l.home, '.copilot', 'config.json'), `{ "trusted_folders": ["${l.project}-other"] }\n`);
    assert.equal(run(['doctor', 'copilot'], l).status, 1, 'a sibling whose name starts the same is not a folder above');
  });
  test('user scope, and the agents that need no such trust, get no warning', () => {
    const l = lab('others');
    assert.doesNotMatch(run(['connect', 'codex', '--no-mcp'], l).stdout, /warning/);
    assert.doesNotMatch(run(['connect', 'copilot'], l).stdout, /warning/);
    assert.doesNotMatch(run(['connect', 'claude', '--scope', 'project', '--no-mcp'], l).stdout, /warning/);
  });
});
