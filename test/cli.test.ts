// The real binary, as a script or a person would run it.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { assessmentErrors, BIN, runCli } from './helpers.js';

const NO_TRACE = /^\s+at /m;

describe('firebreak check -- <command>', () => {
  test('deny exits 2 and prints the verdict first, the rule, the blast radius and the alternative', () => {
    // Outside any repository, so no branch context raises the severity.
    const r = runCli(['check', '--', 'git push --force origin feature/x'], { cwd: tmpdir() });
    assert.equal(r.status, 2);
    const lines = r.stdout.split('\n');
    assert.match(lines[0]!, /^DENY \(High\)/);
    assert.match(r.stdout, /High\s+git:push-force /);
    assert.match(r.stdout, /Blast radius \(PROJECT\)/);
    assert.match(r.stdout, /git push --force-with-lease origin feature\/x/);
    assert.equal(r.stderr, '');
  });
  test('ask exits 3', () => assert.equal(runCli(['check', '--', 'kubectl cordon node-1']).status, 3));
  test('allow exits 0', () => {
    const r = runCli(['check', '--', 'ls -la']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^ALLOW/);
  });
  test('the command may be given as several words', () => {
    const r = runCli(['check', '--format', 'json', '--', 'git', 'reset', '--hard']);
    assert.equal(r.status, 2);
    assert.equal(JSON.parse(r.stdout).command, 'git reset --hard');
  });
  test('--format json prints one RiskAssessment that validates against the schema', () => {
    for (const cmd of ['ls', 'rm -rf ~', 'kubectl drain node-1', 'echo "unclosed']) {
      const r = runCli(['check', '--format=json', '--', cmd]);
      const a = JSON.parse(r.stdout);
      assert.equal(assessmentErrors(a), '', cmd);
      assert.equal(r.status, { allow: 0, ask: 3, deny: 2 }[a.decision as string]);
    }
  });
  test('no colour when not on a terminal, or when NO_COLOR is set; colour when forced', () => {
    assert.doesNotMatch(runCli(['check', '--', 'rm -rf /']).stdout, /\x1b\[/);
    assert.doesNotMatch(runCli(['check', '--', 'rm -rf /'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout, /\x1b\[/);
    assert.match(runCli(['check', '--', 'rm -rf /'], { env: { FORCE_COLOR: '1' } }).stdout, /\x1b\[/);
  });
  test('control characters in the command are shown escaped, not sent to the terminal', () => {
    const r = runCli(['check', '--', 'echo \x1b[31mred']);
    assert.doesNotMatch(r.stdout, /\x1b/);
    assert.match(r.stdout, /\\x1b/);
  });
});

describe('--cwd decides what a relative path is', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'firebreak-cli-'));
    mkdirSync(join(dir, 'app', 'node_modules', 'x'), { recursive: true });
    mkdirSync(join(dir, 'app', 'src'), { recursive: true });
    execFileSync('git', ['init', '-q', join(dir, 'app')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  test('rm -rf * at the project root is High or worse', () => {
    const a = JSON.parse(runCli(['check', '--json', '--cwd', join(dir, 'app'), '--', 'rm -rf *']).stdout);
    assert.ok(['High', 'Critical'].includes(a.severity));
  });
  test('rm -rf * inside node_modules is routine', () => {
    const r = runCli(['check', '--json', '--cwd', join(dir, 'app', 'node_modules'), '--', 'rm -rf *']);
    assert.equal(r.status, 0);
  });
  test('rm -rf .. from src reaches the project root', () => {
    const a = JSON.parse(runCli(['check', '--json', '--cwd', join(dir, 'app', 'src'), '--', 'rm -rf ..']).stdout);
    assert.ok(['High', 'Critical'].includes(a.severity));
  });
});

describe('firebreak check --stdin', () => {
  test('a reader that stops early (| head -1) ends the stream quietly, without a trace', () => {
    const out = execFileSync('sh', ['-c', `yes 'git status' | head -100000 | "${process.execPath}" "${BIN}" check --stdin 2>&1 | head -1`], {
      encoding: 'utf8',
    });
    assert.match(out, /^ALLOW .*git status\n/);
    assert.doesNotMatch(out, /Error|at |EPIPE/);
  });
  test('one JSON RiskAssessment per line, in order, each valid', () => {
    const input = ['ls', 'git push --force origin main', '', 'kubectl cordon n1', 'rm -rf node_modules'].join('\n') + '\n';
    const r = runCli(['check', '--stdin', '--format', 'json'], { input });
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      out.map((a) => a.decision),
      ['allow', 'deny', 'allow', 'ask', 'allow'],
    );
    assert.deepEqual(
      out.map((a) => a.command),
      ['ls', 'git push --force origin main', '', 'kubectl cordon n1', 'rm -rf node_modules'],
    );
    for (const a of out) assert.equal(assessmentErrors(a), '');
    assert.equal(r.status, 2, 'the worst verdict decides the exit code');
  });
  test('CRLF line ends and a missing final newline are handled', () => {
    const r = runCli(['check', '--stdin', '--json'], { input: 'ls\r\ngit reset --hard' });
    assert.deepEqual(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).command),
      ['ls', 'git reset --hard'],
    );
  });
  test('a bad line gets its own fail-closed verdict and the rest are still assessed', () => {
    const input = Buffer.concat([Buffer.from('ls\n'), Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a]), Buffer.from('pwd\nls\0x\n')]);
    const r = runCli(['check', '--stdin', '--json'], { input });
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      out.map((a) => a.decision),
      ['allow', 'ask', 'allow', 'ask'],
    );
    assert.deepEqual(out[1].context.labels, ['error=invalid-utf8']);
    assert.deepEqual(out[3].context.labels, ['error=nul-byte']);
    assert.equal(r.status, 3);
  });
  test('a 1 MiB line is assessed; a 5 MiB line is refused with a reason, and nothing hangs', () => {
    const big = 'echo ' + 'x'.repeat(1024 * 1024 - 5);
    const huge = 'echo ' + 'y'.repeat(5 * 1024 * 1024);
    const r = runCli(['check', '--stdin', '--json'], { input: `${big}\n${huge}\nls\n` });
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      out.map((a) => a.decision),
      ['allow', 'ask', 'allow'],
    );
    assert.deepEqual(out[1].context.labels, ['error=too-long']);
  });
  test('text format prints one line per command', () => {
    const r = runCli(['check', '--stdin'], { input: 'ls\nrm -rf ~\n' });
    assert.deepEqual(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split(/\s+/)[0]),
      ['ALLOW', 'DENY'],
    );
  });
});

