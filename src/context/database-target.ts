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
/** A server on this machine (or the name Docker gives it); not *.local, which is a real server on many office networks. */
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0|host\.docker\.internal|[\w-]+\.localhost)$/i;
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
/** Code that leaves the database it connected to: psql's \c, SQL's USE, a schema-qualified name, MongoDB's getSiblingDB or use(). */
const SWITCHES_DATABASE = /\\c(onnect)?\b|\buse\s+[`"\w]|\bgetSiblingDB\b|\buse\s*\(|\b[A-Za-z_]\w*\.[A-Za-z_`"]\w*/i;
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

/** A host that is not known: the command is never taken for a development one by its server. */
const UNKNOWN = '?';
/** Variables that send libpq to a server other than PGHOST says, or to a service file's. */
const OTHER_SERVER_VARS = ['PGHOSTADDR', 'PGSERVICE', 'PGSERVICEFILE'];
/** The options these clients read that name neither server nor database (anything else unknown makes the server unknown: psql takes --ho for --host). */
const HARMLESS_OPTIONS = new Set(
  `-c --command -e --execute --eval -U --username -u --user -p --port -P -w --no-password -W --password -q --quiet
   -X --no-psqlrc -v --set --variable -1 --single-transaction -A -t --tuples-only -o --output -f --file --batch -B
   --silent -s -a -n --force`.split(/\s+/),
);

/** libpq's key = value pairs (spaces around `=`, 'quoted' values, backslash escapes), the last of each key winning. */
function conninfoPairs(word: string): Map<string, string> {
  const out = new Map<string, string>();
  const pair = /\s*([A-Za-z_]+)\s*=\s*('((?:[^'\\]|\\.)*)'|((?:[^\s'\\]|\\.)*))/gy;
  for (let m = pair.exec(word); m; m = pair.exec(word)) out.set(m[1]!.toLowerCase(), (m[3] ?? m[4] ?? '').replace(/\\(.)/g, '$1'));
  return out;
}

