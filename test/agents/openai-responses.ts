// OpenAI's responses API (POST /v1/responses, streamed as server-sent events), as Codex calls
// a custom model provider. A JSON input is a function call (exec_command); a text input is a
// free-form custom tool call (apply_patch).

import { isObject, resultText, sse, startFakeModel, type FakeModel, type Protocol, type ToolCall } from './fake-model.js';

const responses: Protocol = {
  side(method, url) {
    if (method === 'GET') return { status: 200, json: { object: 'list', data: [], models: [] } };
    if (!url.includes('/responses')) return { status: 404, json: { error: { message: 'fake model server' } } };
    return null;
  },
  read(body) {
    const b = isObject(body) ? body : {};
    const tools = Array.isArray(b.tools) ? b.tools.filter(isObject).map((t) => String(t.name ?? t.type)) : [];
    const toolResults = (Array.isArray(b.input) ? b.input : [])
      .filter((i): i is Record<string, unknown> => isObject(i) && (i.type === 'function_call_output' || i.type === 'custom_tool_call_output'))
      .map((i) => resultText(i.output));
    return { tools, toolResults };
  },
  answer(res, _url, _body, reply) {
    let item: Record<string, unknown>;
    if ('text' in reply) item = { type: 'message', id: `msg_${Date.now()}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] };
    else if (typeof reply.call.input === 'string') item = { type: 'custom_tool_call', id: `ctc_${reply.id}`, status: 'completed', call_id: reply.id, name: reply.call.tool, input: reply.call.input };
    else item = { type: 'function_call', id: `fc_${reply.id}`, status: 'completed', call_id: reply.id, name: reply.call.tool, arguments: JSON.stringify(reply.call.input) };
    const id = `resp_${Date.now()}`;
    const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 10, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 20 };
    sse(res, [
      ['response.created', { type: 'response.created', response: { id, object: 'response', status: 'in_progress', output: [] } }],
      ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
      ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
      ['response.completed', { type: 'response.completed', response: { id, object: 'response', status: 'completed', output: [item], usage } }],
    ]);
  },
};

export function fakeResponses(script: ToolCall[]): Promise<FakeModel> {
  return startFakeModel(responses, script);
}
