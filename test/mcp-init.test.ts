// `firebreak mcp init`: each client's config file gets exactly the firebreak entry, and
// nothing else in it changes. Every scenario builds its own home and project in a temp dir.

import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import type { Io } from '../src/terminal/out.js';
import { runMcpInit } from '../src/agent-settings/mcp-entry.js';
import { appendTomlServer, findTomlServer, tomlString } from '../src/agent-settings/toml-edit.js';

const base = mkdtempSync(join(tmpdir(), 'firebreak-mcp-init-'));
after(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

interface World {
  home: string;
  project: string;
  cwd: string;
  env: Record<string, string>;
}

/** A home with a git project in it; cwd is a subdirectory, so the project root must be found. */
function world(files: Record<string, string> = {}, opts: { git?: boolean } = {}): World {
  const root = join(base, `w${n++}`);
  const home = join(root, 'home');
  const project = join(home, 'src', 'app');
  const cwd = join(project, 'lib');
  mkdirSync(cwd, { recursive: true });
  if (opts.git !== false) mkdirSync(join(project, '.git'));
  for (const [rel, text] of Object.entries(files)) put(rel.startsWith('~/') ? join(home, rel.slice(2)) : join(project, rel), text);
  return { home, project, cwd, env: {} };
}

function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const read = (path: string): string => readFileSync(path, 'utf8');
// biome-ignore lint/suspicious/noExplicitAny: client config files are indexed freely by the tests
const json = (path: string): Record<string, any> => JSON.parse(read(path));

async function init(w: World, args: string[], platform?: NodeJS.Platform): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const sink = (k: 'stdout' | 'stderr') =>
    ({
      write: (s: string) => {
        out[k] += s;
        return true;
      },
    }) as unknown as NodeJS.WriteStream;
  const io: Io = {
    stdin: () => {
      throw new Error('mcp init must not read stdin');
    },
    stdout: sink('stdout'),
    stderr: sink('stderr'),
  };
  const where = { cwd: w.cwd, home: w.home, env: (k: string) => w.env[k], ...(platform ? { platform } : {}) };
  const code = await runMcpInit(args, io, where);
  return { code, ...out };
}

/** The server an install without a local node_modules/.bin/firebreak registers. */
const ABSOLUTE = { command: process.execPath, args: [fileURLToPath(new URL('../bin/firebreak.cjs', import.meta.url)), 'mcp'] };
const NPX = { command: 'npx', args: ['firebreak', 'mcp'] };
const typed = (s: { command: string; args: string[] }) => ({ type: 'stdio', ...s });

function assertOneLineError(r: { code: number; stdout: string; stderr: string }, pattern: RegExp): void {
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^firebreak mcp init: [^\n]+\n$/);
  assert.match(r.stderr, pattern);
}

