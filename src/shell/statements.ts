// What SQL and MongoDB shell code handed to a database client would destroy, said as
// pseudo-commands (`@sql drop table users`, `@mongo drop-database`) that rules can match
// like any other command: `psql -c "DROP TABLE users"` is judged as the drop it runs, not
// as a harmless psql. Only the text is read; statements in a transaction that is rolled
// back are harmless and say nothing. Scanning is linear: this reads hostile text.

const LIMITS = {
  maxEquivalents: 64,
  /** DO $$ … $$ bodies and EXECUTE 'literal' are read this deep. */
  maxNesting: 2,
  /** Parentheses unwrapped when judging a WHERE clause. */
  maxParens: 8,
  /** Tokens a MongoDB call's arguments are searched for options. */
  maxCallScan: 256,
} as const;

/** A name the rules can read as one word; anything else is single-quoted for the shell. */
function shellName(name: string): string {
  if (name === '$UNKNOWN') return UNKNOWN;
  return /^[A-Za-z0-9_.-]+$/.test(name) ? name : `'${name.replace(/'/g, `'\\''`)}'`;
}
/** Stands for a name the code computes at run time. */
const UNKNOWN = '"$UNKNOWN"';

// ---- SQL tokens

type Tok = { t: 'w' | 'q' | 's' | 'n' | 'p'; v: string };
const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const NUMBER = /[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?/y;
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;
const OPERATOR = /<=>|<>|!=|>=|<=|==|::|\|\||./y;

/** Punctuation tokens are shared, not made anew for each of 64 KiB of brackets. */
const PUNCT = new Map<string, { t: 'p'; v: string }>();
function punct(v: string): { t: 'p'; v: string } {
  let tok = PUNCT.get(v);
  if (!tok) { tok = { t: 'p', v }; if (PUNCT.size < 256) PUNCT.set(v, tok); }
  return tok;
}
const wordStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c >= '\u0080';

function sticky(re: RegExp, s: string, i: number): string | null {
  re.lastIndex = i;
  return re.exec(s)?.[0] ?? null;
}

/** End of a quoted run starting after `open` at i: doubled quotes escape, and backslashes when `bs`. */
function closeQuote(s: string, i: number, q: string, bs: boolean): number {
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (bs && c === '\\') { j++; continue; }
    if (c === q) { if (s[j + 1] === q) { j++; continue; } return j; }
  }
  return s.length;
}

/**
 * Splits SQL into statements of tokens. `;` (or a mysql DELIMITER) ends a statement outside
 * quotes and comments; a psql or mysql backslash command (`\g`, `\G`, `\c db`) also ends one,
 * and it and sqlite's dot commands are skipped to the end of their line. `/*! … *\/` is
 * mysql's executable comment, so its content is read as code.
 */
function statements(s: string, backslashEscapes: boolean): Tok[][] {
  const out: Tok[][] = [];
  let cur: Tok[] = [];
  let delim = ';';
  let execComment = 0;
  const end = (): void => { if (cur.length) out.push(cur); cur = []; };
  const eol = (i: number): number => { const k = s.indexOf('\n', i); return k < 0 ? s.length : k; };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') { i++; continue; }
    if (c === delim || (c === delim[0] && s.startsWith(delim, i))) { end(); i += delim.length; continue; }
    if (c === '\\' || (c === '.' && cur.length === 0 && /[A-Za-z]/.test(s[i + 1] ?? ''))) {
      if (s.startsWith('\\gexec', i) && cur.length) cur.push(punct('\\gexec'));
      end();
      i = eol(i);
      continue;
    }
    if (cur.length === 0 && (c === 'd' || c === 'D') && /^delimiter[ \t]+\S/i.test(s.slice(i, i + 12))) {
      const line = s.slice(i + 9, eol(i)).trim();
      delim = line.split(/\s/)[0]!.slice(0, 8) || ';';
      i = eol(i);
      continue;
    }
    // mysql's # comment; Postgres' #> #>> #- are JSON operators.
    if ((c === '-' && s[i + 1] === '-') || (c === '#' && s[i + 1] !== '>' && s[i + 1] !== '-')) { i = eol(i); continue; }
    if (c === '/' && s[i + 1] === '*') {
      if (s[i + 2] === '!') { execComment++; i += 3; while (/[0-9]/.test(s[i] ?? '')) i++; continue; }
      const k = s.indexOf('*/', i + 2);
      i = k < 0 ? s.length : k + 2;
      continue;
    }
    if (c === '*' && s[i + 1] === '/' && execComment > 0) { execComment--; i += 2; continue; }
    if (c === "'" || c === '"' || c === '`') {
      // E'…' strings always take backslash escapes; other strings only in the mysql reading.
      const prev = cur[cur.length - 1];
      const e = c === "'" && prev?.t === 'w' && /^[eE]$/.test(prev.v) && s[i - 1] === prev.v;
      if (e) cur.pop();
      const k = closeQuote(s, i + 1, c, c === "'" && (backslashEscapes || e));
      const body = s.slice(i + 1, k).replaceAll(c + c, c);
      cur.push({ t: c === "'" ? 's' : 'q', v: body });
      i = k + 1;
      continue;
    }
    if (c === '$') {
      const tag = sticky(DOLLAR_TAG, s, i);
      if (tag) {
        const k = s.indexOf(tag, i + tag.length);
        cur.push({ t: 's', v: s.slice(i + tag.length, k < 0 ? s.length : k) });
        i = k < 0 ? s.length : k + tag.length;
        continue;
      }
    }
    const w = wordStart(c) ? sticky(WORD, s, i) : null;
    if (w) { cur.push({ t: 'w', v: w }); i += w.length; continue; }
    const n = c >= '0' && c <= '9' ? sticky(NUMBER, s, i) : null;
    if (n) { cur.push({ t: 'n', v: n }); i += n.length; continue; }
    const op = '<>!=:|'.includes(c) ? sticky(OPERATOR, s, i) ?? c : c;
    cur.push(punct(op));
    i += op.length;
  }
  end();
  return out;
}

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
    if (isP(toks[j], '.') || isP(toks[j], '@')) { name += toks[j]!.v; j++; } else break;
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
interface Clause { toks: Tok[]; close: Int32Array }

