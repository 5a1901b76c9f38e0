// The second pass: a candidate rule's predicates and target table, tested on the parsed
// arguments of the command with the path context of where it runs.

import { atLeast, maxSeverity } from '../core/severity.js';
import type { BlastScope, Severity } from '../core/contracts.js';
import { parseArgs, isTruncatingRedirect, type ParsedArgs } from '../catalogue/args.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { CompiledRule, Predicate, TargetSpec } from '../catalogue/rule-format.js';
import { statSync } from 'node:fs';
import { posix } from 'node:path';
import { classifyPath, type PathClass, type PathContext } from '../context/context.js';
import type { Arg, NormalisedCommand } from '../shell/index.js';
import { literalArg } from '../shell/arg.js';
import { withoutTrailingSlashes } from '../core/trailing-slash.js';

interface TargetHit {
  arg: Arg;
  cls: PathClass;
  path: string;
  severity: Severity;
}

export interface RuleMatch {
  rule: CompiledRule;
  command: NormalisedCommand;
  parsed: ParsedArgs;
  severity: Severity;
  /** Targets that counted, worst first. */
  targets: TargetHit[];
  scope: BlastScope | null;
}

const asList = (v: string | string[]): string[] => (Array.isArray(v) ? v : [v]);

/**
 * `--force=false`, `--dry-run=0`, `-n=f`, `--interactive=never`: an on/off flag written out as
 * off (Go's flag package takes 0, f, F, false…; GNU rm never and none).
 */
const OFF = /^(false|f|0|no|n|off|never|none)$/i;

/**
 * A flag is given when the last of the options named (they are one flag's spellings: -n,
 * --dry-run) does not turn it off: `--dry-run --dry-run=false`, `-n --dry-run=0` and
 * `--dry-run --no-dry-run` run for real. An option that takes a value is given whatever its
 * value (`kubectl delete -f off`).
 */
function hasFlag(parsed: ParsedArgs, names: string[]): boolean {
  // git's --no-dry-run after --dry-run (and any --no-X after --X) turns it off again.
  const negated = (o: { name: string }): boolean => o.name.startsWith('--no-') && names.includes(`--${o.name.slice(5)}`);
  const last = parsed.options.findLast((o) => names.includes(o.name) || negated(o));
  return last !== undefined && !negated(last) && (last.valued || !OFF.test(last.value ?? ''));
}

/** A dry run is what the last of its options says: `--dry-run=client --dry-run=none` runs for real. */
const DRY_RUN = /dry-?run/;

function flagValues(parsed: ParsedArgs, names: string[]): string[] {
  const out: string[] = [];
  // A flag given bare (--dry-run) is tested as the empty value, so a rule can tell it from --dry-run=none.
  for (const o of parsed.options) if (names.includes(o.name)) out.push(o.value ?? '');
  if (out.length > 1 && names.some((n) => DRY_RUN.test(n))) return out.slice(-1);
  return out;
}

function holds(p: Predicate, cmd: NormalisedCommand, parsed: ParsedArgs, cat: Catalogue, ctx: PathContext): boolean {
  if ('flag' in p) return hasFlag(parsed, asList(p.flag));
  if ('flag_value' in p) {
    const re = cat.regex(p.flag_value.value);
    return flagValues(parsed, asList(p.flag_value.flag)).some((v) => re.test(v));
  }
  if ('positional' in p) {
    const a = parsed.positionals.at(p.positional.index);
    return a !== undefined && cat.regex(p.positional.value).test(a.text);
  }
  if ('any_positional' in p) {
    const re = cat.regex(p.any_positional.value);
    return parsed.positionals.slice(p.any_positional.from ?? 0).some((a) => re.test(a.text));
  }
  if ('positional_count' in p) {
    const n = parsed.positionals.length;
    return n >= (p.positional_count.min ?? 0) && n <= (p.positional_count.max ?? Infinity);
  }
  if ('redirect' in p) {
    const classes = p.redirect.class;
    return cmd.redirects.some((r) => isTruncatingRedirect(r) && hasClass(classifyPath(r.target, ctx, cmd.cwd), classes));
  }
  if ('code_from' in p) return cmd.codeSource !== null && p.code_from.includes(cmd.codeSource);
  if ('stdin_from' in p) return stdinFrom(p.stdin_from, cmd, cat, ctx);
  if ('assignment' in p) {
    const name = cat.regex(p.assignment.name);
    const value = p.assignment.value !== undefined ? cat.regex(p.assignment.value) : null;
    return cmd.assignments.some((a) => name.test(a.name) && (value === null || value.test(a.value.text)));
  }
  return false;
}

