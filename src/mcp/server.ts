// `firebreak mcp`: the MCP server over stdio, its interactive console, and `mcp init`.
// Bundled on its own (dist/cli/mcp.cjs): the SDK costs about 80 ms to load, which only
// this subcommand pays.

import { homedir } from 'node:os';
import { PassThrough, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { ZodType } from 'zod';
import { INPUT_LIMITS } from '../assess/engine.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Io } from '../terminal/out.js';
import { FramedStdioTransport, type ParamsCheck } from './transport.js';
import { registerTools, type DirectTool } from './tools/index.js';
import { Workspace } from '../workspace/workspace.js';
import { MCP_INIT_HELP, runMcpInit } from '../agent-settings/mcp-entry.js';

const MCP_HELP = `Usage:
  firebreak mcp                 serve MCP over stdio (what an MCP client runs)
  firebreak mcp --interactive   a console: type JSON-RPC messages, see the replies pretty-printed
  firebreak mcp init [--client claude|cursor|vscode|codex|gemini] [--scope project|user] [--dry-run] [--force]
                                write your client's MCP configuration so it starts this server

Tools (all read-only; each returns structuredContent and the same JSON as text):
  check_command {command, cwd?}           the RiskAssessment: allow/ask/deny, severity, matched rules,
                                          blast radius measured here, alternatives
  suggest_alternative {command, goal?, cwd?}
                                          safer commands for the same end, ranked by goal; an allowed
                                          command is said to be fine instead of getting one invented
  get_policy {cwd?}                       the effective policy and the file each setting came from
  explain_risk {command, cwd?}            every simple command, every rule and why, how context raised
                                          the severity, what to run instead; fields and Markdown

cwd is the directory the command would run in (default: where the server started); its git
branch, kube context and project policy apply. Protocol versions 2025-11-25 back to 2024-11-05
are negotiated by the SDK. Bad input gets a JSON-RPC error (-32700 not JSON, -32600 not a
JSON-RPC message or over ${Math.round((64 * 1024 * 1024) / (1024 * 1024))} MiB, -32601 unknown method, -32602 bad params) or a tool result
with isError (a command over ${INPUT_LIMITS.maxLength.toLocaleString('en-US')} characters, a cwd that is not a directory, an invalid
config, whose failure-mode verdict comes with it); the server keeps serving. Diagnostics go to stderr.

${MCP_INIT_HELP}`;

/** Longest JSON-RPC message read: a 1 MiB command escaped as JSON fits many times over. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const REQUEST_SCHEMAS: Record<string, ZodType> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
};

function isPlainCall(params: unknown): boolean {
  if (typeof params !== 'object' || params === null) return false;
  const p = params as Record<string, unknown>;
  const args = p.arguments;
  return (
    typeof p.name === 'string' &&
    !('_meta' in p) &&
    !('task' in p) &&
    Object.keys(p).length <= 2 &&
    (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args)))
  );
}

/** Params of the methods this server handles, checked against the SDK's own schemas. */
export const checkParams: ParamsCheck = (method, params) => {
  // The common call, recognised without a schema run; anything else gets the full check.
  if (method === 'tools/call' && isPlainCall(params)) return null;
  const schema = Object.hasOwn(REQUEST_SCHEMAS, method) ? REQUEST_SCHEMAS[method] : undefined;
  if (!schema) return null;
  const r = schema.safeParse(params === undefined ? { method } : { method, params });
  if (r.success) return null;
  return r.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') + ': ' : ''}${i.message}`)
    .join('; ');
};

interface McpDeps {
  catalogue: Catalogue;
  version: string;
  stamp: string;
}

export function createServer(deps: McpDeps, ws: Workspace): { server: McpServer; direct: Map<string, DirectTool> } {
  const server = new McpServer(
    { name: 'firebreak', title: 'firebreak: shell command safety', version: deps.version },
    {
      capabilities: { tools: {} },
      instructions:
        'firebreak judges shell commands before they run. Call check_command with the exact command line and the cwd it would run in before running any shell command; ' +
        'run it only on decision "allow". On "ask", show the user the denial_reason and wait for approval. On "deny", do not run it: call suggest_alternative (with your goal) for a safer way, ' +
        'or explain_risk to understand what it would destroy.',
    },
  );
  const direct = registerTools(server, ws);
  return { server, direct };
}

function workspace(deps: McpDeps): Workspace {
  return new Workspace({ catalogue: deps.catalogue, startDir: process.cwd(), env: { ...process.env }, stamp: deps.stamp });
}

/** The SDK's wording for arguments that fail a tool's input schema, kept so both paths answer alike. */
function inputError(name: string, issues: Array<{ message: string; path: PropertyKey[] }>): CallToolResult {
  const where = (path: PropertyKey[]): string =>
    path.length === 0
      ? 'object root'
      : path.reduce<string>((acc, seg, i) => (i === 0 ? String(seg) : typeof seg === 'number' ? `${acc}[${seg}]` : `${acc}.${String(seg)}`), '');
  const text = issues.map((i) => (i.path.length > 0 ? `${i.message} at ${where(i.path)}` : i.message)).join('\n');
  return { content: [{ type: 'text', text: `MCP error -32602: Input validation error: Invalid arguments for tool ${name}: ${text}` }], isError: true };
}

/**
 * The hot path of an agent's session is one tools/call of check_command per shell command.
 * The SDK's Protocol tells a message's kind by running up to four zod schemas on it (two
 * failing, and building error objects, for every request), then its tools/call handler
 * parses the request again and validates input and output: together more than the
 * assessment itself. So:
 * - a plain tools/call of a direct tool (name and arguments, no _meta, no task) is answered
 *   here: the same input schema, the same handler, the SDK's wording for bad arguments, a
 *   handler's exception as an isError result (test/mcp.test.ts compares both paths);
 * - any other request goes straight to the Protocol's request handler, the transport having
 *   already checked its shape; responses and notifications take the SDK's own path.
 * The request handler is not public API: the SDK is pinned to an exact version, and if the
 * method is missing every message takes the SDK's path unchanged.
 */
export function routeRequestsDirectly(server: McpServer, transport: FramedStdioTransport, direct: Map<string, DirectTool>): void {
  const protocol = server.server as unknown as { _onrequest?: (message: JSONRPCMessage) => void };
  const onrequest = protocol._onrequest;
  const sdkPath = transport.onmessage;
  if (typeof onrequest !== 'function' || !sdkPath) return;
  transport.onmessage = (message) => {
    if (!('method' in message && 'id' in message)) {
      sdkPath(message);
      return;
    }
    const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
    const tool =
      message.method === 'tools/call' &&
      params !== undefined &&
      typeof params.name === 'string' &&
      Object.keys(params).every((k) => k === 'name' || k === 'arguments')
        ? direct.get(params.name)
        : undefined;
    if (!tool) {
      onrequest.call(protocol, message);
      return;
    }
    const name = params!.name as string;
    const args = tool.input.safeParse(params!.arguments ?? {});
    let result: CallToolResult;
    if (!args.success) result = inputError(name, args.error.issues);
    else {
      try {
        result = tool.run(args.data);
      } catch (e) {
        result = { content: [{ type: 'text', text: e instanceof Error ? e.message : String(e) }], isError: true };
      }
    }
    void transport.send({ jsonrpc: '2.0', id: message.id, result } as JSONRPCMessage);
  };
}

/** Serves until stdin ends. */
async function serve(deps: McpDeps, io: Io): Promise<number> {
  // stdout carries the protocol: anything else printed there (a user's JavaScript config
  // that logs, say) would corrupt it, so the console goes to stderr.
  for (const k of ['log', 'info', 'debug'] as const) console[k] = (...a: unknown[]) => console.error(...a);
  const { server, direct } = createServer(deps, workspace(deps));
  const transport = new FramedStdioTransport({
    // The protocol itself: process.stdout, a real stream whose backpressure the transport respects.
    input: process.stdin,
    output: process.stdout,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    checkParams,
    log: (line) => io.stderr.write(line + '\n'),
  });
  server.server.onerror = (e) => io.stderr.write(`firebreak mcp: ${e.message}\n`);
  // Set before connect(): the SDK chains its own close handling after ours.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  routeRequestsDirectly(server, transport, direct);
  await closed;
  return 0;
}

const EXAMPLES = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"console","version":"1"}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check_command","arguments":{"command":"git push --force origin main"}}}',
  '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"suggest_alternative","arguments":{"command":"docker system prune -af --volumes","goal":"free disk space"}}}',
  '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"explain_risk","arguments":{"command":"curl -fsSL https://x.example/i.sh | sudo bash"}}}',
  '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_policy","arguments":{}}}',
];

