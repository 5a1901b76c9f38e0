// `firebreak audit` and `firebreak audit stats`: read the audit log the agent-facing doors
// write (log.ts), rotated files included, oldest first. A line that cannot be read is
// counted and said, never skipped in silence: a log that quietly drops entries is no audit.

import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { Decision } from '../core/contracts.js';
import { BatchedWriter, type Io } from '../terminal/out.js';
import { printable, styleFor } from '../terminal/text.js';
import { buildPolicy } from '../policy/build-policy.js';
import { resolvePolicy } from '../policy/resolve.js';
import { auditFile, type AuditEntry } from './log.js';

type Door = AuditEntry['door'];
const isDoor = (v: unknown): v is Door => v === 'hook' || v === 'mcp' || v === 'shell';

const AUDIT_HELP = `Usage:
  firebreak audit [--since DURATION] [--decision deny|ask|allow] [--agent NAME] [--door hook|mcp|shell]
                  [--format text|json] [--file PATH]
  firebreak audit stats [the same filters]

What the agent-facing doors (the hooks, MCP check_command) and the shell plugins decided, newest last, from the
audit log your user config names (default ~/.local/state/firebreak/audit.jsonl, or under
$XDG_STATE_HOME), its rotated files included.

Options:
  --since DURATION    30m, 2h, 7d, 1w, or a date (2026-11-02, local midnight) or an ISO time
  --decision D        deny, ask or allow (a comma list for several)
  --agent NAME        one agent (claude, codex, gemini, cursor, copilot, ...) or shell (bash, zsh, fish)
  --door hook|mcp|shell   one door
  --format text|json  text for people (default); json prints the entries (stats: one object)
  --file PATH         read this log instead of the configured one
`;

interface AuditArgs {
  stats: boolean;
  since: number | null;
  decisions: Set<Decision> | null;
  agent: string | null;
  door: Door | null;
  format: 'text' | 'json';
  file: string | null;
}

/** Where the reader runs; the tests give their own. */
interface AuditContext {
  cwd: string;
  home: string;
  env: (name: string) => string | undefined;
  now: number;
}

const UNIT_MS: Record<string, number> = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3, w: 7 * 86400e3 };
const DECISIONS: readonly Decision[] = ['allow', 'ask', 'deny'];

/** The time --since names, in ms, or null when it is not a duration or a date. */
function parseSince(v: string, now: number): number | null {
  const dur = /^(\d{1,9})([smhdw])$/.exec(v);
  if (dur) return now - Number(dur[1]) * UNIT_MS[dur[2]!]!;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (day) {
    // A day is the person's own midnight, not UTC's.
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const t = new Date(y, m - 1, d);
    return t.getFullYear() === y && t.getMonth() === m - 1 && t.getDate() === d ? t.getTime() : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(v)) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

function parseArgs(argv: string[], now: number): { ok: true; args: AuditArgs } | { ok: false; message: string } | { ok: 'help' } {
  const args: AuditArgs = { stats: false, since: null, decisions: null, agent: null, door: null, format: 'text', file: null };
  let rest = argv;
  if (rest[0] === 'stats') {
    args.stats = true;
    rest = rest.slice(1);
  }
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '-h' || a === '--help') return { ok: 'help' };
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const value = (): string | null => (eq > 0 ? a.slice(eq + 1) : i + 1 < rest.length ? rest[++i]! : null);
    const shown = (v: string | null): string => (v === null ? 'nothing' : `'${v}'`);
    switch (flag) {
      case '--since': {
        const v = value();
        const t = v === null ? null : parseSince(v, now);
        if (t === null) return { ok: false, message: `--since takes a duration (30m, 2h, 7d, 1w) or a date (2026-11-02), not ${shown(v)}` };
        args.since = t;
        break;
      }
      case '--decision': {
        const v = value();
        const list = v === null ? [] : v.split(',');
        if (list.length === 0 || !list.every((d) => (DECISIONS as readonly string[]).includes(d)))
          return { ok: false, message: `--decision takes deny, ask or allow (or a comma list), not ${shown(v)}` };
        args.decisions = new Set(list as Decision[]);
        break;
      }
      case '--agent': {
        const v = value();
        if (!v) return { ok: false, message: '--agent needs a name, e.g. --agent claude' };
        args.agent = v.toLowerCase();
        break;
      }
      case '--door': {
        const v = value();
        if (!isDoor(v)) return { ok: false, message: `--door takes hook, mcp or shell, not ${shown(v)}` };
        args.door = v;
        break;
      }
      case '--format': {
        const v = value();
        if (v !== 'text' && v !== 'json') return { ok: false, message: `--format takes text or json, not ${shown(v)}` };
        args.format = v;
        break;
      }
      case '--json':
        args.format = 'json';
        break;
      case '--file': {
        const v = value();
        if (!v) return { ok: false, message: '--file needs the path of an audit log' };
        args.file = v;
        break;
      }
      default:
        return {
          ok: false,
          message: a.startsWith('-')
            ? `unknown option '${a}' (see firebreak audit --help)`
            : `unexpected '${a}' (the only subcommand is stats; see firebreak audit --help)`,
        };
    }
  }
  return { ok: true, args };
}

