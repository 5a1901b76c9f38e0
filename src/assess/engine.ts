// The engine: a command line in, a RiskAssessment out. Every door calls this and only
// renders what it returns.

import { atLeast, maxSeverity, severityRank } from '../core/severity.js';
import type { Alternative, Decision, FirebreakError, MatchedRule, RiskAssessment, RiskLevel, Severity } from '../core/contracts.js';
import { parseArgs, type ParsedArgs } from '../catalogue/args.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { CommandSpec, CompiledRule } from '../catalogue/rule-format.js';
import { detectContext, type PathContext } from '../context/context.js';
import { branchMatches } from '../context/signals.js';
import { DEFAULT_POLICY, listsRule, type Audience, type Policy } from '../policy/policy.js';
import { escalate, levelFor, maxLevel, type SignalName } from '../policy/escalation.js';
import { own } from '../core/own.js';
import type { NormalisedCommand } from '../shell/index.js';
import { parseCommandLine, type ParsedLine } from '../unwrap/index.js';
import type { ShellDefinitions } from '../unwrap/line-state.js';
import { matchRule, type RuleMatch } from './match.js';
import { capDevelopmentDatabases, capMissingDatabaseFiles } from './database-caps.js';
import { alternativesFor, blastDetail } from './template.js';
import { Budget, probeSentence } from './blast.js';
import { activeSignals, type LineEnv, lineEnvOf, lineProblems, lineSignals } from './line-context.js';

export const INPUT_LIMITS = {
  /** Longest command line assessed, in UTF-16 code units (about 1 MiB of ASCII). */
  maxLength: 1024 * 1024,
} as const;

/**
 * Where code sent to another machine or a container runs: its home and working directory
 * are not known, so paths are judged as on a machine with no project on it.
 */
const REMOTE_CONTEXT: PathContext = { cwd: '/home/remote', home: '/home/remote', projectRoot: '/home/remote', tempDirs: ['/tmp', '/var/tmp', '/dev/shm'] };

interface AssessOptions {
  /** Directory the command would run in; defaults to the process's cwd. */
  cwd?: string;
  /** Home directory; defaults to the user's. */
  home?: string;
  /** A ready context (tests, examples); overrides cwd and home. */
  context?: PathContext;
  /**
   * The environment the command would run with (SSH_CONNECTION, NODE_ENV, KUBECONFIG...).
   * Nothing is read from firebreak's own environment unless a door passes it.
   */
  env?: NodeJS.ProcessEnv;
  /** The real uid the command would run as; null when unknown. */
  uid?: number | null;
  /** The container engine the command would run inside (docker, podman, kubernetes…); null on a plain machine or when unknown. */
  container?: string | null;
  /** Measure what matched commands would destroy here (files, changes, commits), within the policy's budget. */
  probe?: boolean;
  /** Whose thresholds decide: an agent's (the default) or a person's at a shell. */
  audience?: Audience;
  /** The aliases and functions the person's shell defines for the line's words (the shell plugins). */
  shell?: ShellDefinitions;
}

/** The tools a command with an unknown name is judged as: those whose danger is in their arguments. */
const UNKNOWN_NAME_STAND_INS = ['rm', 'chmod', 'chown', 'mv', 'find', 'git', 'kubectl', 'docker', 'terraform', 'crontab', 'kill', 'pkill'];

/** Checks a command line before parsing; returns why it cannot be assessed, or null. */
export function checkInput(line: string): FirebreakError | null {
  if (line.trim() === '') return { code: 'empty', message: 'the command is empty; give the command line to check' };
  if (line.includes('\0')) return { code: 'nul-byte', message: 'the command contains a NUL byte, which no shell command line can hold' };
  if (!line.isWellFormed()) return { code: 'invalid-text', message: 'the command is not valid Unicode text' };
  if (line.length > INPUT_LIMITS.maxLength) {
    return {
      code: 'too-long',
      message: `the command is ${line.length.toLocaleString('en-US')} characters, over the limit of ${INPUT_LIMITS.maxLength.toLocaleString('en-US')}; it was not assessed`,
    };
  }
  return null;
}