describe('where each client keeps its servers', () => {
  const cases: { args: string[]; file: (w: World) => string; key: string; entry: object }[] = [
    { args: [], file: (w) => join(w.project, '.mcp.json'), key: 'mcpServers', entry: typed(ABSOLUTE) },
    { args: ['--client', 'claude', '--scope', 'user'], file: (w) => join(w.home, '.claude.json'), key: 'mcpServers', entry: typed(ABSOLUTE) },
    { args: ['--client=cursor'], file: (w) => join(w.project, '.cursor/mcp.json'), key: 'mcpServers', entry: ABSOLUTE },
    { args: ['--client', 'cursor', '--scope', 'user'], file: (w) => join(w.home, '.cursor/mcp.json'), key: 'mcpServers', entry: ABSOLUTE },
    { args: ['--client', 'vscode'], file: (w) => join(w.project, '.vscode/mcp.json'), key: 'servers', entry: typed(ABSOLUTE) },
    { args: ['--client', 'vscode', '--scope=user'], file: (w) => join(w.home, '.config/Code/User/mcp.json'), key: 'servers', entry: typed(ABSOLUTE) },
    { args: ['--client', 'gemini'], file: (w) => join(w.project, '.gemini/settings.json'), key: 'mcpServers', entry: ABSOLUTE },
    { args: ['--client', 'gemini', '--scope', 'user'], file: (w) => join(w.home, '.gemini/settings.json'), key: 'mcpServers', entry: ABSOLUTE },
  ];
  for (const c of cases) {
    test(`${c.args.join(' ') || '(defaults)'} writes ${c.key}.firebreak`, async () => {
      const w = world();
      const r = await init(w, c.args);
      assert.equal(r.code, 0, r.stderr);
      const file = c.file(w);
      assert.deepEqual(json(file), { [c.key]: { firebreak: c.entry } });
      assert.ok(read(file).endsWith('}\n'));
      assert.match(read(file), /^\{\n {2}"/);
      assert.match(r.stdout, new RegExp(`^Added firebreak to ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(.+, (project|user) scope\\): `));
    });
  }
  test('codex: user scope by default (CODEX_HOME honoured), project scope in .codex/config.toml', async () => {
    const block = `[mcp_servers.firebreak]\ncommand = ${tomlString(ABSOLUTE.command)}\nargs = [${ABSOLUTE.args.map(tomlString).join(', ')}]\n`;
    const w = world();
    assert.equal((await init(w, ['--client', 'codex'])).code, 0);
    assert.equal(read(join(w.home, '.codex/config.toml')), block);
    assert.equal((await init(w, ['--client', 'codex', '--scope', 'project'])).code, 0);
    assert.equal(read(join(w.project, '.codex/config.toml')), block);
    const v = world();
    v.env.CODEX_HOME = join(v.home, 'codex-home');
    assert.equal((await init(v, ['--client', 'codex'])).code, 0);
    assert.equal(read(join(v.home, 'codex-home/config.toml')), block);
  });
  test('VS Code user dir: XDG_CONFIG_HOME on Linux, Application Support on macOS', async () => {
    const w = world();
    w.env.XDG_CONFIG_HOME = join(w.home, 'xdg');
    await init(w, ['--client', 'vscode', '--scope', 'user'], 'linux');
    assert.ok(existsSync(join(w.home, 'xdg/Code/User/mcp.json')));
    await init(w, ['--client', 'vscode', '--scope', 'user'], 'darwin');
    assert.deepEqual(json(join(w.home, 'Library/Application Support/Code/User/mcp.json')).servers.firebreak, typed(ABSOLUTE));
  });
  test('Claude Code user scope follows CLAUDE_CONFIG_DIR', async () => {
    const w = world();
    w.env.CLAUDE_CONFIG_DIR = join(w.home, '.claude-work');
    await init(w, ['--scope', 'user']);
    assert.ok(existsSync(join(w.home, '.claude-work/.claude.json')));
    assert.ok(!existsSync(join(w.home, '.claude.json')));
  });
  test('without a .git above, the project is the current directory', async () => {
    const w = world({}, { git: false });
    await init(w, []);
    assert.ok(existsSync(join(w.cwd, '.mcp.json')));
    assert.ok(!existsSync(join(w.project, '.mcp.json')));
  });
});

describe('the server command', () => {
  test('npx in a project that has firebreak installed; the absolute path otherwise', async () => {
    const w = world({ 'node_modules/.bin/firebreak': '#!/bin/sh\n' });
    await init(w, ['--client', 'cursor']);
    assert.deepEqual(json(join(w.project, '.cursor/mcp.json')).mcpServers.firebreak, NPX);
    const v = world();
    const r = await init(v, ['--client', 'cursor']);
    assert.deepEqual(json(join(v.project, '.cursor/mcp.json')).mcpServers.firebreak, ABSOLUTE);
    assert.ok(existsSync(ABSOLUTE.args[0]!), 'the bin path points at the real launcher');
    assert.match(r.stdout, /bin\/firebreak\.cjs mcp\n$/);
  });
  test('a user-scope entry names the absolute path even inside a project with firebreak installed', async () => {
    const w = world({ 'node_modules/.bin/firebreak': '#!/bin/sh\n' });
    await init(w, ['--client', 'cursor', '--scope', 'user']);
    assert.deepEqual(json(join(w.home, '.cursor/mcp.json')).mcpServers.firebreak, ABSOLUTE);
  });
});

const CLAUDE_JSON = `{
  "numStartups": 42,
  "bigNumber": 12345678901234567890,
  "float": 1.50,
  "escaped": "caf\\u00e9 \\"q\\" \\/",
  "projects": {
    "/work/x": { "mcpServers": {}, "allowedTools": [] }
  },
  "mcpServers": {
    "other": {
      "type": "stdio",
      "command": "other-server",
      "args": [],
      "env": { "TOKEN": "secret-token" }
    }
  },
  "tipsHistory": { "a": 1 }
}
`;

/** The firebreak member as the editor writes it at the given member indentation. */
function member(entry: object, indent: string, unit = '  '): string {
  return `"firebreak": ${JSON.stringify(entry, null, unit)
    .split('\n')
    .join('\n' + indent)}`;
}

describe('merging into an existing file', () => {
  test('~/.claude.json: only the entry is added; every other byte stays, project-local servers too', async () => {
    const w = world({ '~/.claude.json': CLAUDE_JSON });
    const r = await init(w, ['--scope', 'user']);
    assert.equal(r.code, 0, r.stderr);
    const expected = CLAUDE_JSON.replace('"TOKEN": "secret-token" }\n    }\n', `"TOKEN": "secret-token" }\n    },\n    ${member(typed(ABSOLUTE), '    ')}\n`);
    assert.equal(read(join(w.home, '.claude.json')), expected);
    assert.deepEqual(json(join(w.home, '.claude.json')).projects['/work/x'].mcpServers, {});
  });
  test('no servers key yet: it is added as the last key, other keys untouched', async () => {
    const text = '{\n  "theme": "dark",\n  "general": {\n    "vimMode": true\n  }\n}\n';
    const w = world({ '.gemini/settings.json': text });
    await init(w, ['--client', 'gemini']);
    const expected = text.replace('  }\n}\n', `  },\n  "mcpServers": {\n    ${member(ABSOLUTE, '    ')}\n  }\n}\n`);
    assert.equal(read(join(w.project, '.gemini/settings.json')), expected);
  });
  test("an empty servers object, an empty file, and the file's own indentation (tabs) and line endings", async () => {
    const w = world({
      '.mcp.json': '{\n  "mcpServers": {}\n}\n',
      '.cursor/mcp.json': '',
      '.vscode/mcp.json': '{\r\n\t"inputs": [],\r\n\t"servers": {\r\n\t\t"a": {"command": "a"}\r\n\t}\r\n}',
    });
    await init(w, []);
    assert.equal(read(join(w.project, '.mcp.json')), `{\n  "mcpServers": {\n    ${member(typed(ABSOLUTE), '    ')}\n  }\n}\n`);
    await init(w, ['--client', 'cursor']);
    assert.deepEqual(json(join(w.project, '.cursor/mcp.json')), { mcpServers: { firebreak: ABSOLUTE } });
    await init(w, ['--client', 'vscode']);
    const tabbed = member(typed(ABSOLUTE), '\t\t', '\t').replace(/\n/g, '\r\n');
    assert.equal(
      read(join(w.project, '.vscode/mcp.json')),
      `{\r\n\t"inputs": [],\r\n\t"servers": {\r\n\t\t"a": {"command": "a"},\r\n\t\t${tabbed}\r\n\t}\r\n}`,
    );
  });
  test('a second run changes nothing, byte for byte', async () => {
    const w = world({ '~/.claude.json': CLAUDE_JSON });
    await init(w, ['--scope', 'user']);
    await init(w, ['--client', 'codex']);
    const before = [read(join(w.home, '.claude.json')), read(join(w.home, '.codex/config.toml'))];
    const r = await init(w, ['--scope', 'user']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /already set up .*nothing changed/);
    assert.match((await init(w, ['--client', 'codex'])).stdout, /already set up/);
    assert.deepEqual([read(join(w.home, '.claude.json')), read(join(w.home, '.codex/config.toml'))], before);
  });
  test('an entry that differs only by extra keys (env) or an omitted type counts as the same', async () => {
    const text = JSON.stringify({ mcpServers: { firebreak: { ...ABSOLUTE, env: { X: '1' } } } }, null, 2) + '\n';
    const w = world({ '.mcp.json': text });
    const r = await init(w, []);
    assert.match(r.stdout, /already set up/);
    assert.equal(read(join(w.project, '.mcp.json')), text);
  });
  test('a different firebreak entry is left alone without --force, and replaced with it', async () => {
    const text =
      '{\n  "mcpServers": {\n    "firebreak": {\n      "command": "old-firebreak",\n      "args": ["mcp"]\n    },\n    "other": { "command": "o" }\n  }\n}\n';
    const w = world({ '.cursor/mcp.json': text });
    const r = await init(w, ['--client', 'cursor']);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /different firebreak entry \(old-firebreak mcp\); left it unchanged\. .*--force\n$/);
    assert.equal(read(join(w.project, '.cursor/mcp.json')), text);
    const f = await init(w, ['--client', 'cursor', '--force']);
    assert.equal(f.code, 0);
    assert.match(f.stdout, /^Replaced firebreak in .*\(was: old-firebreak mcp\)\n$/);
    assert.equal(
      read(join(w.project, '.cursor/mcp.json')),
      text.replace(/\{\n {6}"command": "old-firebreak",\n {6}"args": \["mcp"\]\n {4}\}/, JSON.stringify(ABSOLUTE, null, 2).split('\n').join('\n    ')),
    );
  });
  test('the file mode is kept, and a symlinked config is edited where it points', async () => {
    const w = world({ '~/dotfiles/gemini.json': '{}\n', '.mcp.json': '{}\n' });
    chmodSync(join(w.project, '.mcp.json'), 0o600);
    await init(w, []);
    assert.equal(statSync(join(w.project, '.mcp.json')).mode & 0o777, 0o600);
    mkdirSync(join(w.home, '.gemini'));
    symlinkSync(join(w.home, 'dotfiles/gemini.json'), join(w.home, '.gemini/settings.json'));
    await init(w, ['--client', 'gemini', '--scope', 'user']);
    assert.deepEqual(json(join(w.home, 'dotfiles/gemini.json')).mcpServers.firebreak, ABSOLUTE);
    assert.ok(lstatSync(join(w.home, '.gemini/settings.json')).isSymbolicLink());
  });
  test('a one-line file stays on one line', async () => {
    const text = '{"a":1,"mcpServers":{"o":{"command":"o"},"firebreak":{"command":"x"}},"z":[2]}';
    const w = world({ '.mcp.json': text });
    await init(w, ['--force']);
    assert.equal(read(join(w.project, '.mcp.json')), text.replace('{"command":"x"}', JSON.stringify(typed(ABSOLUTE))));
  });
});

describe('--dry-run', () => {
  test('a new file: prints the path and the full content, writes nothing', async () => {
    const w = world();
    const r = await init(w, ['--client', 'vscode', '--dry-run']);
    assert.equal(r.code, 0);
    assert.ok(!existsSync(join(w.project, '.vscode')));
    const [summary, header, ...content] = r.stdout.split('\n');
    assert.match(summary!, /^Would add firebreak to .*\.vscode\/mcp\.json \(VS Code, project scope\)/);
    assert.match(header!, /\.vscode\/mcp\.json \(new file\)$/);
    assert.deepEqual(JSON.parse(content.join('\n')), { servers: { firebreak: typed(ABSOLUTE) } });
  });
  test("an existing file: prints only the changed lines (never other servers' secrets), writes nothing", async () => {
    const w = world({ '~/.claude.json': CLAUDE_JSON, '~/.codex/config.toml': 'model = "o3"\n' });
    const r = await init(w, ['--scope', 'user', '--dry-run']);
    assert.equal(r.code, 0);
    assert.equal(read(join(w.home, '.claude.json')), CLAUDE_JSON);
    assert.doesNotMatch(r.stdout, /secret-token/);
    assert.ok(r.stdout.includes(member(typed(ABSOLUTE), '    ')));
    const t = await init(w, ['--client', 'codex', '--dry-run']);
    assert.equal(read(join(w.home, '.codex/config.toml')), 'model = "o3"\n');
    assert.ok(t.stdout.includes('[mcp_servers.firebreak]\ncommand = '));
  });
  test('with --force: shows the replacement entry alone, even in a one-line file', async () => {
    const text = '{"mcpServers":{"o":{"env":{"TOKEN":"secret-token"}},"firebreak":{"command":"x"}}}\n';
    const w = world({ '.mcp.json': text });
    const r = await init(w, ['--force', '--dry-run']);
    assert.equal(r.code, 0);
    assert.equal(read(join(w.project, '.mcp.json')), text);
    assert.match(r.stdout, /^Would replace firebreak in .*\(was: x\)\n/);
    assert.doesNotMatch(r.stdout, /secret-token/);
    assert.ok(r.stdout.endsWith(`\n"firebreak":${JSON.stringify(typed(ABSOLUTE))}\n`));
  });
});

describe('files that cannot be edited safely are left untouched', () => {
  const bad: [string, string, RegExp][] = [
    ['broken JSON', '{"mcpServers": {', /is not valid JSON/],
    ['a top level that is not an object', '[1, 2]\n', /top level is not a JSON object/],
    ['a servers key that is not an object', '{"mcpServers": []}\n', /"mcpServers" is not a JSON object/],
    ['comments', '{\n  // mine\n  "mcpServers": { /* none yet */ }\n}\n', /has comments.*by hand: "firebreak": \{"type":"stdio","command":/],
  ];
  for (const [what, text, pattern] of bad) {
    test(`${what}: exit 1, one line on stderr`, async () => {
      const w = world({ '.mcp.json': text });
      assertOneLineError(await init(w, []), pattern);
      assert.equal(read(join(w.project, '.mcp.json')), text);
    });
  }
  test('the parse error names the place, never quotes the text (it may hold a token)', async () => {
    const w = world({ '~/.claude.json': '{\n  "primaryApiKey": sk-secret-value,\n  "x": 1\n}\n', '.mcp.json': '{\n  "mcpServers": {\n' });
    const r = await init(w, ['--scope', 'user']);
    assertOneLineError(r, /is not valid JSON \(Unexpected token 's'\)/);
    assert.doesNotMatch(r.stderr, /sk-secret/);
    assertOneLineError(await init(w, []), /is not valid JSON \(.* at line 3, column 1\)/);
  });
  test('VS Code JSONC that already holds the same entry is fine; one that lacks it is refused', async () => {
    const same = `{\n  // team servers\n  "servers": {\n    "firebreak": ${JSON.stringify(typed(ABSOLUTE))},\n  },\n}\n`;
    const w = world({ '.vscode/mcp.json': same });
    const r = await init(w, ['--client', 'vscode']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /already set up/);
    const v = world({ '.vscode/mcp.json': '{\n  "servers": {} // empty\n}\n' });
    assertOneLineError(await init(v, ['--client', 'vscode']), /has comments.*add this to "servers" by hand/);
    assert.equal(read(join(v.project, '.vscode/mcp.json')), '{\n  "servers": {} // empty\n}\n');
  });
  test('a comment marker inside a string is not a comment', async () => {
    const text = '{"mcpServers": {"web": {"url": "http://example.com/*x*/"}}}\n';
    const w = world({ '.mcp.json': text });
    assert.equal((await init(w, [])).code, 0);
    assert.equal(json(join(w.project, '.mcp.json')).mcpServers.web.url, 'http://example.com/*x*/');
  });
});

const CODEX = `model = "o3"
approval_policy = "on-request"

[mcp_servers.github]
command = "gh-mcp"
args = ["--stdio"]

[mcp_servers.github.env]
GITHUB_TOKEN = "tok"

[profiles.fast]
model = "o4-mini"
notes = """
[mcp_servers.firebreak]
not a header: inside a string
"""
`;

describe('codex config.toml', () => {
  test('the table is appended after existing content; every other table stays', async () => {
    const w = world({ '~/.codex/config.toml': CODEX });
    const r = await init(w, ['--client', 'codex']);
    assert.equal(r.code, 0, r.stderr);
    const text = read(join(w.home, '.codex/config.toml'));
    assert.ok(text.startsWith(CODEX + '\n[mcp_servers.firebreak]\n'));
    const found = findTomlServer(text, 'firebreak');
    assert.equal(found.kind, 'table');
    assert.deepEqual(found.kind === 'table' && found.existing, { command: ABSOLUTE.command, args: ABSOLUTE.args });
  });
  test('a file without a final newline gets a blank line before the table', async () => {
    const w = world({ '~/.codex/config.toml': 'model = "o3"' });
    await init(w, ['--client', 'codex']);
    assert.match(read(join(w.home, '.codex/config.toml')), /^model = "o3"\n\n\[mcp_servers\.firebreak\]\n/);
  });
  for (const header of ['[mcp_servers.firebreak]', '[ mcp_servers . "firebreak" ]  # ours', "['mcp_servers'.'firebreak']", '[mcp_servers."firebreak"]']) {
    test(`an existing ${header} is detected`, async () => {
      const same = `${header}\ncommand = ${tomlString(ABSOLUTE.command)}\nargs = [\n  ${ABSOLUTE.args.map(tomlString).join(',\n  ')},\n]\n`;
      const w = world({ '~/.codex/config.toml': same });
      assert.match((await init(w, ['--client', 'codex'])).stdout, /already set up/);
      const other = `${header}\ncommand = "npx"\nargs = ["-y", "firebreak@0.0.1", "mcp"]\n`;
      const v = world({ '~/.codex/config.toml': other });
      assert.match((await init(v, ['--client', 'codex'])).stdout, /different firebreak entry \(npx -y firebreak@0.0.1 mcp\)/);
      assert.equal(read(join(v.home, '.codex/config.toml')), other);
    });
  }
  test("--force resets command and args in place and keeps the table's other keys", async () => {
    const text = `[mcp_servers.firebreak]\ncommand = "old" # was\nstartup_timeout_sec = 20\nargs = [\n  "a",\n  "b",\n]\n\n[mcp_servers.firebreak.env]\nX = "1"\n`;
    const w = world({ '~/.codex/config.toml': text });
    const r = await init(w, ['--client', 'codex', '--force']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      read(join(w.home, '.codex/config.toml')),
      `[mcp_servers.firebreak]\ncommand = ${tomlString(ABSOLUTE.command)} # was\nstartup_timeout_sec = 20\nargs = [${ABSOLUTE.args.map(tomlString).join(', ')}]\n\n[mcp_servers.firebreak.env]\nX = "1"\n`,
    );
  });
  test('an inline-table entry is read and compared, but not rewritten even with --force', async () => {
    const text = '[mcp_servers]\nfirebreak = { command = "x", args = [] }\n';
    const w = world({ '~/.codex/config.toml': text });
    assert.match((await init(w, ['--client', 'codex'])).stdout, /different firebreak entry \(x\)/);
    assertOneLineError(await init(w, ['--client', 'codex', '--force']), /does not rewrite.*by hand/);
    assert.equal(read(join(w.home, '.codex/config.toml')), text);
  });
  test('mcp_servers as an inline table, and broken TOML: exit 1, untouched', async () => {
    for (const [text, pattern] of [
      ['mcp_servers = { a = { command = "a" } }\n', /inline table/],
      ['[mcp_servers.a\ncommand = "a"\n', /could not be read as TOML \(line 1: /],
      ['x = "unterminated\n', /could not be read as TOML/],
    ] as const) {
      const w = world({ '~/.codex/config.toml': text });
      assertOneLineError(await init(w, ['--client', 'codex']), pattern);
      assert.equal(read(join(w.home, '.codex/config.toml')), text);
    }
  });
  test('strings are TOML-escaped and read back unchanged', () => {
    const server = { command: 'C:\\Program Files\\node "x".exe', args: ['tab\there', 'new\nline', 'bell\u0007', 'é', "it's"] };
    const text = appendTomlServer('', 'firebreak', server);
    assert.match(text, /^command = "C:\\\\Program Files\\\\node \\"x\\".exe"$/m);
    const found = findTomlServer(text, 'firebreak');
    assert.deepEqual(found.kind === 'table' && found.existing, server);
  });
});

describe('arguments', () => {
  test('--help prints the usage and exits 0', async () => {
    const r = await init(world(), ['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage:\n {2}firebreak mcp init \[--client claude\|cursor\|vscode\|codex\|gemini\]/);
  });
  for (const [args, pattern] of [
    [['--client', 'emacs'], /--client takes claude, cursor, vscode, codex, gemini, not 'emacs'/],
    [['--scope'], /--scope takes 'project' or 'user', not nothing/],
    [['--scope=global'], /not 'global'/],
    [['--yes'], /unknown option '--yes'/],
    [['claude'], /unexpected argument 'claude'/],
  ] as const) {
    test(`${args.join(' ')}: one line on stderr, exit 1, nothing written`, async () => {
      const w = world();
      assertOneLineError(await init(w, [...args]), pattern);
      assert.ok(!existsSync(join(w.project, '.mcp.json')));
    });
  }
});
