// The four tools of `firebreak mcp`, one registration per file. Each one is the real
// engine's answer, rendered: the server holds no judgement of its own. A tool's own failure
// (a command it cannot take, a cwd that is not a directory, a config that cannot be used)
// is a result with isError and a message a model can act on; for check_command it also
// carries the fail-closed verdict.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z, type ZodType } from 'zod';
import type { Workspace } from '../../workspace/workspace.js';
import { checkInput as checkShape } from '../schemas.js';
import { registerCheckCommand } from './check-command.js';
import { registerExplainRisk } from './explain-risk.js';
import { registerGetPolicy } from './get-policy.js';
import { toolContext } from './shared.js';
import { registerSuggestAlternative } from './suggest-alternative.js';

/** A tool the server may answer without the SDK's request machinery (see server.ts). */
export interface DirectTool {
  input: ZodType<Record<string, unknown>>;
  run(args: Record<string, unknown>): CallToolResult;
}

/** Registers the four tools; returns the one worth a direct path, check_command, called once per shell command. */
export function registerTools(server: McpServer, ws: Workspace): Map<string, DirectTool> {
  const ctx = toolContext(ws);
  const checkCommand = registerCheckCommand(server, ctx);
  registerSuggestAlternative(server, ctx);
  registerGetPolicy(server, ctx);
  registerExplainRisk(server, ctx);
  return new Map([['check_command', { input: z.object(checkShape), run: (args) => checkCommand(args as { command: string; cwd?: string }) }]]);
}
