// What SQL and MongoDB shell code handed to a database client would destroy, said as
// pseudo-commands (`@sql drop table users`, `@mongo drop-database`) that rules can match
// like any other command: `psql -c "DROP TABLE users"` is judged as the drop it runs, not
// as a harmless psql. Only the text is read; statements in a transaction that is rolled
// back are harmless and say nothing. Scanning is linear: this reads hostile text.

import { statements, type Tok } from './sql-statements.js';
import { LIMITS, shellName, UNKNOWN } from './scanning.js';

// ---- reading one statement

const is = (t: Tok | undefined, ...words: string[]): boolean => t?.t === 'w' && words.includes(t.v.toUpperCase());
const isP = (t: Tok | undefined, v: string): boolean => t?.t === 'p' && t.v === v;

/** Index after the parenthesised group that opens at i. */
function skipParens(toks: Tok[], i: number): number {
  let depth = 0;
  for (let j = i; j < toks.length; j++) {
    if (isP(toks[j], '(')) depth++;
    else if (isP(toks[j], ')') && --depth === 0) return j + 1;
  }
  return toks.length;
}

/** A qualified name at i (schema.table, "Quoted", `x`, 'bob'@'%'), and where it ends. */
function nameAt(toks: Tok[], i: number): [string | null, number] {
  let name = '';
  let j = i;
  for (;;) {
    const t = toks[j];
    if (!t || !(t.t === 'w' || t.t === 'q' || t.t === 's' || t.t === 'n')) break;
    name += t.v;
    j++;
    if (isP(toks[j], '.') || isP(toks[j], '@')) {
      name += toks[j]!.v;
      j++;
    } else break;
  }
  if (isP(toks[j], '(')) j = skipParens(toks, j); // a function's argument types
  return [j > i ? name : null, j];
}

/** The comma-separated names at i. */
function namesAt(toks: Tok[], i: number): [string[], number] {
  const names: string[] = [];
  let j = i;
  for (;;) {
    const [name, k] = nameAt(toks, j);
    if (name === null) break;
    names.push(shellName(name));
    j = k;
    if (!isP(toks[j], ',')) break;
    j++;
  }
  return [names, j];
}

/** Where the first of these words stands outside parentheses (inside them are subqueries), from `from`. */
function topLevel(toks: Tok[], from: number, ...words: string[]): number {
  let depth = 0;
  for (let j = from; j < toks.length; j++) {
    const t = toks[j]!;
    if (t.t === 'p') depth += t.v === '(' ? 1 : t.v === ')' ? -1 : 0;
    else if (depth === 0 && t.t === 'w' && words.includes(t.v.toUpperCase())) return j;
  }
  return -1;
}

const sameTok = (a: Tok, b: Tok): boolean => a.t === b.t && (a.t === 'w' ? a.v.toUpperCase() === b.v.toUpperCase() : a.v === b.v);

/** A WHERE clause with each '(' paired to its ')', so a nested group is stepped over, not scanned again. */
interface Clause {
  toks: Tok[];
  close: Int32Array;
}

function clause(toks: Tok[]): Clause {
  const close = new Int32Array(toks.length).fill(-1);
  const open: number[] = [];
  toks.forEach((t, k) => {
    if (isP(t, '(')) open.push(k);
    else if (isP(t, ')') && open.length) close[open.pop()!] = k;
  });
  for (const k of open) close[k] = toks.length;
  return { toks, close };
}

/** The top-level ranges of [lo, hi) between separators: a keyword (OR, AND) or punctuation (,). */
function parts(c: Clause, lo: number, hi: number, sep: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = lo;
  for (let k = lo; k < hi; k++) {
    const t = c.toks[k]!;
    if (c.close[k]! >= 0) k = c.close[k]!;
    else if (t.t === 'w' ? t.v.toUpperCase() === sep : t.t === 'p' && t.v === sep) {
      out.push([start, k]);
      start = k + 1;
    }
  }
  out.push([start, hi]);
  return out;
}

/** WHERE 1=1, WHERE true, 'a'='a', x = x, 1 <> 0, … OR 1=1: a condition every row meets. */
function alwaysTrue(c: Clause, lo: number, hi: number, depth: number): boolean {
  if (depth > LIMITS.maxParens || lo >= hi) return false;
  return parts(c, lo, hi, 'OR').some(([a, b]) => a < b && parts(c, a, b, 'AND').every(([x, y]) => atomTrue(c, x, y, depth)));
}

