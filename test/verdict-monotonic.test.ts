// Property-based: disguising a destructive command in a way bash still runs the same never
// lowers its rating. Seeds are the catalogue's own examples rated High or Critical, and a
// hand list; each is put through one to three transformations (a wrapper such as sudo or
// timeout, a shell such as bash -c or eval, quoting, a variable for a word, a subshell, a
// function, ...), each chosen so that bash runs the same program with the same arguments.
// A separate test checks that what is generated parses under bash (and, for code handed to
// sh, busybox or zsh, under dash), so the property is not about gibberish.
//
// FB_PROPERTY_RUNS and FB_PROPERTY_SEED widen the search locally; the defaults are what CI runs.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import type { RiskAssessment } from '../src/core/contracts.js';
import { severityRank } from '../src/core/severity.js';
import { catalogueData, testEngine } from './helpers.js';

const RUNS = Number(process.env.FB_PROPERTY_RUNS ?? 1000);
const SEED = Number(process.env.FB_PROPERTY_SEED ?? 1_209_845);
const SANITY_SAMPLES = Number(process.env.FB_PROPERTY_SANITY ?? 300);

const engine = testEngine();
const assess = (command: string): RiskAssessment => engine.assess(command, { context: EXAMPLE_CONTEXT });
const rank = (a: RiskAssessment): number => (a.severity === null ? -1 : severityRank(a.severity));
const rating = (a: RiskAssessment): string =>
  `${a.severity ?? 'nothing'} / ${a.decision} [${a.matched_rules.map((r) => `${r.id} ${r.severity}`).join(', ') || 'no rule'}]`;

// ---------------------------------------------------------------------------------------
// Seeds

const HAND: string[] = [
  'rm -rf ~',
  'rm -rf /',
  'rm -rf ~/projects',
  'git push --force origin main',
  'git reset --hard HEAD~3',
  'git clean -fdx',
  'kubectl delete ns prod',
  'kubectl delete namespace production',
  'dd if=/dev/zero of=/dev/sda',
  'dd if=/dev/urandom of=/dev/nvme0n1 bs=1M',
  'mkfs.ext4 /dev/sda1',
  'chmod -R 777 /',
  'chown -R nobody /',
  'terraform destroy -auto-approve',
  'psql -c "DROP DATABASE prod"',
  "psql -h db.internal -U admin -c 'DROP TABLE users'",
  'mysql -e "DROP DATABASE prod"',
  'redis-cli FLUSHALL',
  'aws s3 rm s3://prod-media --recursive',
  'docker system prune -af --volumes',
  'helm uninstall prod',
  'find / -delete',
  'shred -u /dev/sda',
  'git branch -D main',
  'AWS_PROFILE=prod aws s3 rb s3://customer-uploads --force',
  'KUBECONFIG=/home/dev/.kube/prod kubectl delete ns prod',
];

function exampleSeeds(): string[] {
  const out: string[] = [];
  for (const ex of Object.values(catalogueData().examples)) {
    for (const e of ex.match) {
      const command = typeof e === 'string' ? e : e.command;
      const s = assess(command).severity;
      if (s === 'High' || s === 'Critical') out.push(command);
    }
  }
  return out;
}

const SEEDS = [...new Set([...HAND, ...exampleSeeds()])];

// ---------------------------------------------------------------------------------------
// A small model of a command line, so each transformation knows what it may do to it.

/** Builtins: no external wrapper (sudo, env, nice, xargs, ...) runs these, though `command` does. */
const BASH_BUILTIN = new Set(
  (
    '. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export ' +
    'false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift ' +
    'shopt source suspend test times trap true type typeset ulimit umask unalias unset wait'
  ).split(' '),
);
/** Reserved words: quoting one, or putting anything in front of it, changes what it is. */
const BASH_KEYWORD = new Set('if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc'.split(' '));

/** One simple command, with the statements that set up its variables, and an optional `printf … | xargs -0` feed. */
interface Simple {
  kind: 'simple';
  /** Statements run before it (variable assignments from word splitting, exported assignments). */
  prelude: string[];
  /** Leading NAME=value words. */
  assigns: string[];
  /** The words, as shell source. */
  words: string[];
  /** Words fed through `printf '%s\0' … | xargs -0`, appended to the words' argv; null when none. */
  fed: string[] | null;
  /** external: a program on PATH; builtin: a bash builtin (eval, command, ...); none: takes no more wrappers. */
  head: 'external' | 'builtin' | 'none';
  /** exec'd: nothing may be appended after it in the same shell. */
  final: boolean;
  /** Valid and meaning the same to POSIX sh, busybox sh and zsh (no globs, no bashisms). */
  posix: boolean;
}

