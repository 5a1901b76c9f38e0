// Reading and writing another program's settings file (an agent's settings.json, hooks.json,
// config.toml) without harming it: a symlinked file (dotfile managers) is edited where it
// points, keeping the link; the file keeps its mode; a write goes through a temp file and a
// rename, so a crash never leaves half a file behind.

import { createRequire } from 'node:module';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readJsonConfig } from './json-edit.js';

interface SettingsFile {
  /** Where to write: the link's target when the path is a symlink. */
  path: string;
  /** The text, or null when the file does not exist yet. */
  text: string | null;
  /** The file's permission bits, kept when it is rewritten. */
  mode: number | undefined;
}

/** Files larger than this are not anyone's settings. */
const MAX_BYTES = 16 * 1024 * 1024;

export function readSettingsFile(path: string): { ok: true; file: SettingsFile } | { ok: false; message: string } {
  try {
    if (!existsSync(path)) {
      // A dangling link still names where the file belongs.
      return { ok: true, file: { path, text: null, mode: undefined } };
    }
    const real = lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
    const st = statSync(real);
    if (!st.isFile()) return { ok: false, message: `${real} is not a regular file` };
    if (st.size > MAX_BYTES) return { ok: false, message: `${real} is ${st.size.toLocaleString('en-US')} bytes, too large to be a settings file` };
    return { ok: true, file: { path: real, text: readFileSync(real, 'utf8'), mode: st.mode & 0o7777 } };
  } catch (e) {
    return { ok: false, message: `cannot read ${path}: ${(e as Error).message}` };
  }
}

// node:crypto is loaded when a file is written, not with the hook that shares this module:
// loading it costs milliseconds of every hook's start-up.
const require = createRequire(import.meta.url);

export function writeAtomic(path: string, text: string, mode: number | undefined): void {
  mkdirSync(dirname(path), { recursive: true });
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text, { flag: 'wx', mode: mode ?? 0o666 });
    if (mode !== undefined) chmodSync(tmp, mode); // the umask may have narrowed it
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* never created */
    }
    throw e;
  }
}

/** A settings file's top-level JSON object (comments allowed), or null when it is missing or not one. */
export function readJsonObject(path: string): Record<string, unknown> | null {
  const read = readSettingsFile(path);
  if (!read.ok || read.file.text === null) return null;
  const json = readJsonConfig(read.file.text);
  return json.ok && typeof json.value === 'object' && json.value !== null && !Array.isArray(json.value) ? (json.value as Record<string, unknown>) : null;
}
