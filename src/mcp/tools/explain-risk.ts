// explain_risk: every simple command a line runs, every rule and how its severity came
// about, the blast radius and what to run instead, as fields and as Markdown.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { explain } from '../explain.js';
import { explainInput, explainOutput } from '../schemas.js';
import { ok, READ_ONLY, usable, type ToolContext } from './shared.js';

export function registerExplainRisk(server: McpServer, { ws, assessIn }: ToolContext): void {
  server.registerTool(
    'explain_risk',
    {
      title: 'Explain what a command would do and why it is risky',
      description:
        'A thorough explanation of one command line: each simple command it runs (including code inside bash -c, ssh, xargs, pipes into a shell) and what it does, ' +
        'every matched rule with why it is dangerous and how its severity came about (rule, policy, context), the blast radius with numbers from this machine, ' +
        'the context that raised the severity, and what to run instead. Returned as fields and as Markdown you can show the user.',
      inputSchema: explainInput,
      outputSchema: explainOutput,
      annotations: { title: "Explain a command's risk", ...READ_ONLY },
    },
    ({ command, cwd }) => {
      const u = usable(command, ws.place(cwd), false);
      if (!u.ok) return u.result;
      const { assessment, detail } = assessIn(u.engine, u.cwd, command);
      const e = explain(assessment, detail);
      return ok(e, e.markdown);
    },
  );
}
