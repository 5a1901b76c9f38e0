// What the engine reads about a line before deciding: why it fails closed (a parse error,
// a limit), the variables it sets, which clusters its kubectl commands act on, and the
// context signals that hold where it runs, each also written as a label.

import { parseArgs } from '../catalogue/args.js';
import type { CommandSpec } from '../catalogue/rule-format.js';
import type { PathContext } from '../context/context.js';
import { knowsKubeFlags, kubeTarget, namedKubeTarget } from '../context/probes/kube.js';
import { readSignals, type Signals } from '../context/signals.js';
import { own } from '../core/own.js';
import type { SignalName } from '../policy/escalation.js';
import type { Policy } from '../policy/policy.js';
import type { NormalisedCommand } from '../shell/index.js';
import type { ParsedLine } from '../unwrap/index.js';
import { commandEnv } from './blast.js';

/** A variable's value where the line runs. */
export type LineEnv = (name: string) => string | undefined;

const LIMIT_WORDS: Record<string, string> = {
  commands: 'the line holds more simple commands than firebreak assesses',
  nesting: 'code is nested deeper than firebreak follows',
  'nested-size': 'the nested code built from the line is larger than firebreak assesses',
  expansion: 'a variable expands into more text than firebreak follows',
};

/** Labels for what the line is (parse error, limit, sudo, remote) and why it fails closed, if it does. */
export function lineProblems(parsed: ParsedLine): { labels: string[]; problems: string[] } {
  const labels: string[] = [];
  const problems: string[] = [];
  if (parsed.issues.length > 0) {
    labels.push('parse-error');
    problems.push(`the line could not be fully parsed (${parsed.issues[0]!.message})`);
  }
  if (parsed.truncated) {
    labels.push(`limit=${parsed.limit ?? 'commands'}`);
    problems.push(LIMIT_WORDS[parsed.limit ?? 'commands'] ?? 'a limit was reached');
  }
  const label = (l: string): void => {
    if (!labels.includes(l)) labels.push(l);
  };
  for (const c of parsed.commands) {
    for (const w of c.wrappers) if (w === 'sudo' || w === 'doas') label(w);
    if (c.remote) label(`remote=${c.remote}`);
  }
  return { labels, problems };
}

/**
 * The environment the line runs with: variables it sets itself (RAILS_ENV=production rails
 * db:drop, export NODE_ENV=production) over those the door passed. A lookup, not a copy:
 * copying process.env costs more than the whole assessment.
 */
export function lineEnvOf(commands: NormalisedCommand[], given: NodeJS.ProcessEnv | undefined): LineEnv {
  const onLine: Record<string, string> = {};
  for (const c of commands) {
    for (const a of c.assignments) if (!a.value.dynamic) onLine[a.name] = a.value.text;
    if (c.name === 'export' || c.name === 'declare' || c.name === 'typeset') {
      for (const a of c.args) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text);
        if (m && !a.dynamic) onLine[m[1]!] = m[2]!;
      }
    }
  }
  return (name) => own(onLine, name) ?? given?.[name];
}

const KUBE_TOOLS = new Set(['kubectl', 'oc', 'helm', 'kubeadm', 'kustomize', 'k9s', 'kubens', 'kubectx', 'argocd', 'flux']);

/** The context a command switches to: `kubectl config use-context X`, `kubectx X`. */
function contextSwitch(c: NormalisedCommand): string | null {
  const words = c.args.filter((a) => !a.text.startsWith('-')).map((a) => (a.dynamic ? null : a.text));
  if ((c.name === 'kubectl' || c.name === 'oc') && words[0] === 'config' && words[1] === 'use-context') return words[2] ?? null;
  if (c.name === 'kubectx' && words.length === 1 && words[0] !== '-') return words[0] ?? null;
  return null;
}

interface KubeTargets {
  /** Some kube tool whose flags are not known here runs: the current context matters. */
  wantKube: boolean;
  targets: Array<{ context: string; namespace: string | null }>;
}

/**
 * The clusters the line's kube commands act on: the ones their flags name, not only the
 * current context; a context switched earlier on the line (kubectl config use-context prod
 * && kubectl delete ...) is the one later commands use.
 */
function kubeTargetsOf(commands: NormalisedCommand[], ctx: PathContext, env: LineEnv, specFor: (name: string) => CommandSpec | undefined): KubeTargets {
  const out: KubeTargets = { wantKube: false, targets: [] };
  let switchedTo: string | null = null;
  for (const c of commands) {
    if (!KUBE_TOOLS.has(c.name) || c.remote) continue;
    const switched = contextSwitch(c);
    if (switched) {
      switchedTo = switched;
      out.targets.push({ context: switched, namespace: '?' });
      continue;
    }
    if (!knowsKubeFlags(c.name)) {
      out.wantKube = true;
      continue;
    }
    const parsedOptions = parseArgs(c.args, specFor(c.name)).options;
    const options =
      switchedTo && !parsedOptions.some((o) => o.name === '--context' || o.name === '--kube-context')
        ? [...parsedOptions, { name: c.name === 'helm' ? '--kube-context' : '--context', value: switchedTo, index: -1, valued: true }]
        : parsedOptions;
    const t = kubeTarget(c.name, options, { cwd: ctx.cwd, home: ctx.home, env: commandEnv(c, env) });
    if (t?.kind === 'target') {
      out.targets.push({ context: t.context, namespace: t.namespace });
      continue;
    }
    // No kubeconfig here says where it goes, but a context or namespace the command names still says what it means.
    const named = namedKubeTarget(c.name, options);
    if (named.context || named.namespace) out.targets.push({ context: named.context ?? '?', namespace: named.namespace ?? '?' });
  }
  return out;
}

/** The context signals where the line runs (branch, kube, production env, ssh, root, CI). */
export function lineSignals(
  parsed: ParsedLine,
  ctx: PathContext,
  env: LineEnv,
  who: { uid: number | null; container: string | null },
  policy: Policy,
  specFor: (name: string) => CommandSpec | undefined,
): Signals {
  const kube = kubeTargetsOf(parsed.commands, ctx, env, specFor);
  return readSignals(ctx.projectRoot === ctx.home ? null : ctx.projectRoot, {
    protectedBranches: policy.protectedBranches,
    productionPatterns: policy.productionPatterns,
    env,
    uid: who.uid,
    container: who.container,
    home: ctx.home,
    wantKube: kube.wantKube,
    kubeTargets: kube.targets,
  });
}

/** The signals that hold, each also written as a label. */
export function activeSignals(s: Signals, labels: string[]): Set<SignalName> {
  const active = new Set<SignalName>();
  const label = (l: string): void => {
    if (!labels.includes(l)) labels.push(l);
  };
  if (s.git?.branch) label(`branch=${s.git.branch}`);
  if (s.git?.protected) {
    label('branch-protected');
    active.add('protected-branch');
  }
  for (const k of s.kube) label(`kube=${k.context}/${k.namespace}`);
  if (s.kube.some((k) => k.production)) {
    label('kube-production');
    active.add('production-kube');
  }
  if (s.productionEnv) {
    label(`env=${s.productionEnv.slice(s.productionEnv.indexOf('=') + 1)}`);
    active.add('production-env');
  }
  if (s.ssh) {
    label('ssh');
    active.add('ssh');
  }
  if (s.container) label(`container=${s.container}`);
  if (s.root) {
    label('root');
    // Root of a container owns the container, not a machine a person keeps: its own system
    // paths stay as bad as their class says, but being root raises nothing there.
    if (!s.container) active.add('root');
  }
  if (s.ci) {
    label('ci');
    active.add('ci');
  }
  return active;
}