/** A match's severity step by step: as the rule matched, after the policy's overrides, after context. */
interface MatchSteps {
  matched: Severity;
  byPolicy: Severity;
  /** The context level that raised it ('Normal' when nothing did). */
  level: RiskLevel;
}

export interface AssessmentDetail {
  /** Every simple command found in the line, nested code included. */
  commands: NormalisedCommand[];
  /** Worst first, in the order of `matched_rules`. */
  matches: Array<MatchSteps & { rule: CompiledRule; command: NormalisedCommand; result: MatchedRule }>;
  /** The context signals that hold. */
  signals: SignalName[];
  /** Why the line fails closed, if it does (a parse error, a limit). */
  problems: string[];
}

export class Engine {
  readonly catalogue: Catalogue;
  /** Whether a rule is switched off by the policy (a disabled group, an ignored id); null when none is. */
  private readonly switchedOff: ((rule: CompiledRule) => boolean) | null;

  constructor(
    catalogue: Catalogue,
    readonly policy: Policy = DEFAULT_POLICY,
  ) {
    this.catalogue = catalogue.withRules(policy.customRules, policy.customCommands);
    const { disabledGroups, ignoredRules, deniedRules } = policy;
    this.switchedOff =
      disabledGroups.length === 0 && ignoredRules.length === 0
        ? null
        : // A rule the policy always denies is never switched off by another setting.
          (rule) => (disabledGroups.includes(rule.group) || listsRule(ignoredRules, rule.id)) && !listsRule(deniedRules, rule.id);
  }

  /** Every rule that matches a line, in no particular order, without context or decision; what the examples test. */
  matchLine(line: string, ctx: PathContext, shell?: ShellDefinitions): { parsed: ParsedLine; matches: RuleMatch[] } {
    const parsed = parseCommandLine(line, shell);
    const matches: RuleMatch[] = [];
    const parsedArgs = new Map<NormalisedCommand, ParsedArgs>();
    for (const cmd of parsed.commands) {
      if (asksForHelp(cmd, this.catalogue.specFor(cmd.name))) continue;
      const where = cmd.remote ? REMOTE_CONTEXT : ctx;
      for (const { rule } of this.catalogue.candidates(cmd)) {
        if (this.switchedOff?.(rule)) continue;
        const m = matchRule(rule, cmd, this.catalogue, where, parsedArgs);
        if (m) matches.push(m);
      }
      if (cmd.dynamicName && cmd.args.length > 0) {
        const worst = this.asAnyDangerousTool(cmd, where, parsedArgs);
        if (worst) matches.push(worst);
      }
    }
    return { parsed, matches };
  }

  /**
   * A command whose name the line does not determine (`${v:2} -rf ~`, `$(…) push --force`)
   * is judged as the worst of the tools whose danger is in their arguments, when that is
   * High or worse; arguments that are only dangerous for a tool that destroys whatever it is
   * given (shred, dd) say nothing. With a single argument (`$EDITOR ~/.bashrc`) the name
   * carries most of the danger, so such a match only asks.
   */
  private asAnyDangerousTool(cmd: NormalisedCommand, where: PathContext, parsedArgs: Map<NormalisedCommand, ParsedArgs>): RuleMatch | null {
    let worst: RuleMatch | null = null;
    for (const name of UNKNOWN_NAME_STAND_INS) {
      const as: NormalisedCommand = { ...cmd, name, dynamicName: false };
      for (const { rule } of this.catalogue.candidates(as)) {
        if (this.switchedOff?.(rule)) continue;
        const m = matchRule(rule, as, this.catalogue, where, parsedArgs);
        if (m && (!worst || severityRank(m.severity) > severityRank(worst.severity))) worst = m;
      }
    }
    if (!worst || !atLeast(worst.severity, 'High')) return null;
    if (cmd.args.length === 1) worst.severity = 'Medium';
    return worst;
  }

