// Whether a database command acts on a development or test database. Dropping app_test,
// resetting a Rails development database or a Prisma database on localhost is routine work
// that a person rebuilds from migrations and seeds; the same against a production name or URL
// is not. Only what the command itself says counts (its connection options, the database it
// drops by name, its own environment assignments, the environment it runs with): never a
// word of another command on the line, and never the SQL it runs, so a decoy cannot make a
// real database look like a test one. A production word anywhere on the line wins.

import { clientWords } from '../databases/clients.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { CONNECTION_URL, CONNECTION_VARS, isProduction, PRODUCTION_ENV_VARS } from './signals.js';

/** A development or test environment or database name, as a whole word: app_test, dev, testing. */
const DEVELOPMENT_WORD = /(^|[^a-z0-9])(dev|devel|develop|development|test|tests|testing|local|ci|e2e|spec|sandbox)([^a-z0-9]|$)/i;
/** A server on this machine (or the development host names Docker and mDNS give it). */
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0|host\.docker\.internal|[\w-]+\.localhost|[\w-]+\.local)$/i;
const URL = CONNECTION_URL;
const HOST_OPTIONS = new Set(['-h', '--host', '--hostname']);
const DB_OPTIONS = new Set(['-d', '--dbname', '--database', '-D']);
/** Clients that name the database they work in as their first operand (psql app, mongosh URL). */
const FIRST_OPERAND_IS_DATABASE = new Set(['psql', 'mysql', 'mariadb', 'mongosh', 'mongo', 'pg_restore']);
/** Commands that drop or recreate the database they name (dropdb NAME, mysqladmin drop NAME). */
const DROPS_NAMED = new Set(['dropdb', 'createdb']);
/** Tools that connect to the database DATABASE_URL names when nothing on their line does (psql does not read it). */
const URL_READERS = new Set([
  'prisma',
  'drizzle-kit',
  'knex',
  'sequelize',
  'sequelize-cli',
  'typeorm',
  'sqlx',
  'diesel',
  'dbmate',
  'atlas',
  'goose',
  'migrate',
]);
/** Frameworks whose database tasks read the environment's name. */
const ENV_NAME_VARS: Record<string, string[]> = { rails: ['RAILS_ENV', 'RACK_ENV'], rake: ['RAILS_ENV', 'RACK_ENV'] };

type Lookup = (name: string) => string | undefined;

/** Anything on the line, or in the variables that name an environment or a connection, says production. */
export function lineNamesProduction(commands: readonly NormalisedCommand[], env: Lookup, patterns: string[]): boolean {
  for (const name of [...PRODUCTION_ENV_VARS, ...CONNECTION_VARS]) {
    const v = env(name);
    if (v && isProduction(v, patterns)) return true;
  }
  return commands.some((c) => c.assignments.some((a) => isProduction(a.value.text, patterns)) || c.args.some((a) => isProduction(a.text, patterns)));
}

/** The client whose code a pseudo-command is (psql for the `@sql` it runs), or the command itself. */
export function clientOf(cmd: NormalisedCommand, commands: readonly NormalisedCommand[]): NormalisedCommand {
  return cmd.name.startsWith('@') ? (ancestry(cmd, commands).find((c) => !c.name.startsWith('@')) ?? cmd) : cmd;
}

interface Connection {
  host: string | null;
  database: string | null;
}

/**
 * The server and database a client command connects to, as its own words say: the last
 * -h/--host wins, a URL or a libpq `host=`/`hostaddr=` string names them, and psql, mysql and
 * mongosh take the database as their first operand. Words the client reads as code (-c SQL)
 * are not read. A word the line does not show may name any server.
 */
function connectionOf(c: NormalisedCommand, own: Lookup): Connection {
  const out: Connection = { host: own('PGHOST') ?? own('MYSQL_HOST') ?? null, database: null };
  if (c.args.some((x) => x.dynamic)) return { host: '?', database: null };
  const argv = [c.name, ...c.args.map((x) => x.text)];
  const read = clientWords(argv) ?? genericWords(argv.slice(1));
  for (const o of read.options) {
    if (HOST_OPTIONS.has(o.name) && o.value !== undefined) out.host = o.value;
    if (DB_OPTIONS.has(o.name) && o.value !== undefined) out.database = o.value;
  }
  read.operands.forEach((word, i) => {
    const url = URL.exec(word);
    if (url) {
      out.host = url[1]!;
      out.database = url[2] || out.database;
    } else if (/(^|\s)(host|hostaddr)=/.test(word)) {
      // libpq: hostaddr is the address actually used; host only names it.
      const addr = /(?:^|\s)hostaddr=(\S+)/.exec(word)?.[1] ?? /(?:^|\s)host=(\S+)/.exec(word)?.[1];
      if (addr) out.host = addr;
      const db = /(?:^|\s)dbname=(\S+)/.exec(word)?.[1];
      if (db) out.database = db;
    } else if (i === 0 && FIRST_OPERAND_IS_DATABASE.has(c.name)) out.database = word;
  });
  return out;
}