function clause(toks: Tok[]): Clause {
  const close = new Int32Array(toks.length).fill(-1);
  const open: number[] = [];
  toks.forEach((t, k) => { if (isP(t, '(')) open.push(k); else if (isP(t, ')') && open.length) close[open.pop()!] = k; });
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
    else if (t.t === 'w' ? t.v.toUpperCase() === sep : t.t === 'p' && t.v === sep) { out.push([start, k]); start = k + 1; }
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
  ['DATABASE', 'database'], ['SCHEMA', 'schema'], ['TABLE', 'table'], ['VIEW', 'view'], ['INDEX', 'index'], ['SEQUENCE', 'sequence'],
  ['FUNCTION', 'function'], ['PROCEDURE', 'procedure'], ['TRIGGER', 'trigger'], ['TYPE', 'type'], ['EXTENSION', 'extension'],
  ['USER', 'user'], ['ROLE', 'role'], ['KEYSPACE', 'database'],
]);
const QUALIFIERS = new Set(['TEMPORARY', 'TEMP', 'CONCURRENTLY', 'ONLY', 'IGNORE', 'LOW_PRIORITY', 'QUICK']);

function drop(toks: Tok[]): string[] {
  let i = 1;
  let kind: string | undefined;
  let temporary = false;
  while (is(toks[i], ...QUALIFIERS)) { temporary ||= is(toks[i], 'TEMPORARY', 'TEMP'); i++; }
  if (is(toks[i], 'MATERIALIZED') && is(toks[i + 1], 'VIEW')) { kind = 'materialized-view'; i += 2; }
  else if (is(toks[i], 'OWNED') && is(toks[i + 1], 'BY')) { kind = 'owned'; i += 2; }
  else if (toks[i]?.t === 'w') { kind = DROP_KINDS.get(toks[i]!.v.toUpperCase()); i++; }
  if (!kind) return [];
  while (is(toks[i], ...QUALIFIERS)) i++;
  if (is(toks[i], 'IF') && is(toks[i + 1], 'EXISTS')) i += 2;
  const [names, j] = namesAt(toks, i);
  if (names.length === 0) return [];
  const flags = [topLevel(toks, j, 'CASCADE') >= 0 ? ' --cascade' : '', toks.some((t) => is(t, 'FORCE')) ? ' --force' : '', temporary ? ' --temporary' : ''].join('');
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
    return toks.flatMap((t) => (t.t === 's' ? equivalents(t.v.replace(/%[A-Za-z]/g, '"$UNKNOWN"') + (/\s$/.test(t.v) ? '"$UNKNOWN"' : ''), nest + 1) : []));
  }
  let i = 0;
  // WITH … DELETE: the verb is the first top-level DML word after the common table expressions.
  if (is(toks[0], 'WITH')) {
    i = topLevel(toks, 1, 'DELETE', 'UPDATE', 'INSERT', 'SELECT', 'MERGE');
    if (i < 0) return [];
  }
  // EXPLAIN runs the statement only with ANALYZE.
  if (is(toks[0], 'EXPLAIN')) {
    const k = toks.findIndex((t) => is(t, 'DELETE', 'UPDATE', 'DROP', 'TRUNCATE', 'ALTER'));
    return k > 0 && toks.slice(0, k).some((t) => is(t, 'ANALYZE', 'ANALYSE')) ? classify(toks.slice(k), nest) : [];
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
      if ((is(first, 'BEGIN') && (toks.length === 1 || is(toks[1], ...TX_WORDS))) || (is(first, 'START') && is(toks[1], 'TRANSACTION'))) { pending ??= []; continue; }
      if (is(first, 'BEGIN')) toks = toks.slice(1); // a procedural block's BEGIN (DO bodies)
      if (is(first, 'COMMIT', 'END') && !is(toks[1], 'IF', 'LOOP', 'CASE', 'WHILE', 'REPEAT', 'PREPARED')) { if (pending) keep(pending); pending = null; continue; }
      if (is(first, 'ROLLBACK', 'ABORT')) {
        const to = is(toks[1], 'TO') ? toks[is(toks[2], 'SAVEPOINT') ? 3 : 2]?.v : undefined;
        if (to === undefined) { pending = null; continue; }
        const k = pending?.findLastIndex((l) => typeof l !== 'string' && l.savepoint.toUpperCase() === to.toUpperCase()) ?? -1;
        if (pending && k >= 0) pending.length = k + 1;
        continue;
      }
      if (is(first, 'SAVEPOINT') && toks[1]) { pending?.push({ savepoint: toks[1].v }); continue; }
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

// ---- MongoDB shell code

type JsTok = { t: 'id' | 'str' | 'p'; v: string };
const JS_ID = /[A-Za-z_$][A-Za-z0-9_$]*/y;
/** After these a `/` starts a regular expression, not a division. */
const REGEX_BEFORE = new Set(['(', ',', ':', '=', '[', '!', '&', '|', '?', '{', ';', '']);

function jsTokens(s: string): JsTok[] {
  const out: JsTok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '/' && s[i + 1] === '/') { const k = s.indexOf('\n', i); i = k < 0 ? s.length : k; continue; }
    if (c === '/' && s[i + 1] === '*') { const k = s.indexOf('*/', i + 2); i = k < 0 ? s.length : k + 2; continue; }
    if (c === '/' && REGEX_BEFORE.has(out[out.length - 1]?.v ?? '')) {
      // A regex literal: a quote inside it must not open a string.
      let j = i + 1;
      for (let cls = false; j < s.length && s[j] !== '\n' && (cls || s[j] !== '/'); j++) {
        if (s[j] === '\\') j++;
        else if (s[j] === '[') cls = true;
        else if (s[j] === ']') cls = false;
      }
      out.push(punct('/re/'));
      i = j + 1;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let v = '';
      for (; j < s.length && s[j] !== c; j++) { if (s[j] === '\\') j++; v += s[j] ?? ''; }
      out.push({ t: 'str', v });
      i = j + 1;
      continue;
    }
    const id = wordStart(c) || c === '$' ? sticky(JS_ID, s, i) : null;
    if (id) { out.push({ t: 'id', v: id }); i += id.length; continue; }
    const op = c === '?' && s[i + 1] === '.' ? '.' : c;
    out.push(punct(op));
    i += c === '?' && op === '.' ? 2 : 1;
  }
  return out;
}