  /** The alternatives a match offers, built from its command's own words where the rule says so. */
  alternativesOf(m: RuleMatch): Alternative[] {
    return alternativesFor(m, !!this.catalogue.specFor(m.command.name)?.global_options_before_subcommand);
  }

  assess(line: string, opts: AssessOptions = {}): RiskAssessment {
    return this.assessInDetail(line, opts, false).assessment;
  }

  /** The assessment, and how it came about: the simple commands, and each match's severity step by step. */
  assessInDetail(line: string, opts: AssessOptions = {}, withDetail = true): { assessment: RiskAssessment; detail: AssessmentDetail | null } {
    const bad = checkInput(line);
    if (bad) return { assessment: this.failClosed(line, bad), detail: null };
    const ctx = opts.context ?? detectContext(opts.cwd ?? process.cwd(), opts.home);
    const { parsed, matches } = this.matchLine(line, ctx, opts.shell);
    // Kept only when asked for (explain_risk): a plain check allocates nothing for it.
    const steps = withDetail ? new Map<RuleMatch, MatchSteps>() : null;
    const { labels, problems } = lineProblems(parsed);
    const env = lineEnvOf(parsed.commands, opts.env);
    // Before the policy's overrides, so a project that raises a database rule keeps it raised.
    capDevelopmentDatabases(matches, parsed.commands, { line: env, given: opts.env, productionPatterns: this.policy.productionPatterns }, labels);
    if (opts.probe) capMissingDatabaseFiles(matches, parsed.commands, ctx, labels);
    this.applyOverrides(matches, steps);
    const active = activeSignals(
      lineSignals(parsed, ctx, env, { uid: opts.uid ?? null, container: opts.container ?? null }, this.policy, (name) => this.catalogue.specFor(name)),
      labels,
    );
    const riskLevel = this.escalateByContext(matches, active, steps);
    matches.sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || a.command.start - b.command.start);
    const severity: Severity | null = matches[0]?.severity ?? null;
    // A limit that left part of the line unread (commands past the count, code nested past the
    // depth) is a way to hide a command: the line is denied. One that only left a value
    // unknown (expansion) asks like any other failure.
    const unread = parsed.truncated && parsed.limit !== 'expansion';
    const { decision, denied } = this.decision(severity, matches, problems, opts.audience, unread);
    const measured = opts.probe ? this.measure(matches, ctx, env) : new Map<RuleMatch, string>();

