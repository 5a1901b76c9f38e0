// SQL and MongoDB code given to database clients, said as the pseudo-commands the rules
// judge: which statements destroy data, which are harmless (reads, rolled-back
// transactions, text inside quotes and comments), and which command lines carry such code.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCommandLine } from '../src/unwrap/index.js';
import { sqlEquivalents } from '../src/databases/sql.js';
import { databaseCode } from '../src/databases/clients.js';
import { mongoEquivalents } from '../src/databases/mongo.js';

type Case = [code: string, expected: string[]];

function cases(read: (code: string) => string[], list: Case[]): void {
  for (const [code, expected] of list) {
    test(JSON.stringify(code), () => {
      const got = read(code);
      assert.deepEqual(got, expected);
      // What comes out is shell text for the parser: it must read back cleanly.
      for (const line of got) assert.deepEqual(parseCommandLine(line).issues, [], line);
    });
  }
}

describe('SQL statements', () => {
  describe('drops', () =>
    cases(sqlEquivalents, [
      ['DROP TABLE users', ['@sql drop table users']],
      ['drop table if exists a, public.b cascade;', ['@sql drop table a public.b --cascade']],
      ['DROP DATABASE "prod db"', ["@sql drop database 'prod db'"]],
      ['DROP DATABASE IF EXISTS shop WITH (FORCE)', ['@sql drop database shop --force']],
      ['DROP SCHEMA app CASCADE', ['@sql drop schema app --cascade']],
      ['DROP SCHEMA IF EXISTS a, b', ['@sql drop schema a b']],
      ['DROP VIEW v1', ['@sql drop view v1']],
      ['DROP MATERIALIZED VIEW IF EXISTS mv', ['@sql drop materialized-view mv']],
      ['DROP INDEX CONCURRENTLY idx_a', ['@sql drop index idx_a']],
      ['DROP SEQUENCE s; DROP TYPE mood; DROP EXTENSION postgis', ['@sql drop sequence s', '@sql drop type mood', '@sql drop extension postgis']],
      ['DROP FUNCTION f(int), g(text)', ['@sql drop function f g']],
      ["DROP USER 'bob'@'%'", ["@sql drop user 'bob@%'"]],
      ['DROP ROLE analyst', ['@sql drop role analyst']],
      ['DROP OWNED BY bob CASCADE', ['@sql drop owned bob --cascade']],
      ['DROP TEMPORARY TABLE tmp', ['@sql drop table tmp --temporary']],
      ['drop table `order`', ['@sql drop table order']],
      ['DROP TABLE "it\'s"', ["@sql drop table 'it'\\''s'"]],
      ['DROP TABLE db.t ON CLUSTER main SYNC', ['@sql drop table db.t']],
    ]));

  describe('truncate, delete, update, alter', () =>
    cases(sqlEquivalents, [
      ['TRUNCATE TABLE logs, events', ['@sql truncate logs events']],
      ['truncate only audit restart identity cascade', ['@sql truncate audit']],
      ['DELETE FROM users', ['@sql delete users --no-where']],
      ['DELETE FROM users WHERE id = 3', ['@sql delete users --where']],
      ['delete from users where 1=1', ['@sql delete users --always-true']],
      ['DELETE FROM users WHERE true', ['@sql delete users --always-true']],
      ['DELETE FROM users WHERE 1', ['@sql delete users --always-true']],
      ["DELETE FROM t WHERE 'a'='a'", ['@sql delete t --always-true']],
      ['DELETE FROM t WHERE x = x', ['@sql delete t --always-true']],
      ['DELETE FROM t WHERE t.id = t.id', ['@sql delete t --always-true']],
      ['delete from t where 1 <> 0', ['@sql delete t --always-true']],
      ['DELETE FROM t WHERE (1 = 1)', ['@sql delete t --always-true']],
      ["DELETE FROM t WHERE name = 'x' OR 1=1", ['@sql delete t --always-true']],
      ['DELETE FROM t WHERE 1=1 AND id = 4', ['@sql delete t --where']],
      ['DELETE FROM t WHERE id IN (SELECT id FROM u WHERE 1=1)', ['@sql delete t --where']],
      ['DELETE FROM t WHERE x = y', ['@sql delete t --where']],
      ['DELETE FROM t RETURNING *', ['@sql delete t --no-where']],
      ['UPDATE t SET a = 1', ['@sql update t --no-where']],
      ['UPDATE t SET a=1 WHERE id=2 OR 1=1', ['@sql update t --always-true']],
      ['UPDATE t SET a = (SELECT b FROM x WHERE y = 1)', ['@sql update t --no-where']],
      ['update accounts set balance = 0 where id = 7', ['@sql update accounts --where']],
      ['WITH x AS (SELECT id FROM a) DELETE FROM b WHERE id IN (SELECT id FROM x)', ['@sql delete b --where']],
      ['WITH old AS (SELECT 1) DELETE FROM b', ['@sql delete b --no-where']],
      ['ALTER TABLE t DROP COLUMN c', ['@sql alter-table t --drop-column']],
      ['ALTER TABLE t DROP CONSTRAINT k, DROP x', ['@sql alter-table t --drop-constraint --drop-column']],
      ['ALTER TABLE t ALTER COLUMN c DROP DEFAULT', []],
      ['ALTER TABLE t ADD COLUMN c int', []],
      ['ALTER TABLE t TRUNCATE PARTITION p2023', ['@sql alter-table t --drop-partition']],
      ['ALTER TABLE events DELETE WHERE 1', ['@sql delete events --always-true']],
      ['ALTER TABLE t UPDATE a = 1, b = 2 WHERE x = 1', ['@sql update t --where']],
      ['EXPLAIN DELETE FROM t', []],
      ['EXPLAIN ANALYZE DELETE FROM t', ['@sql delete t --no-where']],
    ]));

  describe('transactions', () =>
    cases(sqlEquivalents, [
      ['BEGIN; DELETE FROM t; ROLLBACK;', []],
      ['START TRANSACTION; DROP TABLE x; ROLLBACK', []],
      ['begin transaction; truncate t; abort;', []],
      ['BEGIN; DELETE FROM t; COMMIT;', ['@sql delete t --no-where']],
      ['BEGIN; DELETE FROM t; END;', ['@sql delete t --no-where']],
      ['BEGIN; DELETE FROM t;', ['@sql delete t --no-where']],
      ['BEGIN; DELETE FROM a; ROLLBACK; DELETE FROM b;', ['@sql delete b --no-where']],
      ['BEGIN; SAVEPOINT s1; DELETE FROM t; ROLLBACK TO SAVEPOINT s1; COMMIT;', []],
      ['BEGIN; DROP TABLE a; SAVEPOINT s1; DROP TABLE b; ROLLBACK TO s1; COMMIT;', ['@sql drop table a']],
      ['BEGIN IMMEDIATE; DELETE FROM t; ROLLBACK;', []],
    ]));

  describe('quotes and comments hide semicolons', () =>
    cases(sqlEquivalents, [
      ["SELECT ';DROP TABLE x'; SELECT 1", []],
      ['SELECT "a;DROP TABLE b" FROM t', []],
      ['SELECT 1 -- ; DROP TABLE x\n', []],
      ['/* DROP TABLE x; */ SELECT 1', []],
      ['SELECT $f$ ; DROP TABLE y; $f$', []],
      ['SELECT $$ ; DROP TABLE y; $$; DELETE FROM z', ['@sql delete z --no-where']],
      ["SELECT 'it''s; fine'; DROP TABLE t", ['@sql drop table t']],
      ['# DROP TABLE x\nSELECT 1', []],
      ["SELECT data #> '{a}' FROM t; DROP TABLE x", ['@sql drop table x']],
      ['/*!40000 DROP DATABASE IF EXISTS `shop`*/;', ['@sql drop database shop']],
      // Postgres ends the string at the backslash; mysql escapes the quote: either reading counts.
      ["SELECT 'a\\'; DROP TABLE x; --'", ['@sql drop table x']],
      ["INSERT INTO t VALUES ('it\\'s'); DELETE FROM t WHERE id = 1;", ['@sql delete t --where']],
      ["SELECT E'a\\'; DROP TABLE x; --'", []],
    ]));

  describe('scripts', () =>
    cases(sqlEquivalents, [
      ['SELECT * FROM users;\nINSERT INTO t VALUES (1);\nCREATE TABLE x (id int);\nGRANT ALL ON t TO bob;', []],
      ['DROP TABLE a;\nDROP TABLE b;\nDELETE FROM c WHERE id = 1;', ['@sql drop table a', '@sql drop table b', '@sql delete c --where']],
      ['DROP TABLE a; DROP TABLE a;', ['@sql drop table a']],
      ['\\c prod\nDROP TABLE t;', ['@sql drop table t']],
      ['SELECT * FROM t\\G\nDELETE FROM t', ['@sql delete t --no-where']],
      ['.tables\nDROP TABLE t;', ['@sql drop table t']],
      ['DELIMITER //\nCREATE PROCEDURE p() BEGIN DELETE FROM t; END//\nDELIMITER ;\nDROP TABLE z;', ['@sql drop table z']],
      ['DO $$ BEGIN DROP TABLE x; END $$;', ['@sql drop table x']],
      ["DO $$ BEGIN EXECUTE 'DROP TABLE ' || quote_ident(t); END $$", ['@sql drop table "$UNKNOWN"']],
      ["PREPARE s FROM 'DELETE FROM t'", ['@sql delete t --no-where']],
      ["SELECT 'DROP TABLE ' || quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public' \\gexec", ['@sql drop table "$UNKNOWN"']],
      ["SELECT format('TRUNCATE %I', tablename) FROM pg_tables \\gexec", ['@sql truncate "$UNKNOWN"']],
      ["SELECT 'DROP TABLE x' \\g", []],
      ['CREATE FUNCTION f() RETURNS void AS $$ DELETE FROM t $$ LANGUAGE sql', []],
      ['SELECT * FROM t FOR UPDATE', []],
      ['INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2', []],
    ]));

  test('many statements stop at a bound', () => {
    assert.equal(sqlEquivalents('DROP TABLE t1;'.repeat(1).concat(Array.from({ length: 200 }, (_, i) => `DROP TABLE x${i};`).join(''))).length, 64);
  });
});