const jp = (t: JsTok | undefined, v: string): boolean => t?.t === 'p' && t.v === v;
const jid = (t: JsTok | undefined, ...v: string[]): boolean => t?.t === 'id' && v.includes(t.v);
/** A literal string argument's text, or the unknown name. */
const jsName = (t: JsTok | undefined): string => (t?.t === 'str' ? shellName(t.v) : UNKNOWN);
const emptyFilter = (toks: JsTok[], k: number): boolean => jp(toks[k], ')') || (jp(toks[k], '{') && jp(toks[k + 1], '}'));

/** Methods of the database object; any other name after `db.` is a collection. */
const DB_METHODS = new Set(['dropDatabase', 'dropUser', 'dropAllUsers', 'dropRole', 'dropAllRoles', 'runCommand', 'adminCommand', 'shutdownServer', 'getCollection', 'getSiblingDB', 'getMongo', 'getName', 'getCollectionNames', 'createCollection', 'auth']);

/** Pseudo-command lines for the destructive calls in MongoDB shell JavaScript. */
export function mongoEquivalents(js: string): string[] {
  const toks = jsTokens(js);
  const out: string[] = [];
  const emit = (line: string): void => { if (!out.includes(line) && out.length < LIMITS.maxEquivalents) out.push(line); };
  // const users = db.users / db.getCollection('users'): the name a later users.drop() means.
  const aliases = new Map<string, string>();
  // Where the next `multi: true` is, so a legacy update() finds its option in one step.
  const multi = new Int32Array(toks.length + 1).fill(toks.length);
  for (let k = toks.length - 1; k >= 0; k--) multi[k] = jid(toks[k], 'multi') && jp(toks[k + 1], ':') && jid(toks[k + 2], 'true') ? k : multi[k + 1]!;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.t !== 'id' || jp(toks[i - 1], '.')) continue;
    let j = i + 1;
    let coll: string | null = aliases.get(t.v) ?? null;
    let dbName = '';
    if (t.v === 'db') {
      // db.getSiblingDB('x') and db.getMongo().getDB('x') name another database.
      for (;;) {
        if (jp(toks[j], '.') && jid(toks[j + 1], 'getSiblingDB', 'getDB') && jp(toks[j + 2], '(')) { dbName = ` ${jsName(toks[j + 3])}`; j += 5; }
        else if (jp(toks[j], '.') && jid(toks[j + 1], 'getMongo') && jp(toks[j + 2], '(') && jp(toks[j + 3], ')')) j += 4;
        else break;
      }
      const m = toks[j + 1];
      if (jp(toks[j], '.') && m?.t === 'id' && DB_METHODS.has(m.v) && m.v !== 'getCollection') {
        const a = j + 3;
        if (!jp(toks[j + 2], '(')) continue;
        if (m.v === 'dropDatabase') emit(`@mongo drop-database${dbName}`);
        else if (m.v === 'dropUser' || m.v === 'dropRole') emit(`@mongo ${m.v === 'dropUser' ? 'drop-user' : 'drop-role'} ${jsName(toks[a])}`);
        else if (m.v === 'dropAllUsers' || m.v === 'dropAllRoles') emit(`@mongo ${m.v === 'dropAllUsers' ? 'drop-all-users' : 'drop-all-roles'}`);
        else if (m.v === 'shutdownServer') emit('@mongo shutdown');
        else if ((m.v === 'runCommand' || m.v === 'adminCommand') && jp(toks[a], '{')) {
          const key = toks[a + 1];
          if (jid(key, 'dropDatabase')) emit(`@mongo drop-database${dbName}`);
          else if (jid(key, 'drop') && jp(toks[a + 2], ':')) emit(`@mongo drop-collection ${jsName(toks[a + 3])}`);
          else if (jid(key, 'shutdown')) emit('@mongo shutdown');
          else if (jid(key, 'dropAllUsersFromDatabase')) emit('@mongo drop-all-users');
        }
        continue;
      }
      // The collection: db.name (dotted names too), db['name'], db.getCollection('name').
      if (jp(toks[j], '.') && jid(toks[j + 1], 'getCollection') && jp(toks[j + 2], '(')) { coll = jsName(toks[j + 3]); j += 5; }
      else if (jp(toks[j], '[')) { coll = jsName(toks[j + 1]); j += 3; }
      else {
        const parts: string[] = [];
        while (jp(toks[j], '.') && toks[j + 1]?.t === 'id' && !jp(toks[j + 2], '(')) { parts.push(toks[j + 1]!.v); j += 2; }
        coll = parts.length ? shellName(parts.join('.')) : null;
      }
    }
    if (coll === null) continue;
    // An alias: NAME = db.coll (with or without const/let/var).
    if (jp(toks[i - 1], '=') && toks[i - 2]?.t === 'id' && !jp(toks[j], '.')) { aliases.set(toks[i - 2]!.v, coll); continue; }
    const m = toks[j + 1];
    if (!jp(toks[j], '.') || m?.t !== 'id' || !jp(toks[j + 2], '(')) continue;
    const a = j + 3;
    const filter = emptyFilter(toks, a) ? '--empty-filter' : '--filter';
    if (m.v === 'drop') emit(`@mongo drop-collection ${coll}`);
    else if (m.v === 'deleteMany' || m.v === 'remove') emit(`@mongo delete-many ${coll} ${filter}`);
    else if (m.v === 'updateMany' || m.v === 'replaceMany') emit(`@mongo update-many ${coll} ${filter}`);
    else if (m.v === 'dropIndexes') emit(`@mongo drop-indexes ${coll}`);
    // The legacy update({}, change, { multi: true }) changes every document it matches.
    else if (m.v === 'update' && multi[a]! < a + LIMITS.maxCallScan) emit(`@mongo update-many ${coll} ${filter}`);
  }
  return out;
}

