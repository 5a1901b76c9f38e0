// What the four tools share: their results (structured content with the same JSON as
// text, or an isError result with a message a model can act on), the check that a command
// and a directory can be judged, and the way each tool assesses with the workspace.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { checkInput, notAssessed, type Engine } from '../../assess/engine.js';
import { currentUid } from '../../context/signals.js';
import { currentContainer } from '../../context/container.js';
import { Workspace, type Place } from '../../workspace/workspace.js';

export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false, destructiveHint: false } as const;

export function ok(structured: object, ...extraText: string[]): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }, ...extraText.map((text) => ({ type: 'text' as const, text }))],
    structuredContent: structured as Record<string, unknown>,
  };
}

export function failure(message: string, structured?: object): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }], ...(structured ? { structuredContent: structured as Record<string, unknown> } : {}) };
}

/**
 * The command as a tool can take it, or the failure result that says why not. Only
 * check_command's failures carry the fail-closed verdict as structuredContent: a client
 * validates structured content against the tool's output schema even on an error, and
 * only check_command's output is a RiskAssessment.
 */
export function usable(line: string, place: Place, withVerdict: boolean): { ok: true; engine: Engine; cwd: string } | { ok: false; result: CallToolResult } {
  const bad = checkInput(line);
  if (bad) {
    const verdict = notAssessed(line, place.ok ? place.engine.policy.onError : 'ask', bad);
    return {
      ok: false,
      result: failure(`firebreak cannot assess this command: ${bad.message}. The verdict is ${verdict.decision}.`, withVerdict ? verdict : undefined),
    };
  }
  if (!place.ok) {
    const verdict = Workspace.unusable(line, place);
    return {
      ok: false,
      result: failure(
        `firebreak cannot judge commands in ${place.cwd}: ${place.message}.${verdict ? ` Until it is fixed the verdict is ${verdict.decision}.` : ''}`,
        withVerdict ? (verdict ?? undefined) : undefined,
      ),
    };
  }
  return { ok: true, engine: place.engine, cwd: place.cwd };
}

/** The workspace a tool judges in, and how it assesses: as an agent, with the blast-radius probes. */
export interface ToolContext {
  ws: Workspace;
  assessIn(engine: Engine, cwd: string, line: string, withDetail?: boolean): ReturnType<Engine['assessInDetail']>;
}

export function toolContext(ws: Workspace): ToolContext {
  const uid = currentUid();
  const container = currentContainer();
  return {
    ws,
    assessIn: (engine, cwd, line, withDetail = true) =>
      engine.assessInDetail(line, { cwd, env: ws.env, uid, container, probe: true, audience: 'agent' }, withDetail),
  };
}
