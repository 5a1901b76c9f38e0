// Issue 14's families: the same danger rated the same however the platform spells the
// name, what fails or only reports is not flagged, words that are another option's value are
// not actions, root in a container is not root of a machine, development databases ask, and
// so does a database file that is not there.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import { type ContainerMarks, containerFrom } from '../src/context/container.js';
import { testEngine } from './helpers.js';

const engine = testEngine();
const rate = (line: string): string => String(engine.assess(line, { context: EXAMPLE_CONTEXT }).severity);

/** Pairs that must be rated alike, each [one spelling, another]. */
const ALIKE: Array<[string, string]> = [
  // The name as macOS and Windows find it.
  ['rm -rf ~', 'RM -rf ~'],
  ['git reset --hard', 'Git reset --hard'],
  ['git push --force origin main', '"C:\\Program Files\\Git\\bin\\git.exe" push --force origin main'],
  ['kubectl delete ns payments', 'KUBECTL.EXE delete ns payments'],
  ['shutdown -h now', 'SHUTDOWN.exe -h now'],
  // git's own commands by their dashed names, and a `--` ending git's own options.
  ['git reset --hard HEAD~1', 'git-reset --hard HEAD~1'],
  ['git branch -D feature', '/usr/lib/git-core/git-branch -D feature'],
  ['git reset --hard', 'git -- reset --hard'],
  ['git worktree remove --force ../wt', 'git worktree remove --forc ../wt'],
  // GNU getopt's unique prefixes of long options.
  ['rm --recursive --force src', 'rm --rec --fo src'],
  ['chmod --recursive 777 /', 'chmod --recurs 777 /'],
  // A common short name for kubectl, with one of kubectl's verbs after it.
  ['kubectl delete all --all', 'k delete all --all'],
  ['kubectl scale sts db --replicas=0', 'k scale sts db --replicas=0'],
  // Equivalent actions.
  ['git checkout HEAD -- src/app.ts', 'git checkout HEAD src/app.ts'],
  ['git restore --staged --worktree src/app.ts', 'git restore -SW src/app.ts'],
  ['git update-ref -d refs/heads/old', 'git update-ref --delete refs/heads/old'],
  ['git checkout HEAD -- src/app.ts', 'git show HEAD:src/app.ts > src/app.ts'],
  ['rm -rf src', 'rm -ri src < answers.txt'],
  ['rm -rf src', 'cat answers | rm -ri src'],
  ['rm -rf src', 'builtin cd . && rm -rf src'],
  ['git reset --hard', 'mise exec -- git reset --hard'],
  ['git reset --hard', "env -S 'PATH=/usr/bin' git reset --hard"],
  ['rm -rf /', 'echo / | xargs -J {} rm -rf {}'],
  ['rm -rf /', `awk 'BEGIN { system("rm\\x20-rf\\x20/") }'`],
  ['psql -c "DROP TABLE users"', 'aws athena start-query-execution --query-string "DROP TABLE users"'],
  ['echo x > .git/config', 'echo x >> .git/config'],
  // Aliases and functions are looked up by the word as typed.
  ['rm -rf ~', "alias Nuke='rm -rf'; Nuke ~"],
  // A value that looks like an option is the option's value only where the tool's walk takes it so.
  ['find ~ -delete', 'find ~ ! -name -name -delete'],
  ['curl -X DELETE https://es.corp:9200/_all', 'curl -A -A -X DELETE https://es.corp:9200/_all'],
  // An on/off flag written as off, however the tool spells off, is not given.
  ['rclone purge gdrive:Archive', 'rclone purge --dry-run=0 gdrive:Archive'],
  ['rclone purge gdrive:Archive', 'rclone purge -n --dry-run=false gdrive:Archive'],
  ['rm -r ~', 'rm -r --interactive=never ~'],
  // env's own options by their prefixes, its -S comments and ${HOME}; not the command's options.
  ['rm -rf /home', "env --sp 'rm -rf /home'"],
  ['rm -rf /home', "env -S '#x' rm -rf /home"],
  ['rm -rf ~', "env -S 'rm -rf ${HOME}'"],
  ['git reset --hard HEAD', 'env git reset --h HEAD'],
  // A decoy elsewhere on the line does not make a real database a test one.
  ['dropdb app', 'dropdb app_test && dropdb app'],
  ['dropdb app', 'true -h localhost && dropdb app'],
  ['dropdb app', 'grep -e test config/database.yml && dropdb app'],
  ['psql -h db.corp.com -d app -c "DROP TABLE users"', 'psql -h localhost -h db.corp.com -d app -c "DROP TABLE users"'],
  ['psql -h db.corp.com -d app -c "DROP TABLE users"', 'psql -h localhost "hostaddr=10.1.2.3 dbname=app" -c "DROP TABLE users"'],
  ["ssh db1 'dropdb shop'", 'ssh db1 \'psql -h localhost -c "DROP DATABASE shop"\''],
  // Round two of the attack: connection strings win over -h, several hosts or a service are unknown,
  // psql's prefixes are unknown options, rake's NAME=value arguments and -e, the last --env.
  ['psql -h db.example.com -c "drop database shop"', 'psql -h localhost -d postgresql://db.example.com/shop -c "drop database shop"'],
  ['psql -h db.example.com -c "drop database shop"', 'psql "postgresql://localhost:5432,db.example.com:5432/shop" -c "drop database shop"'],
  ['psql -h db.example.com -c "drop database shop"', 'PGHOSTADDR=10.0.0.5 psql -h localhost -c "drop database shop"'],
  ['psql -h db.example.com -c "drop database shop"', 'psql -h localhost --hos=db.example.com -c "drop database shop"'],
  ['psql -h db.example.com -c "drop database shop"', 'ssh -fNL 5433:db.example.com:5432 bastion; psql -h localhost -p 5433 -c "drop database shop"'],
  ['mysqladmin -h db.example.com -f drop shop', 'mysqladmin -h db.example.com -f drop app_test drop shop'],
  ['RAILS_ENV=staging rails db:drop', 'rails db:drop RAILS_ENV=test RAILS_ENV=staging'],
  ['RAILS_ENV=staging rails db:drop', 'rails db:drop -e staging'],
  ['RAILS_ENV=staging rails db:drop', 'rails db:drop DATABASE_URL=postgres://db.example.com/shop'],
  // find: a test before a top-level -o, or one every file passes, narrows nothing.
  ['find . -delete', "find . -name '*' -delete"],
  ['find ~ -delete', 'find ~ -name x -o -delete'],
  // GNU prefixes of the tools the rules read by their long options; git's --no-dry-run.
  ['tar --remove-files -czf x.tgz proj', 'tar --remove-f -czf x.tgz proj'],
  ['wipefs --all /dev/sda', 'wipefs --a /dev/sda'],
  ['userdel --remove bob', 'userdel --rem bob'],
  ['git clean -fdx', 'git clean -fdx -n --no-dry-run'],
  // A fork of a tool is the tool; Vault's old command names and flags before the subcommand.
  ['redis-cli flushall', 'valkey-cli flushall'],
  ['redis-cli flushall', 'redis-cli -3 flushall'],
  ['redis-cli flushall', 'echo FLUSHALL | redis-cli'],
  ['redis-cli flushall', `redis-cli eval "return redis.call('flushall')" 0`],
  ['vault secrets disable secret/', 'vault unmount secret/'],
  ['vault secrets disable secret/', 'vault -namespace=team secrets disable secret/'],
  ['kafka-topics --bootstrap-server k:9092 --delete --topic t', 'kafka-run-class kafka.admin.TopicCommand --bootstrap-server k:9092 --delete --topic t'],
  // Third look: libpq's last key wins and spaces around =, escaped query keys, an unknown option
  // forgets the database too, code that switches database, tunnels by other tools, rake -E.
  ['psql -h db.example.com -c "DROP TABLE invoices"', "psql 'host=localhost host=db.example.com dbname=billing' -c 'DROP TABLE invoices'"],
  ['psql -h db.example.com -c "DROP TABLE invoices"', "psql -h localhost 'host = db.example.com dbname=billing' -c 'DROP TABLE invoices'"],
  ['psql -h db.example.com -c "DROP TABLE invoices"', "psql -h localhost 'postgresql://localhost/billing?%68ost=db.example.com' -c 'DROP TABLE invoices'"],
  ['psql -h db.example.com -c "DROP TABLE invoices"', "psql -d app_test --dbn=billing -c 'DROP TABLE invoices'"],
  ['psql -h db.example.com -c "DROP TABLE invoices"', "mysql app_test -e 'DROP TABLE billing.invoices'"],
  ['psql -h db.example.com -c "DROP TABLE invoices"', "psql -d app_test -c '\\c billing' -c 'DROP TABLE invoices'"],
  [
    'psql -h db.example.com -c "DROP TABLE invoices"',
    "gcloud compute start-iap-tunnel db-vm 5432 --local-host-port=localhost:5432 & psql -h localhost -c 'DROP TABLE invoices'",
  ],
  ['RAILS_ENV=staging rails db:drop', `rake -E 'ENV["DATABASE_URL"]="postgres://db.example.com/app"' db:drop`],
  ['restic forget 4bba301e', 'restic forget 4bba301e --keep-last 1 --prune'],
  // An io-number, however many digits, or a named descriptor, is not a target.
  ['rm -rf src', 'rm -rf src 2>/dev/null'],
  ['rm -rf src', 'rm -rf src 123>/dev/null'],
];