    const matched_rules: MatchedRule[] = matches.map((m) => ({
      id: m.rule.id,
      group: m.rule.group,
      description: m.rule.description,
      severity: m.severity,
      segment: m.command.segment,
      blast_radius_scope: m.scope,
      blast_radius_detail: (m.command.remote ? `On ${m.command.remote}: ` : '') + (measured.has(m) ? `${measured.get(m)} ` : '') + blastDetail(m),
    }));
    const worst = matched_rules[0];
    const assessment: RiskAssessment = {
      command: line,
      allowed: decision === 'allow',
      decision,
      // A line denied for what it hides past a limit is rated as what it may hide: High at least.
      severity: unread && decision === 'deny' ? maxSeverity(severity, 'High') : severity,
      risk_level: riskLevel,
      context: { risk_level: riskLevel, labels },
      matched_rules,
      alternatives: this.alternativesOfAll(matches),
      requires_human_approval: decision === 'ask',
      denial_reason: this.reason(decision, worst, problems, denied?.rule.id),
      blast_radius_scope: worst?.blast_radius_scope ?? null,
      blast_radius_detail: worst?.blast_radius_detail ?? null,
    };
    if (!steps) return { assessment, detail: null };
    const detail: AssessmentDetail = {
      commands: parsed.commands,
      matches: matches.map((m, i) => ({ rule: m.rule, command: m.command, result: matched_rules[i]!, ...steps.get(m)! })),
      signals: [...active],
      problems,
    };
    return { assessment, detail };
  }

  /** The policy's severity overrides: `set` replaces a rule's severity, otherwise it only raises it. */
  private applyOverrides(matches: RuleMatch[], steps: Map<RuleMatch, MatchSteps> | null): void {
    for (const m of matches) {
      const matched = m.severity;
      const o = own(this.policy.severityOverrides, m.rule.id);
      if (o) m.severity = o.mode === 'set' || severityRank(o.severity) > severityRank(m.severity) ? o.severity : m.severity;
      steps?.set(m, { matched, byPolicy: m.severity, level: 'Normal' });
    }
  }

  /** Raises each match by the context level its group escalates to; returns the line's risk level. */
  private escalateByContext(matches: RuleMatch[], active: Set<SignalName>, steps: Map<RuleMatch, MatchSteps> | null): RiskLevel {
    let riskLevel: RiskLevel = 'Normal';
    for (const e of this.policy.escalation) if (active.has(e.signal)) riskLevel = maxLevel(riskLevel, e.level);
    // This checkout's branch and this machine's uid say nothing about another machine.
    const remoteActive = matches.some((m) => m.command.remote) ? new Set([...active].filter((sig) => sig !== 'protected-branch' && sig !== 'root')) : active;
    const withoutBranch = active.has('protected-branch') ? new Set([...active].filter((sig) => sig !== 'protected-branch')) : active;
    for (const m of matches) {
      if (!atLeast(m.severity, this.policy.escalateFrom)) continue;
      // The checkout's branch says nothing about a command that names only other branches (git update-ref refs/heads/backup HEAD).
      const elsewhere = active !== withoutBranch && namesOnlyOtherBranches(m.command, this.policy.protectedBranches);
      const level = levelFor(m.rule.group, m.command.remote ? remoteActive : elsewhere ? withoutBranch : active, this.policy.escalation);
      if (level === 'Normal') continue;
      m.severity = escalate(m.severity, level);
      const st = steps?.get(m);
      if (st) st.level = level;
    }
    return riskLevel;
  }

  /** The decision: the audience's thresholds, a rule the policy always denies, and failing closed on a problem. */
  private decision(
    severity: Severity | null,
    matches: RuleMatch[],
    problems: string[],
    audience: Audience | undefined,
    unread: boolean,
  ): { decision: Decision; denied: RuleMatch | undefined } {
    let decision = this.decide(severity, audience);
    const denied = this.policy.deniedRules.length > 0 ? matches.find((m) => listsRule(this.policy.deniedRules, m.rule.id)) : undefined;
    if (denied || unread) decision = 'deny';
    if (problems.length > 0 && decision === 'allow') decision = this.policy.onError;
    if (problems.length > 0 && decision === 'ask' && this.policy.onError === 'deny') decision = 'deny';
    return { decision, denied };
  }

  /** Runtime blast radius, worst match first, while the policy's budget lasts. */
  private measure(matches: RuleMatch[], ctx: PathContext, env: LineEnv): Map<RuleMatch, string> {
    const measured = new Map<RuleMatch, string>();
    const budget = new Budget(this.policy.blastRadiusBudgetMs);
    for (const m of matches) {
      if (budget.expired()) break;
      const sentence = m.rule.blast_radius.probe ? probeSentence(m, ctx, budget, { env, home: ctx.home }) : null;
      if (sentence) measured.set(m, sentence);
    }
    return measured;
  }

  /** Every match's alternatives, worst match first, each command once. */
  private alternativesOfAll(matches: RuleMatch[]): Alternative[] {
    const alternatives: Alternative[] = [];
    const seen = new Set<string>();
    for (const m of matches) {
      for (const a of this.alternativesOf(m)) {
        if (seen.has(a.command)) continue;
        seen.add(a.command);
        alternatives.push(a);
      }
    }
    return alternatives;
  }

  /** The decision the audience's thresholds give a severity. */
  decide(severity: Severity | null, audience: Audience = 'agent'): Decision {
    const t = this.policy.thresholds[audience];
    if (atLeast(severity, t.deny)) return 'deny';
    if (atLeast(severity, t.ask)) return 'ask';
    return 'allow';
  }

  /** A blank line in a stream: nothing runs, so nothing is at risk. */
  nothingToRun(line: string): RiskAssessment {
    return {
      command: line,
      allowed: true,
      decision: 'allow',
      severity: null,
      risk_level: 'Normal',
      context: { risk_level: 'Normal', labels: [] },
      matched_rules: [],
      alternatives: [],
      requires_human_approval: false,
      denial_reason: null,
      blast_radius_scope: null,
      blast_radius_detail: null,
    };
  }

  /** The documented verdict for input that cannot be assessed: the policy's failure mode. */
  failClosed(line: string, error: FirebreakError): RiskAssessment {
    return notAssessed(line, this.policy.onError, error);
  }

  private reason(decision: Decision, worst: MatchedRule | undefined, problems: string[], deniedId?: string): string | null {
    if (decision === 'allow') return null;
    const parts: string[] = [];
    if (deniedId) parts.push(`the policy always denies ${deniedId}.`);
    if (worst) parts.push(`${worst.description} [${worst.id}, ${worst.severity}: ${worst.segment}]`);
    if (problems.length > 0) parts.push(`Fails closed because ${problems.join(' and ')}.`);
    const lead = decision === 'deny' ? 'Denied' : "Needs a human's approval";
    return `${lead}: ${parts.join(' ')}`;
  }
}