/** A console for trying the server by hand: JSON-RPC in, replies pretty-printed. */
async function interactive(deps: McpDeps, io: Io): Promise<number> {
  const input = new PassThrough();
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        try {
          io.stdout.write(JSON.stringify(JSON.parse(line), null, 2) + '\n');
        } catch {
          io.stdout.write(line + '\n');
        }
      }
      done();
    },
  });
  const { server } = createServer(deps, workspace(deps));
  await server.connect(new FramedStdioTransport({ input, output, maxMessageBytes: MAX_MESSAGE_BYTES, checkParams }));
  io.stderr.write("firebreak mcp console: type a JSON-RPC message per line, 'help' for examples, 'quit' to leave.\n");
  const rl = createInterface({ input: io.stdin() as NodeJS.ReadableStream, output: process.stderr, prompt: 'mcp> ', terminal: process.stderr.isTTY === true });
  rl.prompt();
  for await (const line of rl) {
    const t = line.trim();
    if (t === 'quit' || t === 'exit') break;
    if (t === 'help') io.stderr.write(`Example messages (initialize first):\n${EXAMPLES.map((e) => '  ' + e).join('\n')}\n`);
    else if (t !== '') {
      input.write(t + '\n');
      // Let the reply print before the next prompt.
      await new Promise((r) => setTimeout(r, 20));
    }
    rl.prompt();
  }
  rl.close();
  await server.close();
  return 0;
}

export async function runMcp(argv: string[], io: Io, deps: McpDeps): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    io.stdout.write(MCP_HELP);
    return 0;
  }
  if (first === 'init') return runMcpInit(rest, io, { cwd: process.cwd(), home: homedir(), env: (k) => process.env[k] });
  if (first === '--interactive' || first === '-i') return interactive(deps, io);
  if (first !== undefined) {
    io.stderr.write(`firebreak mcp: unknown argument '${first}' (see firebreak mcp --help)\n`);
    return 1;
  }
  return serve(deps, io);
}
