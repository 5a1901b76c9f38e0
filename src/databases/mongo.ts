// What MongoDB shell code would destroy, as `@mongo …` pseudo-commands the rules match:
// db.dropDatabase(), db.users.drop(), deleteMany({}) with an empty filter.

import { LIMITS, punct, shellName, sticky, UNKNOWN, wordStart } from './scanning.js';

type JsTok = { t: 'id' | 'str' | 'p'; v: string };
const JS_ID = /[A-Za-z_$][A-Za-z0-9_$]*/y;
/** After these a `/` starts a regular expression, not a division. */
const REGEX_BEFORE = new Set(['(', ',', ':', '=', '[', '!', '&', '|', '?', '{', ';', '']);

function jsTokens(s: string): JsTok[] {
  const out: JsTok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '/' && s[i + 1] === '/') {
      const k = s.indexOf('\n', i);
      i = k < 0 ? s.length : k;
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      const k = s.indexOf('*/', i + 2);
      i = k < 0 ? s.length : k + 2;
      continue;
    }
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
      for (; j < s.length && s[j] !== c; j++) {
        if (s[j] === '\\') j++;
        v += s[j] ?? '';
      }
      out.push({ t: 'str', v });
      i = j + 1;
      continue;
    }
    const id = wordStart(c) || c === '$' ? sticky(JS_ID, s, i) : null;
    if (id) {
      out.push({ t: 'id', v: id });
      i += id.length;
      continue;
    }
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
const DB_METHODS = new Set([
  'dropDatabase',
  'dropUser',
  'dropAllUsers',
  'dropRole',
  'dropAllRoles',
  'runCommand',
  'adminCommand',
  'shutdownServer',
  'getCollection',
  'getSiblingDB',
  'getMongo',
  'getName',
  'getCollectionNames',
  'createCollection',
  'auth',
]);

/** Pseudo-command lines for the destructive calls in MongoDB shell JavaScript. */
export function mongoEquivalents(js: string): string[] {
  const toks = jsTokens(js);
  const out: string[] = [];
  const emit = (line: string): void => {
    if (!out.includes(line) && out.length < LIMITS.maxEquivalents) out.push(line);
  };
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
        if (jp(toks[j], '.') && jid(toks[j + 1], 'getSiblingDB', 'getDB') && jp(toks[j + 2], '(')) {
          dbName = ` ${jsName(toks[j + 3])}`;
          j += 5;
        } else if (jp(toks[j], '.') && jid(toks[j + 1], 'getMongo') && jp(toks[j + 2], '(') && jp(toks[j + 3], ')')) j += 4;
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
      if (jp(toks[j], '.') && jid(toks[j + 1], 'getCollection') && jp(toks[j + 2], '(')) {
        coll = jsName(toks[j + 3]);
        j += 5;
      } else if (jp(toks[j], '[')) {
        coll = jsName(toks[j + 1]);
        j += 3;
      } else {
        const parts: string[] = [];
        while (jp(toks[j], '.') && toks[j + 1]?.t === 'id' && !jp(toks[j + 2], '(')) {
          parts.push(toks[j + 1]!.v);
          j += 2;
        }
        coll = parts.length ? shellName(parts.join('.')) : null;
      }
    }
    if (coll === null) continue;
    // An alias: NAME = db.coll (with or without const/let/var).
    if (jp(toks[i - 1], '=') && toks[i - 2]?.t === 'id' && !jp(toks[j], '.')) {
      aliases.set(toks[i - 2]!.v, coll);
      continue;
    }
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