/** What must not be flagged: it fails, only reports, or the word is another option's value. */
const QUIET = [
  'mkfs.ext4 -n /dev/sdb1',
  'mke2fs -n /dev/sda',
  'mkfs.xfs -N /dev/sdb',
  'fdisk -l /dev/sda',
  'find . -exec echo -delete \\;',
  'find . -gid -delete',
  'rm -- -rf /',
  'rm -rf 123>/dev/null',
  'git rm src',
  'git reset --hard -h',
  'git checkout --conflict merge main',
  'rm -ri src < /dev/null',
  'rm -ri src < /dev/tty',
  'echo n | rm -ri src',
  'true | rm -ri src',
  'yes n | rm -ri src',
  'yes | { rm -ri src; } < /dev/null',
  'echo q | git clean -i',
  'kubectl delete ns x --dry-run=client',
  'echo "GET session:1" | redis-cli',
  'redis-cli -2 get x',
  'git branch -M main',
];

/** Newly covered, with the least they must be rated. */
const COVERED: Array<[string, 'Medium' | 'High' | 'Critical']> = [
  ['docker run --privileged alpine', 'High'],
  ['yarn npm unpublish @acme/ui', 'Critical'],
  ['blockdev --setro /dev/sda', 'High'],
  ['cryptsetup luksKillSlot /dev/sdb1 1', 'High'],
  ['parted /dev/sda', 'High'],
  ['parted /dev/sda print mkla gpt', 'Critical'],
  ['mv /etc/passwd /tmp/passwd', 'High'],
  ['history | bash', 'High'],
  ['find . -name "*.sh" | sh', 'High'],
  ['git merge --abort', 'Medium'],
  ['Stop-Computer', 'Critical'],
  // Rails' development default is this machine's: not a server ssh reaches.
  ["ssh app1 'cd /srv/app && bin/rails db:drop'", 'High'],
  ['kubectl exec deploy/web -- bin/rails db:reset', 'High'],
  ['git branch -M wip release', 'Medium'],
  ['php artisan migrate:fresh', 'High'],
  ['mkfs.vfat -n BACKUP /dev/sdb1', 'Critical'],
];

