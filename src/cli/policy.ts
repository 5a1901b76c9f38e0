// `firebreak policy show|validate|init`: see the effective policy and where each setting
// came from, check config files (with their custom rules' examples), start a project policy.

import { existsSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Engine } from '../assess/engine.js';
import { runExamples } from '../assess/examples.js';
import { loadCatalogue } from '../catalogue/load.js';
import { findProjectRoot } from '../context/context.js';
import { buildPolicy, builtInCatalogue, loadLayers, mergeLoaded } from '../policy/build-policy.js';
import { describePolicy } from '../policy/describe.js';
import { discoverConfig, userConfigDir, type ConfigFileRef } from '../policy/discover.js';
import type { LoadedFile } from '../policy/load.js';
import { formatPolicyProblem, type PolicyProblem } from '../policy/problems.js';
import { resolvePolicy } from '../policy/resolve.js';
import { STARTER_POLICY } from '../policy/starter.js';
import type { Io } from '../terminal/out.js';

const POLICY_HELP = `Usage:
  firebreak policy show [--cwd DIR] [--format text|json]   the effective policy and the source of each setting
  firebreak policy validate [FILE] [--cwd DIR]             check FILE, or every config that applies in DIR
  firebreak policy init [--cwd DIR] [--force]              write a commented starter .firebreak.yaml

Layers, merged in order: built-in defaults; your user config (FIREBREAK_CONFIG, or
~/.config/firebreak/config.yaml, or another cosmiconfig place for 'firebreak' in your home);
then every project policy (.firebreak.yaml, .firebreakrc*, package.json "firebreak") from the
project root down to DIR. A project policy may only tighten; anything that would loosen
is an error. 'validate' also runs the examples of the rules a config defines.
Exit codes: 0 valid, 1 a problem (each printed as FILE:LINE: key: what is wrong; fix: how).
`;

function option(argv: string[], name: string): string | null {
  const i = argv.findIndex((w) => w === name || w.startsWith(name + '='));
  if (i < 0) return null;
  const a = argv[i]!;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[i + 1] ?? '');
}

/** The first word that is neither an option nor an option's value. */
function operand(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--cwd' || a === '--format') {
      i++;
      continue;
    }
    if (!a.startsWith('-')) return a;
  }
  return undefined;
}

const envLookup = (name: string): string | undefined => process.env[name];

function show(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length === 0 ? '(none)' : value.join(', ');
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0 ? '(none)' : JSON.stringify(value);
  return String(value);
}

function printProblems(io: Io, problems: PolicyProblem[]): void {
  for (const p of problems) io.stderr.write(formatPolicyProblem(p) + '\n');
}

/** Runs the examples of the rules config files define, through an engine holding them. */
function exampleFailures(loaded: LoadedFile[], io: Io): number {
  const catalogue = loadCatalogue();
  if ('code' in catalogue) throw new Error(catalogue.message);
  let failed = 0;
  for (const f of loaded) {
    if (f.rules.length === 0) continue;
    const engine = new Engine(catalogue.withRules(f.rules, f.config.commands ?? {}));
    for (const r of f.rules) {
      for (const x of runExamples(engine, r.id, f.examples[r.id]!)) {
        failed++;
        io.stderr.write(
          `${f.ref.path}:${r.source.line}: rules [${r.id}] example ${JSON.stringify(x.command)}: expected ${x.expected}, got ${x.got}; fix: correct the rule or the example\n`,
        );
      }
    }
  }
  return failed;
}

/** Why a file named on the command line cannot be a config (a device, a directory, too large), or null. */
export function unreadable(path: string): string | null {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path);
  } catch {
    return 'no such file';
  }
  if (!st.isFile()) return 'not a regular file';
  if (st.size > 1024 * 1024) return `${st.size.toLocaleString('en-US')} bytes, over the 1 MiB a config or rule file may be`;
  return null;
}

