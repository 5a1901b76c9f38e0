// The engine end to end, in process: the RiskAssessment contract, decisions by the default
// thresholds, filled alternatives, the segment a rule matched, data that must stay data,
// and the fail-closed verdicts.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import type { RiskAssessment } from '../src/core/contracts.js';
import { assessmentErrors, testEngine } from './helpers.js';

const engine = testEngine();
const assess = (line: string): RiskAssessment => engine.assess(line, { context: EXAMPLE_CONTEXT });

describe('the RiskAssessment contract', () => {
  const lines = ['ls -la', 'git push --force origin main', 'rm -rf "$DIR"/*', 'cd /srv && rm -rf / ; kubectl delete ns prod', 'echo "open', 'sudo rm -rf ~'];
  for (const line of lines) {
    test(`valid against the schema: ${line}`, () => {
      const a = assess(line);
      assert.equal(assessmentErrors(a), '');
      assert.equal(a.allowed, a.decision === 'allow');
      assert.equal(a.requires_human_approval, a.decision === 'ask');
      assert.equal(a.denial_reason === null, a.decision === 'allow');
      assert.equal(a.command, line);
    });
  }
  test('a routine command is allowed with nothing matched', () => {
    const a = assess('npm test');
    assert.deepEqual([a.decision, a.severity, a.matched_rules, a.alternatives, a.blast_radius_scope], ['allow', null, [], [], null]);
  });
});

describe('decisions follow the default thresholds', () => {
  test('High and above is denied', () => {
    const a = assess('git reset --hard');
    assert.equal(a.severity, 'High');
    assert.equal(a.decision, 'deny');
  });
  test('Critical is denied', () => assert.equal(assess('rm -rf /').decision, 'deny'));
  test('Medium asks a human', () => {
    const a = assess('kubectl cordon node-1');
    assert.equal(a.severity, 'Medium');
    assert.equal(a.decision, 'ask');
    assert.match(a.denial_reason ?? '', /approval/);
  });
  test('the worst rule in the line decides', () => {
    const a = assess('git status && kubectl cordon n1 && git push --force origin main');
    assert.equal(a.severity, 'Critical');
    assert.equal(a.matched_rules[0]!.severity, 'Critical');
    assert.ok(a.matched_rules.some((r) => r.id === 'kubernetes:cordon'));
  });
});

describe('alternatives are filled from the command', () => {
  test('--force becomes --force-with-lease with the real remote and branch', () => {
    const a = assess('git push --force origin feature/login');
    assert.ok(
      a.alternatives.some((x) => x.command === 'git push --force-with-lease origin feature/login'),
      JSON.stringify(a.alternatives),
    );
    assert.ok(a.alternatives.every((x) => x.source.startsWith('catalogue:git:')));
  });
  test('-f inside a cluster is replaced and the rest of the cluster kept', () => {
    const a = assess('git push -uf origin feature/login');
    assert.ok(
      a.alternatives.some((x) => x.command === 'git push -u --force-with-lease origin feature/login'),
      JSON.stringify(a.alternatives),
    );
  });
  test('protected branches get the real branch name in the detail', () => {
    const a = assess('git push --force origin main');
    assert.match(a.blast_radius_detail ?? '', /main/);
  });
  test('no placeholder is left unfilled', () => {
    for (const line of [
      'git push --force',
      'git reset --hard',
      'kubectl delete ns prod',
      'kubectl -n prod delete deploy api',
      'rm -rf ~',
      'helm uninstall web',
    ]) {
      const a = assess(line);
      for (const text of [a.blast_radius_detail ?? '', ...a.alternatives.map((x) => x.command)])
        assert.doesNotMatch(text, /\{[a-z_]+[0-9]*(:[^}]*)?\}/, `${line}: ${text}`);
    }
  });
});

describe('each matched rule names the segment it matched', () => {
  test('inside a chain', () => {
    const a = assess('cd repo && git reset --hard origin/main && npm ci');
    assert.equal(a.matched_rules[0]!.segment, 'git reset --hard origin/main');
  });
  test('inside a command substitution', () => {
    const a = assess('echo "$(rm -rf ~)"');
    assert.equal(a.matched_rules[0]!.segment, 'rm -rf ~');
  });
});

describe('evasions through quoting and wrappers are seen', () => {
  const lines = [
    '"rm" -rf /',
    "r''m -rf /",
    '\\rm -rf /',
    '/bin/rm -rf /',
    'command rm -rf ~',
    'sudo -u root rm -rf /etc',
    'env -i rm -rf ~',
    'nohup rm -rf / &',
    '(rm -rf /)',
    '{ rm -rf ~; }',
    'true && rm -rf /',
    'false || rm -rf ~',
    'ls | rm -rf /',
    "rm -rf $'/'",
    'D=/; rm -rf $D',
    'git -C repo reset --hard',
    'git --no-pager push --force origin main',
    'git push origin +main',
    'kubectl -n prod delete ns prod',
    'time nice rm -rf /',
    'echo $(rm -rf /)',
    'x=`rm -rf ~`',
  ];
  for (const line of lines) test(line, () => assert.ok(['High', 'Critical'].includes(assess(line).severity ?? ''), JSON.stringify(assess(line).matched_rules)));
});

