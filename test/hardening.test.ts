// The classes of disguise issue 12 names (test/hardening.tsv): each destructive line is
// rated as its label says, and those marked `run` are first shown to be destructive for
// real: run under bash as an unprivileged user, with HOME set to a throwaway directory that
// they must delete. A disguise that does nothing under bash proves nothing about firebreak.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import { atLeast } from '../src/core/severity.js';
import { ROOT, testEngine } from './helpers.js';

interface Case {
  cls: string;
  expect: 'high' | 'medium' | 'low';
  run: boolean;
  /** Programs the sandbox run needs beyond bash and coreutils (expect, lua): without them only the rating is checked. */
  needs: string[];
  command: string;
  reason: string;
  line: number;
}

function readCases(): Case[] {
  return readFileSync(join(ROOT, 'test', 'hardening.tsv'), 'utf8')
    .split('\n')
    .flatMap((raw, i) => {
      if (raw.trim() === '' || raw.startsWith('#')) return [];
      const [cls, expect, run, command, reason] = raw.split('\t');
      const sandbox = /^run(?::([\w.,-]+))?$/.exec(run ?? '');
      if (!cls || (expect !== 'high' && expect !== 'medium' && expect !== 'low') || (!sandbox && run !== '-') || !command || !reason) {
        throw new Error(`test/hardening.tsv:${i + 1}: needs class<TAB>high|medium|low<TAB>run|run:PROGRAM,…|-<TAB>command<TAB>reason`);
      }
      return [{ cls, expect, run: !!sandbox, needs: sandbox?.[1]?.split(',') ?? [], command, reason, line: i + 1 }];
    });
}

const engine = testEngine();
const cases = readCases();
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const sandboxes: string[] = [];
after(() => {
  for (const s of sandboxes) rmSync(s, { recursive: true, force: true });
});

/** Runs a command under bash with HOME a fresh directory holding a canary; whether the canary survived. */
function canarySurvives(command: string): { survived: boolean; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'fb-hardening-'));
  sandboxes.push(root);
  chmodSync(root, 0o755);
  const home = join(root, 'home');
  mkdirSync(join(home, 'canary'), { recursive: true });
  writeFileSync(join(home, 'canary', 'file'), 'x');
  const env = [`HOME=${home}`, 'PATH=/usr/local/bin:/usr/bin:/bin', 'SHELL=/bin/bash', 'LANG=C'];
  if (asRoot) for (const p of [home, join(home, 'canary'), join(home, 'canary', 'file')]) chownSync(p, NOBODY, NOBODY);
  const [program, ...args] = asRoot
    ? ['runuser', '-u', 'nobody', '--', 'env', '-i', ...env, 'bash', '-c', command]
    : ['env', '-i', ...env, 'bash', '-c', command];
  const r = spawnSync(program!, args, { cwd: home, encoding: 'utf8', timeout: 15_000 });
  return { survived: existsSync(join(home, 'canary', 'file')), output: `${r.stdout}${r.stderr}`.slice(0, 400) };
}

const installed = (program: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${program}`], { env: { PATH: '/usr/local/bin:/usr/bin:/bin' } }).status === 0;

describe('hardening corpus (test/hardening.tsv)', () => {
  for (const c of cases) {
    test(`${c.cls}: ${c.expect}: ${c.command.slice(0, 100)}`, (t) => {
      const missing = c.needs.filter((p) => !installed(p));
      if (missing.length > 0) t.diagnostic(`not run in a sandbox: ${missing.join(', ')} not installed (.ci/run installs them)`);
      if (c.run && c.expect !== 'low' && missing.length === 0) {
        const { survived, output } = canarySurvives(c.command);
        assert.ok(!survived, `test/hardening.tsv:${c.line}: under bash this did not delete the sandbox home, so it proves nothing\n${output}`);
      }
      const a = engine.assess(c.command, { context: EXAMPLE_CONTEXT });
      const sev = a.severity;
      const ok = c.expect === 'high' ? atLeast(sev, 'High') : c.expect === 'medium' ? atLeast(sev, 'Medium') : !atLeast(sev, 'Medium');
      assert.ok(
        ok,
        `test/hardening.tsv:${c.line}: expected ${c.expect}, rated ${sev ?? 'nothing'} (${a.decision}; ${a.matched_rules.map((r) => r.id).join(', ') || 'no rule'}) — ${c.reason}`,
      );
    });
  }
});