const COMPARISONS = new Set(['=', '==', '<=>', '>=', '<=', '<>', '!=', '>', '<']);
/** Comparisons a value always passes against itself. */
const REFLEXIVE = new Set(['=', '==', '<=>', '>=', '<=']);

function atomTrue(c: Clause, lo: number, hi: number, depth: number): boolean {
  const t = c.toks;
  const first = t[lo];
  if (!first) return false;
  if (c.close[lo] === hi - 1) return alwaysTrue(c, lo + 1, hi - 1, depth + 1);
  if (hi - lo === 1) return is(first, 'TRUE') || (first.t === 'n' && Number(first.v) !== 0);
  if (hi - lo === 2 && is(first, 'NOT')) return is(t[lo + 1], 'FALSE') || (t[lo + 1]!.t === 'n' && Number(t[lo + 1]!.v) === 0);
  if (hi - lo === 3 && is(t[lo + 1], 'LIKE')) return t[lo + 2]!.t === 's' && /^%+$/.test(t[lo + 2]!.v);
  let k = -1;
  for (let j = lo; j < hi; j++) {
    if (c.close[j]! >= 0) return false; // a function call or a subquery: its value is not known
    if (k < 0 && t[j]!.t === 'p' && COMPARISONS.has(t[j]!.v)) k = j;
  }
  if (k <= lo || k === hi - 1) return false;
  const op = t[k]!.v;
  if (REFLEXIVE.has(op)) return k - lo === hi - k - 1 && t.slice(lo, k).every((x, j) => sameTok(x, t[k + 1 + j]!));
  const [l, r] = [first, t[k + 1]!];
  if (k - lo !== 1 || hi - k !== 2 || (l.t !== 'n' && l.t !== 's') || r.t !== l.t) return false;
  if (op === '<>' || op === '!=') return l.v !== r.v;
  return l.t === 'n' && (op === '>' ? Number(l.v) > Number(r.v) : Number(l.v) < Number(r.v));
}

/** `--no-where`, `--always-true` or `--where` for the rows a DELETE or UPDATE reaches. */
function whereFlag(toks: Tok[], from: number): string {
  const w = topLevel(toks, from, 'WHERE');
  if (w < 0) return '--no-where';
  const stop = topLevel(toks, w + 1, 'RETURNING', 'ORDER', 'LIMIT', 'OUTPUT', 'SETTINGS');
  return alwaysTrue(clause(toks), w + 1, stop >= 0 ? stop : toks.length, 0) ? '--always-true' : '--where';
}

const DROP_KINDS = new Map([
  ['DATABASE', 'database'],
  ['SCHEMA', 'schema'],
  ['TABLE', 'table'],
  ['VIEW', 'view'],
  ['INDEX', 'index'],
  ['SEQUENCE', 'sequence'],
  ['FUNCTION', 'function'],
  ['PROCEDURE', 'procedure'],
  ['TRIGGER', 'trigger'],
  ['TYPE', 'type'],
  ['EXTENSION', 'extension'],
  ['USER', 'user'],
  ['ROLE', 'role'],
  ['KEYSPACE', 'database'],
]);
const QUALIFIERS = new Set(['TEMPORARY', 'TEMP', 'CONCURRENTLY', 'ONLY', 'IGNORE', 'LOW_PRIORITY', 'QUICK']);

function drop(toks: Tok[]): string[] {
  let i = 1;
  let kind: string | undefined;
  let temporary = false;
  while (is(toks[i], ...QUALIFIERS)) {
    temporary ||= is(toks[i], 'TEMPORARY', 'TEMP');
    i++;
  }
  if (is(toks[i], 'MATERIALIZED') && is(toks[i + 1], 'VIEW')) {
    kind = 'materialized-view';
    i += 2;
  } else if (is(toks[i], 'OWNED') && is(toks[i + 1], 'BY')) {
    kind = 'owned';
    i += 2;
  } else if (toks[i]?.t === 'w') {
    kind = DROP_KINDS.get(toks[i]!.v.toUpperCase());
    i++;
  }
  if (!kind) return [];
  while (is(toks[i], ...QUALIFIERS)) i++;
  if (is(toks[i], 'IF') && is(toks[i + 1], 'EXISTS')) i += 2;
  const [names, j] = namesAt(toks, i);
  if (names.length === 0) return [];
  const flags = [
    topLevel(toks, j, 'CASCADE') >= 0 ? ' --cascade' : '',
    toks.some((t) => is(t, 'FORCE')) ? ' --force' : '',
    temporary ? ' --temporary' : '',
  ].join('');
  return [`@sql drop ${kind} ${names.join(' ')}${flags}`];
}

