// A fake model server on 127.0.0.1 for driving a real agent CLI offline. It plays a script:
// each turn that offers the tool gets the script's next tool call, counted by the tool
// results the agent has sent back so far; once the script is played, the turn gets a final text
// that quotes the last tool result, so what the agent prints shows what its tool returned.
// The wire protocols (Anthropic messages, OpenAI responses, Gemini) are in the files beside
// this one; this one holds the server and the bookkeeping they share.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One tool call the model makes: a JSON input, or for a free-form tool (Codex's apply_patch) its raw text. */
export interface ToolCall {
  tool: string;
  input: Record<string, unknown> | string;
}

/** What a protocol reads from one request and how it answers it. */
export interface Turn {
  /** The names of the tools the request offers (none in a side call such as a title). */
  tools: string[];
  /** The tool results the agent has sent back in this conversation, in order, as text. */
  toolResults: string[];
}

export interface Protocol {
  /** The answer to a request that is not a model turn (token counts, model lists); null for a turn. */
  side(method: string, url: string, body: unknown): { status: number; json: unknown } | null;
  read(body: unknown): Turn;
  /** The answer to a turn, written to the response (SSE or JSON, as the request asked). */
  answer(res: ServerResponse, url: string, body: unknown, reply: { call: ToolCall; id: string } | { text: string }): void;
}

export interface FakeModel {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Every tool result the agent sent back, as the model saw it, each once, latest last (over every session). */
  toolResults(): string[];
  /** How many tool calls were handed out. */
  callsMade(): number;
  /** Method and URL of every request, for a failure message. */
  requests(): string[];
  close(): Promise<void>;
}

export const FINAL_PREFIX = 'fake model done; the tool said: ';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeModel(protocol: Protocol, script: ToolCall[]): Promise<FakeModel> {
  const results: string[] = [];
  let calls = 0;
  const log: string[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = req.url ?? '/';
      log.push(`${req.method} ${url}`);
      let body: unknown = {};
      try { body = raw ? JSON.parse(raw) : {}; } catch { /* answered as a side call or a turn without tools */ }
      const side = protocol.side(req.method ?? 'GET', url, body);
      if (side) {
        res.writeHead(side.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(side.json));
        return;
      }
      const turn = protocol.read(body);
      for (const r of turn.toolResults) if (!results.includes(r)) results.push(r);
      const step = turn.toolResults.length;
      const next = script[step];
      if (next && turn.tools.includes(next.tool)) {
        calls++;
        protocol.answer(res, url, body, { call: next, id: `call_fake_${step}` });
      } else {
        const last = turn.toolResults[turn.toolResults.length - 1];
        protocol.answer(res, url, body, { text: last === undefined ? 'fake model: nothing to do' : FINAL_PREFIX + last.slice(0, 4000) });
      }
    }).catch(() => { res.writeHead(500); res.end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    toolResults: () => results,
    callsMade: () => calls,
    requests: () => log,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Server-sent events, one `event:`/`data:` pair each. */
export function sse(res: ServerResponse, events: Array<[type: string | null, data: unknown]>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [type, data] of events) res.write(`${type === null ? '' : `event: ${type}\n`}data: ${JSON.stringify(data)}\n\n`);
  res.end();
}

/** The text of a tool result, however a protocol nests it. */
export function resultText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(resultText).join('\n');
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    if (typeof o.text === 'string') return o.text;
    return JSON.stringify(v);
  }
  return String(v);
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
