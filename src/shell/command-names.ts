// A command's name as the platform that runs it finds it, and the spellings that put another
// name in front of the tool that runs: RM and git.exe, git-reset, `git -- reset`, k for
// kubectl, microk8s kubectl. Read by normalise.ts before a command's words are judged.

import { own } from '../core/own.js';
import { expandGitAbbreviations } from '../options/git-abbreviations.js';
import type { OptionSpec } from '../options/spec.js';
import { GIT, KUBECTL } from '../options/tools.js';
import { leadingOptions } from '../options/walk.js';
import type { Arg } from './arg.js';

/** What Windows runs a bare name as: `git.exe`, `format.com`, `build.cmd`. */
const WINDOWS_EXECUTABLE = /\.(exe|com|cmd|bat)$/i;

/**
 * The program a command word names, as the platforms that might run it would find it: zsh runs
 * `=rm` as the rm its PATH finds; macOS and Windows find `RM`, `Git` and `git.exe` as rm and git,
 * and a Windows path (`C:\Program Files\Git\bin\git.exe`) separates with backslashes. Judging
 * every spelling as the command some platform runs keeps one danger one verdict; on Linux the
 * odd spellings only fail to run.
 */
export function programName(text: string): string {
  // Most names are already plain (rm, git, kubectl): nothing to take off or lower.
  if (!/[A-Z/\\.=]/.test(text)) return text;
  const path = /^=[\w.+-]/.test(text) ? text.slice(1) : text;
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const bare = base.length > 4 && WINDOWS_EXECUTABLE.test(base) ? base.slice(0, -4) : base;
  return /[A-Z]/.test(bare) ? bare.toLowerCase() : bare;
}

/**
 * `git-reset --hard` is `git reset --hard`: git's own commands live in its exec path as
 * git-<name> (and tools such as git-lfs are found the same way), so either spelling runs the same.
 */
export function gitDashForm(argv: Arg[]): Arg[] {
  const head = argv[0];
  if (!head || head.dynamic) return argv;
  const m = /^git-([a-z][a-z0-9-]*)$/.exec(programName(head.text));
  if (!m) return argv;
  return [{ ...head, text: 'git' }, { ...head, text: m[1]!, quoted: false }, ...argv.slice(1)];
}

/** git's words after its name as git reads them: a `--` ending git's own options dropped, abbreviated long options written out. */
export function gitWords(args: Arg[]): Arg[] {
  return [...expandGitAbbreviations(withoutGitEndOfOptions(args))];
}

/** `git -- reset --hard` is `git reset --hard`: a `--` after git's own options only ends them. */
function withoutGitEndOfOptions(args: Arg[]): Arg[] {
  if (!args.some((a) => a.text === '--')) return args;
  const { operand } = leadingOptions(args, GIT);
  return operand > 0 && args[operand - 1]?.text === '--' && !args[operand - 1]!.dynamic ? [...args.slice(0, operand - 1), ...args.slice(operand)] : args;
}

/**
 * Short names so many people give a tool that a command written with one means the tool:
 * `k delete ns prod` is kubectl's. Only with one of the tool's own verbs after it, so another
 * program called k is left alone.
 */
const COMMON_ALIASES: Record<string, { tool: string; options: OptionSpec; verbs: ReadonlySet<string> }> = {
  k: {
    tool: 'kubectl',
    options: KUBECTL,
    verbs: new Set(
      'get describe delete apply create edit patch replace scale rollout drain cordon uncordon taint label annotate exec logs run expose set autoscale port-forward cp top config'.split(
        ' ',
      ),
    ),
  },
};

/** The tool a common short name stands for with these words after it, or null. The caller knows whether the shell defines the name as something else. */
export function commonAliasOf(name: string, args: readonly Arg[]): string | null {
  const alias = own(COMMON_ALIASES, name);
  // The verb is the first word after the tool's own options (k -n prod delete …).
  const verb = alias ? args[leadingOptions(args, alias.options).operand] : undefined;
  return alias && verb && !verb.dynamic && alias.verbs.has(verb.text) ? alias.tool : null;
}

/** Distributions that ship a tool under their own name: `microk8s kubectl`, `k3s kubectl`, `minikube kubectl --`. */
const DISTRIBUTION_TOOLS: Record<string, string[]> = {
  microk8s: ['kubectl', 'helm', 'helm3', 'ctr'],
  k3s: ['kubectl', 'crictl', 'ctr'],
  minikube: ['kubectl'],
};

export function unwrapDistribution(argv: Arg[], wrappers: string[]): Arg[] {
  const head = argv[0];
  const next = argv[1];
  if (!head || !next || head.dynamic) return argv;
  const name = programName(head.text);
  const tools = own(DISTRIBUTION_TOOLS, name);
  if (!tools?.includes(next.text)) return argv;
  wrappers.push(name);
  const rest = argv.slice(1);
  // minikube passes kubectl's own arguments after --.
  if (name === 'minikube' && rest[1]?.text === '--') rest.splice(1, 1);
  return rest.map((a, i) => (i === 0 && a.text === 'helm3' ? { ...a, text: 'helm' } : a));
}

/** Forks that ship the same command-line tool under their own name: judged as the original. */
const SAME_TOOL: Record<string, string> = { 'valkey-cli': 'redis-cli', 'keydb-cli': 'redis-cli' };

/** The tool a fork's command is (valkey-cli is redis-cli), or the name itself. */
export const sameToolAs = (name: string): string => own(SAME_TOOL, name) ?? name;