describe('MongoDB shell code', () =>
  cases(mongoEquivalents, [
    ['db.dropDatabase()', ['@mongo drop-database']],
    ["db.getSiblingDB('shop').dropDatabase()", ['@mongo drop-database shop']],
    ['db.runCommand({ dropDatabase: 1 })', ['@mongo drop-database']],
    ['db.users.drop()', ['@mongo drop-collection users']],
    ["db.getCollection('a b').drop()", ["@mongo drop-collection 'a b'"]],
    ["db['events'].drop()", ['@mongo drop-collection events']],
    ["db.runCommand({drop: 'x'})", ['@mongo drop-collection x']],
    ['db.getCollectionNames().forEach(c => db[c].drop())', ['@mongo drop-collection "$UNKNOWN"']],
    ['db.users.deleteMany({})', ['@mongo delete-many users --empty-filter']],
    ['db.users.deleteMany()', ['@mongo delete-many users --empty-filter']],
    ['db.users.deleteMany({ active: false })', ['@mongo delete-many users --filter']],
    ['db.users.remove({})', ['@mongo delete-many users --empty-filter']],
    ['db.logs.archive.deleteMany({})', ['@mongo delete-many logs.archive --empty-filter']],
    ['db.users.updateMany({}, { $set: { a: 1 } })', ['@mongo update-many users --empty-filter']],
    ['db.users.updateMany({ _id: 1 }, { $set: { a: 1 } })', ['@mongo update-many users --filter']],
    ['db.users.update({}, {$set: {a: 1}}, {multi: true})', ['@mongo update-many users --empty-filter']],
    ["db.dropUser('bob')", ['@mongo drop-user bob']],
    ['db.dropAllUsers()', ['@mongo drop-all-users']],
    ['const u = db.users; u.drop()', ['@mongo drop-collection users']],
    ["db.c.deleteMany({ name: /o'neil/ }); db.x.drop()", ['@mongo delete-many c --filter', '@mongo drop-collection x']],
    ['db.users.find({}); db.users.countDocuments({})', []],
    ["print('db.dropDatabase()') // db.users.drop()", []],
    ['/* db.dropDatabase() */ db.users.insertOne({a: 1})', []],
    ['db.users.deleteOne({ _id: 3 })', []],
  ]));

