// The same danger gets the same verdict however it is spelled. For every rule's match
// examples that are one plain command, spellings the tool itself reads as the same command
// are generated (short options split or clustered, written long, abbreviated where the tool
// takes a unique prefix, moved after the operands, `--` before the operands, a wrapper or a
// path in front of the name) and must be rated with the same severity. fast-check combines
// the spellings at random over every example; the single spellings are tried on each one.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { EXAMPLE_CONTEXT } from '../src/assess/examples.js';
import { GIT_LONG_OPTIONS } from '../src/options/git-long-options.js';
import { gnuLongOptions } from '../src/options/long-abbreviations.js';
import { GIT } from '../src/options/tools.js';
import { shellWord } from '../src/shell/quote.js';
import { parseCommandLine } from '../src/unwrap/index.js';
import { catalogueData, testEngine } from './helpers.js';

/** How a tool reads its words, as far as spelling goes (facts from each tool's manual). */
interface Convention {
  /** Short options that take a value (the next word, or glued). */
  takes: string;
  /** Short option to the long option it abbreviates. */
  long: Record<string, string>;
  /** Options may come after the operands (GNU getopt and cobra permute them). */
  permutes: boolean;
  /** A `--` before the first operand changes nothing. */
  dashDash: boolean;
  /** Long options that take the next word as their value. */
  longTakes?: string[];
}

const RM_LONG = { '-r': '--recursive', '-R': '--recursive', '-f': '--force', '-d': '--dir', '-v': '--verbose', '-I': '--interactive=once' };
const OWNER_LONG = { '-R': '--recursive', '-v': '--verbose', '-c': '--changes', '-f': '--silent', '-h': '--no-dereference' };
const TOOLS: Record<string, Convention> = {
  rm: { takes: '', long: RM_LONG, permutes: true, dashDash: true },
  chmod: { takes: '', long: { '-R': '--recursive', '-v': '--verbose', '-c': '--changes', '-f': '--silent' }, permutes: true, dashDash: true },
  chown: { takes: '', long: OWNER_LONG, permutes: true, dashDash: true },
  chgrp: { takes: '', long: OWNER_LONG, permutes: true, dashDash: true },
  shred: { takes: 'ns', long: { '-u': '--remove', '-z': '--zero', '-f': '--force', '-v': '--verbose', '-x': '--exact' }, permutes: true, dashDash: true },
  unlink: { takes: '', long: {}, permutes: false, dashDash: true },
  cp: {
    takes: 'tS',
    long: { '-r': '--recursive', '-R': '--recursive', '-f': '--force', '-a': '--archive', '-v': '--verbose', '-n': '--no-clobber', '-u': '--update' },
    permutes: true,
    dashDash: true,
  },
  mv: {
    takes: 'tS',
    long: { '-f': '--force', '-n': '--no-clobber', '-v': '--verbose', '-u': '--update', '-i': '--interactive' },
    permutes: true,
    dashDash: true,
  },
  ln: {
    takes: 'tS',
    long: { '-s': '--symbolic', '-f': '--force', '-n': '--no-dereference', '-v': '--verbose', '-r': '--relative' },
    permutes: true,
    dashDash: true,
  },
};