/** Where a connection string or URL sends the client: an unknown host when it names several, a service, or keys the line cannot read plainly. */
function connectionString(word: string): Connection | null {
  const url = URL.exec(word);
  if (url) {
    const authority = word.slice(word.indexOf('://') + 3).split(/[/?#]/)[0]!;
    const query = word.includes('?') ? word.slice(word.indexOf('?') + 1) : '';
    // libpq decodes query keys (%68ost is host): any escape in the query, or a host/service key, is another server.
    const overridden = query.includes('%') || /(^|&)(host|hostaddr|service)=/i.test(query);
    return { host: authority.includes(',') || overridden ? UNKNOWN : url[1]!, database: url[2] || null };
  }
  if (!/=/.test(word)) return null;
  const pairs = conninfoPairs(word);
  if (pairs.size === 0) return null;
  // hostaddr is where libpq connects; a service or several hosts are unknown here.
  if (pairs.has('service')) return { host: UNKNOWN, database: null };
  const host = pairs.get('hostaddr') ?? pairs.get('host') ?? null;
  return { host: host?.includes(',') ? UNKNOWN : host, database: pairs.get('dbname') ?? null };
}

/**
 * The server and database a client command connects to, as its own words say: the last
 * -h/--host wins, a URL or a libpq string (as an operand or given to -d) names both and wins
 * over -h, psql, mysql and mongosh take the database as their first operand when -d is not
 * given. Words the client reads as code (-c SQL) are not read. Anything it cannot account for
 * (an option it does not know, a word the line does not show, a service or a second host)
 * makes the server unknown.
 */
function connectionOf(c: NormalisedCommand, own: Lookup): Connection {
  const out: Connection = { host: own('PGHOST') ?? own('MYSQL_HOST') ?? null, database: null };
  if (c.args.some((x) => x.dynamic) || OTHER_SERVER_VARS.some((v) => own(v) !== undefined)) return { host: UNKNOWN, database: null };
  const argv = [c.name, ...c.args.map((x) => x.text)];
  const read = clientWords(argv) ?? genericWords(argv.slice(1));
  let fromString: Connection | null = null;
  let namedDatabase = false;
  for (const o of read.options) {
    if (HOST_OPTIONS.has(o.name) && o.value !== undefined) out.host = o.value;
    else if (DB_OPTIONS.has(o.name) && o.value !== undefined) {
      namedDatabase = true;
      const conn = connectionString(o.value);
      if (conn) fromString = conn;
      else out.database = o.value;
    } else if (!HARMLESS_OPTIONS.has(o.name)) return { host: UNKNOWN, database: null };
  }
  read.operands.forEach((word, i) => {
    const conn = connectionString(word);
    if (conn) fromString = conn;
    else if (i === 0 && !namedDatabase && FIRST_OPERAND_IS_DATABASE.has(c.name)) out.database = word;
  });
  if (fromString) {
    const f: Connection = fromString;
    return { host: f.host ?? out.host, database: f.database ?? out.database };
  }
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

/** The databases a command drops by name (dropdb NAME, DROP DATABASE NAME, each of mysqladmin's drop NAME), none when it names none. */
function droppedNames(c: NormalisedCommand): string[] {
  const words = c.args.filter((w) => !w.text.startsWith('-'));
  if (DROPS_NAMED.has(c.name)) return words.length === 1 ? [words[0]!.text] : [];
  if (c.name === 'mysqladmin') return words.flatMap((w, i) => (/^drop$/i.test(w.text) && words[i + 1] ? [words[i + 1]!.text] : []));
  if (c.name === '@sql' && /^drop$/i.test(words[0]?.text ?? '') && /^(database|schema)$/i.test(words[1]?.text ?? '')) {
    const rest = words.slice(2).filter((w) => !/^(if|exists)$/i.test(w.text));
    return rest.length === 1 ? [rest[0]!.text] : [];
  }
  return [];
}

/** A command that makes a local port lead to another machine. */
function opensTunnel(c: NormalisedCommand): boolean {
  const has = (re: RegExp): boolean => c.args.some((a) => re.test(a.text));
  if (c.name === 'ssh' || c.name === 'autossh') return has(/^-[A-Za-z]*[LDR]|(local|remote|dynamic)forward/i);
  if (c.name === 'kubectl' || c.name === 'oc') return has(/^port-forward$/);
  if (c.name === 'gcloud') return has(/^start-iap-tunnel$/);
  if (c.name === 'aws') return has(/^start-session$/);
  if (c.name === 'cloudflared') return has(/^(access|tunnel)$/);
  return ['socat', 'cloud-sql-proxy', 'cloud_sql_proxy', 'sshuttle', 'ngrok', 'chisel', 'boundary'].includes(c.name);
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
  // A tunnel on the line makes localhost another machine's database (ssh -L, kubectl port-forward).
  if (commands.some(opensTunnel)) return false;
  const frameworkVars = ENV_NAME_VARS[client.name];
  if (frameworkVars) {
    if (!client.args.some((w) => w.text.startsWith('db:'))) return false;
    // rake -E CODE, -r FILE, -f RAKEFILE: Ruby the line does not show may point the task anywhere.
    if (client.args.some((w) => w.text.startsWith('-') && !/^(--trace|-t|--verbose|-v|--quiet|-q|--silent|-s)$/.test(w.text))) return false;
    // rake takes NAME=value arguments as environment variables, the last one given wins; -e names the environment.
    const argument = (name: string): string | undefined =>
      client.args.map((w) => (w.text.startsWith(`${name}=`) ? w.text.slice(name.length + 1) : undefined)).findLast((v) => v !== undefined);
    const option = client.args.findLastIndex((w) => w.text === '-e' || w.text === '--environment' || /^--environment=/.test(w.text));
    const optionValue =
      option < 0 ? undefined : client.args[option]!.text.includes('=') ? client.args[option]!.text.split('=')[1] : client.args[option + 1]?.text;
    const named = optionValue ?? frameworkVars.map(argument).find((v) => v !== undefined) ?? frameworkVars.map(own).find((v) => v);
    const url = argument('DATABASE_URL') ?? own('DATABASE_URL');
    // Rails runs db: tasks against development unless told otherwise, and against DATABASE_URL when it is set.
    if (url && !LOCAL_HOST.test(URL.exec(url)?.[1] ?? '')) return false;
    return named === undefined ? true : DEVELOPMENT_WORD.test(named);
  }
  const envOptions = client.args.filter((w) => /^--env(ironment)?=/.test(w.text));
  if (envOptions.length > 0) {
    // A URL, config or schema given beside --env decides the database, whatever the environment's name.
    if (client.args.some((w) => /^--(url|config|knexfile|schema|connection)(=|$)/.test(w.text))) return false;
    const last = envOptions.at(-1)!.text;
    return DEVELOPMENT_WORD.test(last.slice(last.indexOf('=') + 1));
  }
  const conn = connectionOf(client, own);
  const urlVar = conn.host || !URL_READERS.has(client.name) ? undefined : own('DATABASE_URL');
  const fromUrl = urlVar ? URL.exec(urlVar) : null;
  const host = conn.host ?? fromUrl?.[1] ?? null;
  const local = host !== null && LOCAL_HOST.test(host);
  if (local) return true;
  // By name only when the code stays in the database named: a \c, a USE, a qualified name or
  // getSiblingDB goes elsewhere; MongoDB's default database is called test.
  if (SWITCHES_DATABASE.test([...chain].map((c) => c.args.map((a) => a.text).join(' ')).join(' ')) || client.name.startsWith('mongo')) return false;
  const dropped = droppedNames(cmd);
  if (dropped.length > 0) return dropped.every((name) => DEVELOPMENT_WORD.test(name));
  const database = conn.database ?? (fromUrl?.[2] || null);
  return database !== null && DEVELOPMENT_WORD.test(database);
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