/** DELETE [FROM] [ONLY] t …, UPDATE [ONLY] t SET … */
function rows(verb: 'delete' | 'update', toks: Tok[], i: number): string[] {
  while (is(toks[i], ...QUALIFIERS)) i++;
  if (verb === 'delete' && is(toks[i], 'FROM')) i++;
  while (is(toks[i], ...QUALIFIERS)) i++;
  const [name, j] = nameAt(toks, i);
  return [`@sql ${verb} ${name === null ? UNKNOWN : shellName(name)} ${whereFlag(toks, j)}`];
}

/** ALTER TABLE t DROP COLUMN c, DROP CONSTRAINT k; and ClickHouse's ALTER TABLE t DELETE WHERE …. */
function alter(toks: Tok[]): string[] {
  let i = 2;
  if (is(toks[i], 'IF') && is(toks[i + 1], 'EXISTS')) i += 2;
  if (is(toks[i], 'ONLY')) i++;
  const [name, j] = nameAt(toks, i);
  if (name === null) return [];
  const a = is(toks[j], 'ON') && is(toks[j + 1], 'CLUSTER') ? j + 3 : j;
  // A ClickHouse mutation is one action: its SET list has commas of its own.
  if (is(toks[a], 'DELETE', 'UPDATE')) return [`@sql ${toks[a]!.v.toLowerCase()} ${shellName(name)} ${whereFlag(toks, a + 1)}`];
  const flags = new Set<string>();
  for (const [x] of parts(clause(toks), a, toks.length, ',')) {
    if (is(toks[x], 'TRUNCATE') && is(toks[x + 1], 'PARTITION')) flags.add('--drop-partition');
    if (!is(toks[x], 'DROP')) continue;
    const what = toks[x + 1];
    if (is(what, 'CONSTRAINT', 'FOREIGN', 'PRIMARY', 'CHECK', 'UNIQUE')) flags.add('--drop-constraint');
    else if (is(what, 'PARTITION', 'DETACHED')) flags.add('--drop-partition');
    else if (is(what, 'INDEX', 'KEY')) flags.add('--drop-index');
    else if (!is(what, 'DEFAULT', 'NOT', 'IDENTITY', 'EXPRESSION')) flags.add('--drop-column');
  }
  return flags.size ? [`@sql alter-table ${shellName(name)} ${[...flags].join(' ')}`] : [];
}

