// The stdio transport of `firebreak mcp`: newline-delimited JSON-RPC, as the MCP stdio
// transport specifies, but strict about what arrives. The SDK's own stdio transport drops
// a line it cannot parse without a reply, so a client waiting on that request hangs; here
// every bad message gets the JSON-RPC error it deserves and the server keeps serving:
//   not JSON                      -32700 Parse error (id null)
//   JSON but not a JSON-RPC message, a batch, or too large
//                                 -32600 Invalid Request (with the id when one can be read)
//   a known method with bad params -32602 Invalid params (checked before the SDK sees it)
// Unknown methods get -32601 from the SDK. Notifications are never answered.

import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

const ERROR = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internal: -32603 } as const;

/** Returns why a request's params are not acceptable for its method, or null. */
export type ParamsCheck = (method: string, params: unknown) => string | null;

interface FramedTransportOptions {
  input: Readable;
  output: Writable;
  /** Longest message accepted, in bytes; a longer line is answered -32600 and skipped. */
  maxMessageBytes: number;
  checkParams?: ParamsCheck;
  /** Where diagnostics go (stderr); never stdout, which carries the protocol. */
  log?: (line: string) => void;
}

type Parsed = { ok: true; message: JSONRPCMessage } | { ok: false; id: RequestId | null; code: number; message: string };

function idOf(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

const ENVELOPE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * A plain request in the exact shape the SDK's schema accepts (no extra keys, no _meta),
 * recognised without running the schema: on the hot path a zod parse costs more than the
 * assessment. Anything unusual takes the full schema check.
 */
function isPlainRequest(v: Record<string, unknown>): boolean {
  if (v.jsonrpc !== '2.0' || typeof v.method !== 'string') return false;
  if (!(typeof v.id === 'string' || Number.isSafeInteger(v.id))) return false;
  for (const k in v) if (!ENVELOPE_KEYS.has(k)) return false;
  const p = v.params;
  return p === undefined || (typeof p === 'object' && p !== null && !Array.isArray(p) && !('_meta' in p));
}

export function parseMessage(text: string, checkParams?: ParamsCheck): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, id: null, code: ERROR.parse, message: `Parse error: the line is not JSON (${(e as Error).message})` };
  }
  if (Array.isArray(value))
    return {
      ok: false,
      id: null,
      code: ERROR.invalidRequest,
      message: 'Invalid Request: JSON-RPC batches are not supported by MCP; send one message per line',
    };
  if (typeof value === 'object' && value !== null && isPlainRequest(value as Record<string, unknown>)) {
    const request = value as { id: RequestId; method: string; params?: unknown };
    const why = checkParams?.(request.method, request.params);
    if (why) return { ok: false, id: request.id, code: ERROR.invalidParams, message: `Invalid params: ${why}` };
    return { ok: true, message: value as JSONRPCMessage };
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      id: idOf(value),
      code: ERROR.invalidRequest,
      message:
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response (it needs "jsonrpc": "2.0" and a string "method", or a "result"/"error" with an "id")',
    };
  }
  const message = parsed.data;
  if (checkParams && 'method' in message && 'id' in message) {
    const why = checkParams(message.method, (message as { params?: unknown }).params);
    if (why) return { ok: false, id: message.id, code: ERROR.invalidParams, message: `Invalid params: ${why}` };
  }
  return { ok: true, message };
}

export class FramedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Skipping the rest of a line that was already too long. */
  private discarding = false;
  private closed = false;
  private drained: Promise<void> | null = null;
  /** Requests handed on and not yet answered: at end of input they are answered before closing. */
  private outstanding = 0;
  private closing: NodeJS.Timeout | null = null;

  constructor(private readonly opts: FramedTransportOptions) {}

  async start(): Promise<void> {
    this.opts.input.on('data', this.onData);
    this.opts.input.on('end', this.onEnd);
    this.opts.input.on('error', (e: Error) => this.onerror?.(e));
  }

  private readonly onEnd = (): void => {
    if (this.buffered > 0 && !this.discarding) this.handleLine(Buffer.concat(this.chunks));
    this.chunks = [];
    this.buffered = 0;
    if (this.outstanding === 0) {
      void this.close();
      return;
    }
    // `printf '{...}' | firebreak mcp`: the last requests still get their answers, within reason.
    this.closing = setTimeout(() => void this.close(), 10_000);
  };

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      if (this.buffered + piece.length > this.opts.maxMessageBytes) {
        this.tooLarge();
        this.chunks = [];
        this.buffered = 0;
        continue;
      }
      const line = this.chunks.length === 0 ? piece : Buffer.concat([...this.chunks, piece]);
      this.chunks = [];
      this.buffered = 0;
      this.handleLine(line);
    }
    if (start < chunk.length && !this.discarding) {
      const rest = chunk.subarray(start);
      if (this.buffered + rest.length > this.opts.maxMessageBytes) {
        // Answer now and drop the line as it streams in: memory stays bounded.
        this.tooLarge();
        this.chunks = [];
        this.buffered = 0;
        this.discarding = true;
      } else {
        this.chunks.push(Buffer.from(rest));
        this.buffered += rest.length;
      }
    }
  };

  private tooLarge(): void {
    const mib = (this.opts.maxMessageBytes / (1024 * 1024)).toFixed(0);
    this.reply(null, ERROR.invalidRequest, `Invalid Request: the message is over ${mib} MiB; it was not read`);
  }

  private handleLine(raw: Buffer): void {
    const text = raw.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    const parsed = parseMessage(text, this.opts.checkParams);
    if (parsed.ok) {
      if ('method' in parsed.message && 'id' in parsed.message) this.outstanding++;
      this.onmessage?.(parsed.message);
      return;
    }
    this.opts.log?.(`firebreak mcp: ${parsed.message}`);
    this.reply(parsed.id, parsed.code, parsed.message);
  }

  private reply(id: RequestId | null, code: number, message: string): void {
    // JSON-RPC answers an unreadable request with id null; the SDK's types insist on a real id.
    void this.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
  }

  private write(json: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.opts.output.write(json + '\n')) return Promise.resolve();
    // One drain listener however many replies wait on it (a burst of calls fills the pipe).
    this.drained ??= new Promise((resolve) =>
      this.opts.output.once('drain', () => {
        this.drained = null;
        resolve();
      }),
    );
    return this.drained;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(JSON.stringify(message));
    if (('result' in message || 'error' in message) && this.outstanding > 0) {
      this.outstanding--;
      if (this.closing && this.outstanding === 0) void this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.closing) clearTimeout(this.closing);
    this.opts.input.off('data', this.onData);
    this.opts.input.off('end', this.onEnd);
    this.onclose?.();
  }
}