describe('database client command lines', () => {
  const code = (argv: string[]) => databaseCode(argv);
  const inline = (kind: 'sql' | 'mongo', c: string) => ({ kind, code: c, readsStdin: false });
  const stdin = (kind: 'sql' | 'mongo') => ({ kind, code: null, readsStdin: true });
  const file = (kind: 'sql' | 'mongo') => ({ kind, code: null, readsStdin: false });
  const list: Array<[string[], ReturnType<typeof databaseCode>]> = [
    [['psql', '-c', 'DROP TABLE x'], inline('sql', 'DROP TABLE x')],
    [['psql', '-Atc', 'SELECT 1', '-c', 'DELETE FROM t'], inline('sql', 'SELECT 1;\nDELETE FROM t')],
    [['psql', '--command=TRUNCATE t'], inline('sql', 'TRUNCATE t')],
    [['psql', '-U', 'postgres', '-h', 'db', '-d', 'app', '-cDROP TABLE t'], inline('sql', 'DROP TABLE t')],
    [['psql', '-U', 'postgres', 'mydb'], stdin('sql')],
    [['psql', '-v', 'ON_ERROR_STOP=1', 'app'], stdin('sql')],
    [['psql', '-f', 'x.sql'], file('sql')],
    [['psql', '--file=x.sql'], file('sql')],
    [['psql', '-f', '-'], stdin('sql')],
    [['psql', '-l'], file('sql')],
    [['mysql', '-uroot', '-psecret', '-e', 'DROP DATABASE x'], inline('sql', 'DROP DATABASE x')],
    [['mysql', '-u', 'root', '-p', 'shop'], stdin('sql')],
    [['mariadb', '--execute=SHOW TABLES'], inline('sql', 'SHOW TABLES')],
    [['mysql', '-h', 'db', '-sNe', 'SELECT 1'], inline('sql', 'SELECT 1')],
    [['sqlite3', 'app.db', 'DROP TABLE t'], inline('sql', 'DROP TABLE t')],
    [['sqlite3', '-cmd', 'DELETE FROM t', 'app.db'], inline('sql', 'DELETE FROM t')],
    [['sqlite3', '-separator', ',', 'app.db'], stdin('sql')],
    [['sqlite3'], stdin('sql')],
    [['clickhouse-client', '-q', 'TRUNCATE t'], inline('sql', 'TRUNCATE t')],
    [['clickhouse', 'client', '--query=DROP TABLE t'], inline('sql', 'DROP TABLE t')],
    [['clickhouse-client', '--queries-file', 'q.sql'], file('sql')],
    [['clickhouse', 'server'], null],
    [['cockroach', 'sql', '--insecure', '-e', 'DROP DATABASE d'], inline('sql', 'DROP DATABASE d')],
    [['cockroach', 'sql', '--url', 'postgres://x', '--execute=SELECT 1'], inline('sql', 'SELECT 1')],
    [['cockroach', 'start'], null],
    [['duckdb', 'x.db', '-c', 'DROP TABLE t'], inline('sql', 'DROP TABLE t')],
    [['duckdb', 'x.db', 'DROP TABLE t'], inline('sql', 'DROP TABLE t')],
    [['duckdb', '-f', 'q.sql'], file('sql')],
    [['mongosh', '--eval', 'db.dropDatabase()'], inline('mongo', 'db.dropDatabase()')],
    [['mongo', 'shop', '--quiet', '--eval=db.users.drop()'], inline('mongo', 'db.users.drop()')],
    [['mongosh', 'mongodb://x/db', 'script.js'], file('mongo')],
    [['mongosh', '-f', 'seed.js'], file('mongo')],
    [['mongosh', '-u', 'admin', 'shop'], stdin('mongo')],
    [['mongosh', '-u', 'admin', '-p', '--eval', 'db.dropDatabase()'], inline('mongo', 'db.dropDatabase()')],
    [['pg_dump', 'x'], null],
    [['redis-cli', 'FLUSHALL'], null],
  ];
  for (const [argv, expected] of list) test(argv.join(' '), () => assert.deepEqual(code(argv), expected));
});