/** Options (`--x=v`, or a host or database option and the word after it) and operands of a command whose client firebreak does not walk. */
function genericWords(args: string[]): { options: Array<{ name: string; value: string | undefined }>; operands: string[] } {
  const options: Array<{ name: string; value: string | undefined }> = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const eq = /^(--?[\w-]+)=(.*)$/s.exec(w);
    if (eq) options.push({ name: eq[1]!, value: eq[2] });
    else if (HOST_OPTIONS.has(w) || DB_OPTIONS.has(w)) options.push({ name: w, value: args[++i] });
    else if (w.startsWith('-')) options.push({ name: w, value: undefined });
    else operands.push(w);
  }
  return { options, operands };
}

/** The database a command drops by name (dropdb NAME, DROP DATABASE NAME, mysqladmin drop NAME), or null. */
function droppedName(c: NormalisedCommand): string | null {
  const words = c.args.filter((w) => !w.text.startsWith('-'));
  if (DROPS_NAMED.has(c.name)) return words.length === 1 ? words[0]!.text : null;
  if (c.name === 'mysqladmin') {
    const at = words.findIndex((w) => /^drop$/i.test(w.text));
    return at >= 0 && words[at + 1] ? words[at + 1]!.text : null;
  }
  if (c.name === '@sql' && /^drop$/i.test(words[0]?.text ?? '') && /^(database|schema)$/i.test(words[1]?.text ?? '')) {
    const rest = words.slice(2).filter((w) => !/^(if|exists)$/i.test(w.text));
    return rest.length === 1 ? rest[0]!.text : null;
  }
  return null;
}

/**
 * The command (a database rule's match) acts on a development or test database by its own
 * words and environment: the database it drops by name says so; or it connects to a server on
 * this machine, or to a database whose name says so; or a framework's environment (RAILS_ENV,
 * Rails' default of development, --env=testing) does. A command run on another machine (ssh,
 * a container, a pod) is never development by these words: localhost there is not here.
 */
export function actsOnDevelopmentDatabase(cmd: NormalisedCommand, commands: readonly NormalisedCommand[], env: Lookup): boolean {
  const chain = ancestry(cmd, commands);
  if (chain.some((c) => c.remote)) return false;
  const client = chain.find((c) => !c.name.startsWith('@')) ?? cmd;
  // A variable set in front of the command, or of what started it (DATABASE_URL=… npx prisma …), then the environment.
  const own = (name: string): string | undefined => {
    for (const c of chain) {
      const set = c.assignments.find((x) => x.name === name);
      if (set) return set.value.dynamic ? '?' : set.value.text;
    }
    return env(name);
  };
  const frameworkVars = ENV_NAME_VARS[client.name];
  if (frameworkVars) {
    if (!client.args.some((w) => w.text.startsWith('db:'))) return false;
    const named = client.args.map((w) => /^(RAILS_ENV|RACK_ENV)=(.*)$/.exec(w.text)?.[2]).find((v) => v !== undefined) ?? frameworkVars.map(own).find((v) => v);
    const url = own('DATABASE_URL');
    // Rails runs db: tasks against development unless told otherwise, and against DATABASE_URL when it is set.
    if (url && !LOCAL_HOST.test(URL.exec(url)?.[1] ?? '')) return false;
    return named === undefined ? true : DEVELOPMENT_WORD.test(named);
  }
  const envOption = client.args.find((w) => /^--env(ironment)?=/.test(w.text));
  if (envOption) return DEVELOPMENT_WORD.test(envOption.text.slice(envOption.text.indexOf('=') + 1));
  const conn = connectionOf(client, own);
  const urlVar = conn.host || !URL_READERS.has(client.name) ? undefined : own('DATABASE_URL');
  const fromUrl = urlVar ? URL.exec(urlVar) : null;
  const host = conn.host ?? fromUrl?.[1] ?? null;
  const local = host !== null && LOCAL_HOST.test(host);
  const dropped = droppedName(cmd);
  if (dropped !== null) return local || DEVELOPMENT_WORD.test(dropped);
  const database = conn.database ?? (fromUrl?.[2] || null);
  return local || (database !== null && DEVELOPMENT_WORD.test(database));
}

/** The command and those that ran it, nearest first (@sql, psql, the npx that ran psql…). */
function ancestry(cmd: NormalisedCommand, commands: readonly NormalisedCommand[]): NormalisedCommand[] {
  const chain = [cmd];
  let at = commands.indexOf(cmd);
  for (let c = cmd; c.via.length > 0 && at > 0; ) {
    const parentVia = c.via.slice(0, -1).join('\0');
    let i = at - 1;
    while (i >= 0 && commands[i]!.via.join('\0') !== parentVia) i--;
    if (i < 0) break;
    c = commands[i]!;
    at = i;
    chain.push(c);
  }
  return chain;
}