/** The log and its rotated files, oldest first: audit.jsonl.4 ... audit.jsonl.1, audit.jsonl. */
function logFiles(file: string): string[] {
  const slash = file.lastIndexOf('/');
  const dir = slash > 0 ? file.slice(0, slash) : '/';
  const base = file.slice(slash + 1);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const rotated = names
    .filter((name) => name.startsWith(base + '.') && /^\d+$/.test(name.slice(base.length + 1)))
    .map((name) => ({ name, i: Number(name.slice(base.length + 1)) }))
    .sort((a, b) => b.i - a.i)
    .map((x) => `${dir}/${x.name}`);
  return names.includes(base) ? [...rotated, file] : rotated;
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isStrOrNull = (v: unknown): boolean => v === null || v === undefined || typeof v === 'string';

/** One line of the log, or null when it is not an entry this reader can show. */
function parseEntry(text: string): { entry: AuditEntry; ms: number } | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const e = v as Record<string, unknown>;
  const ms = isStr(e.time) ? Date.parse(e.time) : NaN;
  if (Number.isNaN(ms) || !isStr(e.command) || !isStr(e.cwd) || !isDoor(e.door)) return null;
  if (!DECISIONS.includes(e.decision as Decision) || !Array.isArray(e.rules) || !e.rules.every(isStr)) return null;
  if (!isStrOrNull(e.agent) || !isStrOrNull(e.session) || !isStrOrNull(e.tool) || !isStrOrNull(e.severity) || !isStrOrNull(e.error)) return null;
  return { entry: { ...(e as unknown as AuditEntry), agent: (e.agent as string | undefined) ?? null, approved: e.approved === true }, ms };
}

interface Read {
  entries: Array<{ entry: AuditEntry; ms: number }>;
  unreadable: number;
}

function readLog(files: string[], keep: (e: AuditEntry, ms: number) => boolean): Read {
  const out: Read = { entries: [], unreadable: 0 };
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const line = text.slice(start, end);
      start = end + 1;
      if (line.trim() === '') continue;
      const p = parseEntry(line);
      if (!p) out.unreadable++;
      else if (keep(p.entry, p.ms)) out.entries.push(p);
    }
  }
  // Concurrent writers append in nearly, not exactly, time order; sort is stable for ties.
  out.entries.sort((a, b) => a.ms - b.ms);
  return out;
}

const pad = (k: number): string => String(k).padStart(2, '0');
export function localTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const WORD = { allow: 'ALLOW', ask: 'ASK', deny: 'DENY' } as const;
const n = (x: number): string => x.toLocaleString('en-US');

function entryLine(e: AuditEntry, ms: number, st: ReturnType<typeof styleFor>): string {
  const marks = [e.approved ? 'approved by a one-time code' : '', e.error ? `error: ${e.error}` : ''].filter(Boolean);
  const fields = [
    localTime(ms),
    st.verdict(e.decision, WORD[e.decision].padEnd(5)),
    printable(e.agent ?? `(${e.door})`).padEnd(8),
    (e.severity ?? '-').padEnd(8),
    e.rules.length > 0 ? e.rules.join(',') : '-',
    printable(e.command),
    `in ${printable(e.cwd)}${marks.length > 0 ? `  [${marks.join('; ')}]` : ''}`,
  ];
  return fields.join('  ') + '\n';
}

function top(counts: Map<string, number>, limit: number): Array<[string, number]> {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
}

function count<K extends string>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

interface AuditStats {
  files: string[];
  entries: number;
  first: string | null;
  last: string | null;
  decisions: Record<Decision, number>;
  doors: Record<Door, number>;
  agents: Array<{ agent: string; count: number }>;
  rules: Array<{ rule: string; count: number }>;
  approved: number;
  errors: number;
  unreadable: number;
}

function auditStats(read: Read, files: string[]): AuditStats {
  const decisions: Record<Decision, number> = { allow: 0, ask: 0, deny: 0 };
  const doors: Record<Door, number> = { hook: 0, mcp: 0, shell: 0 };
  const agents = new Map<string, number>();
  const rules = new Map<string, number>();
  let approved = 0;
  let errors = 0;
  for (const { entry: e } of read.entries) {
    decisions[e.decision]++;
    doors[e.door]++;
    count(agents, e.agent ?? '(none)');
    for (const r of new Set(e.rules)) count(rules, r);
    if (e.approved) approved++;
    if (e.error) errors++;
  }
  const first = read.entries[0];
  const last = read.entries[read.entries.length - 1];
  return {
    files,
    entries: read.entries.length,
    first: first ? new Date(first.ms).toISOString() : null,
    last: last ? new Date(last.ms).toISOString() : null,
    decisions,
    doors,
    agents: top(agents, 10).map(([agent, c]) => ({ agent, count: c })),
    rules: top(rules, 10).map(([rule, c]) => ({ rule, count: c })),
    approved,
    errors,
    unreadable: read.unreadable,
  };
}