/** git's options per subcommand: short to long, which take a value, and whether -- ends them harmlessly. */
const GIT_SUB: Record<string, Convention> = {
  push: {
    takes: 'o',
    longTakes: ['--push-option', '--receive-pack', '--repo', '--exec'],
    long: { '-f': '--force', '-d': '--delete', '-u': '--set-upstream', '-q': '--quiet', '-v': '--verbose' },
    permutes: true,
    dashDash: false,
  },
  clean: { takes: 'e', longTakes: ['--exclude'], long: { '-f': '--force', '-q': '--quiet' }, permutes: true, dashDash: true },
  branch: {
    takes: '',
    longTakes: ['--set-upstream-to', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--format', '--sort'],
    long: { '-d': '--delete', '-f': '--force', '-r': '--remotes', '-a': '--all', '-q': '--quiet', '-v': '--verbose' },
    permutes: true,
    dashDash: false,
  },
  reset: { takes: '', long: { '-q': '--quiet' }, permutes: true, dashDash: false },
  stash: { takes: '', long: {}, permutes: false, dashDash: false },
  restore: {
    takes: 's',
    longTakes: ['--source', '--pathspec-from-file', '--conflict'],
    long: { '-S': '--staged', '-W': '--worktree', '-q': '--quiet' },
    permutes: true,
    dashDash: true,
  },
  'update-ref': { takes: 'm', long: { '-d': '--delete' }, permutes: false, dashDash: false },
  tag: { takes: 'mu', longTakes: ['--message', '--file', '--local-user'], long: { '-d': '--delete', '-f': '--force' }, permutes: false, dashDash: false },
  worktree: { takes: '', long: {}, permutes: false, dashDash: false },
};

/** kubectl (cobra): flags anywhere, -n/--namespace and the rest; `--` is left out (kubectl exec runs what follows it). */
const KUBECTL: Convention = {
  takes: 'nflocspk',
  longTakes: [
    '--namespace',
    '--filename',
    '--selector',
    '--output',
    '--context',
    '--cluster',
    '--replicas',
    '--type',
    '--patch',
    '--kustomize',
    '--grace-period',
    '--timeout',
    '--field-selector',
    '--prune-allowlist',
    '--server',
    '--user',
    '--kubeconfig',
    '--container',
  ],
  long: { '-A': '--all-namespaces', '-R': '--recursive', '-i': '--stdin', '-t': '--tty', '-w': '--watch', '-q': '--quiet' },
  permutes: true,
  dashDash: false,
};
/** docker's removing and pruning subcommands (cobra, interspersed flags). */
const DOCKER_REMOVE: Convention = {
  takes: 'tsf',
  long: { '-f': '--force', '-v': '--volumes', '-a': '--all', '-l': '--link', '-q': '--quiet' },
  permutes: true,
  dashDash: true,
};
const DOCKER_SUBCOMMANDS = new Set([
  'rm',
  'rmi',
  'kill',
  'stop',
  'container rm',
  'container prune',
  'image rm',
  'image prune',
  'volume rm',
  'volume prune',
  'network rm',
  'network prune',
  'system prune',
  'builder prune',
]);
const DOCKER_GROUPS = new Set(['container', 'image', 'volume', 'network', 'system', 'builder']);

const WRAPPERS = ['command', 'env', 'nice -n 5', 'timeout 600', 'nohup'];
/** Names a wrapper cannot run: builtins and keywords of the shell itself. */
const BUILTINS = new Set([
  'cd',
  'eval',
  'source',
  '.',
  'exec',
  'export',
  'alias',
  'trap',
  'set',
  'fc',
  'history',
  'unset',
  'builtin',
  'command',
  'declare',
  'typeset',
  'readonly',
  'read',
  'mapfile',
  'ulimit',
  'umask',
  'kill',
  'bind',
  'complete',
  'hash',
  'shopt',
  'enable',
  'coproc',
]);

type Spelling = (argv: string[]) => string[] | null;

/** The tool's convention and where its own words start: [convention, index of the first option word]. */
function conventionOf(argv: string[]): [Convention, number] | null {
  const name = argv[0]!;
  if (name === 'git') {
    let i = 1;
    while (i < argv.length && argv[i]!.startsWith('-')) i += GIT.takes.has(argv[i]!) ? 2 : 1;
    const sub = argv[i];
    const c = sub ? GIT_SUB[sub] : undefined;
    return c ? [c, i + 1] : null;
  }
  if (name === 'kubectl') return argv[1] && !argv[1].startsWith('-') ? [KUBECTL, 2] : null;
  if (name === 'docker' || name === 'podman') {
    const two = DOCKER_GROUPS.has(argv[1] ?? '');
    const sub = two ? `${argv[1]} ${argv[2]}` : (argv[1] ?? '');
    // docker's flag values (-f in `docker rm -f`) are booleans here but -f is a filter in prune: keep to removal.
    if (!DOCKER_SUBCOMMANDS.has(sub)) return null;
    return [{ ...DOCKER_REMOVE, takes: sub.endsWith('prune') ? 't' : DOCKER_REMOVE.takes.replace('f', '') }, two ? 3 : 2];
  }
  return TOOLS[name] ? [TOOLS[name]!, 1] : null;
}

/** Words up to a `--`, each an option (with its value), or an operand. */
function split(argv: string[], c: Convention, from: number): { options: string[][]; operands: string[]; tail: string[] } | null {
  const options: string[][] = [];
  const operands: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') return { options, operands, tail: argv.slice(i) };
    if (/^-[A-Za-z]/.test(w) && !w.startsWith('--')) {
      const last = w[w.length - 1]!;
      if (w.length === 2 && c.takes.includes(last)) {
        if (i + 1 >= argv.length) return null;
        options.push([w, argv[++i]!]);
      } else options.push([w]);
    } else if (w.startsWith('--') && !w.includes('=') && c.longTakes?.some((l) => l.startsWith(w))) {
      if (i + 1 >= argv.length) return null;
      options.push([w, argv[++i]!]);
    } else if (w.startsWith('--')) options.push([w]);
    else operands.push(w);
  }
  return { options, operands, tail: [] };
}

