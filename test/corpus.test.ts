// Labelled corpora of realistic command lines (test/corpus/*.tsv: label, command, reason),
// separate from the rules' own examples. Each file must meet the accuracy the product
// promises; every miss is listed so it can be fixed or argued with.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import { atLeast } from '../src/core/severity.js';
import { ROOT, testEngine } from './helpers.js';

export interface CorpusLine {
  label: 'destructive' | 'risky' | 'routine';
  command: string;
  reason: string;
  line: number;
}

export function readCorpus(file: string): CorpusLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((raw, i) => {
      if (raw.trim() === '' || raw.startsWith('#')) return [];
      const [label, command, reason] = raw.split('\t');
      if (label !== 'destructive' && label !== 'risky' && label !== 'routine') throw new Error(`${file}:${i + 1}: unknown label '${label}'`);
      if (!command || !reason) throw new Error(`${file}:${i + 1}: needs label<TAB>command<TAB>reason`);
      // A literal \n in the command column stands for a newline (here-documents).
      return [{ label, command: command.replace(/\\n/g, '\n'), reason, line: i + 1 }];
    });
}

/** Minimum share rated as the label expects: destructive High+, risky Medium+, routine below Medium. */
const REQUIRED = { destructive: 0.95, risky: 0.9, routine: 0.98 };

const engine = testEngine();
const dir = ROOT + 'test/corpus/';

describe('labelled corpora', () => {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.tsv'))
    .sort()) {
    test(file, () => {
      const lines = readCorpus(dir + file);
      const misses: string[] = [];
      const counts = { destructive: [0, 0], risky: [0, 0], routine: [0, 0] };
      for (const l of lines) {
        const sev = engine.assess(l.command, { context: EXAMPLE_CONTEXT }).severity;
        const ok = l.label === 'destructive' ? atLeast(sev, 'High') : l.label === 'risky' ? atLeast(sev, 'Medium') : !atLeast(sev, 'Medium');
        counts[l.label][0]! += ok ? 1 : 0;
        counts[l.label][1]! += 1;
        if (!ok) misses.push(`  ${file}:${l.line} ${l.label} rated ${sev ?? 'nothing'}: ${l.command}  (${l.reason})`);
      }
      if (misses.length) console.log(`${file} misses:\n${misses.join('\n')}`);
      for (const label of ['destructive', 'risky', 'routine'] as const) {
        const [ok, total] = counts[label];
        if (total === 0) continue;
        assert.ok(ok! / total! >= REQUIRED[label], `${file}: ${ok}/${total} ${label} lines rated as expected, below ${REQUIRED[label] * 100}%`);
      }
    });
  }
});
