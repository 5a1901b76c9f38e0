// `firebreak allow CODE`: a person lets one held-back agent command through. It shows the
// exact command and directory the code stands for and asks for a yes on the terminal
// (/dev/tty), because the code reached the person through the agent, and an agent steered
// by a poisoned page could pass off the code of `rm -rf ~` as the one for `npm test`.
// An agent that runs `firebreak allow` itself is stopped before that by its hook
// (self:firebreak-allow), and without a terminal this command refuses anyway.

import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import type { Out } from '../cli/out.js';
import { approvalsDir, findOffer, grant, GRANT_MINUTES, OFFER_MINUTES, sweep, type Offer } from './approvals.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ALLOW_HELP = `Usage:
  firebreak allow CODE     let the command a deny message gave CODE for run once
  firebreak allow --list   the commands waiting for a person's approval

When firebreak stops an agent's command, the message the agent gets carries a six-letter code.
Run 'firebreak allow CODE' in your own terminal: it shows the command and the directory, and
after you answer y the agent's next try of exactly that command, in that directory, runs once,
within ${GRANT_MINUTES} minutes. Codes last ${OFFER_MINUTES} minutes. It needs a terminal: an agent cannot approve
its own commands.
`;

export interface AllowDeps {
  env: NodeJS.ProcessEnv;
  home: string;
  stdout: Out;
  stderr: Out;
  /** Opens the person's terminal; tests give a pseudo-terminal through `script`. */
  tty?: () => { ask(question: string): string | null; close(): void } | null;
}

function ago(ms: number): string {
  const m = Math.round(ms / 60_000);
  return m < 1 ? 'just now' : m === 1 ? '1 minute ago' : `${m} minutes ago`;
}

function describe(o: Offer, now: number): string {
  return `  command: ${o.command}\n  in:      ${o.cwd}\n  agent:   ${o.agent}${o.rules.length > 0 ? `\n  rules:   ${o.rules.join(', ')}` : ''}\n  held:    ${ago(now - o.at)}\n`;
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
      try { n = readSync(fd, buf, 0, buf.length, null); } catch { return null; }
      return n === 0 ? null : buf.subarray(0, n).toString('utf8').trim();
    },
    close() { closeSync(fd); },
  };
}

function listOffers(dir: string, out: Out, now: number): number {
  let names: string[] = [];
  try { names = readdirSync(join(dir, 'offered')).filter((n) => n.endsWith('.json')); } catch { /* none yet */ }
  const offers: Offer[] = [];
  for (const n of names) {
    try {
      const o = JSON.parse(readFileSync(join(dir, 'offered', n), 'utf8')) as Offer;
      if (now - o.at < OFFER_MINUTES * 60_000) offers.push(o);
    } catch { /* a record being written, or not ours */ }
  }
  if (offers.length === 0) { out.write('No command is waiting for approval.\n'); return 0; }
  offers.sort((a, b) => b.at - a.at);
  for (const o of offers) out.write(`${o.code}\n${describe(o, now)}`);
  return 0;
}

export function runAllow(argv: string[], deps: AllowDeps): number {
  const now = Date.now();
  const dir = approvalsDir((k) => deps.env[k], deps.home);
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help') { (first === undefined ? deps.stderr : deps.stdout).write(ALLOW_HELP); return first === undefined ? 1 : 0; }
  if (first === '--list' || first === 'list') return listOffers(dir, deps.stdout, now);
  if (rest.length > 0 || first.startsWith('-')) { deps.stderr.write(`firebreak allow: give one code, as in: firebreak allow K7QMXP (see firebreak allow --help)\n`); return 1; }
  const found = findOffer(dir, first, now);
  if (!found.ok) { deps.stderr.write(`firebreak allow: ${found.message}\n`); return 1; }
  const tty = (deps.tty ?? openTty)();
  if (!tty) {
    deps.stderr.write('firebreak allow: this needs a person at a terminal, and there is none here; run it in your own terminal (an agent cannot approve its own commands)\n');
    return 1;
  }
  let answer: string | null;
  try {
    answer = tty.ask(`firebreak: code ${found.offer.code} lets this run once:\n${describe(found.offer, now)}Allow it once, within ${GRANT_MINUTES} minutes? [y/N] `);
  } finally {
    tty.close();
  }
  if (answer === null || !/^y(es)?$/i.test(answer)) { deps.stdout.write('Not allowed; nothing changed.\n'); return 1; }
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
