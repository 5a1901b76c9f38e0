// Agents whose settings an environment variable moves out of the home (CLAUDE_CONFIG_DIR,
// CODEX_HOME, COPILOT_HOME, GEMINI_CLI_HOME): connect must write where the agent then reads,
// or the agent runs unguarded. (test/e2e/ checks the same with the real CLIs.)

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { classifyPath, type PathContext } from '../src/context/paths.js';
import { movedAgentDirs } from '../src/context/own-files.js';
import { parseCommandLine } from '../src/unwrap/index.js';
import { BIN } from './helpers.js';

const base = mkdtempSync(join(tmpdir(), 'firebreak-agent-homes-'));
after(() => rmSync(base, { recursive: true, force: true }));

function lab(name: string): { home: string; project: string; elsewhere: string; env: NodeJS.ProcessEnv } {
  const root = join(base, name);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  return { home, project, elsewhere: join(root, 'elsewhere'), env: { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' } };
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv, input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, input, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('GEMINI_CLI_HOME', () => {
  test('connect gemini writes the hook and the MCP server into $GEMINI_CLI_HOME/.gemini/settings.json, which Gemini CLI reads, and doctor finds it', () => {
    const l = lab('gemini-connect');
    const env = { ...l.env, GEMINI_CLI_HOME: l.elsewhere };
    const r = run(['connect', 'gemini'], l.project, env);
    assert.equal(r.status, 0, r.stderr);
    const settings = JSON.parse(readFileSync(join(l.elsewhere, '.gemini', 'settings.json'), 'utf8')) as {
      hooks: { BeforeTool: Array<{ hooks: Array<{ command: string }> }> };
      mcpServers: Record<string, unknown>;
    };
    assert.match(settings.hooks.BeforeTool[0]!.hooks[0]!.command, /firebreak\.cjs' hook gemini /);
    assert.ok(settings.mcpServers.firebreak);
    assert.ok(!existsSync(join(l.home, '.gemini')), 'nothing is written to ~/.gemini, which Gemini CLI does not read');
    const d = run(['doctor'], l.project, env);
    assert.match(d.stdout, /Gemini CLI\s+ok\s+.*elsewhere\/\.gemini\/settings\.json/);
    assert.equal(run(['connect', 'gemini', '--remove'], l.project, env).status, 0);
    assert.doesNotMatch(readFileSync(join(l.elsewhere, '.gemini', 'settings.json'), 'utf8'), /firebreak/);
  });
  test('an empty GEMINI_CLI_HOME is unset, as Gemini CLI treats it', () => {
    const l = lab('gemini-empty');
    assert.equal(run(['connect', 'gemini', '--no-mcp'], l.project, { ...l.env, GEMINI_CLI_HOME: '' }).status, 0);
    assert.ok(existsSync(join(l.home, '.gemini', 'settings.json')));
  });
});

describe("an agent's settings moved out of the home are guarded as in the home", () => {
  const ctx: PathContext = {
    cwd: '/home/dev/project',
    home: '/home/dev',
    projectRoot: '/home/dev/project',
    tempDirs: ['/tmp'],
    agentDirs: movedAgentDirs(
      (k) =>
        (
          ({ CLAUDE_CONFIG_DIR: '/srv/claude', CODEX_HOME: '/srv/codex', COPILOT_HOME: '/srv/copilot', GEMINI_CLI_HOME: '/srv/gemini-home' }) as Record<
            string,
            string
          >
        )[k],
    ),
  };
  const cls = (path: string): string => classifyPath(parseCommandLine(`rm ${path}`).commands.at(-1)!.args[0]!, ctx).cls;
  test('their hook registrations and settings are guard_config', () => {
    for (const p of [
      '/srv/claude',
      '/srv/claude/settings.json',
      '/srv/claude/settings.local.json',
      '/srv/claude/.claude.json',
      '/srv/claude/hooks/check.sh',
      '/srv/codex',
      '/srv/codex/config.toml',
      '/srv/codex/hooks.json',
      '/srv/copilot/hooks/firebreak.json',
      '/srv/copilot/config.json',
      '/srv/copilot/settings.json',
      '/srv/gemini-home/.gemini/settings.json',
      '/srv/gemini-home/.gemini',
    ])
      assert.equal(cls(p), 'guard_config', p);
  });
  test('the rest of those directories is not', () => {
    for (const p of [
      '/srv/claude/projects/x.jsonl',
      '/srv/codex/sessions/x.jsonl',
      '/srv/copilot/session-state/x',
      '/srv/gemini-home/notes.txt',
      '/srv/gemini-home',
    ])
      assert.notEqual(cls(p), 'guard_config', p);
  });
  test("Copilot's settings (where disableAllHooks goes) are guarded in the home and the project", () => {
    const plain: PathContext = { ...ctx, agentDirs: [] };
    for (const p of ['~/.copilot/settings.json', '.github/copilot/settings.json', '.github/copilot/settings.local.json']) {
      assert.equal(classifyPath(parseCommandLine(`rm ${p}`).commands.at(-1)!.args[0]!, plain).cls, 'guard_config', p);
    }
  });
  test('an empty or relative variable moves nothing', () => {
    assert.deepEqual(
      movedAgentDirs((k) => (({ CLAUDE_CONFIG_DIR: '', CODEX_HOME: 'rel/codex' }) as Record<string, string>)[k]),
      [],
    );
  });
  test("the hook denies a file tool writing the moved settings, as the agent's environment names them", () => {
    const l = lab('moved-write');
    const dir = join(l.elsewhere, 'claude');
    const env = { ...l.env, CLAUDE_CONFIG_DIR: dir };
    assert.equal(run(['connect', 'claude', '--no-mcp'], l.project, env).status, 0);
    const payload = {
      session_id: 's',
      cwd: l.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: join(dir, 'settings.json'), content: '{}' },
    };
    const r = run(['hook', 'claude'], l.project, env, JSON.stringify(payload));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, 'deny', r.stdout);
  });
});
