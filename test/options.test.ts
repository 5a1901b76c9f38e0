// The one walk over a command's options (src/options): how each kind of word is read, and
// the readers built on it agreeing on spellings a tool accepts.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mergedSpec, optionSpec, withoutOptions } from '../src/options/spec.js';
import { leadingOptions, walkOptions, type OptionToken } from '../src/options/walk.js';
import { parseCommandLine } from '../src/unwrap/index.js';

const words = (line: string) => line.split(' ').map((text) => ({ text }));
const tokens = (line: string, spec = optionSpec({ value: '-n --max -o', code: '-e', stops: '-V' })): string[] =>
  [...walkOptions(words(line), spec)].map((t: OptionToken) =>
    t.kind === 'option' ? `${t.name}${t.value !== undefined ? `=${t.value}` : ''}` : `${t.kind}@${t.at}`,
  );

describe('walkOptions', () => {
  test('a cluster is read letter by letter; a value letter takes the rest of the word or the next word', () => {
    assert.deepEqual(tokens('-abn5 x'), ['-a', '-b', '-n=5', 'operand@1']);
    assert.deepEqual(tokens('-abn 5 x'), ['-a', '-b', '-n=5', 'operand@2']);
  });
  test('long options take a value after = or as the next word; unknown long options are flags', () => {
    assert.deepEqual(tokens('--max=3 --max 4 --all x'), ['--max=3', '--max=4', '--all', 'operand@4']);
  });
  test('-- ends the options: every later word is an operand', () => {
    assert.deepEqual(tokens('-a -- -n x'), ['-a', 'end@1', 'operand@2', 'operand@3']);
  });
  test('a lone dash and dynamic words are operands', () => {
    assert.deepEqual(
      [...walkOptions([{ text: '-' }, { text: '-$X', dynamic: true }], optionSpec({}))].map((t) => t.kind),
      ['operand', 'operand'],
    );
  });
  test('a value missing at the end is undefined, not the next option', () => {
    assert.deepEqual(tokens('-a -n'), ['-a', '-n']);
  });
  test('glue-only letters take what is glued and never the next word', () => {
    const spec = optionSpec({ code: '-e' }, { glueOnly: 'i' });
    assert.deepEqual(tokens('-ie x', spec), ['-i=e', 'operand@1']);
    assert.deepEqual(tokens('-i -e x', spec), ['-i=', '-e=x']);
  });
  test('without glued values (node -e), the code is always the next word', () => {
    assert.deepEqual(tokens('-pe code', optionSpec({ code: '-e -p' }, { glued: false })), ['-p=code']);
  });
  test('single-dash long options (sqlite3 -cmd) are whole words and never clusters', () => {
    assert.deepEqual(tokens('-cmd SQL -bail db', optionSpec({ code: '-cmd' }, { singleDash: true })), ['-cmd=SQL', '-bail', 'operand@3']);
  });
  test('a tool that prompts for a missing value does not take the next --option as it', () => {
    assert.deepEqual(tokens('-p --eval x', optionSpec({ value: '-p', code: '--eval' }, { promptsForMissing: true })), ['-p=', '--eval=x']);
  });
  test('code is taken as it comes, even when it starts with -- (an SQL comment)', () => {
    const spec = optionSpec({ value: '-p', code: '-c', file: '-f' }, { promptsForMissing: true });
    assert.deepEqual(tokens('-c --note', spec), ['-c=--note']);
    assert.deepEqual(tokens('-f --weird-name', spec), ['-f=--weird-name']);
  });
  test('specs that read words differently are refused when merged', () => {
    assert.throws(() => mergedSpec(optionSpec({ value: '-n' }), optionSpec({ code: '-e' }, { glued: false })), /differ in glued/);
    const merged = mergedSpec(optionSpec({ value: '-n' }), optionSpec({ code: '-e' }));
    assert.deepEqual(
      [...merged.takes],
      [
        ['-n', 'value'],
        ['-e', 'code'],
      ],
    );
    assert.deepEqual([...withoutOptions(merged, '-n').takes], [['-e', 'code']]);
  });
  test('the lenient reading reports a word whole and by letters, Go-style -name=value, and -9 as an operand', () => {
    const lenient = optionSpec({ value: '-n' }, { lenient: true });
    assert.deepEqual(tokens('-rf -delete -target=a.b -9 -nprod', lenient), [
      '-rf',
      '-r',
      '-f',
      '-delete',
      '-d',
      '-e',
      '-l',
      '-e',
      '-t',
      '-e',
      '-target=a.b',
      'operand@3',
      '-nprod',
      '-n=prod',
    ]);
  });
  test('leadingOptions stops at the first operand, after a --', () => {
    const spec = optionSpec({ value: '-n' });
    assert.deepEqual(leadingOptions(words('-n 1 -x cmd arg'), spec).operand, 3);
    assert.deepEqual(leadingOptions(words('-x -- -cmd'), spec).operand, 2);
    assert.deepEqual(leadingOptions(words('-x'), spec).operand, 1);
  });
});