describe('bad usage gets one line on stderr and exit 1', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['no command', ['check'], /no command given/],
    ['empty command', ['check', '--', ''], /empty/],
    ['blank command', ['check', '--', '   '], /empty/],
    ['unknown option', ['check', '--frobnicate', '--', 'ls'], /unknown option '--frobnicate'/],
    ['bad format', ['check', '--format', 'xml', '--', 'ls'], /--format takes 'text' or 'json'/],
    ['missing cwd', ['check', '--cwd', '/no/such/dir', '--', 'ls'], /no such directory/],
    ['stdin and a command', ['check', '--stdin', '--', 'ls'], /not both/],
    ['unknown subcommand', ['frobnicate'], /unknown command 'frobnicate'/],
    ['invalid UTF-8 in the argument', ['check', '--', 'ls \udc80'], /not valid/],
  ];
  for (const [name, args, message] of cases) {
    test(name, () => {
      const r = runCli(args);
      assert.equal(r.status, 1);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.doesNotMatch(r.stderr, NO_TRACE);
      assert.equal(r.stdout, '');
    });
  }
  test('--help and --version', () => {
    assert.match(runCli(['check', '--help']).stdout, /Exit codes: 0 allow, 3 ask/);
    assert.match(runCli(['--version']).stdout, /^\d+\.\d+\.\d+\n$/);
  });
});

describe('firebreak rules', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'firebreak-rules-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const good = [
    'group: team',
    'description: Rules of our own team for testing.',
    'rules:',
    '  - id: team:make-deploy',
    '    description: Deploys to production from a laptop.',
    '    severity: Medium',
    '    match:',
    '      command: make',
    "      pattern: '^make deploy( |$)'",
    '    blast_radius: { scope: PROJECT, detail: Deploys the current tree. }',
    '    examples:',
    '      match: [make deploy, make deploy ENV=x]',
    '      no_match: [make build, make test, make deploy-docs]',
    '',
  ].join('\n');

  test('list prints every rule of a group, one per line', () => {
    const r = runCli(['rules', 'list', '--group', 'code']);
    assert.equal(r.status, 0);
    assert.deepEqual(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[0]),
      ['code:download-to-shell', 'code:decoded-to-shell', 'code:listing-to-shell', 'code:unknown-to-shell', 'code:history-rerun', 'code:alias-to-destructive'],
    );
  });
  test('list --format json covers the whole catalogue', () => {
    const rules = JSON.parse(runCli(['rules', 'list', '--format', 'json']).stdout) as Array<{ id: string }>;
    assert.ok(rules.length >= 300);
    assert.ok(rules.some((x) => x.id === 'git:reset-hard'));
  });
  test('show prints a rule with its examples', () => {
    const r = runCli(['rules', 'show', 'git:reset-hard']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /matches: +git reset --hard/);
    assert.match(r.stdout, /defined in: +rules\/git\.yaml:\d+/);
  });
  test('show of an unknown id is one line and exit 1', () => {
    const r = runCli(['rules', 'show', 'git:nope']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /no rule 'git:nope'/);
  });
  test("test runs a rule file's examples", () => {
    writeFileSync(join(dir, 'team.yaml'), good);
    const r = runCli(['rules', 'test', join(dir, 'team.yaml')]);
    assert.equal(r.status, 0, r.stdout);
    assert.match(r.stdout, /1 rule\(s\), 0 failing example\(s\)/);
  });
  test('a failing example is named with file, line and rule', () => {
    writeFileSync(join(dir, 'wrong.yaml'), good.replace('make deploy-docs', 'make deploy now'));
    const r = runCli(['rules', 'test', join(dir, 'wrong.yaml')]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /wrong\.yaml:4 \[team:make-deploy\] "make deploy now": expected no match/);
  });
  test('an invalid file gets every problem with its line and key', () => {
    writeFileSync(join(dir, 'bad.yaml'), good.replace('severity: Medium', 'severity: Huge'));
    const r = runCli(['rules', 'test', join(dir, 'bad.yaml')]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /bad\.yaml:6 \[team:make-deploy\]: \/rules\/0\/severity must be equal to one of the allowed values/);
    assert.doesNotMatch(r.stdout, NO_TRACE);
  });
  test('a pattern RE2 rejects (lookahead) is reported with its line', () => {
    writeFileSync(join(dir, 're2.yaml'), good.replace("'^make deploy( |$)'", "'^make (?=deploy)'"));
    const r = runCli(['rules', 'test', join(dir, 're2.yaml')]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /re2\.yaml:9 \[team:make-deploy\]: RE2 rejects pattern/);
  });
  test('a missing file is one line', () => {
    const r = runCli(['rules', 'test', join(dir, 'missing.yaml')]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^firebreak rules test: .*missing\.yaml: no such file\n$/);
  });
});