/** Whether a pipeline stage feeding `cmd` (up to four back), or a `< FILE` read as cat, fits the spec. */
function stdinFrom(spec: { command: string[]; class?: PathClass[]; arg?: string }, cmd: NormalisedCommand, cat: Catalogue, ctx: PathContext): boolean {
  const fits = (name: string, positionals: Arg[], cwd: Arg | null): boolean => {
    if (!spec.command.includes(name)) return false;
    if (!spec.class && !spec.arg) return true;
    const re = spec.arg ? cat.regex(spec.arg) : null;
    return positionals.some((a) => (spec.class ? hasClass(classifyPath(a, ctx, cwd), spec.class) : false) || (re?.test(a.text) ?? false));
  };
  const fromFile = (c: NormalisedCommand): boolean => c.redirects.some((r) => r.op === '<' && (r.fd === null || r.fd === 0) && fits('cat', [r.target], c.cwd));
  if (fromFile(cmd)) return true;
  let up = cmd.upstream;
  for (let i = 0; up && i < 4; i++, up = up.upstream) {
    if (fits(up.name, parseArgs(up.args, cat.specFor(up.name)).positionals, up.cwd) || fromFile(up)) return true;
  }
  return false;
}

/** The words a target spec points at. */
function selectTargets(spec: TargetSpec, cmd: NormalisedCommand, parsed: ParsedArgs, ctx?: PathContext): Arg[] {
  const words = spec.select === 'destinations' ? destinations(cmd, parsed, ctx) : selectWords(spec, cmd, parsed);
  const marker = spec.after;
  if (!marker) return words;
  // curl -d @file, -F key=@file: only words with the marker, and the file after it.
  return words.flatMap((a) => {
    const at = a.text.indexOf(marker);
    if (at < 0) return [];
    let text = a.text.slice(at + marker.length);
    // @$HOME/.aws/credentials: the shell expands HOME after the marker too.
    const viaHome = /^\$(HOME\b|\{HOME\})/.exec(text);
    if (viaHome) text = '~' + text.slice(viaHome[0].length);
    const home = text.startsWith('~') && (!a.quoted || !!viaHome);
    return text ? [{ ...a, text, home, dynamic: viaHome ? false : a.dynamic }] : [];
  });
}

/** cp, mv, install and ln's -t DIR: every operand is then a source. */
const targetDirectory = (parsed: ParsedArgs): ParsedArgs['options'][number] | undefined =>
  parsed.options.find((o) => (o.name === '-t' || o.name === '--target-directory') && o.value !== null);

/**
 * Where cp, mv, install or ln put what they copy: the directory -t names, or the last
 * operand; and when that is a directory (it exists as one, ends in /, or -t named it), each
 * source's own name inside it, since that is the file that is written (cp -r /x/.claude ~).
 */
function destinations(cmd: NormalisedCommand, parsed: ParsedArgs, ctx: PathContext | undefined): Arg[] {
  const t = targetDirectory(parsed);
  const dir = t
    ? { ...cmd.args[t.index]!, text: t.value!, home: t.value!.startsWith('~') }
    : parsed.positionals.length >= 2
      ? parsed.positionals[parsed.positionals.length - 1]!
      : null;
  if (!dir) return [];
  const sources = t ? parsed.positionals : parsed.positionals.slice(0, -1);
  let isDir = !!t || dir.text.endsWith('/');
  if (!isDir && ctx && !dir.dynamic) {
    try {
      isDir = statSync(classifyPath(dir, ctx, cmd.cwd).path).isDirectory();
    } catch {
      /* not there: a file name */
    }
  }
  if (!isDir) return [dir];
  const inside = sources
    .filter((s) => !s.dynamic)
    .map((s) => {
      const name = posix.basename(withoutTrailingSlashes(s.text));
      return { ...dir, text: withoutTrailingSlashes(dir.text) + '/' + name, glob: dir.glob || s.glob };
    })
    .filter((a) => !a.text.endsWith('/.') && !a.text.endsWith('/..'));
  // The directory itself counts only when what lands in it cannot be named: a source's
  // contents (src/., rsync's src/), a glob, a variable. cp notes.txt ~/ writes ~/notes.txt and nothing else.
  const unnamed = inside.length < sources.length || sources.some((s) => s.glob || (cmd.name === 'rsync' && s.text.endsWith('/')));
  return unnamed ? [dir, ...inside] : inside;
}