function classify(toks: Tok[], nest: number): string[] {
  // psql's \gexec runs each value the query returns: read the literals it builds them from,
  // a placeholder (%I) or a concatenation standing for the name.
  if (isP(toks[toks.length - 1], '\\gexec')) {
    if (nest >= LIMITS.maxNesting) return [];
    return toks.flatMap((tok) =>
      tok.t === 's' ? equivalents(tok.v.replace(/%[A-Za-z]/g, '"$UNKNOWN"') + (/\s$/.test(tok.v) ? '"$UNKNOWN"' : ''), nest + 1) : [],
    );
  }
  let i = 0;
  // WITH … DELETE: the verb is the first top-level DML word after the common table expressions.
  if (is(toks[0], 'WITH')) {
    i = topLevel(toks, 1, 'DELETE', 'UPDATE', 'INSERT', 'SELECT', 'MERGE');
    if (i < 0) return [];
  }
  // EXPLAIN runs the statement only with ANALYZE.
  if (is(toks[0], 'EXPLAIN')) {
    const k = toks.findIndex((tok) => is(tok, 'DELETE', 'UPDATE', 'DROP', 'TRUNCATE', 'ALTER'));
    return k > 0 && toks.slice(0, k).some((tok) => is(tok, 'ANALYZE', 'ANALYSE')) ? classify(toks.slice(k), nest) : [];
  }
  const t = toks[i];
  if (is(t, 'DROP')) return drop(toks);
  if (is(t, 'TRUNCATE')) {
    let j = i + 1;
    while (is(toks[j], 'TABLE', 'ONLY')) j++;
    if (is(toks[j], 'IF') && is(toks[j + 1], 'EXISTS')) j += 2;
    const [names] = namesAt(toks, j);
    return names.length ? [`@sql truncate ${names.join(' ')}`] : [];
  }
  if (is(t, 'DELETE')) return rows('delete', toks, i + 1);
  if (is(t, 'UPDATE')) return rows('update', toks, i + 1);
  if (is(t, 'ALTER') && is(toks[1], 'TABLE')) return alter(toks);
  if (nest >= LIMITS.maxNesting) return [];
  // DO $$ … $$ runs its body now; EXECUTE 'literal' (inside such a body) runs the literal.
  if (is(t, 'DO')) {
    const body = toks.find((x) => x.t === 's');
    return body ? equivalents(body.v, nest + 1) : [];
  }
  // PREPARE s FROM 'literal' is there to be executed.
  if (is(t, 'PREPARE') && is(toks[2], 'FROM') && toks[3]?.t === 's') return equivalents(toks[3].v, nest + 1);
  const e = toks.findIndex((x) => is(x, 'EXECUTE', 'EXEC'));
  const code = toks[e + 1];
  if (e >= 0 && code?.t === 's') return equivalents(isP(toks[e + 2], '||') ? `${code.v} "$UNKNOWN"` : code.v, nest + 1);
  return [];
}

const TX_WORDS = ['TRANSACTION', 'WORK', 'TRAN', 'ISOLATION', 'READ', 'DEFERRABLE', 'NOT', 'DEFERRED', 'IMMEDIATE', 'EXCLUSIVE'];

function equivalents(sql: string, nest: number): string[] {
  const out: string[] = [];
  for (const escapes of /\\/.test(sql) ? [false, true] : [false]) {
    // Lines inside an open transaction wait for its COMMIT, with markers where SAVEPOINTs were set.
    let pending: Array<string | { savepoint: string }> | null = null;
    const keep = (lines: Array<string | { savepoint: string }>): void => {
      for (const l of lines) if (typeof l === 'string' && !out.includes(l) && out.length < LIMITS.maxEquivalents) out.push(l);
    };
    for (let toks of statements(sql, escapes)) {
      const first = toks[0];
      if ((is(first, 'BEGIN') && (toks.length === 1 || is(toks[1], ...TX_WORDS))) || (is(first, 'START') && is(toks[1], 'TRANSACTION'))) {
        pending ??= [];
        continue;
      }
      if (is(first, 'BEGIN')) toks = toks.slice(1); // a procedural block's BEGIN (DO bodies)
      if (is(first, 'COMMIT', 'END') && !is(toks[1], 'IF', 'LOOP', 'CASE', 'WHILE', 'REPEAT', 'PREPARED')) {
        if (pending) keep(pending);
        pending = null;
        continue;
      }
      if (is(first, 'ROLLBACK', 'ABORT')) {
        const to = is(toks[1], 'TO') ? toks[is(toks[2], 'SAVEPOINT') ? 3 : 2]?.v : undefined;
        if (to === undefined) {
          pending = null;
          continue;
        }
        const k = pending?.findLastIndex((l) => typeof l !== 'string' && l.savepoint.toUpperCase() === to.toUpperCase()) ?? -1;
        if (pending && k >= 0) pending.length = k + 1;
        continue;
      }
      if (is(first, 'SAVEPOINT') && toks[1]) {
        pending?.push({ savepoint: toks[1].v });
        continue;
      }
      const lines = classify(toks, nest);
      if (pending) pending.push(...lines);
      else keep(lines);
      if (out.length >= LIMITS.maxEquivalents) break;
    }
    if (pending) keep(pending); // never committed nor rolled back: the session end decides; assume it runs
  }
  return out;
}

/** Pseudo-command lines (shell text) for the destructive SQL statements in `sql`, as the engine will assess them. */
export function sqlEquivalents(sql: string): string[] {
  return equivalents(sql, 0);
}
