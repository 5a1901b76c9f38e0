// Anthropic's messages API (POST /v1/messages, streamed as server-sent events), as Claude
// Code and Copilot CLI (with ANTHROPIC-type BYO models) call it.

import { isObject, resultText, sse, startFakeModel, type FakeModel, type Protocol, type ToolCall } from './fake-model.js';

const anthropic: Protocol = {
  side(_method, url) {
    if (url.startsWith('/v1/messages/count_tokens')) return { status: 200, json: { input_tokens: 10 } };
    if (!url.startsWith('/v1/messages')) return { status: 404, json: { type: 'error', error: { type: 'not_found_error', message: 'fake model server' } } };
    return null;
  },
  read(body) {
    const b = isObject(body) ? body : {};
    const tools = Array.isArray(b.tools) ? b.tools.filter(isObject).map((t) => String(t.name)) : [];
    const toolResults: string[] = [];
    for (const m of Array.isArray(b.messages) ? b.messages : []) {
      if (!isObject(m) || !Array.isArray(m.content)) continue;
      for (const c of m.content) if (isObject(c) && c.type === 'tool_result') toolResults.push((c.is_error === true ? '[error] ' : '') + resultText(c.content));
    }
    return { tools, toolResults };
  },
  answer(res, _url, body, reply) {
    const b = isObject(body) ? body : {};
    const block = 'call' in reply
      ? { type: 'tool_use', id: `toolu_${reply.id}`, name: reply.call.tool, input: reply.call.input }
      : { type: 'text', text: reply.text };
    const stop = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
    const usage = { input_tokens: 10, output_tokens: 10 };
    const message = { id: `msg_${Date.now()}`, type: 'message', role: 'assistant', model: typeof b.model === 'string' ? b.model : 'claude-sonnet-4-5', content: [block], stop_reason: stop, stop_sequence: null, usage };
    if (b.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(message));
      return;
    }
    const start = block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' };
    const delta = block.type === 'tool_use' ? { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } : { type: 'text_delta', text: block.text };
    sse(res, [
      ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null } }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: start }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } }],
      ['message_stop', { type: 'message_stop' }],
    ]);
  },
};

export function fakeAnthropic(script: ToolCall[]): Promise<FakeModel> {
  return startFakeModel(anthropic, script);
}