describe('consistency: one danger, one verdict', () => {
  for (const [a, b] of ALIKE) {
    test(`${a}  ≡  ${b}`, () => {
      assert.notEqual(rate(a), 'null', `${a} is meant to be flagged`);
      assert.equal(rate(b), rate(a));
    });
  }
});

describe('quietness: what fails or only reports is not flagged', () => {
  for (const line of QUIET) test(line, () => assert.ok(['null', 'Info', 'Low'].includes(rate(line)), `${line} rated ${rate(line)}`));
});

describe('completeness: commands now covered', () => {
  const rank = ['Info', 'Low', 'Medium', 'High', 'Critical'];
  for (const [line, least] of COVERED) {
    test(line, () => assert.ok(rank.indexOf(rate(line)) >= rank.indexOf(least), `${line} rated ${rate(line)}, at least ${least} expected`));
  }
});

describe('root inside a container', () => {
  const OVERLAY = '1590 1589 0:143 / / rw,relatime - overlay overlay rw,lowerdir=/var/lib/docker/…\n';
  const EXT4 = '27 1 254:0 / / rw,relatime - ext4 /dev/vda1 rw\n';
  const marks = (files: string[], env: NodeJS.ProcessEnv = {}, proc: { cgroup?: string; mountinfo?: string; comm?: string } = {}): ContainerMarks => ({
    isFile: (p) => files.includes(p),
    read: (p) =>
      p === '/proc/1/cgroup'
        ? (proc.cgroup ?? '0::/\n')
        : p === '/proc/1/mountinfo'
          ? (proc.mountinfo ?? OVERLAY)
          : p === '/proc/1/comm'
            ? (proc.comm ?? 'node\n')
            : null,
    env,
  });
  test('the marks engines leave name the container', () => {
    assert.equal(containerFrom(marks(['/.dockerenv'])), 'docker');
    assert.equal(containerFrom(marks(['/run/.containerenv', '/.dockerenv'])), 'podman');
    assert.equal(containerFrom(marks([], { container: 'systemd-nspawn' }, { mountinfo: EXT4 })), 'systemd-nspawn');
    assert.equal(containerFrom(marks([], { KUBERNETES_SERVICE_HOST: '10.0.0.1' })), 'kubernetes');
    assert.equal(containerFrom(marks([], { REMOTE_CONTAINERS: 'true' })), 'devcontainer');
    assert.equal(containerFrom(marks([], {}, { cgroup: '12:pids:/kubepods/burstable/pod1/abc\n' })), 'kubernetes');
    assert.equal(containerFrom(marks([])), null);
    assert.equal(containerFrom(marks([], { container: '$(rm -rf ~)' })), 'container');
  });
  test('a mark made on a booted machine is not believed (/ is not layers and PID 1 is its init)', () => {
    const booted = { mountinfo: EXT4, comm: 'systemd\n' };
    assert.equal(containerFrom(marks(['/.dockerenv'], {}, booted)), null);
    assert.equal(containerFrom(marks(['/run/.containerenv'], { container: 'docker' }, booted)), null);
    assert.equal(containerFrom(marks([], { KUBERNETES_SERVICE_HOST: '10.0.0.1' }, booted)), null);
    // A cgroup path naming an engine is no better evidence: root can write one (or bind-mount one over /proc/1/cgroup).
    assert.equal(containerFrom(marks([], {}, { ...booted, cgroup: '0::/docker-abc\n' })), null);
  });

  const dir = mkdtempSync(join(tmpdir(), 'fb-container-'));
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'build'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const assess = (line: string, container: string | null) => engine.assess(line, { cwd: dir, home: '/root', uid: 0, container });

  test('root on a plain machine raises filesystem rules one step', () => {
    const a = assess('rm -rf "$TMPDIR/build"', null);
    assert.equal(a.severity, 'High');
    assert.ok(a.context.labels.includes('root'));
  });
  test('root in a container is labelled and not raised', () => {
    const a = assess('rm -rf "$TMPDIR/build"', 'docker');
    assert.equal(a.severity, 'Medium');
    assert.equal(a.decision, 'ask');
    assert.ok(a.context.labels.includes('container=docker') && a.context.labels.includes('root'));
  });
  test("the container's own system paths stay Critical", () => {
    assert.equal(assess('rm -rf /usr', 'docker').severity, 'Critical');
    assert.equal(assess('rm -rf /', 'docker').severity, 'Critical');
  });
});

