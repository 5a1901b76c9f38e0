// The shell plugins' door without a terminal: the protocol between a plugin and its helper,
// a person's aliases and functions as the shells really print them, the judging (human
// thresholds, lines that go on, the person's choices, the audit log), the helper as a real
// process on real FIFOs, `init` (each plugin parses in its own shell) and `connect`.

import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Catalogue, memorySource } from '../src/catalogue/catalogue.js';
import { escapeField, formatAnswer, RequestReader, unescapeField, type ShellRequest } from '../src/shells/protocol.js';
import { shellDefinitions, type ShellName } from '../src/shells/definitions.js';
import { goesOn, ShellJudge } from '../src/shells/helper.js';
import { pluginFor } from '../src/shells/init.js';
import { fishToSh } from '../src/shells/fish-syntax.js';
import { parseShell } from '../src/shell/parser.js';
import { BIN, catalogueData, has, runCli, testEngine } from './helpers.js';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';

function box(): { base: string; home: string; project: string } {
  const base = mkdtempSync(join(tmpdir(), 'firebreak-shells-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), 'ref: refs/heads/feature\n');
  return { base, home, project };
}

const request = (line: string, cwd: string, extra: Partial<ShellRequest> = {}): ShellRequest => ({
  id: '1',
  cwd,
  line,
  env: {},
  aliases: new Map(),
  functions: new Map(),
  part: '',
  complete: false,
  continued: false,
  ...extra,
});

describe('protocol', () => {
  it('a field survives escaping whatever it holds', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => unescapeField(escapeField(s)) === s));
    fc.assert(fc.property(fc.string(), (s) => !/[\n\t\r]/.test(escapeField(s))));
  });

  it('a request collects its fields until go; an empty answer field is written as -', () => {
    const r = new RequestReader();
    assert.equal(r.push('cwd\t/home/me/p'), null);
    assert.equal(r.push('env\tKUBECONFIG=/k'), null);
    assert.equal(r.push('alias\tk=kubectl'), null);
    assert.equal(r.push('func\tnuke\tnuke () \\n{ \\n    rm -rf "$1"\\n}'), null);
    assert.equal(r.push('line\tfor x in a; do\\n  echo\\tdone'), null);
    const m = r.push('go\t7');
    assert.ok(m && m.kind === 'check');
    assert.equal(m.request.id, '7');
    assert.equal(m.request.line, 'for x in a; do\n  echo\tdone');
    assert.deepEqual(m.request.env, { KUBECONFIG: '/k' });
    assert.equal(m.request.aliases.get('k'), 'kubectl');
    assert.equal(m.request.functions.get('nuke'), 'nuke () \n{ \n    rm -rf "$1"\n}');
    assert.deepEqual(r.push('done\t7\tran'), { kind: 'done', id: '7', ran: true });
    assert.equal(formatAnswer({ id: '7', decision: 'allow', friction: 'none', token: '', text: '' }), '7\tallow\tnone\t-\t-\n');
  });

  it('a garbled request is answered as an error under its own id, and the next one reads cleanly', () => {
    const r = new RequestReader();
    r.push('cwd\t/x');
    r.push('bogus\twhatever');
    r.push('line\trm -rf ~');
    assert.deepEqual(r.push('go\t3'), { kind: 'bad', id: '3', message: "the shell plugin sent an unknown field 'bogus'" });
    r.push('line\tls');
    const m = r.push('go\t4');
    assert.ok(m?.kind === 'check' && m.request.line === 'ls' && m.request.cwd === '');
  });
});

