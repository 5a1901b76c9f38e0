// A person's way through a deny: the hook offers a short code with the deny, the person
// runs `firebreak allow CODE` in their own terminal, and the same command from the same
// directory is then let through once, within a few minutes.
//
// Under $XDG_STATE_HOME/firebreak/approvals (default ~/.local/state/firebreak/approvals):
//   offered/<key>.json   a code offered with a deny: {code, command, cwd, agent, rules, at}
//   granted/<key>.json   a code a person approved: the same, with `until`
// where <key> is a hash of the cwd and the command, so the hook finds a grant with one
// read that fails when there is none (the common case). The record itself holds the exact
// command and cwd, which are compared: a hash collision grants nothing. A grant is taken by
// renaming it away first, so two hooks racing for one grant cannot both use it.

import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firebreakDirs } from '../context/own-files.js';

/** How long an offered code can be approved. */
export const OFFER_MINUTES = 60;
/** How long an approval waits for the agent to retry. */
export const GRANT_MINUTES = 5;

/** Letters and digits a person reads back without confusion: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE = /^[A-Z2-9]{6}$/;

export interface Offer {
  code: string;
  command: string;
  cwd: string;
  agent: string;
  rules: string[];
  /** When the code was offered (ms since the epoch). */
  at: number;
}

interface Grant extends Offer {
  /** Until when the agent's retry is let through (ms since the epoch). */
  until: number;
}

export function approvalsDir(env: (name: string) => string | undefined, home: string): string {
  return join(firebreakDirs(env, home).state, 'approvals');
}

/** FNV-1a, 64 bits, as hex: a file name, not a secret (the record is compared in full). */
function keyOf(cwd: string, command: string): string {
  let h = 0xcbf29ce484222325n;
  const s = cwd + '\0' + command;
  for (let i = 0; i < s.length; i++) {
    h ^= BigInt(s.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

function newCode(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  let code = '';
  for (const b of bytes) code += ALPHABET[b % ALPHABET.length];
  return code;
}

function readRecord<T>(path: string): T | null {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > 2 * 1024 * 1024) return null;
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

function writeRecord(dir: string, name: string, record: object): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(record) + '\n', { mode: 0o600 });
  renameSync(tmp, join(dir, name));
}

/**
 * The code for a denied command: the one already offered for it while that is fresh (the
 * agent retrying the same command gets the same code), else a new one. Null when the code
 * cannot be stored (a read-only home): the deny stands, without a way through.
 */
export function offerCode(dir: string, offer: Omit<Offer, 'code' | 'at'>, now = Date.now()): string | null {
  const name = keyOf(offer.cwd, offer.command) + '.json';
  const old = readRecord<Offer>(join(dir, 'offered', name));
  if (old && old.command === offer.command && old.cwd === offer.cwd && CODE.test(old.code) && fresh(old, now)) return old.code;
  const record: Offer = { ...offer, code: newCode(), at: now };
  try {
    writeRecord(join(dir, 'offered'), name, record);
    return record.code;
  } catch {
    return null;
  }
}

/** Whether a person granted this command in this directory; a grant found is used up. */
export function takeGrant(dir: string, cwd: string, command: string, now = Date.now()): Grant | null {
  const path = join(dir, 'granted', keyOf(cwd, command) + '.json');
  const found = readRecord<Grant>(path);
  if (!found || found.command !== command || found.cwd !== cwd) return null;
  // Taken by whoever renames it first; the loser finds nothing to rename.
  const taken = `${path}.taken.${process.pid}`;
  try {
    renameSync(path, taken);
  } catch {
    return null;
  }
  try {
    unlinkSync(taken);
  } catch {
    /* already gone */
  }
  return typeof found.until === 'number' && now <= found.until ? found : null;
}

/** Every readable offer on file, fresh or not, with the key it is filed under. */
function offers(dir: string): Array<{ offer: Offer; key: string }> {
  let names: string[];
  try {
    names = readdirSync(join(dir, 'offered')).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const o = readRecord<Offer>(join(dir, 'offered', n));
    return o && typeof o.code === 'string' && typeof o.command === 'string' && typeof o.at === 'number' ? [{ offer: o, key: n.slice(0, -'.json'.length) }] : [];
  });
}

const fresh = (o: Offer, now: number): boolean => now - o.at < OFFER_MINUTES * 60_000;

type FindResult = { ok: true; offer: Offer; key: string } | { ok: false; message: string };

/** The offer a code names, for `firebreak allow`. */
export function findOffer(dir: string, code: string, now = Date.now()): FindResult {
  const wanted = code.trim().toUpperCase().replace(/[-\s]/g, '');
  if (!CODE.test(wanted)) return { ok: false, message: `'${code}' is not a firebreak code (six letters and digits, as in the deny message)` };
  const found = offers(dir).find((f) => f.offer.code === wanted);
  if (!found) return { ok: false, message: `no command is waiting for code ${wanted}; codes last ${OFFER_MINUTES} minutes and each is used once` };
  if (!fresh(found.offer, now))
    return { ok: false, message: `code ${wanted} has expired (codes last ${OFFER_MINUTES} minutes); let the agent try the command again for a new one` };
  return { ok: true, ...found };
}

/** Grants an offer: the agent's next try of the same command in the same directory passes, once. */
export function grant(dir: string, found: { offer: Offer; key: string }, now = Date.now()): Grant {
  const g: Grant = { ...found.offer, until: now + GRANT_MINUTES * 60_000 };
  writeRecord(join(dir, 'granted'), found.key + '.json', g);
  try {
    unlinkSync(join(dir, 'offered', found.key + '.json'));
  } catch {
    /* already gone */
  }
  return g;
}

/** The offers still waiting for a person, newest first. */
export function listOffers(dir: string, now = Date.now()): Offer[] {
  return offers(dir)
    .map((f) => f.offer)
    .filter((o) => fresh(o, now))
    .sort((a, b) => b.at - a.at);
}

/** Drops offers and grants past their time, so the folder does not grow without end. */
export function sweep(dir: string, now = Date.now()): void {
  for (const [sub, age] of [
    ['offered', OFFER_MINUTES],
    ['granted', GRANT_MINUTES],
  ] as const) {
    let names: string[];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      continue;
    }
    for (const n of names) {
      const path = join(dir, sub, n);
      try {
        if (now - statSync(path).mtimeMs > age * 60_000 + 60_000) unlinkSync(path);
      } catch {
        /* gone meanwhile */
      }
    }
  }
}
