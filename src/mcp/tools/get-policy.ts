// get_policy: the effective policy of a directory, the rule groups with their counts, and
// the file each setting came from.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Engine } from '../../assess/engine.js';
import { AUDIENCES } from '../../policy/policy.js';
import { policyInput, policyOutput } from '../schemas.js';
import { failure, ok, READ_ONLY, type ToolContext } from './shared.js';

const ruleCounts = new WeakMap<Engine, Map<string, number>>();
function countsOf(engine: Engine): Map<string, number> {
  let c = ruleCounts.get(engine);
  if (!c) {
    c = new Map();
    for (const r of engine.catalogue.rules) c.set(r.group, (c.get(r.group) ?? 0) + 1);
    ruleCounts.set(engine, c);
  }
  return c;
}

export function registerGetPolicy(server: McpServer, { ws }: ToolContext): void {
  server.registerTool(
    'get_policy',
    {
      title: 'Show the policy that applies in a directory',
      description:
        'Returns the effective firebreak policy for a directory: the rule groups and how many rules each holds (and whether it is enabled), ' +
        'the ask and deny thresholds for agents and for people, protected branches, production patterns, rules always denied or ignored, the failure mode, ' +
        'and which config file each setting came from. Call it to understand why a command was judged as it was, or before planning risky work.',
      inputSchema: policyInput,
      outputSchema: policyOutput,
      annotations: { title: 'Show the effective policy', ...READ_ONLY },
    },
    ({ cwd }) => {
      const place = ws.place(cwd);
      if (!place.ok) return failure(`firebreak cannot use the policy for ${place.cwd}: ${place.message}.`);
      const p = place.resolved.policy;
      const counts = countsOf(place.engine);
      return ok({
        cwd: place.cwd,
        files: place.resolved.files,
        groups: place.engine.catalogue.groups.map((g) => ({
          group: g.group,
          description: g.description,
          rules: counts.get(g.group) ?? 0,
          enabled: !p.disabledGroups.includes(g.group),
        })),
        thresholds: Object.fromEntries(AUDIENCES.map((a) => [a, { ask: p.thresholds[a].ask, deny: p.thresholds[a].deny }])) as {
          agent: { ask: string; deny: string };
          human: { ask: string; deny: string };
        },
        on_error: p.onError,
        protected_branches: p.protectedBranches,
        production_patterns: p.productionPatterns,
        denied_rules: p.deniedRules,
        ignored_rules: p.ignoredRules,
        blast_radius_budget_ms: p.blastRadiusBudgetMs,
        sources: place.resolved.sources,
      });
    },
  );
}