describe("the person's aliases and functions", () => {
  const e = testEngine();
  const verdict = (line: string, shell: ShellName, aliases: Record<string, string>, functions: Record<string, string>) =>
    e.assess(line, {
      context: EXAMPLE_CONTEXT,
      audience: 'human',
      shell: shellDefinitions(shell, new Map(Object.entries(aliases)), new Map(Object.entries(functions))),
    });

  it('an alias makes its words the command (alias k=kubectl)', () => {
    assert.equal(verdict('k delete ns prod', 'bash', { k: 'kubectl' }, {}).matched_rules[0]?.id, 'kubernetes:delete-namespace');
    // An alias to something else is what runs.
    assert.equal(verdict('k delete ns prod', 'bash', { k: 'echo' }, {}).decision, 'allow');
    // sudo does not expand the alias after it (unless the alias of sudo ends in a space)…
    assert.equal(verdict('sudo d delete ns prod', 'bash', { d: 'kubectl' }, {}).matched_rules.length, 0);
    // …but k followed by a kubectl verb is read as kubectl wherever it stands: the short name so
    // many people give it (an alias, a symlink on PATH) that an agent's line means it too.
    assert.equal(verdict('sudo k delete ns prod', 'bash', {}, {}).matched_rules[0]?.id, 'kubernetes:delete-namespace');
  });

  it('an alias of a name to itself is read once, as the shell does (alias ls="ls --color")', () => {
    const a = verdict('ls -la', 'bash', { ls: 'ls --color=auto' }, {});
    assert.equal(a.decision, 'allow');
    assert.equal(e.assess("alias grep='grep --color'; grep x y", { context: EXAMPLE_CONTEXT }).decision, 'allow');
  });

  it("functions as each shell prints them run with the line's words as their arguments", { skip: !has('zsh') || !has('fish') }, () => {
    const bash = spawnSync('bash', ['-c', 'nuke() { rm -rf "$1"; }; declare -f nuke'], { encoding: 'utf8' }).stdout;
    const zsh = spawnSync('zsh', ['-fc', 'nuke() { rm -rf "$1"; }; print -r -- $functions[nuke]'], { encoding: 'utf8' }).stdout;
    const fish = spawnSync('fish', ['--no-config', '-c', 'function nuke; rm -rf $argv[1]; end; functions nuke'], { encoding: 'utf8' }).stdout;
    const fishAlias = spawnSync('fish', ['--no-config', '-c', 'alias zap="rm -rf"; functions zap'], { encoding: 'utf8' }).stdout;
    for (const [shell, def] of [
      ['bash', bash],
      ['zsh', zsh],
      ['fish', fish],
    ] as const) {
      assert.ok(def.includes('rm -rf'), `${shell} printed ${def}`);
      assert.equal(verdict('nuke ~', shell, {}, { nuke: def }).matched_rules[0]?.id, 'fs:rm-recursive', `${shell}: ${def}`);
      assert.equal(verdict('nuke build', shell, {}, { nuke: def }).decision, 'allow', `${shell}: ${def}`);
    }
    assert.equal(verdict('zap ~', 'fish', {}, { zap: fishAlias }).matched_rules[0]?.id, 'fs:rm-recursive');
    // A function that calls itself is read once.
    assert.equal(verdict('again x', 'zsh', {}, { again: 'again "$@"' }).decision, 'allow');
  });
});

