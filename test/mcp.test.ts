// The MCP server end to end: the real `firebreak mcp` as a child process, driven by the
// SDK's own Client over stdio for the tools, and by raw lines on its stdin for the
// protocol's error classes. Every structured result is checked against the tool's output
// schema (by the Client) and every RiskAssessment against schemas/risk-assessment.schema.json.

import assert from 'node:assert/strict';
import events from 'node:events';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Catalogue } from '../src/catalogue/catalogue.js';
import { loadCatalogue } from '../src/catalogue/load.js';
import { checkParams, createServer, MAX_MESSAGE_BYTES, routeRequestsDirectly } from '../src/mcp/server.js';
import { FramedStdioTransport } from '../src/mcp/transport.js';
import { Workspace } from '../src/workspace/workspace.js';
import { assessmentErrors, BIN, runCli } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'firebreak-mcp-'));
const home = join(dir, 'home');
const project = join(home, 'shop');
const broken = join(home, 'broken');
const ENV: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '' };

before(() => {
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(project, '.firebreak.yaml'), 'deny: [git:stash-drop]\n');
  mkdirSync(join(broken, '.git'), { recursive: true });
  writeFileSync(join(broken, '.firebreak.yaml'), 'on_error: deny\nthresholds: {deny: never}\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

let client: Client;
let stderr = '';
before(async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: project, env: ENV, stderr: 'pipe' });
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  client = new Client({ name: 'firebreak-test', version: '1.0.0' });
  await client.connect(transport);
});
after(async () => {
  await client.close();
});

const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const structured = <T>(r: CallToolResult): T => {
  assert.ok(r.structuredContent, 'structuredContent present');
  const first = r.content[0];
  assert.equal(first?.type, 'text');
  assert.deepEqual(JSON.parse((first as { text: string }).text), r.structuredContent, 'the same JSON as text content');
  return r.structuredContent as T;
};

