// `firebreak allow CODE`: a person lets one held-back agent command through. It shows the
// exact command and directory the code stands for and asks for a yes on the terminal
// (/dev/tty), because the code reached the person through the agent, and an agent steered
// by a poisoned page could pass off the code of `rm -rf ~` as the one for `npm test`.
// An agent that runs `firebreak allow` itself is stopped before that by its hook
// (self:firebreak-allow), and without a terminal this command refuses anyway.

import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import type { Out } from '../terminal/out.js';
import { printable } from '../terminal/text.js';
import { approvalsDir, findOffer, grant, GRANT_MINUTES, listOffers, OFFER_MINUTES, sweep, type Offer } from './approvals.js';

const ALLOW_HELP = `Usage:
  firebreak allow CODE     let the command a deny message gave CODE for run once
  firebreak allow --list   the commands waiting for a person's approval

When firebreak stops an agent's command, the message the agent gets carries a six-letter code.
Run 'firebreak allow CODE' in your own terminal: it shows the command and the directory, and
after you answer y the agent's next try of exactly that command, in that directory, runs once,
within ${GRANT_MINUTES} minutes. Codes last ${OFFER_MINUTES} minutes. It needs a terminal: an agent cannot approve
its own commands.
`;

interface AllowDeps {
  env: NodeJS.ProcessEnv;
  home: string;
  stdout: Out;
  stderr: Out;
  /** Opens the person's terminal; tests give a pseudo-terminal through `script`. */
  tty?: () => { ask(question: string): string | null; close(): void } | null;
  /** The agent this process runs under, if any (env markers, then the process's ancestors). */
  underAgent?: () => string | null;
}

/** Variables the agents set in the shells they run commands in. */
const AGENT_ENV: Array<[string, string]> = [
  ['CLAUDECODE', 'Claude Code'],
  ['CLAUDE_CODE_ENTRYPOINT', 'Claude Code'],
  ['GEMINI_CLI', 'Gemini CLI'],
  ['COPILOT_CLI', 'Copilot CLI'],
  ['CODEX_SANDBOX', 'Codex'],
  ['CODEX_THREAD_ID', 'Codex'],
  ['CURSOR_AGENT', 'Cursor'],
];
/** Agent programs, as a process's name or as a package in its command line. */
const AGENT_PROCESS = /(^|\/)(claude|codex|gemini|copilot|cursor-agent)(\s|$)|@anthropic-ai\/claude-code|@openai\/codex|@google\/gemini-cli|@github\/copilot/;

/**
 * Whether an agent started this process: a marker it sets in its shells' environment, or an
 * agent among the process's ancestors (Linux). Not proof against an agent that clears its
 * environment and detaches (the hook refuses `firebreak allow` in any spelling before that),
 * but a second lock on the same door.
 */
function agentAbove(env: NodeJS.ProcessEnv): string | null {
  for (const [name, label] of AGENT_ENV) if (env[name]) return label;
  if (process.platform !== 'linux') return null;
  let pid = process.ppid;
  for (let depth = 0; depth < 64 && pid > 1; depth++) {
    let stat: string;
    let cmdline: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, 3).join(' ');
    } catch {
      return null;
    }
    const m = AGENT_PROCESS.exec(cmdline);
    if (m) return (m[2] ?? m[0]).replace(/^@[^/]+\//, '');
    // The parent pid is the fourth field, after the name in parentheses (which may hold spaces).
    pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  }
  return null;
}

function ago(ms: number): string {
  const m = Math.round(ms / 60_000);
  return m < 1 ? 'just now' : m === 1 ? '1 minute ago' : `${m} minutes ago`;
}

/** Text shown, never obeyed: control characters, newlines, and the Unicode that reorders or hides text are written out as escapes. */
function shown(t: string): string {
  return printable(t)
    .replace(/\n/g, '\\n')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An offer as the person reads it, so that no command can dress up as another. */
function describe(o: Offer, now: number): string {
  return `  command: ${shown(o.command)}\n  in:      ${shown(o.cwd)}\n  agent:   ${shown(o.agent)}${o.rules.length > 0 ? `\n  rules:   ${shown(o.rules.join(', '))}` : ''}\n  held:    ${ago(now - o.at)}\n`;
}

/** The terminal of the person running this, or null when there is none. */
function openTty(): ReturnType<NonNullable<AllowDeps['tty']>> {
  let fd: number;
  try {
    fd = openSync('/dev/tty', 'r+');
  } catch {
    return null;
  }
  return {
    ask(question) {
      writeSync(fd, question);
      const buf = Buffer.alloc(256);
      let n = 0;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch {
        return null;
      }
      return n === 0 ? null : buf.subarray(0, n).toString('utf8').trim();
    },
    close() {
      closeSync(fd);
    },
  };
}

function printOffers(dir: string, out: Out, now: number): number {
  const offers = listOffers(dir, now);
  if (offers.length === 0) {
    out.write('No command is waiting for approval.\n');
    return 0;
  }
  for (const o of offers) out.write(`${o.code}\n${describe(o, now)}`);
  return 0;
}

export function runAllow(argv: string[], deps: AllowDeps): number {
  const now = Date.now();
  const dir = approvalsDir((k) => deps.env[k], deps.home);
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help') {
    (first === undefined ? deps.stderr : deps.stdout).write(ALLOW_HELP);
    return first === undefined ? 1 : 0;
  }
  if (first === '--list' || first === 'list') return printOffers(dir, deps.stdout, now);
  if (rest.length > 0 || first.startsWith('-')) {
    deps.stderr.write(`firebreak allow: give one code, as in: firebreak allow K7QMXP (see firebreak allow --help)\n`);
    return 1;
  }
  const agent = (deps.underAgent ?? (() => agentAbove(deps.env)))();
  if (agent) {
    deps.stderr.write(`firebreak allow: this runs under ${agent}, and an agent cannot approve its own commands; run it in a terminal of your own\n`);
    return 1;
  }
  const found = findOffer(dir, first, now);
  if (!found.ok) {
    deps.stderr.write(`firebreak allow: ${found.message}\n`);
    return 1;
  }
  const tty = (deps.tty ?? openTty)();
  if (!tty) {
    deps.stderr.write(
      'firebreak allow: this needs a person at a terminal, and there is none here; run it in your own terminal (an agent cannot approve its own commands)\n',
    );
    return 1;
  }
  let answer: string | null;
  try {
    answer = tty.ask(
      `firebreak: code ${found.offer.code} lets this run once:\n${describe(found.offer, now)}Allow it once, within ${GRANT_MINUTES} minutes? [y/N] `,
    );
  } finally {
    tty.close();
  }
  if (answer === null || !/^y(es)?$/i.test(answer)) {
    deps.stdout.write('Not allowed; nothing changed.\n');
    return 1;
  }
  try {
    grant(dir, found, now);
  } catch (e) {
    deps.stderr.write(`firebreak allow: could not record the approval in ${dir}: ${(e as Error).message}\n`);
    return 1;
  }
  sweep(dir, now);
  deps.stdout.write(`Allowed once: the agent's next try of this command in ${found.offer.cwd} runs, if it comes within ${GRANT_MINUTES} minutes.\n`);
  return 0;
}
