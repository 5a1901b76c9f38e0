// `firebreak shell-helper`: the process a shell plugin starts once per interactive shell and
// talks to on every Enter, so a line costs a write and a read on two FIFOs instead of
// starting Node (about 60 ms). It loads the catalogue once, keeps a workspace (a policy and
// an engine per directory), judges each line for a person (the `human` thresholds of the
// policy in effect where the shell is), and writes what was stopped to the audit log.
//
// It lives as long as its shell: it checks every two seconds that the shell is still there,
// and removes its FIFOs when it goes. Nothing it does may stop a person's shell: a failure
// is an `error` answer, on which the plugin runs the line and says, once, that the guard is
// not working.

import { existsSync, fstatSync, lstatSync, openSync, rmSync, writeSync, constants } from 'node:fs';
import { Socket } from 'node:net';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Decision, FirebreakError, RiskAssessment } from '../core/contracts.js';
import { DEADLINE_PASSED, withinDeadline } from '../core/deadline.js';
import { CONTEXT_ENV_NAMES, currentUid } from '../context/signals.js';
import { currentContainer } from '../context/container.js';
import { parseShell } from '../shell/parser.js';
import { listsRule, type Policy } from '../policy/policy.js';
import { styleFor, type Style } from '../terminal/text.js';
import type { Out } from '../terminal/out.js';
import { appendAudit, type AuditEntry } from '../audit/log.js';
import { Workspace } from '../workspace/workspace.js';
import { isShellName, shellDefinitions, type ShellName } from './definitions.js';
import { fishToSh } from './fish-syntax.js';
import { formatAnswer, RequestReader, type ShellAnswer, type ShellRequest } from './protocol.js';
import { confirmationToken, frictionFor, verdictText } from './verdict.js';

/** Time one line may take to judge; the plugin waits about 1 s in all. */
const JUDGE_MS = 700;
const WATCH_MS = 2000;
/** A helper nobody asked for this long goes (about 50 MB each): the plugin starts another on the next Enter, in about 100 ms. */
const IDLE_MS = 20 * 60 * 1000;
/** Stopped lines whose outcome the shell has not reported yet; past this the oldest is logged as it stands. */
const MAX_PENDING = 64;

const HELP = `Usage: firebreak shell-helper --shell bash|zsh|fish --shell-pid PID --dir DIR

Started by the shell plugin (firebreak init <shell>), one per interactive shell: it reads
lines from DIR/q and answers on DIR/a. Not meant to be run by hand.
`;

interface HelperDeps {
  loadCatalogue(): Catalogue | FirebreakError;
  stamp(catalogue: Catalogue): string;
  env: NodeJS.ProcessEnv;
  home: string;
  cwd: string;
  stderr: Out;
}

interface HelperArgs {
  shell: ShellName;
  shellPid: number;
  dir: string;
}

function parseArgs(argv: string[]): HelperArgs | string {
  let shell: string | undefined;
  let pid: string | undefined;
  let dir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--shell') shell = v;
    else if (a === '--shell-pid') pid = v;
    else if (a === '--dir') dir = v;
    else return `unexpected argument '${a}'`;
    i++;
  }
  if (!isShellName(shell)) return `--shell takes bash, zsh or fish`;
  if (!pid || !/^[1-9]\d{0,9}$/.test(pid)) return '--shell-pid takes the shell’s process id';
  if (!dir?.startsWith('/')) return '--dir takes the absolute path of the plugin’s FIFO directory';
  return { shell, shellPid: Number(pid), dir };
}

/** The FIFO directory must be this user's alone: anyone who could write to q could make a line look approved. */
function privateDir(dir: string): string | null {
  const uid = currentUid();
  try {
    const d = lstatSync(dir);
    if (!d.isDirectory() || (uid !== null && d.uid !== uid) || (d.mode & 0o077) !== 0) return `${dir} is not a directory only this user can open`;
    for (const f of ['q', 'a']) {
      const s = lstatSync(`${dir}/${f}`);
      if (!s.isFIFO() || (uid !== null && s.uid !== uid)) return `${dir}/${f} is not this user's FIFO`;
    }
  } catch (e) {
    return `${dir}: ${(e as Error).message}`;
  }
  return null;
}