describe('tools', () => {
  test('every check_command verdict is in the audit log, with the client as the agent and one session per server', async () => {
    await call('check_command', { command: 'git reset --hard HEAD~1' });
    await call('check_command', { command: 'ls', cwd: broken });
    const lines = readFileSync(join(home, '.local', 'state', 'firebreak', 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const reset = lines.find((l) => l.command === 'git reset --hard HEAD~1');
    assert.deepEqual([reset?.door, reset?.agent, reset?.tool, reset?.decision, reset?.cwd], ['mcp', 'firebreak-test', 'check_command', 'deny', project]);
    assert.deepEqual(reset?.rules, ['git:reset-hard']);
    const unusable = lines.find((l) => l.command === 'ls' && l.cwd === broken);
    assert.deepEqual([unusable?.decision, unusable?.error], ['deny', 'config']);
    assert.equal(unusable?.session, reset?.session);
  });
  test('four tools, each with a title, a description, input and output schemas and read-only annotations', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check_command', 'explain_risk', 'get_policy', 'suggest_alternative']);
    for (const t of tools) {
      assert.ok(t.title && t.description && t.description.length > 100, t.name);
      assert.equal(t.inputSchema.type, 'object');
      assert.equal(t.outputSchema?.type, 'object');
      assert.deepEqual([t.annotations?.readOnlyHint, t.annotations?.idempotentHint, t.annotations?.openWorldHint], [true, true, false], t.name);
    }
    const check = tools.find((t) => t.name === 'check_command')!;
    assert.deepEqual(check.inputSchema.required, ['command']);
  });
  test("check_command: the RiskAssessment, under the project policy of the server's start directory", async () => {
    const a = structured<Record<string, unknown>>(await call('check_command', { command: 'git push --force origin main' }));
    assert.equal(assessmentErrors(a), '');
    assert.deepEqual([a.decision, a.severity], ['deny', 'Critical']);
    assert.ok((a.context as { labels: string[] }).labels.includes('branch-protected'));
    const drop = structured<Record<string, unknown>>(await call('check_command', { command: 'git stash drop' }));
    assert.equal(drop.decision, 'deny', 'the project policy always denies git:stash-drop');
    const ls = structured<Record<string, unknown>>(await call('check_command', { command: 'ls -la', cwd: tmpdir() }));
    assert.deepEqual([ls.decision, ls.allowed], ['allow', true]);
  });
  test('suggest_alternative: filled alternatives, ranked and extended by the goal; an allowed command is said to be fine', async () => {
    const s = structured<{ safe: boolean; alternatives: Array<{ command: string; source: string }> }>(
      await call('suggest_alternative', { command: 'git push --force origin feature/x', cwd: tmpdir() }),
    );
    assert.equal(s.safe, false);
    assert.equal(s.alternatives[0]?.command, 'git push --force-with-lease origin feature/x');
    const withGoal = structured<{ alternatives: Array<{ command: string; source: string }> }>(
      await call('suggest_alternative', { command: 'git reset --hard HEAD~1', goal: 'undo my last commit', cwd: tmpdir() }),
    );
    assert.ok(
      withGoal.alternatives.some((x) => x.command === 'git revert HEAD' && x.source === 'goal:undo-commit'),
      JSON.stringify(withGoal.alternatives),
    );
    const safe = structured<{ safe: boolean; alternatives: unknown[]; message: string }>(
      await call('suggest_alternative', { command: 'git status', goal: 'see my changes' }),
    );
    assert.equal(safe.safe, true);
    assert.deepEqual(safe.alternatives, []);
    assert.match(safe.message, /allowed as it is/);
  });
  test('get_policy: groups with rule counts, thresholds, and where each setting came from', async () => {
    const p = structured<{
      files: Array<{ path: string; scope: string }>;
      groups: Array<{ group: string; rules: number; enabled: boolean }>;
      thresholds: { agent: { deny: string } };
      denied_rules: string[];
      sources: Record<string, string[]>;
    }>(await call('get_policy', {}));
    assert.deepEqual(p.files, [{ path: join(project, '.firebreak.yaml'), scope: 'project' }]);
    assert.ok(p.groups.length >= 14 && p.groups.every((g) => g.rules > 0 && g.enabled));
    assert.equal(p.groups.reduce((n, g) => n + g.rules, 0) > 800, true);
    assert.equal(p.thresholds.agent.deny, 'High');
    assert.deepEqual(p.denied_rules, ['git:stash-drop']);
    assert.deepEqual(p.sources.deny, [join(project, '.firebreak.yaml')]);
  });
  test('explain_risk: each simple command, each rule and how context raised it, as fields and Markdown', async () => {
    const r = await call('explain_risk', { command: 'cd build && rm -rf ~ ; git push -f origin main' });
    const e = structured<{
      commands: Array<{ name: string; does: string; rules: string[] }>;
      matched_rules: Array<{ id: string; why: string; severity_steps: { matched: string; after_context: string; raised_by_context: string } }>;
      context: { raised_by: string[] };
      markdown: string;
    }>(r);
    assert.deepEqual(
      e.commands.map((c) => c.name),
      ['cd', 'rm', 'git'],
    );
    assert.match(e.commands[2]!.does, /uploads local commits/);
    const push = e.matched_rules.find((m) => m.id === 'git:push-force')!;
    assert.deepEqual([push.severity_steps.matched, push.severity_steps.after_context, push.severity_steps.raised_by_context], ['High', 'Critical', 'Elevated']);
    assert.ok(e.context.raised_by.includes('the checked-out branch is protected'));
    assert.match(e.markdown, /^## `cd build && rm -rf ~ ; git push -f origin main`: DENY \(Critical\)/);
    assert.match(e.markdown, /### What to run instead/);
    assert.equal((r.content[1] as { text: string }).text, e.markdown, 'the Markdown as a second text block');
  });
});

describe("a tool's own failure is a result with isError and a clear message", () => {
  const failure = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const r = await call(name, args);
    assert.equal(r.isError, true, JSON.stringify(r));
    return (r.content[0] as { text: string }).text;
  };
  test('missing or non-string command', async () => {
    assert.match(await failure('check_command', {}), /command must be a string/);
    assert.match(await failure('check_command', { command: 42 }), /command must be a string/);
    assert.match(await failure('explain_risk', { command: ['rm', '-rf'] }), /command must be a string/);
  });
  test('an empty command and one over the size limit, with the fail-closed verdict', async () => {
    assert.match(await failure('check_command', { command: '   ' }), /the command is empty/);
    const r = await call('check_command', { command: 'x'.repeat(2 * 1024 * 1024) });
    assert.equal(r.isError, true);
    assert.match((r.content[0] as { text: string }).text, /over the limit of 1,048,576/);
    assert.equal((r.structuredContent as { decision: string }).decision, 'ask');
  });
  test('a cwd that is not a directory', async () => {
    assert.match(await failure('check_command', { command: 'ls', cwd: join(dir, 'nope') }), /is not a directory/);
  });
  test('an invalid policy for that cwd: its failure mode, the error as the reason', async () => {
    const r = await call('check_command', { command: 'ls', cwd: broken });
    assert.equal(r.isError, true);
    assert.match((r.content[0] as { text: string }).text, /\.firebreak\.yaml:2: thresholds\.deny: a project policy may only tighten/);
    const verdict = r.structuredContent as { decision: string; denial_reason: string };
    assert.equal(assessmentErrors(verdict), '');
    assert.equal(verdict.decision, 'deny', 'the policy asks for deny on failure');
    assert.match(verdict.denial_reason, /^Not assessed: invalid config:/);
  });
  test('the other tools fail the same way, without structured content a client would check against their schemas', async () => {
    for (const name of ['suggest_alternative', 'explain_risk']) {
      const r = await call(name, { command: 'ls', cwd: broken });
      assert.equal(r.isError, true, name);
      assert.equal(r.structuredContent, undefined, name);
      assert.match((r.content[0] as { text: string }).text, /invalid config/);
      assert.match(await failure(name, { command: 'x'.repeat(2 * 1024 * 1024) }), /over the limit/);
    }
    assert.match(await failure('get_policy', { cwd: broken }), /cannot use the policy .*a project policy may only tighten/);
  });
  test('an unknown tool', async () => {
    assert.match(await failure('format_disk', {}), /format_disk not found/);
  });
});

describe('policy reloads', () => {
  test('a project policy edited during a session applies within about a second', async () => {
    const live = join(home, 'live');
    mkdirSync(join(live, '.git'), { recursive: true });
    const decision = async (): Promise<string> =>
      ((await call('check_command', { command: 'git stash drop', cwd: live })).structuredContent as { decision: string }).decision;
    assert.equal(await decision(), 'ask');
    writeFileSync(join(live, '.firebreak.yaml'), 'deny: [git:stash-drop]\n');
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal(await decision(), 'deny');
    writeFileSync(join(live, '.firebreak.yaml'), 'nonsense: true\n');
    await new Promise((r) => setTimeout(r, 1100));
    const refused = await call('check_command', { command: 'git stash drop', cwd: live });
    assert.equal(refused.isError, true);
    assert.match((refused.content[0] as { text: string }).text, /unknown key 'nonsense'/);
  });
});

describe('load', () => {
  test('a burst of 1,000 concurrent calls, each answered correctly', async () => {
    // The SDK client waits for 'drain' once per write it could not finish: in a burst, many.
    events.defaultMaxListeners = 2000;
    // The risky half deletes the (small, temporary) home: its blast-radius walk is quick, where one of / took 20 s over the burst.
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? `ls -la dir${i}` : `rm -rf /tmp/x${i} ~`));
    const results = await Promise.all(lines.map((command) => call('check_command', { command, cwd: tmpdir() })));
    results.forEach((r, i) => {
      const a = r.structuredContent as { command: string; decision: string };
      assert.equal(a.command, lines[i]);
      assert.equal(a.decision, i % 2 === 0 ? 'allow' : 'deny');
    });
  });
  test('a 300-byte line that doubles a variable thirty times gets a fail-closed verdict, and the server goes on', async () => {
    const bomb = `a=x; ${'a=$a$a; '.repeat(30)}echo "$a"; rm -rf ~`;
    const r = structured<{ decision: string; context: { labels: string[] } }>(await call('check_command', { command: bomb }));
    assert.equal(r.decision, 'deny');
    assert.ok(r.context.labels.includes('limit=expansion'));
    assert.equal(structured<{ decision: string }>(await call('check_command', { command: 'ls' })).decision, 'allow');
  });
  test('a 10 MiB message is read and answered, and the server goes on', async () => {
    const r = await call('check_command', { command: `echo ${'a'.repeat(10 * 1024 * 1024)}` });
    assert.equal(r.isError, true);
    assert.match((r.content[0] as { text: string }).text, /over the limit/);
    assert.equal((await call('check_command', { command: 'ls' })).isError, undefined);
  });
  test('diagnostics stay on stderr: stdout carried only protocol messages', () => {
    assert.doesNotMatch(stderr, /^\s+at /m, 'no stack traces');
  });
});

