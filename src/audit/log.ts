// The audit log: one JSON line for every decision an agent-facing door gives (a hook, the
// MCP check_command) and every line a shell plugin stopped, appended to ~/.local/state/firebreak/audit.jsonl (or where the
// user's config says). This runs in every hook invocation, whose whole budget is a few
// milliseconds, so it is a handful of syscalls (open, write, fstat, close) with node:fs
// alone: no stream, no path module, nothing else to load.
//
// Many agents, and many hooks of one agent, append at the same time. Each line goes out in
// ONE write(2) on a descriptor opened O_APPEND: on a local filesystem the kernel moves to the
// end and writes the whole buffer under the file's lock, so lines never interleave and none
// overwrites another. Only a full disk cuts such a write short (libuv then writes the rest
// with a second call, which could land after another process's line; the torn line is
// ended, and the reader counts it as unreadable). The log rotates by size under a lock
// file, so two processes never rename over each other's files; a line written through a
// descriptor opened before a rotation lands in the rotated file, which is still read.

import { firebreakDirs } from '../context/own-files.js';
import { closeSync, constants, existsSync, fstatSync, linkSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import type { FirebreakError, Severity } from '../core/contracts.js';
import type { AuditSettings } from '../policy/policy.js';
import { redactSecrets } from './redact.js';

export interface AuditEntry {
  /** ISO 8601. */
  time: string;
  door: 'hook' | 'mcp' | 'shell';
  agent: string | null;
  session: string | null;
  cwd: string;
  /** The agent's tool: Bash, Write, apply_patch, check_command. */
  tool: string | null;
  command: string;
  decision: 'allow' | 'ask' | 'deny';
  severity: Severity | null;
  rules: string[];
  /** A person let it through: a one-time code (hooks), or their answer at the shell plugin's prompt. */
  approved: boolean;
  /** The failure code when the verdict is a fail-closed one. */
  error: string | null;
}

/** The log rotates once it is over this size. */
const AUDIT_ROTATE_BYTES = 16 * 1024 * 1024;
/** Rotated files kept: audit.jsonl.1 (the newest) to audit.jsonl.4. */
const AUDIT_KEEP = 4;
/** A command is logged up to this many bytes (UTF-8), then a marker says how long it was. */
export const AUDIT_MAX_COMMAND_BYTES = 8 * 1024;
const MAX_CWD_BYTES = 4 * 1024;
/** Agent names, session ids, tool names and rule ids come from an agent's JSON: bounded too. */
const MAX_FIELD = 256;
/** A lock this old was left by a process that died while rotating (a rotation takes a millisecond). */
const LOCK_STALE_MS = 10_000;

interface RotationLimits {
  rotateBytes: number;
  keep: number;
}

const OPEN_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;

const trimSlash = (p: string): string => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/** Where the log is: audit.file (a leading ~/ is the home directory), else under $XDG_STATE_HOME, else ~/.local/state. */
export function auditFile(settings: AuditSettings, env: (name: string) => string | undefined, home: string): string {
  if (settings.file) return settings.file.startsWith('~/') ? `${trimSlash(home)}${settings.file.slice(1)}` : settings.file;
  return `${trimSlash(firebreakDirs(env, trimSlash(home)).state)}/audit.jsonl`;
}

/**
 * Secrets out, then cut to a number of UTF-8 bytes with a marker saying how long it was.
 * Only twice the cap is redacted: a megabyte line must not cost a hook its budget.
 */
function loggable(text: string, max: number): string {
  const head = text.length > 2 * max ? text.slice(0, 2 * max) : text;
  const red = redactSecrets(head);
  // Three bytes per UTF-16 unit at most: most commands are far below and skip the encoding.
  if (head === text && red.length * 3 <= max) return red;
  const buf = Buffer.from(red, 'utf8');
  if (head === text && buf.length <= max) return red;
  let cut = buf.subarray(0, max).toString('utf8');
  // A character cut in half decodes as U+FFFD.
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  // A plain number: formatting one for a locale loads ICU's data, a millisecond in a hook.
  return `${cut} … [cut: ${text.length} characters in all]`;
}

const clip = (s: string | null): string | null => (s !== null && s.length > MAX_FIELD ? s.slice(0, MAX_FIELD) + '…' : s);

function line(e: AuditEntry): Buffer {
  const out: AuditEntry = {
    time: e.time,
    door: e.door,
    agent: clip(e.agent),
    session: clip(e.session),
    cwd: loggable(e.cwd, MAX_CWD_BYTES),
    tool: clip(e.tool),
    command: loggable(e.command, AUDIT_MAX_COMMAND_BYTES),
    decision: e.decision,
    severity: e.severity,
    rules: e.rules.slice(0, 64).map((r) => clip(r)!),
    approved: e.approved,
    error: clip(e.error),
  };
  return Buffer.from(JSON.stringify(out) + '\n', 'utf8');
}

function openLog(file: string): number {
  try {
    return openSync(file, OPEN_FLAGS, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    // Only the first write on a machine pays for the directory.
    mkdirSync(file.slice(0, file.lastIndexOf('/')) || '/', { recursive: true, mode: 0o700 });
    return openSync(file, OPEN_FLAGS, 0o600);
  }
}

/**
 * Appends one entry. Never throws: a log that cannot be written is an error value for the
 * door to report, and must never change or delay the verdict itself.
 */
export function appendAudit(
  entry: AuditEntry,
  settings: AuditSettings,
  env: (name: string) => string | undefined,
  home: string,
  limits: Partial<RotationLimits> = {},
): FirebreakError | null {
  if (!settings.enabled || (entry.decision === 'allow' && !settings.includeAllowed)) return null;
  let file = '';
  try {
    file = auditFile(settings, env, home);
    if (!file.startsWith('/'))
      return {
        code: 'audit-file',
        message: `the audit log path '${file}' is not absolute; fix: set audit.file in your user config to an absolute path or one starting with ~/`,
      };
    const buf = line(entry);
    const fd = openLog(file);
    try {
      const written = writeSync(fd, buf);
      if (written !== buf.length) {
        // Only a full disk or a file size limit cuts a write short. End the torn line, so
        // the next writer's line is not glued onto it and lost with it.
        try {
          writeSync(fd, '\n');
        } catch {
          /* the disk is full */
        }
        return {
          code: 'audit-write',
          message: `the audit log ${file} took only ${written} of ${buf.length} bytes (is the disk full?); fix: free space, or move the log with audit.file in your user config`,
        };
      }
      const rotateBytes = limits.rotateBytes ?? AUDIT_ROTATE_BYTES;
      if (fstatSync(fd).size > rotateBytes) {
        const failed = rotate(file, rotateBytes, Math.max(1, limits.keep ?? AUDIT_KEEP));
        if (failed)
          return {
            code: 'audit-rotate',
            message: `the entry is in the audit log ${file}, but rotating it failed (${failed}); fix: make ${file.slice(0, file.lastIndexOf('/')) || '/'} writable, or move the log with audit.file in your user config`,
          };
      }
    } finally {
      closeSync(fd);
    }
    return null;
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    return {
      code: 'audit-write',
      message: `cannot write the audit log ${file || '(unknown path)'}: ${why}; fix: make its directory writable, or set audit.file (or audit.enabled: false) in your user config`,
    };
  }
}

/** An exclusive lock file, or null when another process holds it (it is rotating; the next append looks again). */
function takeLock(lock: string): number | null {
  try {
    return openSync(lock, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    const stale = statSync(lock);
    if (Date.now() - stale.mtimeMs < LOCK_STALE_MS) return null;
    // Moved aside rather than deleted: of several processes breaking the same stale lock,
    // one rename succeeds, and the moved file tells whether it was that stale lock or a
    // fresh one taken a moment ago (then it goes back, and this process backs off).
    const aside = `${lock}.${process.pid}`;
    renameSync(lock, aside);
    const moved = statSync(aside);
    if (moved.ino !== stale.ino || moved.dev !== stale.dev) {
      try {
        linkSync(aside, lock);
      } catch {
        /* a newer lock is there already */
      }
      unlinkSync(aside);
      return null;
    }
    unlinkSync(aside);
    return openSync(lock, 'wx', 0o600);
  } catch {
    return null;
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** audit.jsonl -> .1 -> .2 ... -> .keep; what was .keep is gone. The error code when a rename fails. */
function rotate(file: string, limit: number, keep: number): string | null {
  const lock = `${file}.lock`;
  const held = takeLock(lock);
  if (held === null) return null;
  try {
    // Between this process's write and its lock another may have rotated already: judge the
    // file the name points to now, not the one this process wrote to.
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      return null;
    }
    if (size <= limit) return null;
    // Shift only up to the first free number: what lies above it keeps its place and order.
    let top = 1;
    while (top < keep && existsSync(`${file}.${top}`)) top++;
    for (let i = top; i > 1; i--) renameIfThere(`${file}.${i - 1}`, `${file}.${i}`);
    renameIfThere(file, `${file}.1`);
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? String(e);
  } finally {
    closeSync(held);
    try {
      unlinkSync(lock);
    } catch {
      /* already broken as stale */
    }
  }
}