describe('development and test databases ask at most', () => {
  const cases: Array<[string, string]> = [
    ['dropdb app_test', 'Medium'],
    ['dropdb myapp_development', 'Medium'],
    ['RAILS_ENV=test rails db:reset', 'Medium'],
    ['bin/rails db:drop', 'Medium'],
    ['rake db:drop RAILS_ENV=test', 'Medium'],
    ['DATABASE_URL=postgres://localhost:5432/app npx prisma migrate reset --force', 'Medium'],
    ['php artisan migrate:fresh --env=testing', 'Medium'],
    ['psql -h 127.0.0.1 -c "DROP DATABASE shop"', 'Medium'],
    ['dropdb app_production', 'Critical'],
    ['RAILS_ENV=production rails db:reset', 'Critical'],
    ['DATABASE_URL=postgres://db.prod.internal/app npx prisma migrate reset --force', 'Critical'],
    ['psql -h prod-db -c "DROP DATABASE app_test"', 'Critical'],
    ['dropdb myapp', 'Critical'],
    // A table named test is not a test database.
    ['psql -c "DROP TABLE test_results"', 'High'],
  ];
  for (const [line, want] of cases) test(line, () => assert.equal(rate(line), want));
  test('the environment the command runs with counts too', () => {
    const a = engine.assess('npx prisma migrate reset --force', { context: EXAMPLE_CONTEXT, env: { DATABASE_URL: 'mysql://root@localhost/shop' } });
    assert.equal(a.severity, 'Medium');
    assert.ok(a.context.labels.includes('database=development'));
  });
});