/** Sends raw lines to a fresh server and collects what it writes, until `expect` replies arrived. */
function raw(lines: string[], expect: number): Promise<{ replies: Array<Record<string, unknown>>; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: project, env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`timed out; got: ${out}`));
    }, 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.split('\n').filter(Boolean).length >= expect) child.stdin.end();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('close', () => {
      clearTimeout(timer);
      try {
        resolve({
          replies: out
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>),
          stderr: err,
        });
      } catch (e) {
        reject(e);
      }
    });
    for (const l of lines) child.stdin.write(l + '\n');
    if (expect === 0) setTimeout(() => child.stdin.end(), 300);
  });
}

const init = (version = '2025-11-25', id = 1): string =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });

describe('the protocol, message by message', () => {
  test('input that ends without a newline, or right after requests, still gets every answer', () => {
    const r = spawnSync(process.execPath, [BIN, 'mcp'], {
      input: `${init()}\n{"jsonrpc":"2.0","id":2,"method":"ping"}`,
      env: ENV,
      cwd: project,
      encoding: 'utf8',
      timeout: 20_000,
    });
    const ids = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { id: number }).id)
      .sort();
    assert.deepEqual(ids, [1, 2]);
    assert.equal(r.status, 0);
  });
  test('the pinned SDK still has the request handler requests are routed to (else every request pays its message-kind schemas)', () => {
    const s = new McpServer({ name: 'probe', version: '1' });
    assert.equal(typeof (s.server as unknown as { _onrequest?: unknown })._onrequest, 'function');
  });
  test('version negotiation: a supported version is kept, an unknown one answered with the latest', async () => {
    const { replies } = await raw([init('2024-11-05', 1)], 1);
    assert.equal((replies[0]!.result as { protocolVersion: string }).protocolVersion, '2024-11-05');
    const later = await raw([init('2031-01-01', 1)], 1);
    assert.equal((later.replies[0]!.result as { protocolVersion: string }).protocolVersion, '2025-11-25');
  });
  test('every error class, with garbage between valid messages, and the server keeps serving', async () => {
    const lines = [
      init(),
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      'this is not json',
      '{"jsonrpc":"2.0","id":2,"method":"ping"}',
      '{"jsonrpc": "2.0", "id": 3, "method": "tools/list"',
      '{"id":4,"method":"ping"}',
      '[{"jsonrpc":"2.0","id":5,"method":"ping"}]',
      '{"jsonrpc":"2.0","id":6,"method":"resources/nonsense"}',
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{}}}',
      '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":5,"arguments":[]}}',
      '{"jsonrpc":"2.0","id":10,"method":"tools/call","params":"check_command"}',
      '{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}',
      '\u0000\u0001\u0002 binary',
      '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"check_command","arguments":{"command":"rm -rf /"}}}',
    ];
    const { replies, stderr: errors } = await raw(lines, 12);
    const byId = new Map(replies.filter((r) => r.id !== null).map((r) => [r.id, r]));
    const code = (r: Record<string, unknown> | undefined): number | undefined => (r?.error as { code?: number } | undefined)?.code;
    assert.ok(byId.get(1)?.result, 'initialize answered');
    assert.deepEqual(byId.get(2)?.result, {}, 'ping answered');
    assert.equal(code(byId.get(4)), -32600, 'missing jsonrpc: invalid request, with its id');
    assert.equal(code(byId.get(6)), -32601, 'unknown method');
    assert.equal(code(byId.get(7)), -32602, 'tools/call without a name: invalid params');
    assert.equal(code(byId.get(8)), -32602, 'a name that is not a string: invalid params');
    assert.equal(code(byId.get(10)), -32600, 'params that are neither object nor array break the JSON-RPC envelope itself');
    assert.equal((byId.get(9)!.result as { structuredContent: { decision: string } }).structuredContent.decision, 'deny', 'still serving after all of it');
    const anonymous = replies
      .filter((r) => r.id === null)
      .map(code)
      .sort();
    assert.deepEqual(anonymous, [-32700, -32700, -32700, -32600].sort(), 'three unparseable lines and a batch, answered with id null');
    assert.equal(replies.length, 12, 'notifications are never answered');
    assert.match(errors, /Parse error/);
  });
});

