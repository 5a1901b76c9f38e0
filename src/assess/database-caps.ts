// The two places a database rule's verdict is lowered, each labelled and never below asking:
// a command aimed at a development or test database, and a file database that is not there
// yet (the client makes an empty one). Each looks at the match's own command only: a decoy
// elsewhere on the line changes nothing.

import { lstatSync } from 'node:fs';
import { atLeast } from '../core/severity.js';
import { classifyPath, type PathContext } from '../context/context.js';
import { actsOnDevelopmentDatabase, clientOf, lineNamesProduction } from '../context/database-target.js';
import { fileDatabaseOf } from '../databases/clients.js';
import type { NormalisedCommand } from '../shell/index.js';
import type { LineEnv } from './line-context.js';
import type { RuleMatch } from './match.js';

const databaseMatches = (matches: RuleMatch[]): RuleMatch[] => matches.filter((m) => m.rule.group === 'database' && atLeast(m.severity, 'High'));

/**
 * A database rule's match whose own command acts on a development or test database (by its
 * name, connection, host or framework environment), on a line where nothing names production,
 * asks: those databases are rebuilt from migrations and seeds every day.
 */
export function capDevelopmentDatabases(
  matches: RuleMatch[],
  commands: NormalisedCommand[],
  env: { line: LineEnv; given: NodeJS.ProcessEnv | undefined; productionPatterns: string[] },
  labels: string[],
): void {
  const database = databaseMatches(matches);
  if (database.length === 0 || lineNamesProduction(commands, env.line, env.productionPatterns)) return;
  // The environment the door passed: a variable the line sets belongs to the command it is set on.
  const outside = (name: string): string | undefined => env.given?.[name];
  let capped = false;
  for (const m of database) {
    if (!actsOnDevelopmentDatabase(m.command, commands, outside)) continue;
    m.severity = 'Medium';
    capped = true;
  }
  if (capped) labels.push('database=development');
}

/** SQLite and DuckDB code that reaches another database file. */
const OPENS_ANOTHER = /\b(attach|vacuum\s+into)\b|(^|\n|;)\s*\.(open|restore|read|import|clone)\b/i;

/**
 * A file-database client (sqlite3, duckdb) given a file that is not there creates an empty
 * one: nothing it then runs can lose data, so that client's own database matches ask rather
 * than deny. Only `sqlite3 FILE 'SQL'` itself: not with options, a `file:` URI, code read from
 * stdin or code that opens or attaches another file, nor on another machine. Only where the
 * door measures what is on disk (probes on).
 */
export function capMissingDatabaseFiles(matches: RuleMatch[], commands: NormalisedCommand[], ctx: PathContext, labels: string[]): void {
  let capped = false;
  for (const m of databaseMatches(matches)) {
    const client = clientOf(m.command, commands);
    // Only the plain form (sqlite3 FILE 'SQL'): options can take one or two values or open other
    // files, and code read from stdin is not seen here.
    if (m.command.remote || client.remote || client.args.some((a) => a.dynamic || a.text.startsWith('-'))) continue;
    const opened = fileDatabaseOf([client.name, ...client.args.map((a) => a.text)]);
    if (
      !opened?.file ||
      opened.code.length === 0 ||
      /^file:/i.test(opened.file) ||
      opened.file === ':memory:' ||
      opened.code.some((c) => OPENS_ANOTHER.test(c))
    )
      continue;
    const file = client.args.find((a) => a.text === opened.file)!;
    if (file.glob || existsNow(classifyPath(file, ctx, client.cwd).path)) continue;
    m.severity = 'Medium';
    capped = true;
  }
  if (capped) labels.push('target-missing');
}

function existsNow(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
