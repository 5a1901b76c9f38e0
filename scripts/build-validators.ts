// Config validation compiled at build time: ajv's standalone code for
// schemas/config.schema.json (with the rule schema its `rules` refer to). Compiling the
// schema at run time costs about 50 ms, paid by the first check after every config edit.

import { mkdirSync, writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import configSchema from '../schemas/config.schema.json' with { type: 'json' };
import ruleSchema from '../schemas/rule.schema.json' with { type: 'json' };

export function buildValidators(dir = 'dist/generated'): void {
  // The options src/policy/load.ts compiles with when this file is missing: keep them the same.
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { source: true } });
  ajv.addSchema(ruleSchema);
  const validate = ajv.compile(configSchema);
  mkdirSync(dir, { recursive: true });
  // Its one require (ajv/dist/runtime/ucs2length) resolves from dist/ to the package's node_modules.
  writeFileSync(`${dir}/config-validator.cjs`, standalone.default(ajv, validate));
}