describe('as a new user would', () => {
  test('mcp init --client claude writes .mcp.json, and the server it names answers a real client session', async () => {
    const fresh = join(dir, 'newcomer');
    mkdirSync(join(fresh, '.git'), { recursive: true });
    const r = runCli(['mcp', 'init', '--client', 'claude'], { cwd: fresh, env: ENV });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^Added firebreak to .*\.mcp\.json \(Claude Code, project scope\)/);
    const entry = (JSON.parse(readFileSync(join(fresh, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers
      .firebreak!;
    const session = new Client({ name: 'claude-like', version: '1' });
    await session.connect(new StdioClientTransport({ command: entry.command, args: entry.args, cwd: fresh, env: ENV, stderr: 'ignore' }));
    try {
      const a = (await session.callTool({ name: 'check_command', arguments: { command: 'rm -rf ~' } })).structuredContent as { decision: string };
      assert.equal(a.decision, 'deny');
    } finally {
      await session.close();
    }
  });
  test('mcp --interactive: a prompt on stderr, examples on help, replies pretty-printed', async () => {
    const r = runCli(['mcp', '--interactive'], {
      cwd: project,
      env: ENV,
      input: `help\n${init()}\n{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check_command","arguments":{"command":"git status"}}}\nnot json\nquit\n`,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /mcp> /);
    assert.match(r.stderr, /Example messages/);
    assert.match(r.stdout, /^ {2}"jsonrpc": "2\.0",$/m, 'pretty-printed');
    assert.match(r.stdout, /\\"decision\\":\\"allow\\"/);
    assert.match(r.stdout, /"code": -32700/);
  });
  test('mcp --help documents the tools, the errors and init', () => {
    const r = runCli(['mcp', '--help']);
    assert.equal(r.status, 0);
    for (const word of [
      'check_command',
      'suggest_alternative',
      'get_policy',
      'explain_risk',
      '-32700',
      '-32602',
      'isError',
      'mcp init',
      '--client',
      '--dry-run',
      '--interactive',
    ])
      assert.ok(r.stdout.includes(word), word);
  });
});

describe('check_command answered directly and through the SDK answer alike', () => {
  /** One in-process session over in-memory streams; returns the replies by id. */
  async function session(direct: boolean, lines: string[], expect: number): Promise<Map<unknown, unknown>> {
    const catalogue = loadCatalogue();
    if ('code' in catalogue) assert.fail(catalogue.message);
    const ws = new Workspace({ catalogue, startDir: project, env: ENV, stamp: 'equivalence', home });
    const { server, direct: tools } = createServer({ catalogue, version: 'test', stamp: 'equivalence' }, ws);
    const input = new PassThrough();
    const replies: Array<{ id: unknown }> = [];
    const output = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) replies.push(JSON.parse(l) as { id: unknown });
        done();
      },
    });
    const transport = new FramedStdioTransport({ input, output, maxMessageBytes: MAX_MESSAGE_BYTES, checkParams });
    await server.connect(transport);
    if (direct) routeRequestsDirectly(server, transport, tools);
    for (const l of lines) input.write(l + '\n');
    for (let i = 0; i < 200 && replies.length < expect; i++) await new Promise((r) => setTimeout(r, 10));
    await server.close();
    return new Map(replies.map((r) => [r.id, r]));
  }
  test('valid, invalid and odd arguments get the same replies on both paths', async () => {
    const calls: unknown[] = [
      { command: 'git push --force origin main' },
      { command: 'ls -la' },
      { command: 'git stash drop' },
      {},
      { command: 7 },
      { command: ['rm'] },
      { command: 'ls', extra: true },
      { command: '' },
      { command: 'x'.repeat(1024 * 1024 + 1) },
      { command: 'ls', cwd: broken },
      { command: 'ls', cwd: join(dir, 'none') },
      { command: 'rm -rf /', cwd: 5 },
    ];
    const lines = [
      init(),
      ...calls.map((args, i) => JSON.stringify({ jsonrpc: '2.0', id: 100 + i, method: 'tools/call', params: { name: 'check_command', arguments: args } })),
      JSON.stringify({ jsonrpc: '2.0', id: 200, method: 'tools/call', params: { name: 'check_command' } }),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 201,
        method: 'tools/call',
        params: { name: 'check_command', arguments: { command: 'ls' }, _meta: { progressToken: 1 } },
      }),
    ];
    const expect = lines.length;
    const [viaSdk, direct] = [await session(false, lines, expect), await session(true, lines, expect)];
    assert.equal(direct.size, expect);
    for (const [id, reply] of viaSdk) assert.deepEqual(direct.get(id), reply, `reply ${String(id)}`);
  });
});

describe('an internal error in check_command fails closed', () => {
  test('a catalogue that breaks mid-check gives the failure-mode verdict, not a bare error', () => {
    const catalogue = new Catalogue({
      groups: [],
      size: 1,
      names: new Set(['rm']),
      load: () => {
        throw new Error('shard file unreadable');
      },
      all: () => [],
    });
    const ws = new Workspace({ catalogue, startDir: project, env: ENV, stamp: 'broken', home });
    const { direct } = createServer({ catalogue, version: 'test', stamp: 'broken' }, ws);
    const r = direct.get('check_command')!.run({ command: 'rm -rf ~' });
    assert.equal(r.isError, true);
    assert.match((r.content[0] as { text: string }).text, /internal error: shard file unreadable/);
    const verdict = r.structuredContent as { decision: string; context: { labels: string[] } };
    assert.equal(assessmentErrors(verdict), '');
    assert.equal(verdict.decision, 'ask');
    assert.deepEqual(verdict.context.labels, ['error=internal']);
  });
});
