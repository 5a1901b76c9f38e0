import { readFileSync } from 'node:fs';
import { Engine } from './src/assess/engine.js';
import { loadCatalogue } from './src/catalogue/load.js';
import { parseCommandLine } from './src/shell/index.js';
const cat = loadCatalogue(); if ('code' in cat) throw 1;
const e = new Engine(cat);
const lines = readFileSync('bench/corpus.txt','utf8').split('\n').filter(Boolean);
function run(label: string, f: (l: string) => unknown) {
  for (let k=0;k<5;k++) for (const l of lines) f(l);
  const t = performance.now(); let n=0;
  while (performance.now()-t < 1500) { for (const l of lines) f(l); n+=lines.length; }
  console.log(label, ((performance.now()-t)*1000/n).toFixed(2), 'µs');
}
run('parse ', (l) => parseCommandLine(l));
run('assess', (l) => e.assess(l, {cwd: '/work/main'}));