describe("fish's grammar, said in sh's words", () => {
  const cases: Array<[string, string]> = [
    ['for f in *.txt; echo $f; end', 'for f in *.txt; do echo $f; done'],
    ['if test -f x; echo y; else if test -d x; echo d; else; echo n; end', 'if test -f x; then echo y;elif test -d x; then echo d; else echo n; fi'],
    ['begin; rm -rf ~; end', '{ rm -rf ~; }'],
    ['make; and rm -rf build; or echo fail', 'make && rm -rf build || echo fail'],
    ['echo (rm -rf ~) $(date)', 'echo $(rm -rf ~) $(date)'],
    ["echo 'it\\'s' \"a`b\"", "echo 'it'\\''s' \"a\\`b\""],
    ['while true; sleep 1; end', 'while true; do sleep 1; done'],
    ['not test -f x; and echo missing', '! test -f x && echo missing'],
    ['switch $x; case a b; rm -rf ~; case "*"; echo; end', 'case $x in a|b) rm -rf ~; ;; "*") echo; ;; esac'],
    ['for d in a\nrm -rf ~/$d\nend', 'for d in a; do\nrm -rf ~/$d\ndone'],
    // Escapes spell characters; an `and` after a condition goes on with it.
    ['\\x72m -rf ~ \\162m \\u0072m a\\ b', "rm -rf ~ rm rm a' 'b"],
    ['if test -d x; and test -w x; rm -rf x; end', 'if test -d x && test -w x; then rm -rf x; fi'],
    // fish's source with no file reads its input; (… | psub) is a file of the output.
    ['echo rm -rf ~ | source', 'echo rm -rf ~ | source /dev/stdin'],
    ['source (echo rm -rf ~ | psub)', 'source <(echo rm -rf ~)'],
    ['switch (uname); case Linux; echo l; end', 'case $(uname) in Linux) echo l; ;; esac'],
    // Quotes are quotes everywhere: a psub or a ; inside them is text.
    ["echo '(a | psub'; rm -rf ~; echo ')x'", "echo '(a | psub'; rm -rf ~; echo ')x'"],
    ["switch ';'(rm -rf ~); case x; echo; end", "case ';'$(rm -rf ~) in x) echo; ;; esac"],
    ['make &| tee log', 'make 2>&1 | tee log'],
  ];
  it('reads each block and combiner as sh does, with nothing left unparsed', () => {
    for (const [fish, sh] of cases) {
      assert.equal(fishToSh(fish), sh, fish);
      assert.deepEqual(parseShell(sh).issues, [], sh);
    }
  });
  it('so fish lines get the verdicts of what they run', () => {
    const e = testEngine();
    const v = (l: string) => e.assess(fishToSh(l), { context: EXAMPLE_CONTEXT, audience: 'human' }).decision;
    for (const l of ['for f in *.txt; echo $f; end', 'if test -d build; echo yes; end', 'set -l files (ls); count $files', 'git status; and git diff'])
      assert.equal(v(l), 'allow', l);
    for (const l of ['begin; rm -rf ~; end', 'test -d x; or rm -rf ~', 'echo (rm -rf ~)', 'function f; rm -rf ~; end']) assert.notEqual(v(l), 'allow', l);
  });
});

