// `firebreak hook <agent>`: the gate an agent calls before each tool call. It reads the
// agent's JSON from stdin, judges the shell command (or the files a file tool would write)
// with the engine and the policy of the directory the tool runs in, writes the verdict to
// the audit log, and answers in the agent's own format.
//
// Every way this can go wrong ends in the policy's failure mode (ask, or deny; deny where
// the agent cannot ask), never in an exit code the agent reads as "hook failed, run it":
// a bad payload, a broken config, an exception, and firebreak's own deadline, which passes
// well before any agent's timeout (the synchronous work runs under a V8 watchdog, so even
// a runaway assessment ends in a verdict).

import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { Decision, FirebreakError, RiskAssessment } from '../core/contracts.js';
import { notAssessed } from '../assess/engine.js';
import { DEADLINE_PASSED, withinDeadline } from '../core/deadline.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { currentUid } from '../context/signals.js';
import { currentContainer } from '../context/container.js';
import { singleQuote } from '../shell/quote.js';
import { Workspace } from '../workspace/workspace.js';
import { resolvePolicy } from '../policy/resolve.js';
import type { Policy } from '../policy/policy.js';
import { appendAudit } from '../audit/log.js';
import type { Out } from '../terminal/out.js';
import type { HookAgent, HookCall, HookReply, HookVerdict } from './agent.js';
import { AGENTS, agentNamed } from './agents/index.js';
import { approvalsDir, offerCode, sweep, takeGrant } from './approvals.js';
import { failureReason, reasonFor } from './reason.js';
import { readInput } from './read-payload.js';

const HOOK_LIMITS = {
  /** Largest payload read: a file tool's payload carries the file's content. */
  maxInputBytes: 16 * 1024 * 1024,
  /** Time for the agent to finish writing the payload. */
  readTimeoutMs: 3000,
  /** From process start to the answer; every agent's timeout as `connect` registers it is 30 s. */
  deadlineMs: 5000,
} as const;

const HOOK_HELP = `Usage:
  firebreak hook <agent>     agent: ${AGENTS.map((a) => a.name).join(', ')}

What an agent runs before each tool call (registered by 'firebreak connect <agent>'): reads the
agent's JSON payload on stdin, judges the shell command or the files a file tool would write,
and answers in that agent's own format: allow (by default, nothing: the agent's own permission
flow decides), ask (where the agent can ask a person), or deny, with a reason for the model.
Anything that goes wrong (a bad payload, a broken config, an internal error, firebreak's own
${HOOK_LIMITS.deadlineMs / 1000} s deadline) gives the policy's failure mode, never a pass.
`;

interface HookDeps {
  loadCatalogue(): Catalogue | FirebreakError;
  stamp(catalogue: Catalogue): string;
  env: NodeJS.ProcessEnv;
  home: string;
  /** Where the hook process runs: the cwd when a payload names none. */
  cwd: string;
  stdout: Out;
  stderr: Out;
}

/** What the audit log and the answer need to know of one decision. */
interface Outcome {
  verdict: HookVerdict;
  decision: Decision;
  assessment: RiskAssessment | null;
  approved: boolean;
  error: string | null;
}

type Env = (name: string) => string | undefined;

