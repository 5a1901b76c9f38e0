// Reading one config file: cosmiconfig loads it (YAML, JSON, a package.json `firebreak`
// key, or a user's JavaScript config), the `yaml` parser keeps every key's line, and
// schemas/config.schema.json validates it. Every problem names the file, the line, the key
// and the fix. This module is heavy (cosmiconfig, yaml, ajv): it lives in the tools bundle
// and runs only when a config file is new or has changed (see resolve.ts).

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cosmiconfigSync, defaultLoadersSync, type LoaderSync } from 'cosmiconfig';
import { Ajv, type ErrorObject } from 'ajv';
import { isNode, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import type { CompiledRule, Example } from '../catalogue/rule-format.js';
import { compileRule, withPlatformNames } from '../catalogue/compile.js';
import type { ConfigFileRef } from './discover.js';
import type { ConfigFile } from './config.js';
import { describeSchemaError } from './schema-errors.js';
import type { PolicyProblem } from './problems.js';
import configSchema from '../../schemas/config.schema.json' with { type: 'json' };
import ruleSchema from '../../schemas/rule.schema.json' with { type: 'json' };

export interface LoadedFile {
  ref: ConfigFileRef;
  config: ConfigFile;
  rules: CompiledRule[];
  examples: Record<string, { match: Example[]; no_match: Example[] }>;
  /** The line of a key path, when the file has lines to point at. */
  lineOf(path: Array<string | number>): number | undefined;
}

interface Parsed {
  doc: Document;
  lines: LineCounter;
}

/** A YAML or JSON syntax error with its line, thrown out of a cosmiconfig loader. */
class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
  }
}

const parsedFiles = new Map<string, Parsed>();