describe('data is never code', () => {
  const lines = [
    'echo rm -rf /',
    "echo 'git push --force origin main'",
    'printf "%s\\n" "rm -rf ~"',
    'git commit -m "git reset --hard fix"',
    'git log --grep "push --force"',
    'grep -r "rm -rf /" .',
    'rg "kubectl delete ns" docs',
    '# rm -rf /',
    'echo hi # rm -rf /',
    'man rm',
    'which rm',
    'type rm',
    "cat <<'EOF'\nrm -rf /\nEOF",
    'echo hi > /dev/null',
    'git push origin hotfix-f',
    'rm -rf node_modules dist',
    'kubectl delete pod web-1',
    'rm -rf /tmp/build-1',
    'kubectl delete ns prod --help',
    'rm --help',
    // git prints a subcommand's usage for -h wherever it stands, and does nothing else.
    'git reset --hard -h',
    'git push --force origin main -h',
    'git clean -fdx -h',
  ];
  for (const line of lines) test(line, () => assert.equal(assess(line).decision, 'allow', JSON.stringify(assess(line).matched_rules)));
});

test("-h is help for git, not where it is a subcommand's own option or an option's value", () => {
  assert.equal(assess('git push --force -o -h origin main').decision, 'deny');
  assert.equal(assess('git grep -h x && git reset --hard').decision, 'deny');
});

describe('fail closed', () => {
  test('an unparseable line with no dangerous command asks, saying why', () => {
    const a = assess('echo "never closed');
    assert.equal(a.decision, 'ask');
    assert.ok(a.context.labels.includes('parse-error'));
    assert.match(a.denial_reason ?? '', /could not be fully parsed/);
  });
  test('an unparseable line that holds a dangerous command is still denied', () => {
    const a = assess('rm -rf ~ "');
    assert.equal(a.decision, 'deny');
    assert.ok(a.context.labels.includes('parse-error'));
  });
  for (const [name, line, code] of [
    ['empty', '   ', 'empty'],
    ['NUL byte', 'ls\0-la', 'nul-byte'],
    ['lone surrogate', 'ls \ud800', 'invalid-text'],
    ['over the size limit', 'echo ' + 'a'.repeat(1024 * 1024), 'too-long'],
  ] as const) {
    test(`${name}: not assessed, asks, and says why`, () => {
      const a = assess(line);
      assert.equal(a.decision, 'ask');
      assert.deepEqual(a.context.labels, [`error=${code}`]);
      assert.match(a.denial_reason ?? '', /^Not assessed: /);
      assert.equal(assessmentErrors(a), '');
    });
  }
  test('a line of exactly the size limit is assessed', () => {
    const line = 'echo ' + 'a'.repeat(1024 * 1024 - 5);
    assert.equal(assess(line).decision, 'allow');
  });
  // a=$a$a thirty times would be a gigabyte from 300 bytes: the expansion stops at a budget,
  // the value becomes unknown, and the line fails closed; what follows is still assessed.
  const doubling = (n: number): string => `a=x; ${'a=$a$a; '.repeat(n)}echo "$a"`;
  test('a variable doubled thirty times asks instead of expanding a gigabyte', () => {
    const a = assess(doubling(30));
    assert.equal(a.decision, 'ask');
    assert.ok(a.context.labels.includes('limit=expansion'), a.context.labels.join(' '));
    assert.match(a.denial_reason ?? '', /expands into more text than firebreak follows/);
  });
  test('a destructive command after the expansion bomb is still denied', () => {
    assert.equal(assess(`${doubling(30)}; rm -rf ~`).decision, 'deny');
  });
  test('a value of ordinary size is still expanded into the command it names', () => {
    assert.equal(assess(`${doubling(8)}; c=rm; $c -rf ~`).decision, 'deny');
    assert.equal(assess(doubling(8)).decision, 'allow');
  });
});

describe('limits used as a weapon', () => {
  test('past the count of commands a line may hold, the rest is not read, so the line is denied', () => {
    const a = assess(`${'true; '.repeat(1000)}ls`);
    assert.equal(a.decision, 'deny');
    assert.ok(a.context.labels.includes('limit=commands'), a.context.labels.join(' '));
  });
  test('code nested past the depth firebreak follows is denied', () => {
    const a = assess('$('.repeat(40) + 'ls' + ')'.repeat(40));
    assert.equal(a.decision, 'deny');
  });
  test('a parse error alone still only asks', () => assert.equal(assess('echo "never closed').decision, 'ask'));
});