export async function runHook(argv: string[], deps: HookDeps): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    deps.stdout.write(HOOK_HELP);
    return 0;
  }
  const agent = name === undefined ? undefined : agentNamed(name);
  if (!agent || rest.length > 0) {
    // No agent format to answer in: exit 2, which Claude Code, Codex, Gemini CLI and Cursor read as a block.
    const what = agent ? `unexpected argument '${rest[0]}'` : name === undefined ? 'no agent named (firebreak hook <agent>)' : `unknown agent '${name}'`;
    deps.stderr.write(`firebreak hook: ${what} (agents: ${AGENTS.map((a) => a.name).join(', ')}); the tool call is blocked\n`);
    return 2;
  }
  let answered = false;
  const answer = (reply: HookReply): number => {
    if (answered) return reply.exitCode;
    answered = true;
    if (reply.stdout) deps.stdout.write(reply.stdout);
    if (reply.stderr) deps.stderr.write(reply.stderr);
    return reply.exitCode;
  };
  let onError: 'ask' | 'deny' = 'ask';
  // The deadline for what runs asynchronously (reading stdin); the synchronous part has its own watchdog.
  const deadline = setTimeout(
    () => {
      process.exitCode = answer(
        failure(
          agent,
          { code: 'deadline', message: `firebreak did not reach a verdict within its ${HOOK_LIMITS.deadlineMs} ms deadline` },
          onError,
          null,
          deps,
        ),
      );
      process.exit();
    },
    Math.max(0, HOOK_LIMITS.deadlineMs - sinceStart()),
  );
  deadline.unref();
  try {
    const input = await readInput(HOOK_LIMITS.maxInputBytes, Math.min(HOOK_LIMITS.readTimeoutMs, Math.max(1, HOOK_LIMITS.deadlineMs - sinceStart())));
    const left = HOOK_LIMITS.deadlineMs - sinceStart();
    const reply = withinDeadline(left, () =>
      decide(agent, input, deps, (m) => {
        onError = m;
      }),
    );
    return answer(reply);
  } catch (e) {
    const timedOut = (e as NodeJS.ErrnoException).code === DEADLINE_PASSED;
    const error = timedOut
      ? { code: 'deadline', message: `firebreak did not reach a verdict within its ${HOOK_LIMITS.deadlineMs} ms deadline` }
      : { code: 'internal', message: `internal error: ${e instanceof Error ? e.message : String(e)}` };
    return answer(failure(agent, error, onError, null, deps));
  } finally {
    clearTimeout(deadline);
  }
}

/** Milliseconds since the process started: what the deadline counts (performance.now() would load perf_hooks). */
function sinceStart(): number {
  return process.uptime() * 1000;
}

function decide(agent: HookAgent, input: Awaited<ReturnType<typeof readInput>>, deps: HookDeps, setOnError: (m: 'ask' | 'deny') => void): HookReply {
  const env: Env = (k) => deps.env[k];
  const fail = (error: FirebreakError, mode: 'ask' | 'deny', read: HookCall | null): HookReply => failure(agent, error, mode, read, deps);
  // Before the payload names a directory, the failure mode is the one the user's config (and
  // the hook's own directory's policy) asks for.
  const earlyMode = (): 'ask' | 'deny' => {
    const catalogue = deps.loadCatalogue();
    if ('code' in catalogue) return 'ask';
    const o = resolvePolicy({ cwd: deps.cwd, home: deps.home, env, stamp: deps.stamp(catalogue) });
    return o.ok ? o.resolved.policy.onError : o.failMode;
  };
  if (!input.ok) return fail({ code: input.code, message: input.message }, earlyMode(), null);
  const payload = parsePayload(input.bytes);
  if (!payload.ok) return fail(payload.error, earlyMode(), null);
  const call = agent.read(payload.value);
  if ('code' in call) return fail(call, earlyMode(), null);
  if (call.call.kind === 'other') return agent.reply({ decision: 'none', reason: '' });

  const cwd = call.cwd === null || call.cwd === '' ? deps.cwd : isAbsolute(call.cwd) ? resolve(call.cwd) : resolve(deps.cwd, call.cwd);
  let isDir = false;
  try {
    isDir = statSync(cwd).isDirectory();
  } catch {
    /* reported below */
  }
  if (!isDir) return fail({ code: 'bad-cwd', message: `the payload's cwd ${cwd} is not a directory` }, earlyMode(), call);

  const catalogue = deps.loadCatalogue();
  if ('code' in catalogue) return fail(catalogue, 'ask', call);
  const ws = new Workspace({ catalogue, startDir: cwd, env: deps.env, stamp: deps.stamp(catalogue), home: deps.home });
  const line = lineOf(call, cwd, deps.home);
  const place = ws.place(cwd);
  if (!place.ok) {
    const mode = place.outcome?.failMode ?? 'ask';
    return finish(
      agent,
      call,
      cwd,
      line,
      outcomeFor(agent, notAssessed(line, mode, { code: place.outcome ? 'config' : 'bad-cwd', message: place.message }), null, DEFAULT_HOOKS),
      deps,
      null,
    );
  }
  const policy = place.resolved.policy;
  setOnError(policy.onError);
  const assessment = place.engine.assess(line, { cwd, env: deps.env, uid: currentUid(), container: currentContainer(), probe: true, audience: 'agent' });
  if (assessment.decision !== 'allow') {
    const grant = takeGrant(approvalsDir(env, deps.home), cwd, line);
    if (grant) {
      const verdict: HookVerdict = { decision: 'allow', reason: `A person approved this command with firebreak allow ${grant.code}.` };
      return finish(agent, call, cwd, line, { verdict, decision: 'allow', assessment, approved: true, error: null }, deps, policy);
    }
  }
  return finish(agent, call, cwd, line, outcomeFor(agent, assessment, cwd, policy.hooks), deps, policy);
}

