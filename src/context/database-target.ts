// Whether the databases a line's commands act on are development or test ones. Dropping
// app_test, resetting a Rails development database or a Prisma database on localhost is
// routine work that a person can rebuild from migrations and seeds; the same against a
// production name or URL is not. What the line (and the environment it runs with) names
// decides: a production word anywhere wins, then a development or test environment, a
// database name that says test or dev, or a server on this machine.

import type { NormalisedCommand } from '../shell/normalise.js';
import { CONNECTION_VARS, isProduction, PRODUCTION_ENV_VARS } from './signals.js';

type DatabaseTarget = 'production' | 'development' | null;

/** A development or test environment or database name, as a whole word: app_test, dev, testing. */
const DEVELOPMENT_WORD = /(^|[^a-z0-9])(dev|devel|develop|development|test|tests|testing|local|ci|e2e|spec|sandbox)([^a-z0-9]|$)/i;
/** A server on this machine (or the development host names Docker and mDNS give it). */
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0|host\.docker\.internal|[\w-]+\.localhost|[\w-]+\.local)$/i;
const URL = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/?#\s]+)(?::\d+)?(?:\/([^?#\s]*))?/i;
/** Options that name a database server or an environment. */
const HOST_OPTION = /^(-h|--host|-H|--hostname|--server)$/;
const ENV_OPTION = /^(-e|--env|--environment|--stage)$/;
const DB_OPTION = /^(-d|--dbname|--database|-D)$/;

/** The word at `i` is the database a command drops or recreates by name (dropdb NAME, DROP DATABASE NAME). */
function namesDatabase(c: NormalisedCommand, i: number): boolean {
  const a = c.args[i]!.text;
  if (a.startsWith('-')) return false;
  if (c.name === '@sql')
    return (
      (i > 0 && /^(database|schema)$/i.test(c.args[i - 1]!.text)) ||
      (i > 1 && /^exists$/i.test(c.args[i - 1]!.text) && /^(database|schema)$/i.test(c.args[i - 3]?.text ?? ''))
    );
  return c.name === 'dropdb' || c.name === 'createdb' || (c.name === 'mysqladmin' && i > 0 && /^drop$/i.test(c.args[i - 1]!.text));
}

/** What one word says about the database it names: a URL's host and database, a server's host, or an environment or database name. */
function wordSays(text: string, patterns: string[], as: 'name' | 'host' | 'other'): DatabaseTarget {
  const url = URL.exec(text);
  if (url) {
    const [host, db] = [url[1]!, url[2] ?? ''];
    if (isProduction(host, patterns) || isProduction(db, patterns)) return 'production';
    if (text.startsWith('file:') || text.startsWith('sqlite:') || LOCAL_HOST.test(host) || DEVELOPMENT_WORD.test(db)) return 'development';
    return null;
  }
  if (isProduction(text, patterns)) return 'production';
  if (as === 'host') return LOCAL_HOST.test(text) ? 'development' : null;
  return as === 'name' && DEVELOPMENT_WORD.test(text) ? 'development' : null;
}

/**
 * What the line's database commands aim at: 'production' when anything on it names
 * production, 'development' when something names a development or test database and
 * nothing names production, null when the line does not say.
 */
export function databaseTarget(
  commands: readonly NormalisedCommand[],
  env: (name: string) => string | undefined,
  productionPatterns: string[],
): DatabaseTarget {
  let development = false;
  const hear = (said: DatabaseTarget): boolean => {
    if (said === 'development') development = true;
    return said === 'production';
  };
  for (const name of [...PRODUCTION_ENV_VARS, ...CONNECTION_VARS]) {
    const v = env(name);
    if (v && hear(wordSays(v, productionPatterns, PRODUCTION_ENV_VARS.includes(name) ? 'name' : /HOST$/.test(name) ? 'host' : 'other'))) return 'production';
  }
  for (const c of commands) {
    for (const a of c.assignments) {
      const as = PRODUCTION_ENV_VARS.includes(a.name) ? 'name' : /HOST$/.test(a.name) ? 'host' : 'other';
      if (!a.value.dynamic && hear(wordSays(a.value.text, productionPatterns, as))) return 'production';
    }
    const args = c.args;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a.dynamic) continue;
      const eq = /^(-{1,2}[\w-]+)=(.*)$/.exec(a.text);
      const option = eq ? eq[1]! : i > 0 ? args[i - 1]!.text : '';
      const value = eq ? eq[2]! : a.text;
      // RAILS_ENV=test as rake's argument, --env=testing, -e test: an environment's name;
      // -d app_test, dropdb app_test, DROP DATABASE app_test: a database's.
      const assigned = /^[A-Z][A-Z0-9_]*=(.*)$/.exec(a.text);
      const as = HOST_OPTION.test(option) ? 'host' : assigned || ENV_OPTION.test(option) || DB_OPTION.test(option) || namesDatabase(c, i) ? 'name' : 'other';
      if (hear(wordSays(assigned ? assigned[1]! : value, productionPatterns, as))) return 'production';
    }
    // Rails runs its db: tasks against the development database unless told otherwise.
    if ((c.name === 'rails' || c.name === 'rake') && args.some((a) => a.text.startsWith('db:')) && !env('RAILS_ENV') && !env('RACK_ENV')) development = true;
  }
  return development ? 'development' : null;
}