function selectWords(spec: TargetSpec, cmd: NormalisedCommand, parsed: ParsedArgs): Arg[] {
  switch (spec.select) {
    case 'destinations':
      return [];
    case 'sources':
      return targetDirectory(parsed) ? parsed.positionals : parsed.positionals.slice(0, -1);
    case 'positionals':
      return parsed.positionals.slice(spec.from ?? 0);
    case 'last_positional': {
      const last = parsed.positionals[parsed.positionals.length - 1];
      return last && parsed.positionals.length > (spec.from ?? 0) ? [last] : [];
    }
    case 'leading_operands': {
      const out: Arg[] = [];
      let i = 0;
      // find's own -H -L -P come before its paths.
      while (i < cmd.args.length && /^-[HLPO]/.test(cmd.args[i]!.text) && cmd.args[i]!.text.length <= 3) i++;
      for (; i < cmd.args.length; i++) {
        const a = cmd.args[i]!;
        if (!a.dynamic && /^[-(!)]/.test(a.text) && a.text !== '-') break;
        out.push(a);
      }
      // With no path given, find searches the current directory.
      if (out.length === 0 && (spec.from ?? 0) === 0) out.push(literalArg('.'));
      return out.slice(spec.from ?? 0);
    }
    case 'key_value': {
      const prefix = `${spec.key}=`;
      return cmd.args.filter((a) => a.text.startsWith(prefix)).map((a) => ({ ...a, text: a.text.slice(prefix.length), home: a.text.startsWith(prefix + '~') }));
    }
    case 'option_value': {
      const names = spec.options ?? [];
      return parsed.options
        .filter((o) => names.includes(o.name) && o.value !== null)
        .map((o) => {
          const a = cmd.args[o.index]!;
          return { ...a, text: o.value!, home: o.value!.startsWith('~') };
        });
    }
    case 'redirects':
      return cmd.redirects.filter((r) => isTruncatingRedirect(r) || (spec.append && (r.op === '>>' || r.op === '&>>'))).map((r) => r.target);
  }
}

function hasClass(c: { cls: PathClass; also?: PathClass[] }, classes: readonly PathClass[]): boolean {
  return classes.includes(c.cls) || (c.also ?? []).some((x) => classes.includes(x));
}

const CLASS_SCOPE: Record<PathClass, BlastScope> = {
  root: 'MACHINE',
  system: 'MACHINE',
  device: 'MACHINE',
  null_device: 'RESOURCE',
  guard_config: 'MACHINE',
  holds_guard: 'MACHINE',
  home: 'MACHINE',
  home_sensitive: 'MACHINE',
  outside_project: 'MACHINE',
  ancestor: 'MACHINE',
  project_root: 'PROJECT',
  git_dir: 'PROJECT',
  project_data: 'PROJECT',
  project: 'PROJECT',
  disposable: 'RESOURCE',
  temp_root: 'MACHINE',
  temp: 'RESOURCE',
  guarded: 'PROJECT',
  unknown: 'MACHINE',
};

/** Classes that are always directories: a plain rm of one only fails ("Is a directory"). */
const DIRECTORY_CLASSES: ReadonlySet<PathClass> = new Set(['root', 'home', 'project_root', 'ancestor', 'temp_root']);
const onlyADirectory = (arg: Arg, cls: PathClass): boolean => !arg.dynamic && (arg.text.endsWith('/') || (!arg.glob && DIRECTORY_CLASSES.has(cls)));

/** Tests one candidate; returns the match with its severity, or null. */
export function matchRule(
  rule: CompiledRule,
  cmd: NormalisedCommand,
  cat: Catalogue,
  ctx: PathContext,
  parsedCache: Map<NormalisedCommand, ParsedArgs>,
): RuleMatch | null {
  if (rule.local && cmd.remote) return null;
  let parsed = parsedCache.get(cmd);
  if (!parsed) {
    parsed = parseArgs(cmd.args, cat.specFor(cmd.name));
    parsedCache.set(cmd, parsed);
  }
  for (const p of rule.when) if (!holds(p, cmd, parsed, cat, ctx)) return null;
  for (const p of rule.unless) if (holds(p, cmd, parsed, cat, ctx)) return null;
  if (!rule.targets) {
    return { rule, command: cmd, parsed, severity: rule.severity ?? 'Medium', targets: [], scope: rule.blast_radius.scope };
  }
  const hits: TargetHit[] = [];
  for (const arg of selectTargets(rule.targets, cmd, parsed, ctx)) {
    const c = classifyPath(arg, ctx, cmd.cwd);
    if (rule.targets.files_only && onlyADirectory(arg, c.cls)) continue;
    // The worst of the path's own class and the classes it has as well.
    let hit: TargetHit | null = null;
    for (const cls of [c.cls, ...(c.also ?? [])]) {
      const sev = rule.targets.severity[cls];
      if (sev && (!hit || !atLeast(hit.severity, sev))) hit = { arg, cls, path: c.path, severity: sev };
    }
    if (hit) hits.push(hit);
  }
  if (hits.length === 0) return null;
  hits.sort((a, b) => (atLeast(a.severity, b.severity) ? (a.severity === b.severity ? 0 : -1) : 1));
  let severity: Severity | null = null;
  for (const h of hits) severity = maxSeverity(severity, h.severity);
  const worst = hits[0]!;
  return { rule, command: cmd, parsed, severity: severity!, targets: hits, scope: rule.blast_radius.scope ?? CLASS_SCOPE[worst.cls] };
}
