// Which database client a command line is, and the SQL or MongoDB code it runs: inline
// (psql -c, mysql -e, mongosh --eval) or read on stdin (psql <<EOF).


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
