// Which cluster and namespace a kubectl, oc or helm command would act on: the flags on the
// command first, then the environment, then the kubeconfig. Files are read, nothing is
// spawned, so the answer costs what reading a kubeconfig costs.

import { posix } from 'node:path';
import type { ParsedOption } from '../../catalogue/args.js';
import { kubeContext, kubeconfigPaths, readKubeconfigs } from '../signals.js';

interface KubeScene {
  /** Where the command runs: relative --kubeconfig and KUBECONFIG entries are taken from here. */
  cwd: string;
  home: string;
  /** The environment the command runs with. */
  env: (name: string) => string | undefined;
}

interface ToolFlags {
  context: string[];
  namespace: string[];
  allNamespaces: string[];
  /** Environment variables the tool reads for the context and namespace (helm's). */
  contextEnv?: string;
  namespaceEnv?: string;
}

const KUBECTL: ToolFlags = { context: ['--context'], namespace: ['-n', '--namespace'], allNamespaces: ['-A', '--all-namespaces'] };
const TOOLS: Record<string, ToolFlags> = {
  kubectl: KUBECTL,
  oc: KUBECTL,
  helm: {
    context: ['--kube-context'],
    namespace: ['-n', '--namespace'],
    allNamespaces: ['-A', '--all-namespaces'],
    contextEnv: 'HELM_KUBECONTEXT',
    namespaceEnv: 'HELM_NAMESPACE',
  },
};

/** The last value given to any of these options (pflag keeps the last), with the name used. */
function lastValue(options: ParsedOption[], names: string[]): { name: string; value: string } | null {
  let found: { name: string; value: string } | null = null;
  for (const o of options) if (names.includes(o.name) && o.value) found = { name: o.name, value: o.value };
  return found;
}

/** A boolean flag given bare or as =true; `-A=false` does not count. */
function isSet(options: ParsedOption[], names: string[]): boolean {
  let on = false;
  for (const o of options) if (names.includes(o.name)) on = o.value === null || /^(?:true|t|1)$/i.test(o.value);
  return on;
}

/** A path as a person would recognise it: under home as ~/..., under cwd as ./..., else absolute. */
function shown(path: string, scene: KubeScene): string {
  if (path === scene.home || path.startsWith(scene.home + '/')) return '~' + path.slice(scene.home.length);
  if (path.startsWith(scene.cwd + '/')) return './' + posix.relative(scene.cwd, path);
  return path;
}

/** What a kube command would act on, or why that cannot be known. */
type KubeTarget =
  | { kind: 'target'; context: string /** A namespace name, or null for every namespace. */; namespace: string | null; why: string[] }
  | { kind: 'missing-kubeconfig'; where: string }
  | { kind: 'no-context'; where: string }
  | { kind: 'undefined-context'; context: string; where: string };

/** Whether a tool's flags are known here (kubectl, oc, helm). */
export function knowsKubeFlags(tool: string): boolean {
  return Object.hasOwn(TOOLS, tool);
}

/** The context and namespace a command names with its own flags, whatever the kubeconfig says (or whether there is one). */
export function namedKubeTarget(tool: string, options: ParsedOption[]): { context: string | null; namespace: string | null } {
  const flags = TOOLS[tool];
  if (!flags) return { context: null, namespace: null };
  return { context: lastValue(options, flags.context)?.value ?? null, namespace: lastValue(options, flags.namespace)?.value ?? null };
}

/** The context and namespace a kubectl, oc or helm command would act on; null without any kubeconfig. */
export function kubeTarget(tool: string, options: ParsedOption[], scene: KubeScene): KubeTarget | null {
  const flags = TOOLS[tool];
  if (!flags) return null;
  const explicitConfig = lastValue(options, ['--kubeconfig']);
  let paths: string[];
  if (explicitConfig) {
    const p = explicitConfig.value;
    paths = [posix.resolve(scene.cwd, p === '~' ? scene.home : p.startsWith('~/') ? scene.home + p.slice(1) : p)];
  } else {
    paths = kubeconfigPaths(scene.env, scene.home, scene.cwd);
  }
  const files = readKubeconfigs(paths);
  const where = paths.length === 1 ? shown(paths[0]!, scene) : 'the files in KUBECONFIG';
  // kubectl stops when --kubeconfig names a file that is not there; KUBECONFIG entries are optional.
  if (explicitConfig && files.length === 0) return { kind: 'missing-kubeconfig', where };
  if (files.length === 0) return null;

  const contextFlag = lastValue(options, flags.context);
  const contextEnv = flags.contextEnv ? scene.env(flags.contextEnv) : undefined;
  const named = contextFlag?.value ?? (contextEnv || undefined);
  const c = kubeContext(files, named);
  if (!c) return { kind: 'no-context', where };
  const file = c.file ? shown(c.file, scene) : where;
  // kubectl refuses a context no file defines, whether named on the line or as current-context.
  if (!c.defined) return { kind: 'undefined-context', context: c.context, where };

  const why: string[] = [named ? `context from ${contextFlag ? contextFlag.name : flags.contextEnv}, defined in ${file}` : `current context in ${file}`];
  const nsFlag = lastValue(options, flags.namespace);
  const nsEnv = flags.namespaceEnv ? scene.env(flags.namespaceEnv) : undefined;
  let namespace: string | null;
  if (isSet(options, flags.allNamespaces)) {
    namespace = null;
  } else if (nsFlag) {
    namespace = nsFlag.value;
    why.push(`namespace from ${nsFlag.name}`);
  } else if (nsEnv) {
    namespace = nsEnv;
    why.push(`namespace from ${flags.namespaceEnv}`);
  } else {
    namespace = c.namespace ?? 'default';
  }
  return { kind: 'target', context: c.context, namespace, why };
}

/** The sentence naming the context and namespace the command would hit, or null when nothing can be said. */
export function kubeTargetSentence(tool: string, options: ParsedOption[], scene: KubeScene): string | null {
  const t = kubeTarget(tool, options, scene);
  if (!t) return null;
  switch (t.kind) {
    case 'missing-kubeconfig':
      return `The kubeconfig ${t.where} does not exist, so the command would fail before reaching a cluster.`;
    case 'no-context':
      return `No current context is set in ${t.where}, so the cluster it would reach is not known.`;
    case 'undefined-context':
      return `Context ${t.context} is not defined in ${t.where}, so the command would fail before reaching a cluster.`;
    case 'target':
      return `Runs against context ${t.context}, ${t.namespace === null ? 'every namespace' : `namespace ${t.namespace}`} (${t.why.join('; ')}).`;
  }
}
