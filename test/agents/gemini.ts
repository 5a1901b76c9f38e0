// Google's Gemini API (POST /v1beta/models/M:streamGenerateContent?alt=sse, or
// :generateContent), as Gemini CLI calls it with GOOGLE_GEMINI_BASE_URL. Its side calls (the
// model router, the next-speaker check) ask for JSON and get a minimal JSON answer.

import { isObject, resultText, sse, startFakeModel, type FakeModel, type Protocol, type ToolCall } from './fake-model.js';

const gemini: Protocol = {
  side(_method, url) {
    if (url.includes(':countTokens')) return { status: 200, json: { totalTokens: 10 } };
    if (!/:(stream)?[gG]enerateContent/.test(url)) return { status: 404, json: { error: { code: 404, message: 'fake model server', status: 'NOT_FOUND' } } };
    return null;
  },
  read(body) {
    const b = isObject(body) ? body : {};
    const tools = (Array.isArray(b.tools) ? b.tools : []).flatMap((t) => (isObject(t) && Array.isArray(t.functionDeclarations) ? t.functionDeclarations : [])).filter(isObject).map((d) => String(d.name));
    const toolResults: string[] = [];
    for (const c of Array.isArray(b.contents) ? b.contents : []) {
      if (!isObject(c) || !Array.isArray(c.parts)) continue;
      for (const p of c.parts) if (isObject(p) && isObject(p.functionResponse)) toolResults.push(resultText(p.functionResponse.response));
    }
    // A side call asks for JSON and offers no tools; it is answered with JSON.
    const config = isObject(b.generationConfig) ? b.generationConfig : {};
    return { tools: config.responseMimeType === 'application/json' ? [] : tools, toolResults };
  },
  answer(res, url, body, r) {
    const b = isObject(body) ? body : {};
    const config = isObject(b.generationConfig) ? b.generationConfig : {};
    const parts = 'call' in r
      ? [{ functionCall: { name: r.call.tool, args: r.call.input } }]
      : [{ text: config.responseMimeType === 'application/json' ? SIDE_JSON : r.text }];
    if (url.includes(':stream')) { sse(res, [[null, reply(parts)]]); return; }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply(parts)));
  },
};

/** Enough for every JSON side call Gemini CLI 0.61 makes: the router's choice, the next speaker. */
const SIDE_JSON = JSON.stringify({ reasoning: 'fake', next_speaker: 'user', model_choice: 'flash', complexity_reasoning: 'fake', complexity_score: 1 });

function reply(parts: unknown[]): unknown {
  return { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 }, modelVersion: 'gemini-2.5-pro' };
}

export function fakeGemini(script: ToolCall[]): Promise<FakeModel> {
  return startFakeModel(gemini, script);
}
