// Shared by the test files: the catalogue compiled fresh from rules/, the engine over it,
// the RiskAssessment schema validator, and a way to run the real binary.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Catalogue, memorySource } from '../src/catalogue/catalogue.js';
import { compileRuleFiles } from '../src/catalogue/compile.js';
import type { CatalogueWithExamples } from '../src/catalogue/rule-format.js';
import { Engine } from '../src/assess/engine.js';
import { readRuleFiles } from '../scripts/build-catalogue.js';
import assessmentSchema from '../schemas/risk-assessment.schema.json' with { type: 'json' };

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

let compiled: CatalogueWithExamples | null = null;
export function catalogueData(): CatalogueWithExamples {
  if (!compiled) {
    const { catalogue, problems } = compileRuleFiles(readRuleFiles(ROOT + 'rules').map((f) => ({ ...f, path: f.path.slice(ROOT.length) })));
    if (problems.length > 0) throw new Error(`rules/ does not compile: ${problems.map((p) => p.message).join('; ')}`);
    compiled = catalogue;
  }
  return compiled;
}

let engine: Engine | null = null;
export function testEngine(): Engine {
  engine ??= new Engine(new Catalogue(memorySource(catalogueData())));
  return engine;
}

const validateAssessment = new Ajv({ allErrors: true, strict: false }).compile(assessmentSchema);
/** Returns the schema errors of a RiskAssessment, or '' when it is valid. */
export function assessmentErrors(value: unknown): string {
  return validateAssessment(value) ? '' : JSON.stringify(validateAssessment.errors);
}

export const BIN = ROOT + 'bin/firebreak.cjs';

export function runCli(
  args: string[],
  opts: { input?: string | Buffer; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input: opts.input ?? '',
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...opts.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Whether a program is on this machine's PATH (tests that drive real shells skip without it). */
export const has = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