interface Line {
  kind: 'line';
  text: string;
  final: boolean;
  posix: boolean;
}

type State = Simple | Line;

interface Generated {
  original: string;
  transformed: string;
  /** The transformations applied, in order. */
  steps: string[];
  /** Code handed to sh, busybox sh or zsh, which the sanity test also checks with dash -n. */
  posixCode: string[];
}

function render(s: State): string {
  if (s.kind === 'line') return s.text;
  const cmd = [...s.assigns, ...s.words].join(' ');
  const main = s.fed ? `printf '%s\\0' ${s.fed.join(' ')} | ${cmd}` : cmd;
  return [...s.prelude, main].join('; ');
}

/** bash single quotes: 'it'\''s'. */
function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** bash double quotes: \ " $ ` escaped. */
function dq(text: string): string {
  return `"${text.replace(/[\\"$`]/g, '\\$&')}"`;
}

const PLAIN = /^[A-Za-z0-9_./:@%+,=-]+$/;
const TILDE = /^~(\/[A-Za-z0-9_./-]*)?$/;
const ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * A seed that is one simple command of plain and quoted words (no expansions, operators or
 * redirections) becomes a Simple, so word-level transformations apply; anything else is a Line.
 */
function parseSeed(command: string): State {
  const words: string[] = [];
  let posix = true;
  let i = 0;
  const n = command.length;
  while (i < n) {
    while (i < n && (command[i] === ' ' || command[i] === '\t')) i++;
    if (i >= n) break;
    let w = '';
    while (i < n && command[i] !== ' ' && command[i] !== '\t') {
      const c = command[i]!;
      if (c === "'") {
        const end = command.indexOf("'", i + 1);
        if (end < 0) return asLine(command);
        w += command.slice(i, end + 1);
        i = end + 1;
      } else if (c === '"') {
        const end = command.indexOf('"', i + 1);
        if (end < 0) return asLine(command);
        const inner = command.slice(i + 1, end);
        if (/[$`\\!]/.test(inner)) return asLine(command);
        w += command.slice(i, end + 1);
        i = end + 1;
      } else if (/[A-Za-z0-9_./:@%+,=~^-]/.test(c)) {
        w += c;
        i++;
      } else if (/[*?[\]{}]/.test(c)) {
        posix = false; // globs differ (zsh: no match is an error), braces expand in bash and zsh only
        w += c;
        i++;
      } else return asLine(command);
    }
    if (w.startsWith('=') || w.startsWith('~') || w.startsWith('^')) posix = posix && TILDE.test(w);
    words.push(w);
  }
  let k = 0;
  while (k < words.length && ASSIGN.test(words[k]!)) k++;
  if (k === words.length) return asLine(command);
  const name = words[k]!.replace(/['"]/g, '');
  if (BASH_KEYWORD.has(words[k]!)) return asLine(command);
  return {
    kind: 'simple',
    prelude: [],
    assigns: words.slice(0, k),
    words: words.slice(k),
    fed: null,
    head: BASH_BUILTIN.has(name) ? 'builtin' : 'external',
    final: false,
    posix,
  };
}

function asLine(text: string): Line {
  return { kind: 'line', text, final: false, posix: false };
}

/** Whether the text can take `; …`, `|| …` or ` )` on the same line (no newline, comment, or trailing & or ;). */
function inlineable(text: string): boolean {
  return !text.includes('\n') && !/(^|\s)#/.test(text) && !/[;&]\s*$/.test(text);
}

interface Transform {
  name: string;
  group: 'wrapper' | 'shell' | 'quoting' | 'variable' | 'structure';
  applies: (s: State) => boolean;
  apply: (s: State, r: number, posixCode: string[]) => State;
}

const isSimple = (s: State): s is Simple => s.kind === 'simple';

/** A wrapper program put in front of the command's words; `takesAssigns` wrappers take the leading NAME=value words as their own arguments. */
function wrapper(name: string, prefix: string[], takesAssigns = false): Transform {
  return {
    name,
    group: 'wrapper',
    applies: (s) => isSimple(s) && s.head === 'external' && !s.final,
    apply: (s) => {
      const t = s as Simple;
      return takesAssigns ? { ...t, assigns: [], words: [...prefix, ...t.assigns, ...t.words] } : { ...t, words: [...prefix, ...t.words] };
    },
  };
}

/** The words of a Simple (and of its printf feed) that a transformation may rewrite: [list, index]. */
function plainWords(s: Simple, also: RegExp | null = null): Array<[string[], number]> {
  const out: Array<[string[], number]> = [];
  for (const list of [s.words, s.fed ?? []]) {
    list.forEach((w, i) => {
      if (PLAIN.test(w) || also?.test(w)) out.push([list, i]);
    });
  }
  return out;
}

function rewriteWord(s: Simple, r: number, also: RegExp | null, edit: (w: string, r: number) => { word: string; prelude?: string }): Simple {
  const cands = plainWords(s, also);
  const [list, i] = cands[r % cands.length]!;
  const { word, prelude } = edit(list[i]!, Math.floor(r / cands.length));
  const words = [...s.words];
  const fed = s.fed ? [...s.fed] : null;
  (list === s.words ? words : fed!)[i] = word;
  return { ...s, words, fed, prelude: prelude ? [...s.prelude, prelude] : s.prelude };
}

function quoting(name: string, edit: (w: string, r: number) => string): Transform {
  return {
    name,
    group: 'quoting',
    applies: (s) => isSimple(s) && plainWords(s).length > 0,
    apply: (s, r) => rewriteWord(s as Simple, r, null, (w, rr) => ({ word: edit(w, rr) })),
  };
}

function variable(name: string, use: (v: string) => string): Transform {
  return {
    name,
    group: 'variable',
    applies: (s) => isSimple(s) && plainWords(s, TILDE).length > 0,
    apply: (s, r) => {
      const t = s as Simple;
      const v = `c${t.prelude.length + 1}`;
      return rewriteWord(t, r, TILDE, (w) => ({ word: use(v), prelude: `${v}=${w}` }));
    },
  };
}

/** A shell given the code as one argument: the result is again a simple command that wrappers can take. */
function shell(name: string, words: string[], quote: (t: string) => string, needsPosix: boolean, head: Simple['head'] = 'external'): Transform {
  return {
    name,
    group: 'shell',
    applies: (s) => !needsPosix || s.posix,
    apply: (s, _r, posixCode) => {
      const text = render(s);
      if (needsPosix) posixCode.push(text);
      return { kind: 'simple', prelude: [], assigns: [], words: [...words, quote(text)], fed: null, head, final: false, posix: true };
    },
  };
}

/** Code around the whole line; `keepsFinal` when an exec inside still ends the shell. */
function around(
  name: string,
  group: Transform['group'],
  make: (text: string, inline: boolean) => string,
  opts: { posix: boolean; keepsFinal: boolean; appends: boolean },
): Transform {
  return {
    name,
    group,
    applies: (s) => !(opts.appends && s.final),
    apply: (s) => {
      const text = render(s);
      return { kind: 'line', text: make(text, inlineable(text)), final: opts.keepsFinal && s.final, posix: opts.posix && s.posix };
    },
  };
}

function heredocDelimiter(text: string): string {
  let d = 'EOF';
  for (let i = 1; text.includes(d); i++) d = `EOF${i}`;
  return d;
}

const TRANSFORMS: Transform[] = [
  wrapper('sudo', ['sudo'], true),
  wrapper('sudo -u root', ['sudo', '-u', 'root'], true),
  wrapper('env', ['env'], true),
  wrapper('env -i', ['env', '-i'], true),
  wrapper('env VAR=1', ['env', 'FB_X=1'], true),
  wrapper('timeout 5', ['timeout', '5']),
  wrapper('nice -n 5', ['nice', '-n', '5']),
  wrapper('nohup', ['nohup']),
  wrapper('stdbuf -oL', ['stdbuf', '-oL']),
  wrapper('ionice -c3', ['ionice', '-c3']),
  wrapper('setsid', ['setsid']),
  {
    name: 'command',
    group: 'wrapper',
    applies: (s) => isSimple(s) && s.head !== 'none' && !s.final,
    apply: (s) => ({ ...(s as Simple), words: ['command', ...(s as Simple).words], head: 'builtin' }),
  },
  {
    name: 'exec',
    group: 'wrapper',
    applies: (s) => isSimple(s) && s.head === 'external' && !s.final && s.fed === null,
    apply: (s) => ({ ...(s as Simple), words: ['exec', ...(s as Simple).words], head: 'none', final: true }),
  },
  {
    name: 'xargs -0',
    group: 'wrapper',
    applies: (s) => isSimple(s) && s.head === 'external' && !s.final && s.fed === null && s.words.length >= 2,
    apply: (s, r) => {
      const t = s as Simple;
      const k = 1 + (r % (t.words.length - 1));
      return { ...t, words: ['xargs', '-0', ...t.words.slice(0, k)], fed: t.words.slice(k) };
    },
  },
  {
    name: 'move assignments (export)',
    group: 'variable',
    applies: (s) => isSimple(s) && s.assigns.length > 0,
    apply: (s) => ({ ...(s as Simple), prelude: [...(s as Simple).prelude, ...(s as Simple).assigns.map((a) => `export ${a}`)], assigns: [] }),
  },

  shell('bash -c', ['bash', '-c'], sq, false),
  shell('bash -lc', ['bash', '-lc'], sq, false),
  shell('sh -c "…"', ['sh', '-c'], dq, true),
  shell('zsh -c', ['zsh', '-c'], sq, true),
  shell('busybox sh -c', ['busybox', 'sh', '-c'], sq, true),
  shell("eval '…'", ['eval'], sq, false, 'builtin'),
  shell('eval "…"', ['eval'], dq, false, 'builtin'),
  around('echo | bash', 'shell', (t) => `echo ${sq(t)} | bash`, { posix: false, keepsFinal: false, appends: false }),
  around('bash <<<', 'shell', (t) => `bash <<<${sq(t)}`, { posix: false, keepsFinal: false, appends: false }),
  around(
    'bash <<EOF',
    'shell',
    (t) => {
      const d = heredocDelimiter(t);
      return `bash <<'${d}'\n${t}\n${d}`;
    },
    { posix: true, keepsFinal: false, appends: false },
  ),
  around('source <(echo)', 'shell', (t) => `source <(echo ${sq(t)})`, { posix: false, keepsFinal: true, appends: false }),

  quoting("'single'", (w) => sq(w)),
  quoting('"double"', (w) => dq(w)),
  quoting('back\\slash', (w, r) => {
    const i = r % w.length;
    return `${w.slice(0, i)}\\${w.slice(i)}`;
  }),
  quoting("emp''ty", (w, r) => {
    if (w.length < 2) return `''${w}`;
    const i = 1 + (r % (w.length - 1));
    return `${w.slice(0, i)}${r % 2 === 0 ? "''" : '""'}${w.slice(i)}`;
  }),
  variable('$var', (v) => `$${v}`),
  variable('"$var"', (v) => `"$${v}"`),
  variable('${var}', (v) => `\${${v}}`),

  around('true &&', 'structure', (t) => `true && ${t}`, { posix: true, keepsFinal: true, appends: false }),
  around(': ;', 'structure', (t) => `: ; ${t}`, { posix: true, keepsFinal: true, appends: false }),
  around('time', 'structure', (t) => `time ${t}`, { posix: false, keepsFinal: true, appends: false }),
  around('; echo done', 'structure', (t, inline) => (inline ? `${t}; echo done` : `${t}\necho done`), { posix: true, keepsFinal: false, appends: true }),
  around('|| true', 'structure', (t, inline) => (inline ? `${t} || true` : `{\n${t}\n} || true`), { posix: true, keepsFinal: false, appends: true }),
  around('& wait', 'structure', (t, inline) => (inline ? `${t} & wait` : `{\n${t}\n} & wait`), { posix: true, keepsFinal: false, appends: true }),
  around('( subshell )', 'structure', (t, inline) => (inline ? `( ${t} )` : `(\n${t}\n)`), { posix: true, keepsFinal: false, appends: false }),
  around('{ group; }', 'structure', (t, inline) => (inline ? `{ ${t}; }` : `{\n${t}\n}`), { posix: true, keepsFinal: true, appends: false }),
  around('if true; then', 'structure', (t, inline) => (inline ? `if true; then ${t}; fi` : `if true; then\n${t}\nfi`), {
    posix: true,
    keepsFinal: true,
    appends: false,
  }),
  around('f(){ …; }; f', 'structure', (t, inline) => (inline ? `f(){ ${t}; }; f` : `f(){\n${t}\n}\nf`), { posix: true, keepsFinal: true, appends: false }),
];

/**
 * Applies a chain of [which, how] choices: `which` names a transformation (the next one in the
 * list that applies, when it does not), `how` picks among its variants (which word, where).
 */
function transform(seed: string, chain: Array<[number, number]>): Generated {
  let s = parseSeed(seed);
  const names: string[] = [];
  const posixCode: string[] = [];
  for (const [which, how] of chain) {
    let chosen: Transform | undefined;
    for (let k = 0; k < TRANSFORMS.length && !chosen; k++) {
      const t = TRANSFORMS[(which + k) % TRANSFORMS.length]!;
      if (t.applies(s)) chosen = t;
    }
    if (!chosen) continue;
    s = chosen.apply(s, how, posixCode);
    names.push(chosen.name);
  }
  return { original: seed, transformed: render(s), steps: names, posixCode };
}

/** One named transformation applied to a seed, or null when it does not apply. */
function transformOnce(seed: string, t: Transform, how: number): Generated | null {
  return t.applies(parseSeed(seed)) ? transform(seed, [[TRANSFORMS.indexOf(t), how]]) : null;
}

const EXAMPLES = SEEDS.filter((c) => !HAND.includes(c));
const chains = fc.array(fc.tuple(fc.nat({ max: TRANSFORMS.length - 1 }), fc.nat({ max: 1000 })), { minLength: 1, maxLength: 3 });
const generated = fc
  .tuple(fc.oneof({ arbitrary: fc.constantFrom(...HAND), weight: 1 }, { arbitrary: fc.constantFrom(...EXAMPLES), weight: 2 }), chains)
  .map(([seed, chain]) => transform(seed, chain));

// ---------------------------------------------------------------------------------------

/** Runs `<shell> -n -c CODE` for each; returns the ones that do not parse, with the shell's complaint. */
function syntaxErrors(checks: Array<{ shell: 'bash' | 'dash'; code: string }>): string[] {
  const script = `while IFS= read -r -d '' sh && IFS= read -r -d '' code; do
    if err=$("$sh" -n -c "$code" 2>&1); then printf '\\0'; else printf '%s\\0' "\${err:-failed}"; fi
  done`;
  const r = spawnSync('bash', ['-c', script], { input: checks.map((c) => `${c.shell}\0${c.code}\0`).join(''), encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const answers = r.stdout.split('\0');
  return checks.flatMap((c, i) => (answers[i] ? [`${c.shell} -n -c ${JSON.stringify(c.code)}: ${answers[i]}`] : []));
}

describe('a disguise bash runs the same never lowers the verdict', () => {
  test('the seeds are destructive and the transformations produce valid shell', () => {
    assert.ok(EXAMPLES.length > 500, `only ${EXAMPLES.length} catalogue examples rated High or Critical`);
    const mild = HAND.filter((c) => rank(assess(c)) < severityRank('High')).map((c) => `${c}: ${rating(assess(c))}`);
    assert.deepEqual(mild, [], 'hand seeds rated below High');
    // Each transformation alone on the first few hand seeds it applies to, then random chains of them.
    const single: Generated[] = [];
    for (const t of TRANSFORMS) {
      const mine = HAND.flatMap((seed, i) => transformOnce(seed, t, i) ?? []).slice(0, 6);
      assert.ok(mine.length > 0, `${t.name} applies to no hand seed`);
      single.push(...mine);
    }
    const sample = fc.sample(generated, { seed: SEED, numRuns: SANITY_SAMPLES });
    const checks: Array<{ shell: 'bash' | 'dash'; code: string }> = HAND.map((code) => ({ shell: 'bash', code }));
    for (const g of [...single, ...sample]) {
      checks.push({ shell: 'bash', code: g.transformed });
      for (const code of g.posixCode) checks.push({ shell: 'dash', code });
    }
    const errors = syntaxErrors(checks);
    assert.deepEqual(errors, [], `generated commands that do not parse:\n${errors.join('\n')}`);
  });

  test(`severity(transformed) >= severity(original) (${RUNS} runs, seed ${SEED})`, () => {
    const before = new Map<string, RiskAssessment>();
    fc.assert(
      fc.property(generated, (g) => {
        let a = before.get(g.original);
        if (!a) before.set(g.original, (a = assess(g.original)));
        const b = assess(g.transformed);
        assert.ok(
          rank(b) >= rank(a),
          `the verdict dropped after ${g.steps.join(' → ')}\n` +
            `  original:    ${g.original}\n    rated ${rating(a)}\n` +
            `  transformed: ${g.transformed}\n    rated ${rating(b)}`,
        );
      }),
      { seed: SEED, numRuns: RUNS, includeErrorInReport: true },
    );
  });
});
