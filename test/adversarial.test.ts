// The adversarial suite (test/adversarial.tsv): shell evasions that hide a destructive command
// and benign look-alikes that only mention one. One test per line, so every miss is named.
//
// File format, one case per line: expect<TAB>command<TAB>reason
//   expect   high   the engine must rate it High or Critical
//            medium the engine must rate it at least Medium
//            low    the engine must rate it below Medium (nothing, Info or Low)
//   command  the command line; the two characters \n stand for a newline (here-documents,
//            multi-line scripts; a backslash before \n is a line continuation)
//   reason   one short line saying why the expectation holds
// Blank lines and lines starting with '#' are ignored. Any other line that does not fit the
// format, or repeats a command already listed, is reported as a failing test with its line number.
// Every case is assessed as if run in /home/dev/project (a git repository) with home /home/dev.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import { atLeast } from '../src/core/severity.js';
import type { Severity } from '../src/core/contracts.js';
import { ROOT, testEngine } from './helpers.js';

export type Expectation = 'high' | 'medium' | 'low';

export interface AdversarialCase {
  expect: Expectation;
  /** The command column as written in the file (with \n as two characters). */
  raw: string;
  /** The command to assess (\n turned into a newline). */
  command: string;
  reason: string;
  line: number;
}

export interface Malformed {
  line: number;
  problem: string;
}

const EXPECTATIONS: readonly string[] = ['high', 'medium', 'low'];

export function parseAdversarial(text: string): { cases: AdversarialCase[]; malformed: Malformed[] } {
  const cases: AdversarialCase[] = [];
  const malformed: Malformed[] = [];
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((rawLine, i) => {
    const line = i + 1;
    const content = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (content.trim() === '' || content.startsWith('#')) return;
    const fields = content.split('\t');
    if (fields.length !== 3) {
      malformed.push({ line, problem: `expected 3 tab-separated fields (expect, command, reason), found ${fields.length}` });
      return;
    }
    const [expect, raw, reason] = fields as [string, string, string];
    if (!EXPECTATIONS.includes(expect)) {
      malformed.push({ line, problem: `unknown expectation '${expect}' (use high, medium or low)` });
      return;
    }
    if (raw.trim() === '') {
      malformed.push({ line, problem: 'empty command' });
      return;
    }
    if (reason.trim() === '') {
      malformed.push({ line, problem: 'empty reason' });
      return;
    }
    const first = seen.get(raw);
    if (first !== undefined) {
      malformed.push({ line, problem: `command already listed on line ${first}: ${raw}` });
      return;
    }
    seen.set(raw, line);
    cases.push({ expect: expect as Expectation, raw, command: raw.replace(/\\n/g, '\n'), reason: reason.trim(), line });
  });
  return { cases, malformed };
}

export function meets(expect: Expectation, severity: Severity | null): boolean {
  if (expect === 'high') return atLeast(severity, 'High');
  if (expect === 'medium') return atLeast(severity, 'Medium');
  return !atLeast(severity, 'Medium');
}

const WANTED: Record<Expectation, string> = {
  high: 'High or Critical',
  medium: 'Medium or above',
  low: 'below Medium (nothing, Info or Low)',
};

const NAME_LIMIT = 100;
function testName(c: AdversarialCase): string {
  const name = `${c.expect}: ${c.raw}`;
  return name.length > NAME_LIMIT ? name.slice(0, NAME_LIMIT - 1) + '…' : name;
}

const FILE = 'test/adversarial.tsv';
const { cases, malformed } = parseAdversarial(readFileSync(ROOT + FILE, 'utf8'));
const engine = testEngine();

describe('adversarial suite', () => {
  for (const m of malformed) {
    test(`${FILE}:${m.line} is malformed`, () => {
      assert.fail(`${FILE}:${m.line}: ${m.problem}`);
    });
  }

  test(`${FILE} has cases`, () => {
    assert.ok(cases.length > 0, `${FILE} holds no cases`);
  });

  for (const c of cases) {
    test(testName(c), () => {
      let severity: Severity | null;
      let rules: string;
      try {
        const a = engine.assess(c.command, { context: EXAMPLE_CONTEXT });
        severity = a.severity;
        rules = a.matched_rules.map((r) => `${r.id} (${r.severity}) on '${r.segment}'`).join(', ') || 'no rule';
      } catch (e) {
        assert.fail(`${FILE}:${c.line}: assessing threw ${(e as Error).stack ?? String(e)}\n  command: ${c.raw}\n  why ${c.expect}: ${c.reason}`);
      }
      assert.ok(
        meets(c.expect, severity),
        `${FILE}:${c.line}: expected ${WANTED[c.expect]}, got ${severity ?? 'nothing'}\n` +
          `  command: ${c.raw}\n  why ${c.expect}: ${c.reason}\n  matched: ${rules}`,
      );
    });
  }
});