const letters = (w: string): string[] | null => (/^-[A-Za-z]{2,}$/.test(w) ? [...w.slice(1)].map((l) => `-${l}`) : null);

/**
 * The words with each of the tool's own words (up to a `--`) given to `respell`, which returns
 * their new spelling or null to keep them; null when nothing changed.
 */
function respelled(argv: string[], respell: (word: string, c: Convention, from: number) => string[] | null): string[] | null {
  const cv = conventionOf(argv);
  if (!cv) return null;
  const [c, from] = cv;
  let changed = false;
  const out = argv.slice(0, from);
  for (let i = from; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') return changed ? [...out, ...argv.slice(i)] : null;
    const again = respell(w, c, from);
    changed ||= again !== null;
    out.push(...(again ?? [w]));
  }
  return changed ? out : null;
}

const SPELLINGS: Record<string, Spelling> = {
  // -rf is -r -f; a letter that takes a value must stay last, with what follows it.
  'split clusters': (argv) =>
    respelled(argv, (w, c) => {
      const ls = letters(w);
      return ls && !ls.slice(0, -1).some((l) => c.takes.includes(l[1]!)) ? ls : null;
    }),
  // -r -f is -rf
  'cluster flags': (argv) => {
    const cv = conventionOf(argv);
    if (!cv) return null;
    const [c, from] = cv;
    const s = split(argv, c, from);
    if (!s) return null;
    const single = s.options.filter((o) => o.length === 1 && /^-[A-Za-z]$/.test(o[0]!) && !c.takes.includes(o[0]![1]!));
    if (single.length < 2) return null;
    const rest = s.options.filter((o) => !single.includes(o));
    return [...argv.slice(0, from), `-${single.map((o) => o[0]![1]).join('')}`, ...rest.flat(), ...s.operands, ...s.tail];
  },
  // -r is --recursive
  'long options': (argv) =>
    respelled(argv, (w, c) => {
      const ls = /^-[A-Za-z]+$/.test(w) ? [...w.slice(1)].map((l) => `-${l}`) : null;
      return ls?.every((l) => c.long[l]) ? ls.map((l) => c.long[l]!) : null;
    }),
  // --recursive is --recurs (GNU getopt and git take a unique prefix)
  'abbreviated long options': (argv) =>
    respelled(argv, (w, _c, from) => {
      const known = argv[0] === 'git' ? gitLongOptions(argv[from - 1]!) : gnuLongOptions(argv[0]!);
      if (!known || !w.startsWith('--')) return null;
      const eq = w.indexOf('=');
      const name = eq < 0 ? w : w.slice(0, eq);
      const short = shortestUnique(name, known);
      return short && short !== name ? [short + (eq < 0 ? '' : w.slice(eq))] : null;
    }),
  // rm -rf x is rm x -rf
  'options after operands': (argv) => {
    const cv = conventionOf(argv);
    if (!cv || !cv[0].permutes) return null;
    const [c, from] = cv;
    const s = split(argv, c, from);
    if (!s || s.options.length === 0 || s.operands.length === 0 || s.tail.length > 0) return null;
    return [...argv.slice(0, from), ...s.operands, ...s.options.flat()];
  },
  // rm -rf x is rm -rf -- x
  'end of options': (argv) => {
    const cv = conventionOf(argv);
    if (!cv || !cv[0].dashDash) return null;
    const [c, from] = cv;
    const s = split(argv, c, from);
    if (!s || s.operands.length === 0 || s.tail.length > 0 || s.operands.some((o) => o.startsWith('-'))) return null;
    return [...argv.slice(0, from), ...s.options.flat(), '--', ...s.operands];
  },
};

function gitLongOptions(sub: string): string[] | null {
  const listed = Object.hasOwn(GIT_LONG_OPTIONS, sub) ? GIT_LONG_OPTIONS[sub]! : null;
  return listed ? listed.split(' ') : null;
}

/** The shortest prefix of a long option that no other option of the tool starts with. */
function shortestUnique(name: string, options: readonly string[]): string | null {
  if (!options.includes(name)) return null;
  for (let n = 3; n < name.length; n++) {
    const p = name.slice(0, n);
    // git also knows every option's --no- form.
    if (options.filter((o) => o.startsWith(p)).length === 1 && !options.some((o) => `--no-${o.slice(2)}`.startsWith(p))) return p;
  }
  return null;
}