export async function runPolicy(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout.write(POLICY_HELP);
    return sub === undefined ? 1 : 0;
  }
  const cwdArg = option(rest, '--cwd');
  const cwd = resolve(cwdArg || '.');
  if (cwdArg !== null && !(existsSync(cwd) && statSync(cwd).isDirectory())) {
    io.stderr.write(`firebreak policy: --cwd ${cwdArg}: no such directory\n`);
    return 1;
  }
  const home = homedir();
  const hint = join(userConfigDir(envLookup, home), 'config.yaml');

  if (sub === 'show') {
    const out = resolvePolicy({ cwd, home, env: envLookup, stamp: 'policy-show', diskCache: false }, () => ({ buildPolicy }));
    if (!out.ok) {
      printProblems(io, out.problems);
      return 1;
    }
    const settings = describePolicy(out.resolved);
    if (option(rest, '--format') === 'json') {
      io.stdout.write(JSON.stringify({ cwd, files: out.resolved.files, settings }, null, 2) + '\n');
      return 0;
    }
    const scopeOf = new Map(out.resolved.files.map((f) => [f.path, f.scope]));
    const source = (src: string): string => (src === 'default' ? 'default' : `${scopeOf.get(src) ?? 'file'} ${src}`);
    const lines = [
      `Effective policy for ${cwd}`,
      `Config files: ${out.resolved.files.length > 0 ? out.resolved.files.map((f) => `${f.scope} ${f.path}`).join(', ') : '(none; built-in defaults)'}`,
      '',
    ];
    for (const s of settings) lines.push(`${s.setting.padEnd(24)} ${show(s.value).padEnd(48)} ${s.sources.map(source).join(' + ')}`);
    io.stdout.write(lines.join('\n') + '\n');
    return 0;
  }

  if (sub === 'validate') {
    const file = operand(rest);
    let refs: ConfigFileRef[];
    if (file) {
      const path = resolve(file);
      const why = unreadable(path);
      if (why) {
        io.stderr.write(`firebreak policy validate: ${file}: ${why}\n`);
        return 1;
      }
      // A project policy is judged against the user's config it would tighten.
      const project = /^(\.firebreak\.ya?ml|\.firebreakrc(\.json|\.ya?ml)?|firebreakrc(\.json|\.ya?ml)?|package\.json)$/.test(basename(path));
      const user = project ? discoverConfig({ cwd, home, projectRoot: null, env: envLookup }).files.filter((f) => f.scope === 'user') : [];
      refs = [...user, { path, scope: project ? 'project' : 'user', code: /\.(c|m)?[jt]s$/.test(path) }];
    } else {
      const found = discoverConfig({ cwd, home, projectRoot: findProjectRoot(cwd), env: envLookup });
      if (found.problems.length > 0) {
        printProblems(io, found.problems);
        return 1;
      }
      refs = found.files;
      if (refs.length === 0) {
        io.stdout.write(`No config files apply in ${cwd}; the built-in defaults do.\n`);
        return 0;
      }
    }
    const { loaded, problems } = loadLayers(refs);
    const merged = problems.length === 0 ? mergeLoaded(loaded, builtInCatalogue(), hint) : { problems };
    if (merged.problems.length > 0) {
      printProblems(io, merged.problems);
      return 1;
    }
    const failed = exampleFailures(loaded, io);
    if (failed > 0) {
      io.stderr.write(`${failed} rule example(s) failed\n`);
      return 1;
    }
    const rules = loaded.reduce((n, f) => n + f.rules.length, 0);
    for (const f of loaded)
      io.stdout.write(
        `${f.ref.path}: valid (${f.ref.scope} ${f.ref.scope === 'user' ? 'config' : 'policy'}${f.rules.length > 0 ? `, ${f.rules.length} rule(s), examples pass` : ''})\n`,
      );
    if (rules === 0 && loaded.length === 0) io.stdout.write('nothing to validate\n');
    return 0;
  }

  if (sub === 'init') {
    const dir = findProjectRoot(cwd) ?? cwd;
    const target = join(dir, '.firebreak.yaml');
    if (existsSync(target) && !rest.includes('--force')) {
      io.stderr.write(`firebreak policy init: ${target} already exists; edit it, or pass --force to replace it\n`);
      return 1;
    }
    writeFileSync(target, STARTER_POLICY);
    io.stdout.write(`Wrote ${target}. Check it with: firebreak policy validate ${target}\n`);
    return 0;
  }
  io.stderr.write(`firebreak policy: unknown subcommand '${sub}' (show, validate, init)\n`);
  return 1;
}