// ---- database clients

type OptKind = 'code' | 'value' | 'file' | 'noStdin';
interface ClientSpec {
  kind: 'sql' | 'mongo';
  /** getopt letters (-c SQL, -cSQL, -Atc SQL) and long options (--command=SQL, sqlite's -cmd SQL). */
  short: Map<string, OptKind>;
  long: Map<string, OptKind>;
  /** Letters that take only what is glued to them (mysql -pSECRET). */
  glueOnly: string;
  /** sqlite3 and duckdb spell long options with one dash (-cmd); they do not cluster. */
  singleDash: boolean;
  /** Positionals from this index on are SQL (sqlite3 DB 'SQL'). */
  sqlFrom?: number;
  /** Positionals ending in .js are scripts to run (mongosh x.js). */
  jsFiles?: boolean;
}

/** A spec from lists of option names by kind: one letter is a getopt letter, anything else a long option. */
function client(kind: ClientSpec['kind'], names: Partial<Record<OptKind, string>>, extra: Partial<ClientSpec> = {}): ClientSpec {
  const spec: ClientSpec = { kind, short: new Map(), long: new Map(), glueOnly: '', singleDash: false, ...extra };
  for (const [k, list] of Object.entries(names)) for (const n of list.split(' ')) (n.length === 1 ? spec.short : spec.long).set(n, k as OptKind);
  return spec;
}

