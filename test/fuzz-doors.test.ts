// Property-based, for what arrives at the doors from outside: whatever line reaches the MCP
// transport it is either a message for the SDK or a JSON-RPC error reply, never a throw;
// whatever a config file holds it loads as a config or as problems naming the file, never
// a throw and never a silently empty policy.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { checkParams } from '../src/mcp/server.js';
import { parseMessage } from '../src/mcp/transport.js';
import { loadConfigFile } from '../src/policy/load.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100_000) / 20;

const VALID = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check_command","arguments":{"command":"rm -rf /"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":"a","result":{}}',
  '{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"x"}}',
];
const pieces = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  'null',
  '1',
  '-1',
  '1e999',
  '"jsonrpc"',
  '"2.0"',
  '"id"',
  '"method"',
  '"params"',
  '"_meta"',
  '"name"',
  '"arguments"',
  '\\u0000',
  '\\',
  ' ',
  'true',
  '"__proto__"',
  '"constructor"',
);
const mutatedJson = fc
  .tuple(fc.constantFrom(...VALID), fc.array(fc.tuple(fc.nat(), fc.boolean(), pieces), { minLength: 1, maxLength: 5 }))
  .map(([seed, edits]) =>
    edits.reduce((s, [at, insert, p]) => {
      const i = at % (s.length + 1);
      return insert ? s.slice(0, i) + p + s.slice(i) : s.slice(0, i) + s.slice(i + 1 + (at % 3));
    }, seed),
  );

test('the MCP transport turns any line into a message or a JSON-RPC error, never a throw', () => {
  fc.assert(
    fc.property(fc.oneof(mutatedJson, fc.string(), fc.json()), (line) => {
      const r = parseMessage(line, checkParams);
      if (r.ok) {
        assert.equal(typeof r.message, 'object');
      } else {
        assert.ok([-32700, -32600, -32602].includes(r.code), String(r.code));
        assert.ok(r.id === null || typeof r.id === 'string' || typeof r.id === 'number');
        assert.ok(r.message.length > 0);
      }
    }),
    { numRuns: RUNS },
  );
});

const dir = mkdtempSync(join(tmpdir(), 'firebreak-fuzz-config-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const yamlPieces = fc.constantFrom(
  '? [a]',
  '? {x: 1}',
  'thresholds:',
  '  ask: ',
  'High',
  'never',
  'deny: [',
  ']',
  'git:push-force',
  '- ',
  'rules:',
  '  - id: custom:x',
  '    match: {command: x, pattern: "^x"}',
  ': ',
  '&a ',
  '*a',
  '!!binary ',
  '{',
  '}',
  '"',
  "'",
  '\n',
  '  ',
  'on_error: deny',
  'version: 1',
  '#',
  '<<: *a',
  '? ',
  '|',
  '>',
);
test('a config file of any content loads as a config or as problems naming the file, never a throw or a runtime warning', () => {
  let n = 0;
  const warnings: string[] = [];
  const onWarning = (w: Error): void => {
    warnings.push(w.message);
  };
  process.on('warning', onWarning);
  fc.assert(
    fc.property(
      fc.oneof(
        fc.array(yamlPieces, { maxLength: 30 }).map((p) => p.join('')),
        fc.string(),
        fc.json(),
      ),
      (text) => {
        const path = join(dir, `c${n++ % 50}.yaml`);
        writeFileSync(path, text);
        const r = loadConfigFile({ path, scope: 'project', code: false });
        if (r.file) {
          assert.equal(r.problems.length, 0);
          assert.equal(typeof r.file.config, 'object');
        } else {
          assert.ok(r.problems.length > 0, 'a config that does not load says why');
          for (const p of r.problems) {
            assert.equal(p.file, path);
            assert.ok(p.message.length > 0 && p.fix.length > 0);
          }
        }
      },
    ),
    { numRuns: Math.min(RUNS, 2000) },
  );
  process.off('warning', onWarning);
  assert.deepEqual(warnings, []);
});