const DEFAULT_HOOKS: Policy['hooks'] = { explicitAllow: false };

function parsePayload(bytes: Buffer): { ok: true; value: Record<string, unknown> } | { ok: false; error: FirebreakError } {
  const bad = (code: string, message: string): { ok: false; error: FirebreakError } => ({ ok: false, error: { code, message } });
  if (bytes.length === 0) return bad('empty', 'the agent sent an empty payload');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bad('bad-payload', 'the payload is not UTF-8 text');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return bad('bad-payload', `the payload is not JSON (${(e as Error).message.replace(/\s+/g, ' ').slice(0, 120)})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad('bad-payload', 'the payload is not a JSON object');
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The line the engine judges. A file tool's write is the pseudo-command
 * `firebreak-file-write -- PATH...`, judged by the catalogue's rules for it (rules/self.yaml)
 * and by the policy, like any shell command. A path that is (or lies under) a symlink is
 * judged where it leads as well: a link made earlier to a guard file must not let a tool
 * write through it.
 */
export function lineOf(call: HookCall, cwd: string, home: string): string {
  if (call.call.kind === 'shell') return call.call.command;
  if (call.call.kind !== 'write') return '';
  // A tool that expands ~ would write in home; one that does not writes a harmless ./~ : judge the worse.
  const word = (p: string): string => (p === '~' || p.startsWith('~/') ? '~' + (p.length > 1 ? '/' + singleQuote(p.slice(2)) : '') : singleQuote(p));
  const words: string[] = [];
  for (const p of call.call.paths) {
    words.push(word(p));
    const abs = p === '~' || p.startsWith('~/') ? join(home, p.slice(1)) : resolve(cwd, p);
    const real = realTarget(abs);
    if (real !== null && real !== abs) words.push(singleQuote(real));
  }
  return `firebreak-file-write -- ${words.join(' ')}`;
}

/** Where a write to abs lands: the file's real path, or its directory's real path and its name; null when neither exists. */
function realTarget(abs: string): string | null {
  try {
    return realpathSync(abs);
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return null;
    }
  }
}

/** The verdict for an assessment, in terms of what the agent can do; a code is offered with every hold-back. */
function outcomeFor(agent: HookAgent, a: RiskAssessment, cwd: string | null, hooks: Policy['hooks']): Outcome {
  const error = a.matched_rules.length === 0 && a.decision !== 'allow' ? (a.context.labels.find((l) => l.startsWith('error='))?.slice(6) ?? null) : null;
  if (a.decision === 'allow')
    return { verdict: { decision: hooks.explicitAllow ? 'allow' : 'none', reason: '' }, decision: 'allow', assessment: a, approved: false, error };
  const askAsDeny = a.decision === 'ask' && !agent.canAsk;
  const held = a.decision === 'deny' || askAsDeny;
  return {
    verdict: { decision: held ? 'deny' : 'ask', reason: '' },
    decision: held ? 'deny' : 'ask',
    assessment: a,
    approved: false,
    error: cwd === null ? (error ?? 'error') : error,
  };
}

/** Offers the code, writes the reason, the audit line and the answer. */
function finish(
  agent: HookAgent,
  call: HookCall,
  cwd: string,
  line: string,
  o: Outcome,
  deps: Pick<HookDeps, 'env' | 'home' | 'stderr'>,
  policy: Policy | null,
): HookReply {
  const a = o.assessment;
  if (a && o.decision !== 'allow') {
    const dir = approvalsDir((k) => deps.env[k], deps.home);
    // An ask gets a code too: in a headless run nobody answers the prompt, and the agent refuses.
    const code = offerCode(dir, { command: line, cwd, agent: agent.name, rules: a.matched_rules.map((r) => r.id) });
    // Now and then, so the folder of offers stays small without a daemon.
    if (code !== null && Math.random() < 0.05) sweep(dir);
    o.verdict.reason = reasonFor(a, {
      decision: a.decision === 'deny' ? 'deny' : 'ask',
      askAsDeny: a.decision === 'ask' && !agent.canAsk,
      code,
      agentLabel: agent.label,
    });
  }
  audit(agent, call, cwd, line, o, deps, policy);
  return agent.reply(o.verdict);
}

function audit(
  agent: HookAgent,
  call: HookCall | null,
  cwd: string,
  line: string,
  o: Outcome,
  deps: Pick<HookDeps, 'env' | 'home' | 'stderr'>,
  policy: Policy | null,
): void {
  // Before a policy is known (a payload that cannot be read), the default: log it.
  const settings = policy?.audit ?? { enabled: true, file: null, includeAllowed: true };
  const problem = appendAudit(
    {
      time: new Date().toISOString(),
      door: 'hook',
      agent: agent.name,
      session: call?.session ?? null,
      cwd,
      tool: call?.tool ?? null,
      command: call && call.call.kind === 'write' ? `${call.tool} ${call.call.paths.join(' ')}` : line,
      decision: o.decision,
      severity: o.assessment?.severity ?? null,
      rules: o.assessment?.matched_rules.map((r) => r.id) ?? [],
      approved: o.approved,
      error: o.error,
    },
    settings,
    (k) => deps.env[k],
    deps.home,
  );
  // The verdict stands either way: a full disk must turn into neither a pass nor a block.
  if (problem) deps.stderr.write(`firebreak hook: the audit log could not be written: ${problem.message}\n`);
}

/** The failure-mode answer for a call firebreak could not judge, audited like any other. */
function failure(
  agent: HookAgent,
  error: FirebreakError,
  mode: 'ask' | 'deny',
  call: HookCall | null,
  deps: Pick<HookDeps, 'env' | 'home' | 'stderr' | 'cwd'>,
): HookReply {
  const blocked = mode === 'deny' || !agent.canAsk;
  const decision: Decision = blocked ? 'deny' : 'ask';
  const cwd = call?.cwd ?? deps.cwd;
  const line = call ? lineOf(call, cwd, deps.home) : '';
  const code =
    blocked && line
      ? offerCode(
          approvalsDir((k) => deps.env[k], deps.home),
          { command: line, cwd, agent: agent.name, rules: [] },
        )
      : null;
  const verdict: HookVerdict = { decision, reason: failureReason(error.message, { code, blocked }) };
  try {
    audit(agent, call, cwd, line, { verdict, decision, assessment: null, approved: false, error: error.code }, deps, null);
  } catch {
    /* the answer matters more than its log line */
  }
  return agent.reply(verdict);
}
