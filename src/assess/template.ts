// Filling a rule's templates from the command that matched it: the real branch, path or
// namespace, quoted so that the alternative can be run as printed.

import type { Alternative } from '../core/contracts.js';
import { PLACEHOLDER, type AlternativeSpec } from '../catalogue/rule-format.js';
import { own } from '../core/own.js';
import type { Arg } from '../shell/arg.js';
import { quoteArg, quoteText } from '../shell/quote.js';
import type { RuleMatch } from './match.js';

const CLASS_WORDS: Record<string, string> = {
  root: 'the root filesystem',
  system: 'a system directory',
  device: 'a disk device',
  null_device: 'a null device',
  home: 'your home directory',
  home_sensitive: 'credentials or configuration in your home directory',
  outside_project: 'a directory outside this project',
  ancestor: 'a directory that contains this project',
  project_root: 'the whole project',
  git_dir: "the repository's history (.git)",
  project_data: 'a secret or data file of the project that git does not keep',
  project: 'project files',
  disposable: 'build output or a cache',
  guarded: 'a path behind a ${VAR:?} guard',
  temp_root: 'the shared temp directory',
  temp: 'a temp path',
  unknown: 'a path that depends on an unset variable',
};

/**
 * A placeholder's value: shell text for a command a person pastes; in prose (a blast-radius
 * detail), the word as it reads (stash@{0}, not stash\@\{0\}), in double quotes when it
 * holds spaces.
 */
function value(name: string, m: RuleMatch, prose: boolean): string | null {
  const cmd = m.command;
  const text = (t: string): string => (!prose ? quoteText(t) : /\s/.test(t) ? `"${t}"` : t);
  const word = (a: Arg): string => (prose ? text(a.text) : quoteArg(a));
  switch (name) {
    case 'name':
      return cmd.name;
    case 'upstream':
      return cmd.upstream ? [cmd.upstream.name, ...cmd.upstream.args.map(quoteArg)].join(' ') : null;
    case 'command':
      return [cmd.name, ...cmd.args.map(quoteArg)].join(' ');
    case 'args':
      return cmd.args.map(quoteArg).join(' ');
    case 'target':
      return m.targets[0] ? word(m.targets[0].arg) : null;
    case 'targets':
      return m.targets.length ? m.targets.map((t) => word(t.arg)).join(' ') : null;
    case 'target_path':
      return m.targets[0]?.path ?? null;
    case 'class':
      return m.targets[0] ? (CLASS_WORDS[m.targets[0].cls] ?? m.targets[0].cls) : null;
  }
  if (name.startsWith('pos')) {
    const a = m.parsed.positionals[Number(name.slice(3))];
    return a ? word(a) : null;
  }
  if (name.startsWith('opt:') || name.startsWith('optflag:')) {
    const names = name.slice(name.indexOf(':') + 1).split(',');
    const o = m.parsed.options.find((x) => names.includes(x.name) && x.value !== null);
    if (!o) return name.startsWith('optflag:') ? '' : null;
    // optflag prints the option as written with its value (-n prod), or nothing at all.
    return name.startsWith('optflag:') ? `${o.name} ${text(o.value!)}` : text(o.value!);
  }
  return null;
}

/**
 * Fills a template; null when a placeholder has neither a value nor a fallback. Prose (a
 * blast-radius detail) is tidied where an empty placeholder left a gap; a command is not,
 * since its spaces are syntax.
 */
export function fill(template: string, m: RuleMatch, prose = false): string | null {
  let missing = false;
  const out = template.replace(PLACEHOLDER, (_all, name: string, fallback: string | undefined) => {
    const v = value(name, m, prose);
    // {optflag:...} is allowed to print nothing: the option was simply not given.
    if (v !== null && (v !== '' || name.startsWith('optflag:'))) return v;
    if (fallback !== undefined) return fallback;
    missing = true;
    return '';
  });
  if (missing) return null;
  const tidy = out.replace(/ {2,}/g, ' ').trim();
  return prose ? tidy.replace(/ ([.,;:)])(?=\s|$)/g, '$1') : tidy;
}

/** Applies replace/remove/add flag edits to the matched command's own words. */
function transform(spec: NonNullable<AlternativeSpec['transform']>, m: RuleMatch, subcommandTool: boolean): string {
  const replace = spec.replace_flags ?? {};
  const remove = new Set(spec.remove_flags ?? []);
  const out: string[] = [];
  const end = m.parsed.endOfOptions;
  m.command.args.forEach((a, i) => {
    const w = a.text;
    if (a.dynamic || (end >= 0 && i >= end) || !w.startsWith('-')) {
      out.push(quoteArg(a));
      return;
    }
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    if (remove.has(name)) return;
    const rep = own(replace, name);
    if (rep !== undefined) {
      out.push(rep + (eq > 0 && rep.startsWith('--') ? w.slice(eq) : ''));
      return;
    }
    if (!w.startsWith('--') && /^-[A-Za-z]{2,}$/.test(w)) {
      // A cluster: take the edited letters out, keep the rest together.
      let kept = '';
      const replaced: string[] = [];
      for (const letter of w.slice(1)) {
        const short = '-' + letter;
        if (remove.has(short)) continue;
        const r = own(replace, short);
        if (r !== undefined) {
          if (!replaced.includes(r)) replaced.push(r);
          continue;
        }
        kept += letter;
      }
      if (kept) out.push('-' + kept);
      out.push(...replaced);
      return;
    }
    out.push(quoteArg(a));
  });
  // Added flags go first, where every tool reads options (BSD tools stop at the first
  // operand); for a tool with subcommands, right after the subcommand.
  const added = (spec.add_flags ?? []).filter((f) => !out.includes(f));
  const sub = m.parsed.positionals[0];
  const afterSub = subcommandTool ? out.findIndex((w) => sub !== undefined && w === quoteArg(sub)) + 1 : 0;
  out.splice(afterSub, 0, ...added);
  return [m.command.name, ...out].join(' ');
}

export function alternativesFor(m: RuleMatch, subcommandTool: boolean): Alternative[] {
  const out: Alternative[] = [];
  for (const spec of m.rule.alternatives) {
    const command = spec.transform ? transform(spec.transform, m, subcommandTool) : spec.command ? fill(spec.command, m) : null;
    // Code that runs elsewhere (ssh host, a container) is fixed there, not here.
    const explanation = m.command.remote ? `On ${m.command.remote}: ${spec.explanation}` : spec.explanation;
    if (command) out.push({ command, explanation, source: `${m.rule.fromConfig ? 'config' : 'catalogue'}:${m.rule.id}` });
  }
  return out;
}

export function blastDetail(m: RuleMatch): string {
  return fill(m.rule.blast_radius.detail, m, true) ?? m.rule.blast_radius.detail.replace(PLACEHOLDER, (_a, _n, fb: string | undefined) => fb ?? 'the target');
}