/** Every command found, as `name args` with how it was reached. */
const found = (line: string): string[] => parseCommandLine(line).commands.map((c) => [c.name, ...c.args.map((a) => a.text)].join(' '));
const finds = (line: string, expected: string): void =>
  assert.ok(found(line).includes(expected), `${JSON.stringify(line)} gave ${JSON.stringify(found(line))}`);

describe('readers on the shared walk agree with the tools', () => {
  const cases: Array<[string, string]> = [
    // GNU xargs: --replace and -i take a placeholder only after = or glued; -l likewise.
    ['echo a | xargs --replace rm -rf {}', 'rm -rf a'],
    ['echo a | xargs -iX rm -rf X', 'rm -rf a'],
    ['echo a | xargs -l rm -rf', 'rm -rf a'],
    ['echo a | xargs -e rm -rf', 'rm -rf a'],
    ['echo a | xargs -- rm -rf', 'rm -rf a'],
    // A cluster ending in a value letter: sudo -Eu root, env -iS.
    ['sudo -Eu root rm -rf /srv', 'rm -rf /srv'],
    ["env -iS 'rm -rf /srv'", 'rm -rf /srv'],
    // git's global options in any spelling before an alias defined on the line.
    ["git -C /repo -c alias.x='!rm -rf /srv' x", 'rm -rf /srv'],
    ["git --git-dir=/repo/.git -c alias.x='!rm -rf /srv' x", 'rm -rf /srv'],
    // git's config keys ignore case: alias.RM defines rm.
    ["git -c ALIAS.RM='!rm -rf /srv' rm", 'rm -rf /srv'],
    ["git -c alias.Wipe='!rm -rf /srv' wipe", 'rm -rf /srv'],
    // docker's global options, then run's own (-v takes a value for run, not for rm).
    ['docker -H tcp://h:2375 run -v /:/host alpine rm -rf /host', 'rm -rf /host'],
    ['docker compose -f c.yml exec web rm -rf /data', 'rm -rf /data'],
    ['kubectl -n prod exec -it web -- rm -rf /data', 'rm -rf /data'],
    // Runners and ansible read their code options by the same walk: clustered, glued.
    ["npx -yc 'rm -rf /srv'", 'rm -rf /srv'],
    ["ansible web -mshell -a 'rm -rf /srv'", 'rm -rf /srv'],
    ["fly -a api ssh console -C 'rm -rf /srv'", 'rm -rf /srv'],
    // Found in review: code that opens with a comment, booleans a shared list must not make
    // valued, and wrappers' own quirks.
    ["psql -c $'-- cleanup\\nDROP TABLE users'", '@sql drop table users'],
    ["mysql -e '-- cleanup\nDROP TABLE users'", '@sql drop table users'],
    ['podman run --rmi alpine rm -rf /srv', 'rm -rf /srv'],
    ['sudo -k rm -rf /srv', 'rm -rf /srv'],
    ['timeout -- 5 rm -rf /srv', 'rm -rf /srv'],
    ['env - rm -rf /srv', 'rm -rf /srv'],
    ['env -- FOO=1 rm -rf /srv', 'rm -rf /srv'],
    ['perl -I lib -e \'system("rm -rf /srv")\'', 'rm -rf /srv'],
    // ssh's clustered options.
    ['ssh -tp 2222 host rm -rf /srv', 'rm -rf /srv'],
  ];
  for (const [line, expected] of cases) test(line, () => finds(line, expected));

  test('awk -f names a program file: its first operand is input, not code', () => {
    assert.ok(!found('awk -f prog.awk \'print > "/etc/passwd"\'').some((c) => c.startsWith('tee')));
  });
});