/** A git command whose refs/heads/… words all name unprotected branches (and that names at least one). */
function namesOnlyOtherBranches(cmd: NormalisedCommand, protectedBranches: string[]): boolean {
  if (cmd.name !== 'git') return false;
  const refs = cmd.args.filter((a) => !a.dynamic && a.text.startsWith('refs/heads/')).map((a) => a.text.slice('refs/heads/'.length));
  return refs.length > 0 && !refs.some((b) => branchMatches(b, protectedBranches));
}

/**
 * `--help` as an option of its own makes nearly every tool print help and do nothing else.
 * As the value of another option (`git push --force -o --help`, `find -path --help -delete`)
 * it is data, and the command runs: so the words are read with the tool's option spec.
 */
/** git subcommands whose own -h is not help (grep: no file names; ls-remote: heads). */
const GIT_OWN_H = new Set(['grep', 'ls-remote', 'show-ref']);

function asksForHelp(cmd: NormalisedCommand, spec: CommandSpec | undefined): boolean {
  // terraform, go and java tools spell it -help; git prints a subcommand's usage for -h wherever it stands.
  const gitH = cmd.name === 'git' && !cmd.args.some((a) => GIT_OWN_H.has(a.text));
  const isHelp = (t: string | undefined): boolean => t === '--help' || t === '-help' || (gitH && t === '-h');
  if (!cmd.args.some((a) => isHelp(a.text) && !a.dynamic)) return false;
  return parseArgs(cmd.args, spec).options.some((o) => isHelp(cmd.args[o.index]?.text) && !cmd.args[o.index]!.dynamic);
}

/**
 * The verdict for a line that was not assessed, in the failure mode that applies: for input
 * the engine cannot take, and for an agent-facing door whose directory has a config it
 * cannot use (the error is the reason, the mode is the one the config asks for).
 */
export function notAssessed(line: string, decision: 'ask' | 'deny', error: FirebreakError): RiskAssessment {
  return {
    command: line.length > 4096 ? line.slice(0, 4096) + '…' : line,
    allowed: false,
    decision,
    severity: null,
    risk_level: 'Normal',
    context: { risk_level: 'Normal', labels: [`error=${error.code}`] },
    matched_rules: [],
    alternatives: [],
    requires_human_approval: decision === 'ask',
    denial_reason: `Not assessed: ${error.message}.`,
    blast_radius_scope: null,
    blast_radius_detail: null,
  };
}