function parseYaml(filepath: string, content: string): unknown {
  const lines = new LineCounter();
  // uniqueKeys: a key written twice is an error, not a silent last-one-wins.
  const doc = parseDocument(content, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) throw new SyntaxProblem(`not valid YAML: ${err.message.split('\n')[0]}`, lines.linePos(err.pos[0]).line);
  // A list or mapping used as a key (`? [a, b]: x`) has no meaning in a config, and turning
  // it into JSON would only print a runtime warning.
  let complexKey: number | null = null;
  visit(doc, {
    Pair(_, pair) {
      const k = pair.key;
      const plain = k === null || (isScalar(k) && (k.value === null || ['string', 'number', 'boolean'].includes(typeof k.value)));
      if (!plain && complexKey === null) {
        complexKey = isNode(k) && k.range ? lines.linePos(k.range[0]).line : 1;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (complexKey !== null) throw new SyntaxProblem('a key is a list, a mapping or tagged data; keys are plain words like on_error', complexKey);
  parsedFiles.set(filepath, { doc, lines });
  return doc.toJS({ maxAliasCount: 50 });
}

function parseJson(filepath: string, content: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    const line = at ? content.slice(0, Number(at[1])).split('\n').length : undefined;
    throw new SyntaxProblem(`not valid JSON: ${(e as Error).message}`, line);
  }
  // JSON is YAML: the same parser gives every key's line, and finds a key written twice,
  // which JSON.parse lets the last one win.
  const lines = new LineCounter();
  const doc = parseDocument(content, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const dup = doc.errors.find((e) => e.code === 'DUPLICATE_KEY');
  if (dup) throw new SyntaxProblem(`not valid: ${dup.message.split('\n')[0]}`, lines.linePos(dup.pos[0]).line);
  if (doc.errors.length === 0) parsedFiles.set(filepath, { doc, lines });
  return value;
}

const yamlLoader: LoaderSync = (filepath, content) => parseYaml(filepath, content);
const jsonLoader: LoaderSync = (filepath, content) => parseJson(filepath, content);

let explorer: ReturnType<typeof cosmiconfigSync> | null = null;
function loader(): ReturnType<typeof cosmiconfigSync> {
  explorer ??= cosmiconfigSync('firebreak', {
    loaders: { ...defaultLoadersSync, '.json': jsonLoader, '.yaml': yamlLoader, '.yml': yamlLoader, noExt: yamlLoader },
    cache: false,
  });
  return explorer;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
let validator: Validate | null = null;

/** The validator the build generated (scripts/build-validators.ts), else one compiled now with the same options. */
function configValidator(): Validate {
  try {
    const mod = createRequire(import.meta.url)(fileURLToPath(new URL('../../dist/generated/config-validator.cjs', import.meta.url))) as
      | Validate
      | { default: Validate };
    return typeof mod === 'function' ? mod : mod.default;
  } catch {
    const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    ajv.addSchema(ruleSchema);
    return ajv.compile(configSchema) as Validate;
  }
}

function validate(data: unknown): ErrorObject[] {
  validator ??= configValidator();
  return validator(data) ? [] : (validator.errors ?? []);
}

export function loadConfigFile(ref: ConfigFileRef): { file: LoadedFile | null; problems: PolicyProblem[] } {
  parsedFiles.delete(ref.path);
  const problems: PolicyProblem[] = [];
  let data: unknown;
  try {
    data = loader().load(ref.path)?.config;
  } catch (e) {
    const message = e instanceof SyntaxProblem ? e.message : `cannot be loaded: ${(e as Error).message.split('\n').filter(Boolean).pop() ?? 'unknown error'}`;
    const line = e instanceof SyntaxProblem ? e.line : undefined;
    problems.push({ file: ref.path, path: [], ...(line ? { line } : {}), message, fix: 'correct the file (run: firebreak policy validate FILE)' });
    return { file: null, problems };
  }
  // An empty file, or a package.json without the key, is a config that sets nothing.
  if (data === undefined || data === null) data = {};
  const parsed = parsedFiles.get(ref.path);
  // In a package.json the config sits under the `firebreak` key.
  const prefix = ref.path.endsWith('/package.json') ? ['firebreak'] : [];
  const lineOf = (path: Array<string | number>): number | undefined => {
    if (!parsed) return undefined;
    const full = [...prefix, ...path];
    for (let n = full.length; n >= 0; n--) {
      const node = parsed.doc.getIn(full.slice(0, n), true);
      if (isNode(node) && node.range) return parsed.lines.linePos(node.range[0]).line;
    }
    return undefined;
  };
  const at = (p: Omit<PolicyProblem, 'file'>): PolicyProblem => {
    const line = p.line ?? lineOf(p.path);
    return { file: ref.path, ...p, ...(line ? { line } : {}) };
  };

  if (typeof data !== 'object' || Array.isArray(data)) {
    problems.push(at({ path: [], message: 'the config must be a mapping of settings', fix: 'start from: firebreak policy init' }));
    return { file: null, problems };
  }
  const seen = new Set<string>();
  for (const e of validate(data)) {
    const p = describeSchemaError(e);
    if (!p) continue;
    const key = JSON.stringify(p.path) + p.message;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(at(p));
    }
  }
  if (problems.length > 0) return { file: null, problems };

  const config = data as ConfigFile;
  const rules: CompiledRule[] = [];
  const examples: LoadedFile['examples'] = {};
  const ids = new Set<string>();
  (config.rules ?? []).forEach((r, i) => {
    const group = r.id.slice(0, r.id.indexOf(':'));
    const problem = (message: string, path: Array<string | number> = []): void => {
      problems.push(
        at({
          path: ['rules', i, ...path],
          message: `rule ${r.id}: ${message}`,
          fix: 'see schemas/rule.schema.json and docs/rules.md; test it with: firebreak policy validate FILE',
        }),
      );
    };
    if (ids.has(r.id)) problem('the id is used twice in this file', ['id']);
    ids.add(r.id);
    rules.push({ ...compileRule(withPlatformNames(r), group, { file: ref.path, line: lineOf(['rules', i]) ?? 1 }, problem), fromConfig: true });
    examples[r.id] = r.examples;
  });
  if (problems.length > 0) return { file: null, problems };
  return { file: { ref, config, rules, examples, lineOf }, problems };
}
