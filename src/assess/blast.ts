// The runtime blast radius: what a matched command would destroy here, measured by the
// probe its rule names, within the policy's time budget. A probe that cannot answer in
// time says "at least" or says nothing; it never delays the verdict past the budget.

import { Budget, formatBytes, formatCount } from '../context/probes/budget.js';
import { measureDeletion } from '../context/probes/deletion.js';
import { commitsDropped, stashCount, trackedCount, workingTreeChanges } from '../context/probes/git.js';
import { kubeTargetSentence } from '../context/probes/kube.js';
import { terraformStateSentence } from '../context/probes/terraform.js';
import type { PathContext } from '../context/context.js';
import type { RuleMatch } from './match.js';
import type { NormalisedCommand } from '../shell/index.js';
import { posix } from 'node:path';

const plural = (n: number, one: string, many = one + 's'): string => `${formatCount(n)} ${n === 1 ? one : many}`;

function where(m: RuleMatch, ctx: PathContext): string {
  if (m.targets.length === 0) return '';
  const shown = m.targets.slice(0, 3).map((t) => (t.path.startsWith(ctx.cwd + '/') ? './' + posix.relative(ctx.cwd, t.path) : t.path));
  return ` in ${shown.join(', ')}${m.targets.length > 3 ? ` and ${m.targets.length - 3} more` : ''}`;
}

function deletion(m: RuleMatch, ctx: PathContext, budget: Budget): string | null {
  const paths = m.targets.filter((t) => t.cls !== 'unknown' && t.cls !== 'guarded').map((t) => t.path);
  if (paths.length === 0) return null;
  const size = measureDeletion(paths, budget);
  if (size.missing.length === paths.length) return `Nothing exists at ${paths.slice(0, 3).join(', ')} now.`;
  const atLeast = size.partial ? 'at least ' : '';
  // Inside the project, git may still hold what is deleted.
  const inProject = m.targets.every((t) => t.cls === 'project' || t.cls === 'project_root' || t.cls === 'disposable');
  const tracked = inProject && !size.partial ? trackedCount(ctx.cwd, paths, budget) : null;
  const trackedText = tracked === null ? '' : tracked === 0 ? ', none of them tracked by git' : `, ${formatCount(tracked)} of them tracked by git`;
  return `Deletes ${atLeast}${plural(size.files, 'file')} (${atLeast}${formatBytes(size.bytes)})${where(m, ctx)}${size.partial ? ', counted until the time or size limit' : trackedText}.`;
}

/** Where the command itself runs: after a `cd` earlier in the line, or null when that `cd` goes somewhere unknown. */
function commandDir(m: RuleMatch, ctx: PathContext): string | null {
  const cd = m.command.cwd;
  if (!cd) return ctx.cwd;
  if (cd.dynamic) return null;
  return posix.resolve(ctx.cwd, cd.home ? ctx.home + cd.text.slice(1) : cd.text);
}

/** What the command runs with: the environment, and home for the paths that start at ~. */
interface CommandEnvironment {
  /** Looks a variable up in the environment the command runs with, the line's own assignments included. */
  env: (name: string) => string | undefined;
  home: string;
}

/** The environment of one command: its own `NAME=value` prefix over the line's environment. */
export function commandEnv(c: NormalisedCommand, env: (name: string) => string | undefined): (name: string) => string | undefined {
  if (c.assignments.length === 0) return env;
  return (name) => {
    let own: string | undefined;
    for (const a of c.assignments) if (a.name === name && !a.value.dynamic) own = a.value.text;
    return own ?? env(name);
  };
}

function discard(m: RuleMatch, ctx: PathContext, budget: Budget, untracked: boolean): string | null {
  const dir = commandDir(m, ctx) ?? ctx.cwd;
  const withIgnored = untracked && m.parsed.options.some((o) => o.name === '-x' || o.name === '-X');
  const c = workingTreeChanges(dir, budget, withIgnored);
  if (!c) return null;
  if (untracked) {
    const n = c.untracked + (withIgnored ? c.ignored : 0);
    return n === 0
      ? 'No untracked files would be deleted right now.'
      : `Deletes ${plural(n, 'untracked file')}${withIgnored ? ', ignored ones included' : ''} in this repository.`;
  }
  return c.modified === 0 ? 'No uncommitted changes to tracked files right now.' : `Discards uncommitted changes in ${plural(c.modified, 'tracked file')}.`;
}

function forcePush(m: RuleMatch, ctx: PathContext, budget: Budget): string | null {
  const pos = m.parsed.positionals.map((a) => a.text);
  const remote = pos[1] ?? 'origin';
  const spec = (pos[2] ?? 'HEAD').replace(/^\+/, '');
  const [local, remoteBranch] = spec.includes(':') ? [spec.split(':')[0] || 'HEAD', spec.split(':')[1]!] : [spec, spec === 'HEAD' ? null : spec];
  if (!remoteBranch) return null;
  const n = commitsDropped(ctx.cwd, local, `refs/remotes/${remote}/${remoteBranch.replace(/^refs\/heads\//, '')}`, budget);
  if (n === null) return null;
  return n === 0
    ? `${remote}/${remoteBranch} has no commits that ${local} lacks (as of the last fetch).`
    : `Drops ${plural(n, 'commit')} that ${remote}/${remoteBranch} has and ${local} does not (as of the last fetch).`;
}

/** The probe's sentence for a match, or null when it has none or ran out of time. */
export function probeSentence(m: RuleMatch, ctx: PathContext, budget: Budget, environment: CommandEnvironment): string | null {
  if (budget.expired() || m.command.remote) return null;
  switch (m.rule.blast_radius.probe) {
    case 'deletion':
      return deletion(m, ctx, budget);
    case 'working-tree':
      return discard(m, ctx, budget, false);
    case 'untracked':
      return discard(m, ctx, budget, true);
    case 'force-push':
      return forcePush(m, ctx, budget);
    case 'stash': {
      const n = stashCount(ctx.cwd, budget);
      return n === null ? null : `Deletes ${plural(n, 'stash entry', 'stash entries')}.`;
    }
    case 'kube-target': {
      const cwd = commandDir(m, ctx);
      return cwd === null
        ? null
        : kubeTargetSentence(m.command.name, m.parsed.options, { cwd, home: environment.home, env: commandEnv(m.command, environment.env) });
    }
    case 'terraform-state': {
      const cwd = commandDir(m, ctx);
      return cwd === null ? null : terraformStateSentence(m.command.name, m.parsed.options, { cwd, env: commandEnv(m.command, environment.env) }, budget);
    }
    default:
      return null;
  }
}

export { Budget };