describe('a command name the line computes', () => {
  const denied = [
    'v=xxrm; ${v:2} -rf ~',
    'v=RM; ${v,,} -rf ~',
    'v=rXm; ${v//X/} -rf ~',
    'r=rm; ${!r} -rf ~',
    '$(echo cm0= | base64 -d) -rf ~',
    '{rm,-rf,~}',
    '$X push --force origin main',
    "$X -c 'rm -rf ~'",
    "X=$(printf 'r%s' m); $X -rf ~",
  ];
  for (const line of denied) test(`${line}: judged as the tool its arguments are dangerous for`, () => assert.equal(assess(line).decision, 'deny'));
  test('one dangerous-looking argument for an unknown program asks', () => assert.equal(assess('$EDITOR ~/.bashrc').decision, 'ask'));
  const allowed = [
    '$EDITOR README.md',
    '$CC -o app main.c',
    '$PYTHON -m pytest -q',
    '"$@" --verbose',
    'mkdir -p src/{a,b}',
    'cp notes.txt{,.bak}',
    '$CC -c main.c -o main.o',
  ];
  for (const line of allowed) test(`${line}: routine`, () => assert.equal(assess(line).decision, 'allow'));
});

describe('false alarms removed while hardening', () => {
  test('the temp-directory idiom is routine: what mktemp printed is temporary', () => {
    assert.equal(assess('d=$(mktemp -d) && cd "$d" && rm -rf "$d"').decision, 'allow');
    assert.equal(assess('rm -rf "$(mktemp -d)"').decision, 'allow');
  });
  test('but not a path that climbs out of it', () => {
    assert.notEqual(assess('d=$(mktemp -d); rm -rf "$d"/..').decision, 'allow');
    assert.equal(assess('d=$(mktemp -d); d=~; rm -rf "$d"').decision, 'deny');
  });
  test('unset HISTFILE in a script is reported, not stopped', () => {
    const a = assess('unset HISTFILE');
    assert.equal(a.decision, 'allow');
    assert.equal(a.severity, 'Low');
  });
});

describe('code reaching a shell through printf', () => {
  test("printf's octal escapes spell the command a shell runs", () => assert.equal(assess("printf '\\162\\155 -rf ~' | sh").decision, 'deny'));
  test("printf's %b argument is unescaped; a %s argument is not", () => {
    assert.equal(assess("printf '%b' '\\x72m -rf ~' | bash").decision, 'deny');
    assert.equal(assess("printf '%s\\n' 'a\\nb' | cat").decision, 'allow');
  });
});

describe('parameter expansions worked out as bash does', () => {
  test('${v^^} of rm is RM, which is not a command on Linux: nothing is deleted', () =>
    assert.equal(
      assess('v=rm; ${v^^} -rf ~').matched_rules.some((r) => r.id === 'fs:rm-recursive' && r.segment.startsWith('RM')),
      false,
    ));
  test('${!ref} is the variable ref names', () => assert.equal(assess('r=rm; x=r; ${!x} -rf ~').decision, 'deny'));
});

describe('a protected branch raises what acts on it, not what names only other branches', () => {
  const repo = mkdtempSync(join(tmpdir(), 'fb-branch-'));
  after(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: repo, stdio: 'ignore' });
  };
  git('init', '-q', '-b', 'main');
  git('commit', '-q', '--allow-empty', '-m', 'one');
  const inRepo = (line: string): RiskAssessment => engine.assess(line, { cwd: repo, home: tmpdir() });
  test('moving main is raised on main', () => {
    assert.equal(inRepo('git update-ref refs/heads/main HEAD~1').severity, 'High');
  });
  test('a backup branch named in full is not', () => {
    assert.equal(inRepo('git update-ref refs/heads/backup-main HEAD').severity, 'Medium');
  });
});

describe('hostile lines found in review answer at once, and never lower a verdict', () => {
  const timed = (line: string): { ms: number; a: RiskAssessment } => {
    const t0 = performance.now();
    const a = assess(line);
    return { ms: performance.now() - t0, a };
  };
  test('a sparse array index does not build a list that long', () => {
    const { ms, a } = timed('a=(x); a[4294967294]=y; echo ${a[@]}; rm -rf ~');
    assert.ok(ms < 2000, `${ms} ms`);
    assert.equal(a.severity, 'Critical');
  });
  test('a glob class no shell reads ([z-a]) does not throw past the rest of the line', () => {
    assert.equal(assess('rm -rf ~ /[z-a]/a/b').severity, 'Critical');
  });
  test('long sed scripts are not searched in quadratic time', () => {
    const spaces = timed(`sed '${' '.repeat(60000)}x' f`).ms;
    const delimiters = timed(`echo a | sed '${Array.from({ length: 20000 }, (_, i) => `s${String.fromCharCode(0x4e00 + i)}`).join('')}'`).ms;
    assert.ok(spaces < 2000 && delimiters < 2000, `${spaces} ms, ${delimiters} ms`);
  });
});
