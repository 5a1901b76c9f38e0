// The house rules, checked on the sources: each folder of src/ is a layer, and a layer
// imports only from the layers before it (docs/design.md draws them); doors do not import
// each other; no two files import each other, however indirectly; the layers that read
// command lines use nothing from outside Node; and nothing is exported that no other file
// uses. A change that breaks one fails here, naming the file and the import.

import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './helpers.js';

/** The layers, first to last; folders in one entry are peers, which must not import each other. */
export const LAYERS: string[][] = [
  ['core'],
  ['options'],
  ['terminal'],
  ['shell'],
  ['code'],
  ['databases'],
  ['unwrap'],
  ['catalogue'],
  ['context'],
  ['policy'],
  ['assess'],
  ['workspace'],
  ['audit'],
  ['agent-settings'],
  ['mcp', 'hooks', 'shells'],
  // The binary: it dispatches to every door.
  ['cli'],
];

/** Layers that read command lines and code: Node's own modules only. */
const PARSER_LAYERS = new Set(['options', 'shell', 'code', 'databases', 'unwrap']);

const SRC = join(ROOT, 'src');

interface Import {
  from: string;
  spec: string;
  line: number;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const out: Import[] = [];
  // Static imports and re-exports, type-only ones included: a type import is still a dependency of the design.
  const re = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) out.push({ from: file, spec: (m[1] ?? m[2])!, line: text.slice(0, m.index).split('\n').length });
  return out;
}

const layerOf = (file: string): string => relative(SRC, file).split('/')[0]!.replace(/\.ts$/, '');
const rankOf = (layer: string): number => LAYERS.findIndex((l) => l.includes(layer));
const at = (i: Import): string => `${relative(ROOT, i.from)}:${i.line}`;

type Graph = Map<string, Array<{ to: string; imp: Import }>>;

const files = sources(SRC);
const edges: Graph = new Map();
for (const f of files) {
  edges.set(
    f,
    importsOf(f)
      .filter((i) => i.spec.startsWith('.'))
      .map((imp) => ({ to: normalize(join(dirname(f), imp.spec.replace(/\.js$/, '.ts'))), imp }))
      .filter((e) => e.to.endsWith('.ts')),
  );
}

/** Each import that points from a layer to itself-or-later peers or a later layer. */
function layerViolations(graph: Graph): string[] {
  const wrong: string[] = [];
  for (const [file, es] of graph) {
    const from = layerOf(file);
    for (const e of es) {
      if (!e.to.startsWith(SRC)) continue;
      const to = layerOf(e.to);
      if (to !== from && rankOf(to) >= rankOf(from)) wrong.push(`${at(e.imp)}: ${from} imports ${to} (${e.imp.spec})`);
    }
  }
  return wrong;
}

/** The groups of files that import each other, directly or not (Tarjan's strongly connected components). */
function cyclesOf(graph: Graph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue;
      if (!idx.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (on.has(to)) low.set(v, Math.min(low.get(v)!, idx.get(to)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(relative(ROOT, w));
      } while (w !== v);
      if (c.length > 1) cycles.push(c.sort());
    }
  };
  for (const f of graph.keys()) if (!idx.has(f)) visit(f);
  return cycles;
}

/** Every file a name exported from src/ may be used in: the sources, tests, scripts and benchmarks (not the installed agents or fixtures). */
function readers(): Map<string, string> {
  const dirs = ['src', 'test', 'scripts', 'bench'].map((d) => join(ROOT, d));
  const skip = new Set([join(ROOT, 'test/agents'), join(ROOT, 'test/fixtures')]);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      if (skip.has(p) || f === 'node_modules') return [];
      return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
    });
  return new Map(dirs.flatMap(walk).map((f) => [f, readFileSync(f, 'utf8')]));
}

/** Names a file of src/ exports that no other file mentions: an export nobody imports is a local, or dead. */
function unusedExports(texts: Map<string, string>): string[] {
  const unused: string[] = [];
  for (const [file, text] of texts) {
    if (!file.startsWith(SRC)) continue;
    const declared = [...text.matchAll(/^export (?:async )?(?:function\*?|const|let|class|interface|type|enum|abstract class) ([A-Za-z_$][\w$]*)/gm)].map(
      (m) => m[1]!,
    );
    const listed = [...text.matchAll(/^export \{([^}]*)\}(?! from)/gm)].flatMap((m) =>
      m[1]!.split(',').map(
        (n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
      ),
    );
    for (const name of [...declared, ...listed].filter(Boolean)) {
      const mention = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
      if (![...texts].some(([other, t]) => other !== file && mention.test(t))) unused.push(`${relative(ROOT, file)}: ${name}`);
    }
  }
  return unused;
}

describe('architecture', () => {
  it('every folder of src/ is a layer this test knows', () => {
    const unknown = [...new Set(files.map(layerOf))].filter((l) => rankOf(l) < 0);
    assert.deepEqual(unknown, [], 'add the new folder to LAYERS (and to docs/design.md)');
  });

  it('a layer imports only from itself and the layers before it; peers do not import each other', () => {
    assert.deepEqual(layerViolations(edges), []);
  });

  it('no file imports itself through others (no cycles, type imports included)', () => {
    assert.deepEqual(cyclesOf(edges), []);
  });

  it('the layers that read command lines and code use nothing from outside Node', () => {
    const foreign: string[] = [];
    for (const f of files) {
      if (!PARSER_LAYERS.has(layerOf(f))) continue;
      for (const i of importsOf(f)) if (!i.spec.startsWith('.') && !i.spec.startsWith('node:')) foreign.push(`${at(i)}: ${i.spec}`);
    }
    assert.deepEqual(foreign, []);
  });

  it('every name src/ exports is used by another file (an export nobody imports is a local, or dead code)', () => {
    assert.deepEqual(unusedExports(readers()), []);
  });

  it('the checks fail on what they are meant to catch', () => {
    const file = (p: string): string => join(SRC, p);
    const imp = (from: string, spec: string): Import => ({ from: file(from), spec, line: 1 });
    const upward: Graph = new Map([[file('context/x.ts'), [{ to: file('hooks/run.ts'), imp: imp('context/x.ts', '../hooks/run.js') }]]]);
    assert.equal(layerViolations(upward).length, 1);
    const peers: Graph = new Map([[file('mcp/x.ts'), [{ to: file('hooks/run.ts'), imp: imp('mcp/x.ts', '../hooks/run.js') }]]]);
    assert.equal(layerViolations(peers).length, 1);
    const loop: Graph = new Map([
      [file('shell/a.ts'), [{ to: file('shell/b.ts'), imp: imp('shell/a.ts', './b.js') }]],
      [file('shell/b.ts'), [{ to: file('shell/a.ts'), imp: imp('shell/b.ts', './a.js') }]],
    ]);
    assert.equal(cyclesOf(loop).length, 1);
    const texts = new Map([
      [file('core/a.ts'), 'export function used(): void {}\nexport const lonely = 1;\nexport { hidden };\n'],
      [file('core/b.ts'), "import { used } from './a.js';\n"],
    ]);
    assert.deepEqual(unusedExports(texts), ['src/core/a.ts: lonely', 'src/core/a.ts: hidden']);
  });
});