export async function runShellHelper(argv: string[], deps: HelperDeps): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    deps.stderr.write(HELP);
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    deps.stderr.write(`firebreak shell-helper: ${args}\n`);
    return 1;
  }
  const unsafe = privateDir(args.dir);
  if (unsafe) {
    deps.stderr.write(`firebreak shell-helper: ${unsafe}\n`);
    return 1;
  }
  const answers = openSync(`${args.dir}/a`, constants.O_RDWR);
  const send = (a: ShellAnswer): void => {
    try {
      writeSync(answers, formatAnswer(a));
    } catch {
      /* the shell is gone; the watch ends this process */
    }
  };
  const catalogue = deps.loadCatalogue();
  const judge = 'code' in catalogue ? null : new ShellJudge(args.shell, args.shellPid, catalogue, deps);
  const broken = 'code' in catalogue ? catalogue.message : null;

  const cleanUp = (): void => {
    judge?.flush();
    rmSync(args.dir, { recursive: true, force: true });
    process.exit(0);
  };
  let lastAsked = Date.now();
  const watch = setInterval(() => {
    if (!existsSync(args.dir) || !alive(args.shellPid) || Date.now() - lastAsked > IDLE_MS) cleanUp();
  }, WATCH_MS);
  watch.unref();
  for (const sig of ['SIGTERM', 'SIGHUP'] as const) process.on(sig, cleanUp);
  // The helper sits in the shell's process group: the keys that interrupt or stop a command
  // typed at the prompt reach it too, and must not end or stop the guard.
  for (const sig of ['SIGINT', 'SIGQUIT', 'SIGTSTP'] as const) process.on(sig, () => undefined);

  const questions = openSync(`${args.dir}/q`, constants.O_RDWR | constants.O_NONBLOCK);
  if (!fstatSync(questions).isFIFO()) return 1;
  const reader = new RequestReader();
  const input = new Socket({ fd: questions, readable: true, writable: false });
  let pending = '';
  input.setEncoding('utf8');
  input.on('data', (chunk: string) => {
    lastAsked = Date.now();
    pending += chunk;
    let nl = pending.indexOf('\n');
    while (nl >= 0) {
      const raw = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      const m = reader.push(raw);
      if (m?.kind === 'check') send(judge ? judge.answer(m.request) : errorAnswer(m.request.id, broken ?? 'the catalogue could not be loaded'));
      else if (m?.kind === 'bad') send(errorAnswer(m.id, m.message));
      else if (m?.kind === 'done') judge?.outcome(m.id, m.ran);
      nl = pending.indexOf('\n');
    }
    // A line that never ends is not kept without bound.
    if (pending.length > 8 * 1024 * 1024) pending = '';
  });
  // Ready: the plugin may be waiting on its first line already.
  send({ id: 'ready', decision: 'allow', friction: 'none', token: '', text: '' });
  await new Promise<void>((resolve) => input.on('close', () => resolve()));
  cleanUp();
  return 0;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errorAnswer = (id: string, message: string): ShellAnswer => ({ id, decision: 'error', friction: 'none', token: '', text: message });