/** A wrapper or a path in front of the name: the same program runs. */
function wrapped(argv: string[], how: number): string[] | null {
  if (BUILTINS.has(argv[0]!)) return null;
  if (how < WRAPPERS.length) return [...WRAPPERS[how]!.split(' '), ...argv];
  return [`/usr/bin/${argv[0]}`, ...argv.slice(1)];
}

/** The examples that are one plain command: words only, no pipes, redirects, assignments or wrappers. */
function plainExamples(): Array<{ rule: string; argv: string[] }> {
  const out: Array<{ rule: string; argv: string[] }> = [];
  for (const [rule, ex] of Object.entries(catalogueData().examples)) {
    for (const e of ex.match) {
      const command = typeof e === 'string' ? e : e.command;
      const parsed = parseCommandLine(command);
      if (parsed.commands.length !== 1 || parsed.issues.length > 0) continue;
      const c = parsed.commands[0]!;
      if (c.wrappers.length > 0 || c.assignments.length > 0 || c.redirects.length > 0 || c.upstream || c.dynamicName) continue;
      if (c.args.some((a) => a.dynamic || a.glob || a.home)) continue;
      out.push({ rule, argv: [c.name, ...c.args.map((a) => a.text)] });
    }
  }
  return out;
}

const engine = testEngine();
const severityOf = (argv: string[]): string => String(engine.assess(argv.map(shellWord).join(' '), { context: EXAMPLE_CONTEXT }).severity);

describe('equivalent spellings are rated alike', () => {
  const examples = plainExamples();

  test('there are enough plain examples to say something', () => {
    assert.ok(examples.length > 500, `${examples.length} plain examples`);
  });

  for (const [name, spell] of Object.entries(SPELLINGS)) {
    test(name, () => {
      const differ: string[] = [];
      let tried = 0;
      for (const { rule, argv } of examples) {
        const other = spell(argv);
        if (!other) continue;
        tried++;
        const [a, b] = [severityOf(argv), severityOf(other)];
        if (a !== b) differ.push(`  ${rule}: ${argv.join(' ')} → ${a}, but ${other.join(' ')} → ${b}`);
      }
      assert.ok(tried >= 10, `the spelling applied to only ${tried} examples: the conventions cover too little`);
      assert.equal(differ.length, 0, `${differ.length} of ${tried} spellings rated differently:\n${differ.join('\n')}`);
    });
  }

  test('a wrapper or a full path in front of the name', () => {
    const differ: string[] = [];
    for (const { rule, argv } of examples) {
      for (let how = 0; how <= WRAPPERS.length; how++) {
        const other = wrapped(argv, how);
        if (!other) continue;
        const [a, b] = [severityOf(argv), severityOf(other)];
        if (a !== b) differ.push(`  ${rule}: ${argv.join(' ')} → ${a}, but ${other.join(' ')} → ${b}`);
      }
    }
    assert.equal(differ.length, 0, `${differ.length} wrapped spellings rated differently:\n${differ.slice(0, 40).join('\n')}`);
  });

  test('any combination of spellings (fast-check): the same severity and the same rules', () => {
    const names = Object.keys(SPELLINGS);
    // Only examples some spelling applies to, and only combinations that change the words.
    const spellable = examples.filter(({ argv }) => names.some((n) => SPELLINGS[n]!(argv) !== null));
    assert.ok(spellable.length >= 200, `${spellable.length} examples have a respelling`);
    const rulesOf = (argv: string[]): string =>
      engine
        .assess(argv.map(shellWord).join(' '), { context: EXAMPLE_CONTEXT })
        .matched_rules.map((r) => r.id)
        .sort()
        .join(' ');
    fc.assert(
      fc.property(
        fc.constantFrom(...spellable),
        fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -1, max: WRAPPERS.length }),
        ({ argv }, steps, how) => {
          let spelled = argv;
          for (const s of steps) spelled = SPELLINGS[s]!(spelled) ?? spelled;
          if (how >= 0) spelled = wrapped(spelled, how) ?? spelled;
          fc.pre(spelled.join('\0') !== argv.join('\0'));
          assert.equal(severityOf(spelled), severityOf(argv), `${argv.join(' ')} spelled ${spelled.join(' ')}`);
          assert.equal(rulesOf(spelled), rulesOf(argv), `${argv.join(' ')} spelled ${spelled.join(' ')}: other rules`);
        },
      ),
      { numRuns: 3000, seed: 20261125 },
    );
  });
});
