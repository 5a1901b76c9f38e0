// Import statements: which local names they bind to which modules and members, so a call
// through the local name is read as the module's (`import shutil as s; s.rmtree(p)`,
// `import { execSync as run } from 'child_process'`).

import type { Cursor } from './cursor.js';
import type { RawPart } from './lexer.js';
import { moduleName } from './values.js';

/** a.b.c at the cursor, consumed. */
function dotted(c: Cursor): string {
  const segs: string[] = [];
  for (let id = c.idAt(); id !== null; id = c.idAt()) {
    segs.push(id);
    c.i++;
    if (!c.isOp('.') || c.idAt(1) === null) break;
    c.i++;
  }
  return segs.join('.');
}

/** import a.b as c; from m import x as y, (z); from m import * — after the keyword. */
export function pythonImport(c: Cursor, kw: 'import' | 'from', aliases: Map<string, string>, stars: string[]): void {
  const from = kw === 'from' ? dotted(c) : '';
  if (kw === 'from') {
    if (!c.isId('import')) return;
    c.i++;
  }
  if (c.isOp('*')) {
    c.i++;
    stars.push(from);
    return;
  }
  if (c.isOp('(')) c.i++;
  for (;;) {
    const name = dotted(c);
    if (!name) break;
    const target = from ? `${from}.${name}` : name;
    const as = c.isId('as') ? c.idAt(1) : null;
    if (as !== null) {
      aliases.set(as, target);
      c.i += 2;
    } else if (from) aliases.set(name, target);
    if (!c.isOp(',')) break;
    c.i++;
  }
  if (c.isOp(')')) c.i++;
}

/** import x from 'm'; import * as x from 'm'; import { a, b as c } from 'm' — after the keyword. */
export function jsImport(c: Cursor, aliases: Map<string, string>, textOf: (parts: RawPart[]) => string | null): void {
  const binds: Array<[string, string | null]> = [];
  for (let guard = 0; guard < 1000 && c.i < c.toks.length; guard++) {
    const id = c.idAt();
    if (id === 'from') {
      c.i++;
      break;
    }
    if (id !== null) {
      if (id !== 'as') binds.push([id, null]);
    } else if (c.isOp('{')) {
      c.i++;
      for (let member = c.idAt(); member !== null; member = c.idAt()) {
        c.i++;
        const as = c.isId('as') ? c.idAt(1) : null;
        if (as !== null) {
          binds.push([as, member]);
          c.i += 2;
        } else binds.push([member, member]);
        if (c.isOp(',')) c.i++;
      }
    } else if (!c.isOp('*') && !c.isOp(',')) return;
    c.i++;
  }
  const spec = c.peek();
  if (spec?.t !== 'str') return;
  const mod = moduleName(textOf(spec.parts) ?? '');
  for (const [local, member] of binds) aliases.set(local, member ? `${mod}.${member}` : mod);
  c.i++;
}