describe('through the shell parser', () => {
  const found = (line: string): string[] =>
    parseCommandLine(line)
      .commands.filter((c) => c.name.startsWith('@'))
      .map((c) => `${[c.name, ...c.args.map((a) => a.text)].join(' ')}  <- ${c.via.join(' / ')}`);
  const lines: Array<[string, string[]]> = [
    ["psql -c 'DROP TABLE users'", ['@sql drop table users  <- psql sql']],
    ['psql -c "DROP TABLE \\"my table\\""', ['@sql drop table my table  <- psql sql']],
    ['psql app <<EOF\nBEGIN;\nDELETE FROM t;\nROLLBACK;\nEOF', []],
    ["psql app <<'SQL'\nDELETE FROM sessions;\nSQL", ['@sql delete sessions --no-where  <- psql sql']],
    ["echo 'DROP DATABASE shop' | mysql -uroot", ['@sql drop database shop  <- mysql sql']],
    ["mysql shop <<< 'TRUNCATE orders'", ['@sql truncate orders  <- mysql sql']],
    ["docker exec db psql -U postgres -c 'TRUNCATE logs'", ['@sql truncate logs  <- docker exec db / psql sql']],
    ["mongosh shop --eval 'db.dropDatabase()'", ['@mongo drop-database  <- mongosh mongo']],
    ['mongosh <<EOF\ndb.users.deleteMany({})\nEOF', ['@mongo delete-many users --empty-filter  <- mongosh mongo']],
    ['psql -f drop_all.sql', []],
    ["psql -c 'SELECT count(*) FROM users'", []],
  ];
  for (const [line, expected] of lines) test(line, () => assert.deepEqual(found(line), expected));
});

