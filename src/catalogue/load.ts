// Loading the compiled catalogue that the build wrote next to the bundle. JSON, not YAML:
// parsing it costs well under a millisecond.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FirebreakError } from '../core/types.js';
import { Catalogue } from './catalogue.js';
import type { CompiledCatalogue } from './types.js';

/**
 * Both src/catalogue/load.ts and the bundle dist/cli/firebreak.cjs sit two directories
 * below the package root, so one relative URL serves both.
 */
export const CATALOGUE_PATH = fileURLToPath(new URL('../../dist/catalogue.json', import.meta.url));

export function loadCatalogue(path = CATALOGUE_PATH): Catalogue | FirebreakError {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { code: 'no-catalogue', message: `the rule catalogue is missing at ${path}; run \`npm install\` or \`npm run build\` in the firebreak package to build it` };
  }
  let data: CompiledCatalogue;
  try {
    data = JSON.parse(text) as CompiledCatalogue;
  } catch (e) {
    return { code: 'bad-catalogue', message: `the rule catalogue at ${path} is not valid JSON (${(e as Error).message}); rebuild it with \`npm run build\`` };
  }
  if (data?.version !== 1 || !Array.isArray(data.rules)) {
    return { code: 'bad-catalogue', message: `the rule catalogue at ${path} has an unknown format; rebuild it with \`npm run build\`` };
  }
  try {
    return new Catalogue(data);
  } catch (e) {
    return { code: 'bad-catalogue', message: `the rule catalogue at ${path} did not compile (${(e as Error).message}); rebuild it with \`npm run build\`` };
  }
}
