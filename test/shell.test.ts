// The shell grammar and the line reader: what a line is split into, how words are unquoted, which wrappers are
// taken off, and that broken input is reported, not thrown.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCommandLine } from '../src/unwrap/index.js';
import { trimPattern } from '../src/core/pattern-trim.js';

/** `name arg arg` for each command that would run, in order. */
function run(line: string): string[] {
  // A line of only assignments (x=1) is kept as a command with no name, for rules on variables.
  return parseCommandLine(line)
    .commands.filter((c) => c.name !== '')
    .map((c) => [c.name, ...c.args.map((a) => a.text)].join(' '));
}

describe('splitting into simple commands', () => {
  const cases: Array<[string, string[]]> = [
    ['a; b && c || d | e & f', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['a\nb\n\nc', ['a', 'b', 'c']],
    ['(cd x && rm -rf .)', ['cd x', 'rm -rf .']],
    ['{ git push -f; }', ['git push -f']],
    ['if test -d x; then rm -rf x; else echo no; fi', ['test -d x', 'rm -rf x', 'echo no']],
    ['for f in a b; do rm "$f"; done', ['rm a', 'rm b']],
    ['for f in $(ls); do rm "$f"; done', ['ls', 'rm $f']],
    ['while true; do sleep 1; done', ['true', 'sleep 1']],
    ['case "$1" in start) run;; stop|halt) shutdown now;; esac', ['run', 'shutdown now']],
    ['f() { rm -rf /; }; f', ['rm -rf /', 'f']],
    ['function g { reboot; }', ['reboot']],
    ['a |& b', ['a', 'b']],
    ['! grep -q x file', ['grep -q x file']],
    ['echo $(rm -rf /)', ['rm -rf /', 'echo $(…)']],
    ['echo `rm -rf /`', ['rm -rf /', 'echo $(…)']],
    ['diff <(ls a) >(wc -l)', ['ls a', 'wc -l', 'diff <(…) >(…)']],
    ['x=1 y=2', []],
    ['# just a comment', []],
    ['echo hi # rm -rf /', ['echo hi']],
    ['[[ -f a && -f b ]] && rm a', ['rm a']],
    ['(( i++ )) && echo ok', ['echo ok']],
  ];
  for (const [line, expected] of cases) test(line, () => assert.deepEqual(run(line), expected));
});

describe('quoting and expansion', () => {
  const cases: Array<[string, string]> = [
    [`"rm" -rf /`, 'rm -rf /'],
    [`r''m -rf /`, 'rm -rf /'],
    [`"g"it push`, 'git push'],
    [`\\rm -rf /`, 'rm -rf /'],
    [`rm -rf $'\\x2f'`, 'rm -rf /'],
    [`rm -rf $'\\057etc'`, 'rm -rf /etc'],
    [`echo 'a  b' "c $x d"`, 'echo a  b c $x d'],
    [`echo "it's" 'say "hi"'`, `echo it's say "hi"`],
    ['rm \\\n  -rf \\\n  /', 'rm -rf /'],
    ['D=/; rm -rf $D', 'rm -rf /'],
    ['export T=/etc; rm -rf "$T"', 'rm -rf /etc'],
    ['rm -rf ${UNSET:?}/x', 'rm -rf ${UNSET:?}/x'],
    ["echo '$(rm -rf /)'", 'echo $(rm -rf /)'],
  ];
  for (const [line, expected] of cases) test(line, () => assert.equal(run(line).at(-1), expected));

  test('tilde and $HOME mark the home directory; other variables are dynamic', () => {
    const [c] = parseCommandLine('rm -rf ~ "$HOME/x" ${HOME} $DIR "~"').commands;
    assert.deepEqual(
      c!.args.slice(1).map((a) => [a.text, a.home, a.dynamic]),
      [
        ['~', true, false],
        ['~/x', true, false],
        ['~', true, false],
        ['$DIR', false, true],
        ['~', false, false],
      ],
    );
  });

  test('an unquoted glob is marked, a quoted one is not', () => {
    const [c] = parseCommandLine(`rm /* '/*'`).commands;
    assert.deepEqual(
      c!.args.map((a) => a.glob),
      [true, false],
    );
  });

  test('a here-document body is input, not commands, and its $( ) still runs', () => {
    const p = parseCommandLine('cat <<EOF > out\nrm -rf /\n$(reboot)\nEOF\necho after');
    assert.deepEqual(
      p.commands.map((c) => c.name),
      ['reboot', 'cat', 'echo'],
    );
    assert.equal(p.commands[1]!.redirects[0]!.input, 'rm -rf /\n$(…)\n');
  });

  test('a quoted delimiter keeps the body literal', () => {
    const p = parseCommandLine("cat <<'EOF'\n$(reboot)\nEOF");
    assert.deepEqual(
      p.commands.map((c) => c.name),
      ['cat'],
    );
  });
});

describe('normalising the command name and wrappers', () => {
  const cases: Array<[string, string, string[]]> = [
    ['/bin/rm -rf /', 'rm -rf /', []],
    ['/usr/bin/env rm -rf /', 'rm -rf /', ['env']],
    ['command rm -rf /', 'rm -rf /', ['command']],
    ['sudo rm -rf /', 'rm -rf /', ['sudo']],
    ['sudo -u root -E rm -rf /', 'rm -rf /', ['sudo']],
    ['sudo -iu deploy rm x', 'rm x', ['sudo']],
    ['doas -u root rm -rf /', 'rm -rf /', ['doas']],
    ['env -i PATH=/bin FOO=1 rm -rf /', 'rm -rf /', ['env']],
    ['env -u HOME -C /tmp rm -rf x', 'rm -rf x', ['env']],
    ['nohup nice -n 10 ionice -c3 rm -rf /', 'rm -rf /', ['nohup', 'nice', 'ionice']],
    ['nice -5 rm -rf /', 'rm -rf /', ['nice']],
    // time is bash's reserved word (the parser takes it off the pipeline); /usr/bin/time is a wrapper.
    ['time timeout -s KILL 10s stdbuf -oL rm -rf /', 'rm -rf /', ['timeout', 'stdbuf']],
    ['/usr/bin/time timeout -s KILL 10s rm -rf /', 'rm -rf /', ['time', 'timeout']],
    ['exec rm -rf /', 'rm -rf /', ['exec']],
    ['FOO=1 BAR=2 rm -rf /', 'rm -rf /', []],
  ];
  for (const [line, expected, wrappers] of cases) {
    test(line, () => {
      const [c] = parseCommandLine(line).commands;
      assert.equal([c!.name, ...c!.args.map((a) => a.text)].join(' '), expected);
      assert.deepEqual(c!.wrappers, wrappers);
    });
  }
  test('lookups run nothing: command -v, sudo -l', () => {
    assert.deepEqual(run('command -v rm; sudo -l; sudo -v'), []);
  });
});

describe('broken input is reported, never thrown', () => {
  const cases = [
    'echo "unterminated',
    "echo 'open",
    'echo $(ls',
    'echo )',
    'if true; then',
    'for x in; do',
    'cat <<EOF\nno end',
    'case x in',
    '((',
    '${',
    '`',
    '|| &&',
    ';;',
    '{',
    '}',
  ];
  for (const line of cases) {
    test(JSON.stringify(line), () => {
      const p = parseCommandLine(line);
      assert.ok(p.issues.length > 0 || p.commands.length >= 0);
    });
  }
  test('unclosed quotes are issues, and the command inside is still seen', () => {
    const p = parseCommandLine('rm -rf / "');
    assert.ok(p.issues.some((i) => /double quote/.test(i.message)));
    assert.equal(run('rm -rf / "')[0], 'rm -rf / ');
  });
  test('nesting beyond the limit is an issue, not a stack overflow', () => {
    const deep = '$('.repeat(5000) + 'rm -rf /' + ')'.repeat(5000);
    const p = parseCommandLine(`echo ${deep}`);
    assert.ok(p.issues.some((i) => /nesting/.test(i.message)));
    const parens = '( '.repeat(5000) + 'ls' + ' )'.repeat(5000);
    assert.ok(parseCommandLine(parens).issues.some((i) => /nesting/.test(i.message)));
  });
});

describe('prefix and suffix removal with glob patterns', () => {
  test('shortest and longest, from either end', () => {
    const t = '/home/dev/project/src/a.tar.gz';
    assert.equal(trimPattern(t, '%', '/*'), '/home/dev/project/src');
    assert.equal(trimPattern(t, '%%', '/*'), '');
    assert.equal(trimPattern(t, '#', '*/'), 'home/dev/project/src/a.tar.gz');
    assert.equal(trimPattern(t, '##', '*/'), 'a.tar.gz');
    assert.equal(trimPattern(t, '%', '.*'), '/home/dev/project/src/a.tar');
    assert.equal(trimPattern(t, '%%', '.*'), '/home/dev/project/src/a');
    assert.equal(trimPattern(t, '%', '/project*'), '/home/dev');
    assert.equal(trimPattern(t, '%', 'x'), t);
  });
  test('a pattern that makes a backtracking engine take minutes is linear here', () => {
    const t0 = performance.now();
    for (const p of ['*a*a*a*a*a*a*a*b', '*?*?*?*?*?*?*?c', '*[a]*[a]*[a]*[a]*b'])
      for (const op of ['#', '##', '%', '%%']) trimPattern('a'.repeat(4096), op, p);
    assert.ok(performance.now() - t0 < 2000);
  });
});