const PSQL = client('sql', {
  code: 'c --command', file: 'f --file', noStdin: 'l V --list --version',
  value: 'd h p U v P o L F R T --dbname --host --port --username --set --variable --pset --output --log-file --field-separator --record-separator --table-attr',
});
const MYSQL = client('sql', {
  code: 'e --execute', noStdin: 'V --version',
  value: 'u h P D S o --user --host --port --database --socket --default-character-set --login-path --protocol',
}, { glueOnly: 'p' });
const SQLITE = client('sql', {
  code: '-cmd', noStdin: '-version -help', value: '-init -separator -newline -nullvalue -vfs -maxsize -mmap -lookaside -pagecache -heap -escape',
}, { singleDash: true, sqlFrom: 1 });
const DUCKDB = client('sql', { code: '-c -s -cmd', file: '-f', noStdin: '-version -help', value: '-init -separator -newline -nullvalue' }, { singleDash: true, sqlFrom: 1 });
const CLICKHOUSE = client('sql', {
  code: 'q --query', file: '--queries-file', noStdin: 'V --version',
  value: 'h u d f c --host --port --user --password --database --format --config-file --history_file',
});
const COCKROACH = client('sql', {
  code: 'e --execute', file: 'f --file', value: 'd u p --url --host --port --user --database --certs-dir --format --set --watch',
});
const MONGOSH = client('mongo', {
  code: '--eval', file: 'f --file', noStdin: '--version --help',
  value: 'u p h --host --port --username --password --authenticationDatabase --authenticationMechanism --tlsCAFile --tlsCertificateKeyFile '
    + '--tlsCertificateKeyFilePassword --tlsCRLFile --apiVersion --gssapiServiceName --awsAccessKeyId --awsSecretAccessKey --awsSessionToken '
    + '--keyVaultNamespace --kmsURL --sslPEMKeyFile --sslCAFile --sslPEMKeyPassword',
}, { jsFiles: true });