describe('hostile input stays fast', () => {
  const big = 64 * 1024;
  const inputs: Array<[string, string]> = [
    ['open quotes', "'".repeat(big)],
    ['open comments', '/*'.repeat(big / 2)],
    ['dollar tags', '$a$'.repeat(big / 3)],
    ['parentheses', 'DELETE FROM t WHERE ' + '('.repeat(big / 2) + '1=1' + ')'.repeat(big / 2)],
    ['ORs', 'DELETE FROM t WHERE ' + 'a = 1 OR '.repeat(big / 9) + '1'],
    ['semicolons', ';'.repeat(big)],
    ['transactions', 'BEGIN; SAVEPOINT a; DELETE FROM t; ROLLBACK TO a; '.repeat(big / 50)],
    ['backslashes', "'\\".repeat(big / 2)],
    ['delimiter', 'DELIMITER $$$$$$$$\n' + 'x$'.repeat(big / 2)],
    ['mongo calls', 'db.c.update('.repeat(big / 12)],
    ['mongo regexes', '(/'.repeat(big / 2)],
  ];
  for (const [name, text] of inputs) {
    test(name, () => {
      // The best of three runs: other test files share the CPU, and a pause is not the reader's doing.
      let ms = Infinity;
      for (let run = 0; run < 3; run++) {
        const t0 = performance.now();
        sqlEquivalents(text);
        mongoEquivalents(text);
        ms = Math.min(ms, performance.now() - t0);
      }
      assert.ok(ms < 100, `${name}: ${ms.toFixed(1)} ms`);
    });
  }
});
