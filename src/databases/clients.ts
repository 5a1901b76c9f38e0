// Which database client a command line is, and the SQL or MongoDB code it runs: inline
// (psql -c, mysql -e, mongosh --eval) or read on stdin (psql <<EOF).

import { optionSpec, type OptionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';

interface Client {
  kind: 'sql' | 'mongo';
  /** code: SQL or mongo code (-c SQL, -cSQL, -Atc SQL, --command=SQL, sqlite's -cmd SQL); file: a script to run; stops: no code is read. */
  options: OptionSpec;
  /** Positionals from this index on are SQL (sqlite3 DB 'SQL'). */
  sqlFrom?: number;
  /** Positionals ending in .js are scripts to run (mongosh x.js). */
  jsFiles?: boolean;
  /** The tool never reads code on stdin (a cloud API call takes its SQL as an option). */
  noStdin?: boolean;
}

/** A client whose value options, given no value before a --long option, prompt for it (mongosh -p --eval …). */
const client = (kind: Client['kind'], names: Parameters<typeof optionSpec>[0], quirks: Partial<OptionSpec> = {}, extra: Partial<Client> = {}): Client => ({
  kind,
  options: optionSpec(names, { promptsForMissing: true, ...quirks }),
  ...extra,
});

const PSQL = client('sql', {
  code: 'c --command',
  file: 'f --file',
  stops: 'l V --list --version',
  value:
    'd h p U v P o L F R T --dbname --host --port --username --set --variable --pset --output --log-file --field-separator --record-separator --table-attr',
});
const MYSQL = client(
  'sql',
  {
    code: 'e --execute',
    stops: 'V --version',
    value: 'u h P D S o --user --host --port --database --socket --default-character-set --login-path --protocol',
  },
  { glueOnly: 'p' },
);
const SQLITE = client(
  'sql',
  {
    code: '-cmd',
    stops: '-version -help',
    value: '-init -separator -newline -nullvalue -vfs -maxsize -mmap -lookaside -pagecache -heap -escape',
  },
  { singleDash: true },
  { sqlFrom: 1 },
);
const DUCKDB = client(
  'sql',
  { code: '-c -s -cmd', file: '-f', stops: '-version -help', value: '-init -separator -newline -nullvalue' },
  { singleDash: true },
  { sqlFrom: 1 },
);
const CLICKHOUSE = client('sql', {
  code: 'q --query',
  file: '--queries-file',
  stops: 'V --version',
  value: 'h u d f c --host --port --user --password --database --format --config-file --history_file',
});
const COCKROACH = client('sql', {
  code: 'e --execute',
  file: 'f --file',
  value: 'd u p --url --host --port --user --database --certs-dir --format --set --watch',
});
const MONGOSH = client(
  'mongo',
  {
    code: '--eval',
    file: 'f --file',
    stops: '--version --help',
    value:
      'u p h --host --port --username --password --authenticationDatabase --authenticationMechanism --tlsCAFile --tlsCertificateKeyFile ' +
      '--tlsCertificateKeyFilePassword --tlsCRLFile --apiVersion --gssapiServiceName --awsAccessKeyId --awsSecretAccessKey --awsSessionToken ' +
      '--keyVaultNamespace --kmsURL --sslPEMKeyFile --sslCAFile --sslPEMKeyPassword',
  },
  {},
  { jsFiles: true },
);

// Cloud query services: the SQL is an option of an API call, and runs on the service's data.
const AWS_QUERY = (code: string): Client =>
  client(
    'sql',
    {
      code,
      value:
        '--region --profile --output --query --endpoint-url --query-execution-context --result-configuration --work-group --database --cluster-identifier --workgroup-name --secret-arn --resource-arn --db-user --schema --parameters',
    },
    {},
    { noStdin: true },
  );
const ATHENA = AWS_QUERY('--query-string');
const AWS_DATA_API = AWS_QUERY('--sql');
const BIGQUERY = client(
  'sql',
  { value: '--project_id --location --dataset_id --format --max_rows --parameter --destination_table' },
  {},
  { sqlFrom: 0, noStdin: true },
);
const SPANNER = client('sql', { code: '--sql', value: '--instance --project --query-mode --format' }, {}, { noStdin: true });

/** The client a command line starts, and where its own arguments begin. */
function clientOf(argv: string[]): [Client, number] | null {
  switch (argv[0]) {
    case 'psql':
      return [PSQL, 1];
    case 'mysql':
    case 'mariadb':
      return [MYSQL, 1];
    case 'sqlite3':
    case 'sqlite':
      return [SQLITE, 1];
    case 'duckdb':
      return [DUCKDB, 1];
    case 'clickhouse-client':
      return [CLICKHOUSE, 1];
    case 'clickhouse':
      return argv[1] === 'client' ? [CLICKHOUSE, 2] : null;
    case 'cockroach':
      return argv[1] === 'sql' ? [COCKROACH, 2] : null;
    case 'mongosh':
    case 'mongo':
      return [MONGOSH, 1];
    case 'aws':
      if (argv[1] === 'athena' && argv[2] === 'start-query-execution') return [ATHENA, 3];
      return (argv[1] === 'redshift-data' || argv[1] === 'rds-data') && argv[2] === 'execute-statement' ? [AWS_DATA_API, 3] : null;
    case 'bq':
      return argv[1] === 'query' ? [BIGQUERY, 2] : null;
    case 'gcloud':
      return argv[1] === 'spanner' && argv[2] === 'databases' && argv[3] === 'execute-sql' ? [SPANNER, 4] : null;
    default:
      return null;
  }
}

/**
 * The SQL or mongo code a database client command line (argv[0] its basename) runs inline;
 * or, with none, whether it reads code on stdin (`psql <<EOF`, `mysql < x`) or from a file
 * it names (-f FILE, which is not read).
 */
export function databaseCode(argv: string[]): { kind: 'sql' | 'mongo'; code: string | null; readsStdin: boolean } | null {
  const found = clientOf(argv);
  if (!found) return null;
  const [s, start] = found;
  const code: string[] = [];
  const positionals: string[] = [];
  let file = false;
  let stdinFile = false;
  let noStdin = false;
  for (const tok of walkOptions(
    argv.map((text) => ({ text })),
    s.options,
    start,
  )) {
    if (tok.kind === 'end') {
      positionals.push(...argv.slice(tok.at + 1));
      break;
    }
    if (tok.kind === 'operand') {
      positionals.push(argv[tok.at]!);
      continue;
    }
    if (s.options.stops.has(tok.name)) noStdin = true;
    else if (tok.takes === undefined) continue;
    else if (tok.value === undefined)
      noStdin = true; // an option missing its value: an error, nothing runs
    else if (tok.takes === 'code') code.push(tok.value);
    else if (tok.takes === 'file') {
      file = true;
      stdinFile ||= tok.value === '-';
    }
  }
  if (s.sqlFrom !== undefined) code.push(...positionals.slice(s.sqlFrom));
  if (s.jsFiles && positionals.some((p) => p.endsWith('.js'))) file = true;
  if (code.length > 0) return { kind: s.kind, code: code.join(s.kind === 'sql' ? ';\n' : '\n'), readsStdin: false };
  return { kind: s.kind, code: null, readsStdin: !s.noStdin && (stdinFile || (!file && !noStdin)) };
}

/** The database file a file-database client (sqlite3, duckdb) opens and the code it is given there (operands after the file, -cmd), or null for another command. */
export function fileDatabaseOf(argv: string[]): { file: string | null; code: string[] } | null {
  const s = argv[0] === 'sqlite3' || argv[0] === 'sqlite' ? SQLITE : argv[0] === 'duckdb' ? DUCKDB : null;
  if (!s) return null;
  const operands: string[] = [];
  const code: string[] = [];
  for (const tok of walkOptions(
    argv.map((text) => ({ text })),
    s.options,
    1,
  )) {
    if (tok.kind === 'end') {
      operands.push(...argv.slice(tok.at + 1));
      break;
    }
    if (tok.kind === 'operand') operands.push(argv[tok.at]!);
    else if (tok.takes === 'code' && tok.value !== undefined) code.push(tok.value);
  }
  return { file: operands[0] ?? null, code: [...code, ...operands.slice(1)] };
}

/** A database client's options (with their values) and operands as the client reads them, or null for a command that is none. */
export function clientWords(argv: string[]): { options: Array<{ name: string; value: string | undefined }>; operands: string[] } | null {
  const found = clientOf(argv);
  if (!found) return null;
  const options: Array<{ name: string; value: string | undefined }> = [];
  const operands: string[] = [];
  for (const tok of walkOptions(
    argv.map((text) => ({ text })),
    found[0].options,
    found[1],
  )) {
    if (tok.kind === 'end') {
      operands.push(...argv.slice(tok.at + 1));
      break;
    }
    if (tok.kind === 'operand') operands.push(argv[tok.at]!);
    else options.push({ name: tok.name, value: tok.value });
  }
  return { options, operands };
}