describe('a database file that is not there asks (probes on)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fb-missing-'));
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, 'app.db'), '');
  after(() => rmSync(dir, { recursive: true, force: true }));
  const assess = (line: string, probe = true) => engine.assess(line, { cwd: dir, probe });
  test('sqlite3 on a file that is not there: ask, labelled', () => {
    const a = assess('sqlite3 scratch.db "DROP TABLE users"');
    assert.equal(a.decision, 'ask');
    assert.ok(a.context.labels.includes('target-missing'));
  });
  test('one that exists: denied as before', () => assert.equal(assess('sqlite3 app.db "DROP TABLE users"').decision, 'deny'));
  test('the file is found as sqlite3 reads its options, and code reaching another file counts', () => {
    assert.equal(assess('sqlite3 -cmd ".timeout 5000" app.db "DROP TABLE users"').decision, 'deny');
    assert.equal(assess('sqlite3 -nullvalue NULL app.db "DROP TABLE users"').decision, 'deny');
    assert.equal(assess('sqlite3 -init nothere.sql scratch.db "DROP TABLE users"').decision, 'deny');
    assert.equal(assess(`sqlite3 scratch.db "ATTACH 'app.db' AS a; DROP TABLE a.users"`).decision, 'deny');
    assert.equal(assess(`sqlite3 scratch.db '.open app.db' 'DROP TABLE users'`).decision, 'deny');
    assert.equal(assess('sqlite3 file:app.db "DROP TABLE users"').decision, 'deny');
    assert.equal(assess('sqlite3 -lookaside 100 scratch.db app.db "DROP TABLE users"').decision, 'deny');
    assert.equal(assess(`echo "attach 'app.db' as a; drop table a.users;" | sqlite3 scratch.db`).decision, 'deny');
  });
  test("only that client's own matches ask", () => {
    assert.equal(assess('sqlite3 scratch.db "select 1"; dropdb -h db.corp.com app').decision, 'deny');
    assert.equal(assess(`ssh web1 'sqlite3 /var/app/prod.db "DROP TABLE users"'`).decision, 'deny');
  });
  test('without probes nothing is looked up', () => assert.equal(assess('sqlite3 scratch.db "DROP TABLE users"', false).decision, 'deny'));
  test('a deletion of a path that is not there is judged by the path, not its absence', () => assert.equal(assess('rm -rf ./not-here').decision, 'deny'));
});