/** The client a command line starts, and where its own arguments begin. */
function clientOf(argv: string[]): [ClientSpec, number] | null {
  switch (argv[0]) {
    case 'psql': return [PSQL, 1];
    case 'mysql': case 'mariadb': return [MYSQL, 1];
    case 'sqlite3': case 'sqlite': return [SQLITE, 1];
    case 'duckdb': return [DUCKDB, 1];
    case 'clickhouse-client': return [CLICKHOUSE, 1];
    case 'clickhouse': return argv[1] === 'client' ? [CLICKHOUSE, 2] : null;
    case 'cockroach': return argv[1] === 'sql' ? [COCKROACH, 2] : null;
    case 'mongosh': case 'mongo': return [MONGOSH, 1];
    default: return null;
  }
}

/**
 * The SQL or mongo code a database client command line (argv[0] its basename) runs inline;
 * or, with none, whether it reads code on stdin (`psql <<EOF`, `mysql < x`) or from a file
 * it names (-f FILE, which is not read).
 */
export function databaseCode(argv: string[]): { kind: 'sql' | 'mongo'; code: string | null; readsStdin: boolean } | null {
  const client = clientOf(argv);
  if (!client) return null;
  const [s, start] = client;
  const code: string[] = [];
  const positionals: string[] = [];
  let file = false;
  let stdinFile = false;
  let noStdin = false;
  const apply = (kind: OptKind | undefined, value: string | undefined): void => {
    if (kind === 'noStdin') noStdin = true;
    else if (value === undefined) noStdin ||= kind !== undefined; // an option missing its value: an error, nothing runs
    else if (kind === 'code') code.push(value);
    else if (kind === 'file') { file = true; stdinFile ||= value === '-'; }
  };
  let i = start;
  // A value missing before another long option (mongosh -p --eval …) is prompted for instead.
  const take = (kind: OptKind): string | undefined => (kind === 'value' && argv[i + 1]?.startsWith('--') ? '' : argv[++i]);
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') { positionals.push(...argv.slice(i + 1)); break; }
    if (a === '-' || !a.startsWith('-')) { positionals.push(a); continue; }
    if (a.startsWith('--') || s.singleDash) {
      const eq = a.indexOf('=');
      let key = eq < 0 ? a : a.slice(0, eq);
      if (s.singleDash && key.startsWith('--')) key = key.slice(1);
      const kind = s.long.get(key);
      if (kind === undefined || kind === 'noStdin') { apply(kind, undefined); continue; }
      apply(kind, eq >= 0 ? a.slice(eq + 1) : take(kind));
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const l = a[j]!;
      if (s.glueOnly.includes(l)) break;
      const kind = s.short.get(l);
      if (kind === undefined) continue;
      if (kind === 'noStdin') { apply(kind, undefined); continue; }
      apply(kind, j + 1 < a.length ? a.slice(j + 1) : take(kind));
      break;
    }
  }
  if (s.sqlFrom !== undefined) code.push(...positionals.slice(s.sqlFrom));
  if (s.jsFiles && positionals.some((p) => p.endsWith('.js'))) file = true;
  if (code.length > 0) return { kind: s.kind, code: code.join(s.kind === 'sql' ? ';\n' : '\n'), readsStdin: false };
  return { kind: s.kind, code: null, readsStdin: stdinFile || (!file && !noStdin) };
}