/** Parse issues that mean the line goes on (the shell will read another): not errors yet. */
const GOES_ON = /^(unclosed |unterminated |missing '|here-document not ended)/;

/** Whether the shell would read another line before running this one, and why: a here-document, or something open. */
export function goesOn(line: string): 'heredoc' | 'open' | null {
  // A here-document whose delimiter line has not come yet (the parser sees no body at all before the first newline).
  for (const m of line.matchAll(/(?<!<)<<-?[ \t]*(['"]?)([A-Za-z_][\w]*)\1/g)) {
    const rest = line
      .slice((m.index ?? 0) + m[0].length)
      .split('\n')
      .slice(1);
    if (!rest.some((l) => l.replace(/^\t+/, '') === m[2])) return 'heredoc';
  }
  // A trailing backslash, or a pipe or list operator at the end (a comment after it included).
  if (/(^|[^\\])(\\\\)*\\$|(\||&&|\|\||\|&)[ \t]*(#[^\n]*)?$/.test(line)) return 'open';
  const { issues } = parseShell(line);
  if (issues.length === 0 || !issues.every((i) => GOES_ON.test(i.message))) return null;
  return issues.every((i) => i.message.startsWith('here-document')) ? 'heredoc' : 'open';
}

/** The judging itself, for one shell: the workspace, the person's choices, the outcomes still to log. */
export class ShellJudge {
  private readonly ws: Workspace;
  private readonly style: Style;
  private readonly pending = new Map<string, { entry: AuditEntry; policy: Policy }>();

  constructor(
    private readonly shell: ShellName,
    private readonly shellPid: number,
    catalogue: Catalogue,
    private readonly deps: Omit<HelperDeps, 'loadCatalogue' | 'stamp'> & { stamp(c: Catalogue): string },
  ) {
    this.ws = new Workspace({ catalogue, startDir: deps.cwd, env: deps.env, stamp: deps.stamp(catalogue), home: deps.home });
    this.style = styleFor({ isTTY: true }, deps.env);
  }

  answer(r: ShellRequest): ShellAnswer {
    try {
      return withinDeadline(JUDGE_MS, () => this.judge(r));
    } catch (e) {
      const late = (e as NodeJS.ErrnoException).code === DEADLINE_PASSED;
      return errorAnswer(r.id, late ? `firebreak took over ${JUDGE_MS} ms to judge a line` : `internal error: ${(e as Error).message}`);
    }
  }

  private judge(r: ShellRequest): ShellAnswer {
    const place = this.ws.place(r.cwd || undefined);
    if (!place.ok) return errorAnswer(r.id, place.message);
    const env: NodeJS.ProcessEnv = { ...this.deps.env };
    for (const name of CONTEXT_ENV_NAMES) env[name] = r.env[name];
    const { engine, resolved } = place;
    const policy = resolved.policy;
    // fish's blocks and combiners are said in sh's words first; the person sees their own line.
    const line = this.shell === 'fish' ? fishToSh(r.line) : r.line;
    const opts = {
      cwd: place.cwd,
      env,
      uid: currentUid(),
      container: currentContainer(),
      probe: true,
      audience: 'human' as const,
      shell: shellDefinitions(this.shell, r.aliases, r.functions),
    };
    const { assessment: judged, detail } = engine.assessInDetail(line, opts, true);
    const a = { ...judged, command: r.line };
    let decision = a.decision;
    let shown = a;
    // A line the shell will read more of: judged by what it holds so far, and by the line just
    // typed read alone, not failed for being unfinished. Unless the shell itself reads it as
    // whole, in which case it runs now and is judged as it stands.
    // fish says itself when a line is complete (and only then sends it): an "unfinished" fish line is a translation that went wrong, judged as it stands.
    const unfinished = r.complete || this.shell === 'fish' ? null : goesOn(line);
    const byRules = (x: typeof a): Decision => (x.matched_rules.some((m) => listsRule(policy.deniedRules, m.id)) ? 'deny' : engine.decide(x.severity, 'human'));
    if (unfinished) decision = byRules(a);
    // The line just typed, read alone as well, unless the shell vouches that the earlier lines
    // are still pending (`continued`): after Ctrl-C at a continuation prompt it may hold lines
    // that are not, and run this one as a command of its own.
    let token = detail;
    if (r.part !== '' && !r.continued && decision !== 'deny') {
      const alone = engine.assessInDetail(this.shell === 'fish' ? fishToSh(r.part) : r.part, opts, true);
      const d = byRules(alone.assessment);
      if (d !== 'allow' && (decision === 'allow' || d === 'deny')) {
        decision = d;
        shown = { ...alone.assessment, command: r.line };
        token = alone.detail;
      }
    }
    if (unfinished && decision === 'allow') return { id: r.id, decision: 'more', friction: 'none', token: unfinished, text: '' };
    if (decision === 'allow') return { id: r.id, decision: 'allow', friction: 'none', token: '', text: '' };
    // An unfinished line is not a parse error to the person who is still typing it.
    const labels = unfinished ? shown.context.labels.filter((l) => l !== 'parse-error') : shown.context.labels;
    shown = { ...shown, decision, context: { ...shown.context, labels } };
    this.hold(r, shown, decision, policy);
    return { id: r.id, decision, friction: frictionFor(decision, policy.shell), token: confirmationToken(token), text: verdictText(shown, this.style) };
  }

  /** Keeps a stopped line until the shell says whether the person ran it. */
  private hold(r: ShellRequest, a: Pick<RiskAssessment, 'severity' | 'matched_rules'>, decision: 'ask' | 'deny', policy: Policy): void {
    if (this.pending.size >= MAX_PENDING) {
      const [oldest] = this.pending.keys();
      if (oldest !== undefined) this.outcome(oldest, false);
    }
    const entry: AuditEntry = {
      time: new Date().toISOString(),
      door: 'shell',
      agent: this.shell,
      session: String(this.shellPid),
      cwd: r.cwd,
      tool: null,
      command: r.line,
      decision,
      severity: a.severity,
      rules: a.matched_rules.map((m) => m.id),
      approved: false,
      error: null,
    };
    this.pending.set(r.id, { entry, policy });
  }

  /** What the person chose: the audit line says whether the stopped line ran. */
  outcome(id: string, ran: boolean): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    const problem = appendAudit({ ...p.entry, approved: ran }, p.policy.audit, (k) => this.deps.env[k], this.deps.home);
    if (problem) this.deps.stderr.write(`firebreak shell-helper: the audit log could not be written: ${problem.message}\n`);
  }

  /** Logs what is still waiting for an outcome (the shell went away first). */
  flush(): void {
    for (const id of [...this.pending.keys()]) this.outcome(id, false);
  }
}
