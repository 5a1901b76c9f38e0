// suggest_alternative: safer commands for the same end, ranked by the agent's goal; an
// allowed command is said to be fine instead of getting one invented.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { suggestInput, suggestOutput } from '../schemas.js';
import { suggest } from '../suggest.js';
import { ok, READ_ONLY, usable, type ToolContext } from './shared.js';

export function registerSuggestAlternative(server: McpServer, { ws, assessIn }: ToolContext): void {
  server.registerTool(
    'suggest_alternative',
    {
      title: 'Suggest a safer way to run a command',
      description:
        'Call this when check_command says ask or deny, or before running a command you suspect is destructive. ' +
        'Returns safer commands that reach the same end (filled in from your command: your branch, path, namespace), each with why it is safer and where it came from. ' +
        'Give goal, what you are trying to achieve in a few words ("free disk space", "undo my last commit"), to rank them and add goal-specific ones. ' +
        'For a command that is already allowed it says so (safe: true) instead of inventing one.',
      inputSchema: suggestInput,
      outputSchema: suggestOutput,
      annotations: { title: 'Suggest a safer command', ...READ_ONLY },
    },
    ({ command, goal, cwd }) => {
      const u = usable(command, ws.place(cwd), false);
      if (!u.ok) return u.result;
      const { assessment, detail } = assessIn(u.engine, u.cwd, command);
      // A goal is a few words; a novel pasted into it is read only as far as a goal would go.
      return ok(
        suggest(
          assessment,
          (detail?.commands ?? []).map((c) => c.name),
          goal?.slice(0, 2000),
        ),
      );
    },
  );
}