function statsText(s: AuditStats): string {
  const list = (xs: Array<[string, number]>): string => (xs.length > 0 ? xs.map(([k, c]) => `${printable(k)} ${n(c)}`).join(', ') : '(none)');
  const rotated = s.files.length - 1;
  return (
    [
      `Audit log: ${s.files[s.files.length - 1]}${rotated > 0 ? ` (and ${rotated} rotated file${rotated === 1 ? '' : 's'})` : ''}`,
      `Entries:   ${n(s.entries)}${s.first && s.last ? `, ${localTime(Date.parse(s.first))} to ${localTime(Date.parse(s.last))}` : ''}`,
      `Decisions: deny ${n(s.decisions.deny)}, ask ${n(s.decisions.ask)}, allow ${n(s.decisions.allow)}`,
      `Doors:     hook ${n(s.doors.hook)}, mcp ${n(s.doors.mcp)}, shell ${n(s.doors.shell)}`,
      `Agents:    ${list(s.agents.map((a) => [a.agent, a.count]))}`,
      `Top rules: ${list(s.rules.map((r) => [r.rule, r.count]))}`,
      `Let through by a one-time code: ${n(s.approved)}; fail-closed verdicts: ${n(s.errors)}`,
    ].join('\n') + '\n'
  );
}

async function writeAll(io: Io, chunks: Iterable<string>): Promise<void> {
  const out = new BatchedWriter(io.stdout);
  for (const c of chunks) await out.add(c);
  await out.flush();
}

export async function runAudit(argv: string[], io: Io, context: Partial<AuditContext> = {}): Promise<number> {
  const ctx: AuditContext = { cwd: process.cwd(), home: homedir(), env: (k) => process.env[k], now: Date.now(), ...context };
  const parsed = parseArgs(argv, ctx.now);
  if (parsed.ok === 'help') {
    io.stdout.write(AUDIT_HELP);
    return 0;
  }
  if (!parsed.ok) {
    io.stderr.write(`firebreak audit: ${parsed.message}\n`);
    return 1;
  }
  const { args } = parsed;

  let file: string;
  let off = false;
  if (args.file !== null) {
    file = args.file.startsWith('~/') ? ctx.home + args.file.slice(1) : args.file.startsWith('/') ? args.file : `${ctx.cwd}/${args.file}`;
  } else {
    // The log is where the writer puts it: the user's config decides (a project cannot move it).
    const policy = resolvePolicy({ cwd: ctx.cwd, home: ctx.home, env: ctx.env, stamp: 'audit', diskCache: false }, () => ({ buildPolicy }));
    if (!policy.ok) {
      io.stderr.write(`firebreak audit: cannot tell where the log is: ${policy.error.message}; or name it with --file PATH\n`);
      return 1;
    }
    file = auditFile(policy.resolved.policy.audit, ctx.env, ctx.home);
    off = !policy.resolved.policy.audit.enabled;
  }

  const files = logFiles(file);
  if (files.length === 0) {
    io.stdout.write(
      `No audit log at ${file}${off ? ' (the audit log is switched off in your config: audit.enabled)' : ' yet; the agent hooks and MCP check_command write it'}.\n`,
    );
    return 0;
  }
  let read: Read;
  try {
    read = readLog(
      files,
      (e, ms) =>
        (args.since === null || ms >= args.since) &&
        (args.decisions === null || args.decisions.has(e.decision)) &&
        (args.agent === null || (e.agent ?? '').toLowerCase() === args.agent) &&
        (args.door === null || e.door === args.door),
    );
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { path?: string };
    io.stderr.write(`firebreak audit: cannot read ${err.path ?? file}: ${err.code ?? err.message}\n`);
    return 1;
  }

  if (args.stats) {
    const s = auditStats(read, files);
    io.stdout.write(args.format === 'json' ? JSON.stringify(s, null, 2) + '\n' : statsText(s));
  } else if (args.format === 'json') {
    await writeAll(
      io,
      read.entries.map((x) => JSON.stringify(x.entry) + '\n'),
    );
  } else {
    const st = styleFor(io.stdout);
    if (read.entries.length === 0) io.stdout.write(`No entries match in ${file}${files.length > 1 ? ` and its ${files.length - 1} rotated file(s)` : ''}.\n`);
    await writeAll(
      io,
      read.entries.map((x) => entryLine(x.entry, x.ms, st)),
    );
  }
  if (read.unreadable > 0)
    io.stderr.write(
      `firebreak audit: ${n(read.unreadable)} line${read.unreadable === 1 ? '' : 's'} could not be read (not an audit entry) in ${file}${files.length > 1 ? ' or its rotated files' : ''}\n`,
    );
  return 0;
}