describe('judging a line for a person', () => {
  const catalogue = new Catalogue(memorySource(catalogueData()));
  const judge = (home: string) =>
    new ShellJudge('bash', 4242, catalogue, {
      stamp: () => 'test',
      env: { HOME: home, PATH: process.env.PATH },
      home,
      cwd: home,
      stderr: { write: () => true, once: () => undefined },
    });

  it('routine lines are allowed; a deny asks for the target by name; an ask for a y', () => {
    const b = box();
    const j = judge(b.home);
    assert.equal(j.answer(request('git status && ls -la', b.project)).decision, 'allow');
    const deny = j.answer(request('kubectl delete namespace production', b.project));
    assert.equal(deny.decision, 'deny');
    assert.equal(deny.friction, 'type');
    assert.equal(deny.token, 'production');
    assert.match(deny.text, /kubernetes:delete-namespace/);
    const ask = j.answer(request('git push --force origin feature', b.project));
    assert.equal(ask.decision, 'ask');
    assert.equal(ask.friction, 'confirm');
    assert.match(ask.text, /Instead: .*--force-with-lease/);
  });

  it('a line the shell will read more of goes on, unless what it holds so far is already risky', () => {
    const b = box();
    const j = judge(b.home);
    for (const l of ['for x in a b; do', 'if true; then\n  echo hi', "echo 'unfinished", 'ls |', 'cat <<EOF\nhello', 'echo a \\']) {
      assert.ok(goesOn(l), l);
      assert.equal(j.answer(request(l, b.project)).decision, 'more', l);
    }
    const risky = j.answer(request('for x in a b; do\n  kubectl delete namespace production', b.project));
    assert.equal(risky.decision, 'deny');
    // After Ctrl-C at a continuation prompt the shell may still hold the abandoned lines: the
    // line just typed is judged alone as well.
    const stale = j.answer(request("echo 'abc\nkubectl delete namespace production", b.project, { part: 'kubectl delete namespace production' }));
    assert.equal(stale.decision, 'deny');
    // A line firebreak's parser finds unfinished but the shell reads as whole runs now: judged as it stands.
    const whole = j.answer(request(`echo \${x:-"'"}; kubectl delete namespace production`, b.project, { complete: true }));
    assert.notEqual(whole.decision, 'allow');
    assert.notEqual(whole.decision, 'more');
    // The carried-over text may make a whole harmless line of it ('…' closing the quote): the line just typed alone still counts.
    const carried = j.answer(request("echo 'abc\nkubectl delete namespace production #'", b.project, { part: "kubectl delete namespace production #'" }));
    assert.equal(carried.decision, 'deny');
    assert.equal(j.answer(request('cat <<EOF', b.project)).token, 'heredoc');
    // A here-document's lines are text: while the shell vouches they are pending, a line of it is not judged alone.
    const doc = "cat > notes.txt <<'EOF'\ngit reset --hard HEAD~1";
    assert.equal(j.answer(request(doc, b.project, { part: 'git reset --hard HEAD~1', continued: true })).decision, 'more');
    // A pipe left open with a comment after it goes on too.
    assert.equal(goesOn('echo rm -rf ~ | # feed it'), 'open');
    assert.equal(goesOn('echo rm -rf ~ |&'), 'open');
    assert.equal(j.answer(request('for x in a; do', b.project)).token, 'open');
    for (const l of ['ls -la', 'echo "done"', 'echo a \\\\']) assert.ok(!goesOn(l), l);
  });

  it("the person's choices: warn instead of a prompt, a y/N for a deny; a project may only make them stricter", () => {
    const b = box();
    mkdirSync(join(b.home, '.config', 'firebreak'), { recursive: true });
    writeFileSync(join(b.home, '.config', 'firebreak', 'config.yaml'), 'shell:\n  ask: warn\n  deny: confirm\n');
    const j = judge(b.home);
    assert.equal(j.answer(request('git push --force origin feature', b.project)).friction, 'warn');
    assert.equal(j.answer(request('kubectl delete namespace production', b.project)).friction, 'confirm');
    writeFileSync(join(b.project, '.firebreak.yaml'), 'shell:\n  deny: type\n');
    assert.equal(judge(b.home).answer(request('kubectl delete namespace production', b.project)).friction, 'type');
    writeFileSync(join(b.home, '.config', 'firebreak', 'config.yaml'), 'version: 1\n');
    writeFileSync(join(b.project, '.firebreak.yaml'), 'shell:\n  ask: warn\n');
    const loosened = judge(b.home).answer(request('ls', b.project));
    assert.equal(loosened.decision, 'error', 'a project that loosens is a broken policy: the guard says so');
    assert.match(loosened.text, /shell\.ask|shell/);
  });

  it('what was stopped goes to the audit log with the shell as the door, and whether it ran', () => {
    const b = box();
    const j = judge(b.home);
    const a = j.answer({ ...request('kubectl delete namespace production', b.project), id: '9' });
    assert.equal(a.decision, 'deny');
    j.outcome('9', true);
    j.answer({ ...request('git push --force origin feature', b.project), id: '10' });
    j.flush();
    const lines = readFileSync(join(b.home, '.local', 'state', 'firebreak', 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 2);
    assert.deepEqual(
      lines.map((l) => [l.door, l.agent, l.session, l.decision, l.approved, l.command]),
      [
        ['shell', 'bash', '4242', 'deny', true, 'kubectl delete namespace production'],
        ['shell', 'bash', '4242', 'ask', false, 'git push --force origin feature'],
      ],
    );
  });

  it('a directory that is gone, or a line that cannot be read, is an error answer: the shell runs the line and says so', () => {
    const b = box();
    const j = judge(b.home);
    assert.equal(j.answer(request('ls', join(b.base, 'gone'))).decision, 'error');
    assert.equal(j.answer(request('ls\0x', b.project)).decision, 'ask', 'a NUL byte no shell can hold is judged, failing closed');
  });
});

describe('the helper, a real process on real FIFOs', () => {
  function fifoDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'firebreak-shell-test-'));
    chmodSync(dir, 0o700);
    assert.equal(spawnSync('mkfifo', ['-m', '600', join(dir, 'q'), join(dir, 'a')]).status, 0);
    return dir;
  }

  /** Reads answer lines from a FIFO opened without blocking, until one starts with id (at most 10 s). */
  function answerLine(fd: number, id: string, got: { buf: string }): string {
    const chunk = Buffer.alloc(65536);
    const until = Date.now() + 10_000;
    for (;;) {
      for (let nl = got.buf.indexOf('\n'); nl >= 0; nl = got.buf.indexOf('\n')) {
        const line = got.buf.slice(0, nl);
        got.buf = got.buf.slice(nl + 1);
        if (line.startsWith(`${id}\t`)) return line;
      }
      if (Date.now() > until) throw new Error(`no answer ${id}`);
      try {
        const n = readSync(fd, chunk, 0, chunk.length, null);
        got.buf += chunk.subarray(0, n).toString('utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  }

  it('answers each line under its id, ends with its shell and removes its FIFOs', async () => {
    const b = box();
    const dir = fifoDir();
    const shell = spawn('sleep', ['30']);
    const helper = spawn(process.execPath, [BIN, 'shell-helper', '--shell', 'bash', '--shell-pid', String(shell.pid), '--dir', dir], {
      env: { PATH: process.env.PATH, HOME: b.home, NO_COLOR: '1' },
      stdio: 'ignore',
    });
    const q = openSync(join(dir, 'q'), constants.O_RDWR);
    const a = openSync(join(dir, 'a'), constants.O_RDWR | constants.O_NONBLOCK);
    const got = { buf: '' };
    assert.match(answerLine(a, 'ready', got), /^ready\tallow/);
    const ask = (id: string, line: string): string[] => {
      writeSync(q, `cwd\t${escapeField(b.project)}\nalias\tk=kubectl\nline\t${escapeField(line)}\ngo\t${id}\n`);
      return answerLine(a, id, got).split('\t');
    };
    assert.deepEqual(ask('1', 'ls -la').slice(0, 2), ['1', 'allow']);
    const deny = ask('2', 'k delete ns production');
    assert.deepEqual(deny.slice(0, 4), ['2', 'deny', 'type', 'production']);
    assert.match(unescapeField(deny[4]!), /\n {2}Critical kubernetes:delete-namespace/);
    assert.deepEqual(ask('3', 'while true; do').slice(0, 2), ['3', 'more']);
    writeSync(q, 'done\t2\tkept\n');
    // Hostile input: a line that never ends, then a binary blob; the helper still answers.
    writeSync(q, 'line\t' + 'x'.repeat(200_000) + '\ngo\t4\n');
    assert.equal(answerLine(a, '4', got).split('\t')[1], 'allow');
    writeSync(q, Buffer.from([0xff, 0xfe, 0x00, 0x0a, ...Buffer.from('go\t5\n')]));
    assert.equal(answerLine(a, '5', got).split('\t')[1], 'error');
    closeSync(q);
    closeSync(a);
    shell.kill();
    const code = await new Promise<number | null>((resolve) => helper.on('exit', resolve));
    assert.equal(code, 0);
    assert.equal(existsSync(dir), false, 'the FIFO directory is removed');
    const audit = readFileSync(join(b.home, '.local', 'state', 'firebreak', 'audit.jsonl'), 'utf8');
    assert.match(audit, /"door":"shell".*"command":"k delete ns production".*"approved":false/);
  });

  it('refuses a FIFO directory other users could write to', () => {
    const dir = fifoDir();
    chmodSync(dir, 0o755);
    const r = spawnSync(process.execPath, [BIN, 'shell-helper', '--shell', 'zsh', '--shell-pid', String(process.pid), '--dir', dir], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^firebreak shell-helper: .* is not a directory only this user can open\n$/);
    const bad = spawnSync(process.execPath, [BIN, 'shell-helper', '--shell', 'tcsh'], { encoding: 'utf8' });
    assert.equal(bad.status, 1);
    assert.equal(bad.stderr, 'firebreak shell-helper: --shell takes bash, zsh or fish\n');
  });
});

describe('firebreak init', () => {
  for (const [shell, check] of [
    ['bash', ['bash', '-n']],
    ['zsh', ['zsh', '-n']],
    ['fish', ['fish', '--no-execute']],
  ] as const) {
    it(`prints a ${shell} plugin that ${shell} parses, naming this node and this firebreak`, { skip: !has(shell) }, () => {
      const r = runCli(['init', shell]);
      assert.equal(r.status, 0, r.stderr);
      assert.ok(r.stdout.includes(process.execPath));
      assert.ok(r.stdout.includes('bin/firebreak.cjs'));
      assert.ok(!/@FIREBREAK_[A-Z_]+@/.test(r.stdout), 'every placeholder is filled');
      const file = join(mkdtempSync(join(tmpdir(), 'firebreak-init-')), `plugin.${shell}`);
      writeFileSync(file, r.stdout);
      const p = spawnSync(check[0], [...check.slice(1), file], { encoding: 'utf8' });
      assert.equal(p.status, 0, p.stderr);
    });
  }

  it('quotes paths for the shell it prints for', () => {
    const odd = "/opt/it's here/firebreak.cjs";
    assert.ok(pluginFor('bash', { node: '/usr/bin/node', cli: odd, version: 't' }).includes(`'/opt/it'\\''s here/firebreak.cjs'`));
    assert.ok(pluginFor('fish', { node: '/usr/bin/node', cli: odd, version: 't' }).includes(`'/opt/it\\'s here/firebreak.cjs'`));
  });

  it('an unknown shell is one line and exit 1', () => {
    const r = runCli(['init', 'tcsh']);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, "firebreak init: unknown shell 'tcsh' (shells: bash, zsh, fish)\n");
  });
});

describe('firebreak connect <shell>', () => {
  it('adds the line once, to the file each shell reads, and --remove gives back the file as it was', () => {
    const b = box();
    const rc = join(b.home, '.bashrc');
    writeFileSync(rc, 'export EDITOR=vim\nalias ll="ls -l"\n');
    const env = { HOME: b.home, PATH: '/usr/bin:/bin' };
    assert.equal(runCli(['connect', 'bash'], { env }).status, 0);
    const once = readFileSync(rc, 'utf8');
    assert.match(once, /^export EDITOR=vim\nalias ll="ls -l"\n\n# firebreak: .*\neval "\$\('.*node' '.*bin\/firebreak\.cjs' init bash\)"\n$/);
    const again = runCli(['connect', 'bash'], { env });
    assert.match(again.stdout, /already loads the firebreak plugin; nothing changed/);
    assert.equal(readFileSync(rc, 'utf8'), once);
    assert.equal(runCli(['connect', 'bash', '--remove'], { env }).status, 0);
    assert.equal(readFileSync(rc, 'utf8'), 'export EDITOR=vim\nalias ll="ls -l"\n');

    // zsh under ZDOTDIR, through a dotfile manager's symlink; fish under XDG_CONFIG_HOME.
    const dots = join(b.base, 'dotfiles');
    mkdirSync(dots);
    writeFileSync(join(dots, 'zshrc'), 'source $ZSH/oh-my-zsh.sh\n');
    mkdirSync(join(b.home, 'zdot'));
    symlinkSync(join(dots, 'zshrc'), join(b.home, 'zdot', '.zshrc'));
    assert.equal(runCli(['connect', 'zsh'], { env: { ...env, ZDOTDIR: join(b.home, 'zdot') } }).status, 0);
    assert.ok(lstatSync(join(b.home, 'zdot', '.zshrc')).isSymbolicLink());
    assert.equal(readlinkSync(join(b.home, 'zdot', '.zshrc')), join(dots, 'zshrc'));
    assert.match(readFileSync(join(dots, 'zshrc'), 'utf8'), /^source \$ZSH\/oh-my-zsh\.sh\n\n# firebreak.*\neval "\$\(.* init zsh\)"\n$/);
    assert.equal(runCli(['connect', 'fish'], { env: { ...env, XDG_CONFIG_HOME: join(b.home, 'xdg') } }).status, 0);
    assert.match(readFileSync(join(b.home, 'xdg', 'fish', 'config.fish'), 'utf8'), /^# firebreak.*\n'.*node' '.*firebreak\.cjs' init fish \| source\n$/);
  });

  it('writes plain `firebreak` when that name on PATH runs this firebreak', () => {
    const b = box();
    const bin = join(b.base, 'bin');
    mkdirSync(bin);
    symlinkSync(BIN, join(bin, 'firebreak'));
    const r = runCli(['connect', 'zsh', '--dry-run'], { env: { HOME: b.home, PATH: `${bin}:/usr/bin:/bin` } });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /\neval "\$\(firebreak init zsh\)"\n$/);
    assert.equal(existsSync(join(b.home, '.zshrc')), false, '--dry-run writes nothing');
    // npx puts node_modules/.bin on PATH for its own run only: a new shell would not find firebreak there.
    const npxBin = join(b.base, 'clone', 'node_modules', '.bin');
    mkdirSync(npxBin, { recursive: true });
    symlinkSync(BIN, join(npxBin, 'firebreak'));
    const viaNpx = runCli(['connect', 'zsh', '--dry-run'], { env: { HOME: b.home, PATH: `${npxBin}:/usr/bin:/bin` } });
    assert.match(viaNpx.stdout, /\neval "\$\('.*node' '.*bin\/firebreak\.cjs' init zsh\)"\n$/);
  });
});

describe('firebreak doctor, for the shells', () => {
  it("runs the rc file's line in the shell and asks its plugin about a risky and a routine line", { skip: !has('zsh') }, () => {
    const b = box();
    const env = { HOME: b.home, PATH: process.env.PATH };
    assert.equal(runCli(['connect', 'zsh'], { env }).status, 0);
    const ok = runCli(['doctor', 'zsh'], { env });
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /^zsh +ok +.*\.zshrc: 'rm -rf ~' is stopped \((ask|deny)\), 'git status' runs\n$/);
    // A line that loads a firebreak which is not there any more.
    writeFileSync(join(b.home, '.zshrc'), `eval "$('${process.execPath}' '${join(b.base, 'gone', 'firebreak.cjs')}' init zsh)"\n`);
    const broken = runCli(['doctor', 'zsh'], { env });
    assert.equal(broken.status, 1);
    assert.match(broken.stdout, /^zsh +FIX +.*\.zshrc: Error: Cannot find module/);
    const unset = runCli(['doctor', 'bash'], { env });
    assert.equal(unset.status, 1);
    assert.match(unset.stdout, /^bash +FIX +not guarded: .*\.bashrc does not load the plugin; to guard it: firebreak connect bash\n$/);
  });
});
