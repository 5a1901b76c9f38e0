// A command put into package.json's scripts runs the next time npm does: `npm install`
// runs the lifecycle scripts, `npm test` and `npm run X` the rest. However the edit is made
// (jq '.scripts.test="…"', node or python setting p.scripts.x, sed -i rewriting a script's
// text; npm pkg set is read in ./later.ts), the command is judged as if it ran now.

import type { NormalisedCommand } from '../shell/normalise.js';
import type { NestedCode } from './result.js';

/** scripts.NAME = "CODE" (jq, JavaScript, Python) and "NAME": "CODE" in an edit's text. */
const ASSIGNED = /scripts(?:\.|\[\s*["'])([\w:.-]+)(?:["']\s*\])?\s*=\s*(["'])((?:\\.|(?!\2)[^\\]){0,4096})\2/g;
const JSON_ENTRY = /"([\w:.-]+)"\s*:\s*"((?:\\.|[^"\\]){0,4096})"/g;

const NONE: NestedCode[] = [];

export function packageScriptEdits({ name, args }: NormalisedCommand): NestedCode[] {
  if (!args.some((a) => a.text.includes('package.json'))) return NONE;
  const texts = args.map((a) => a.text);
  const out: NestedCode[] = [];
  for (const t of texts) {
    for (const m of t.matchAll(ASSIGNED)) out.push({ code: unquoted(m[3]!), via: `${name} setting package.json script ${m[1]}` });
    // sed -i 's/"test": ".*"/"test": "rm -rf ~"/' package.json: the entry the replacement writes.
    if (name === 'sed' || name === 'gsed' || name === 'perl') {
      const replacement = /^s(.)(?:\\.|(?!\1)[^\\])*\1((?:\\.|(?!\1)[^\\])*)\1/.exec(t)?.[2];
      for (const m of replacement?.matchAll(JSON_ENTRY) ?? []) out.push({ code: unquoted(m[2]!), via: `${name} setting package.json script ${m[1]}` });
    }
  }
  return out;
}

const unquoted = (s: string): string => s.replace(/\\(["'\\])/g, '$1');
