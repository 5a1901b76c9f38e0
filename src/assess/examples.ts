// Running a rule's own examples through the real engine: the first line of defence for
// every rule, used by the test suite, scripts/test-rules.ts and `firebreak rules test`.

import type { Example } from '../catalogue/rule-format.js';
import type { PathContext } from '../context/context.js';
import type { Engine } from './engine.js';
import { blastDetail } from './template.js';

/**
 * The fixed place examples are assessed in, so they mean the same on every machine: a
 * project with firebreak installed in its node_modules, node from nvm, and the secrets and
 * local data git does not keep (.env, a key, a database).
 */
export const EXAMPLE_CONTEXT: PathContext = {
  cwd: '/home/dev/project',
  home: '/home/dev',
  projectRoot: '/home/dev/project',
  tempDirs: ['/tmp', '/var/tmp', '/dev/shm'],
  guarded: [
    '/home/dev/project/node_modules/firebreak',
    '/home/dev/.nvm/versions/node/v20.20.2/bin/node',
    '/home/dev/.config/firebreak',
    '/home/dev/.cache/firebreak',
    '/home/dev/.local/state/firebreak',
  ],
  files: ['/home/dev/project/.env', '/home/dev/project/certs/server.key', '/home/dev/project/data/app.db', '/home/dev/project/terraform.tfstate'],
};

interface ExampleFailure {
  ruleId: string;
  command: string;
  expected: string;
  got: string;
}

function parts(e: Example): Exclude<Example, string> {
  return typeof e === 'string' ? { command: e } : e;
}

const listed = (xs: string[]): string => (xs.length === 0 ? 'none' : xs.map((x) => JSON.stringify(x)).join(', '));

export function runExamples(engine: Engine, ruleId: string, examples: { match: Example[]; no_match: Example[] }): ExampleFailure[] {
  const failures: ExampleFailure[] = [];
  const hit = (command: string) => engine.matchLine(command, EXAMPLE_CONTEXT).matches.find((m) => m.rule.id === ruleId);
  const others = (command: string) =>
    engine
      .matchLine(command, EXAMPLE_CONTEXT)
      .matches.map((m) => `${m.rule.id} (${m.severity})`)
      .join(', ') || 'no rule';
  for (const e of examples.match) {
    const { command, severity, alternatives, blast_radius_detail: detail } = parts(e);
    const m = hit(command);
    if (!m) {
      failures.push({ ruleId, command, expected: 'a match', got: `no match; matched: ${others(command)}` });
      continue;
    }
    if (severity && m.severity !== severity) failures.push({ ruleId, command, expected: `severity ${severity}`, got: `severity ${m.severity}` });
    const produced = engine.alternativesOf(m).map((a) => a.command);
    if (alternatives && produced.join('\n') !== alternatives.join('\n'))
      failures.push({ ruleId, command, expected: `alternatives ${listed(alternatives)}`, got: `alternatives ${listed(produced)}` });
    if (detail !== undefined && blastDetail(m) !== detail)
      failures.push({ ruleId, command, expected: `blast radius ${JSON.stringify(detail)}`, got: `blast radius ${JSON.stringify(blastDetail(m))}` });
  }
  for (const e of examples.no_match) {
    const { command } = parts(e);
    const m = hit(command);
    if (m) failures.push({ ruleId, command, expected: 'no match', got: `matched with severity ${m.severity}` });
  }
  return failures;
}
