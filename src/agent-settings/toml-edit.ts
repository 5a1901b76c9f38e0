// Codex's config.toml: find an existing [mcp_servers.<name>] (in any of TOML's spellings),
// append a new table, or reset command/args in place. No TOML dependency: a small scanner
// reads keys, headers and the few value shapes needed, enough to tell where things are and
// to refuse, rather than corrupt, a file it cannot follow.

/** How an agent starts a program (an MCP server): the command and its arguments. */
export interface ServerCommand {
  command: string;
  args: string[];
}

/** A TOML basic string: quotes, backslashes and control characters escaped. */
export function tomlString(s: string): string {
  const named: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };
  return '"' + s.replace(/["\\\u0000-\u001f\u007f]/g, (c) => named[c] ?? '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')) + '"';
}

export function tomlBlock(name: string, s: ServerCommand, eol = '\n'): string {
  const key = /^[A-Za-z0-9_-]+$/.test(name) ? name : tomlString(name);
  return [`[mcp_servers.${key}]`, `command = ${tomlString(s.command)}`, `args = [${s.args.map(tomlString).join(', ')}]`, ''].join(eol);
}

type Value = string | Value[] | { [k: string]: Value } | null;

interface KeyValue {
  path: string[];
  lineStart: number;
  end: number;
  value: Value;
}
interface Header {
  path: string[];
  array: boolean;
  start: number;
  lineEnd: number;
}

class TomlError extends Error {}

class Scanner {
  i = 0;
  constructor(readonly t: string) {}

  fail(what: string): never {
    const line = this.t.slice(0, this.i).split('\n').length;
    throw new TomlError(`line ${line}: ${what}`);
  }
  /** Spaces and tabs only; newlines end statements. */
  blank(): void {
    while (this.t[this.i] === ' ' || this.t[this.i] === '\t') this.i++;
  }
  /** Whitespace, newlines and comments, as allowed between array items. */
  gap(): void {
    for (;;) {
      this.blank();
      const c = this.t[this.i];
      if (c === '\n' || c === '\r') this.i++;
      else if (c === '#') while (this.i < this.t.length && this.t[this.i] !== '\n') this.i++;
      else return;
    }
  }
  endOfLine(): void {
    this.blank();
    if (this.t[this.i] === '#') while (this.i < this.t.length && this.t[this.i] !== '\n') this.i++;
    if (this.t[this.i] === '\r') this.i++;
    if (this.i < this.t.length && this.t[this.i] !== '\n') this.fail('unexpected text after a value');
    if (this.i < this.t.length) this.i++;
  }

  keyPath(): string[] {
    const path: string[] = [];
    for (;;) {
      this.blank();
      const c = this.t[this.i];
      if (c === '"' || c === "'") {
        const s = this.string();
        if (s === null) this.fail('a multi-line string cannot be a key');
        path.push(s);
      } else {
        const m = /^[A-Za-z0-9_-]+/.exec(this.t.slice(this.i, this.i + 256));
        if (!m) this.fail('expected a key');
        path.push(m[0]);
        this.i += m[0].length;
      }
      this.blank();
      if (this.t[this.i] !== '.') return path;
      this.i++;
    }
  }

  /** A string at i; null for a multi-line one used where one is not allowed. Always advances past it. */
  string(): string | null {
    const t = this.t;
    const q = t[this.i]!;
    const multi = t.startsWith(q.repeat(3), this.i);
    if (multi) {
      const close = t.indexOf(q.repeat(3), this.i + 3);
      if (close < 0) this.fail('unterminated multi-line string');
      let end = close + 3;
      while (t[end] === q && end - close < 5) end++;
      let body = t.slice(this.i + 3, end - 3).replace(/^\r?\n/, '');
      this.i = end;
      if (q === '"') body = unescapeBasic(body.replace(/\\[ \t]*\r?\n[\s]*/g, ''));
      return body;
    }
    let j = this.i + 1;
    for (; j < t.length && t[j] !== q && t[j] !== '\n'; j++) if (q === '"' && t[j] === '\\') j++;
    if (t[j] !== q) this.fail('unterminated string');
    const body = t.slice(this.i + 1, j);
    this.i = j + 1;
    return q === '"' ? unescapeBasic(body) : body;
  }

  value(): Value {
    const c = this.t[this.i];
    if (c === '"' || c === "'") return this.string();
    if (c === '[') {
      this.i++;
      const items: Value[] = [];
      for (;;) {
        this.gap();
        if (this.t[this.i] === ']') {
          this.i++;
          return items;
        }
        items.push(this.value());
        this.gap();
        if (this.t[this.i] === ',') this.i++;
        else if (this.t[this.i] !== ']') this.fail("expected ',' or ']' in an array");
      }
    }
    if (c === '{') {
      this.i++;
      const table: { [k: string]: Value } = {};
      for (;;) {
        this.gap();
        if (this.t[this.i] === '}') {
          this.i++;
          return table;
        }
        const path = this.keyPath();
        if (this.t[this.i] !== '=') this.fail("expected '=' in an inline table");
        this.i++;
        this.blank();
        setPath(table, path, this.value());
        this.gap();
        if (this.t[this.i] === ',') this.i++;
        else if (this.t[this.i] !== '}') this.fail("expected ',' or '}' in an inline table");
      }
    }
    // Numbers, booleans and dates: their exact value never matters here, only their extent.
    const m = /^[^,\]}#\r\n]*/.exec(this.t.slice(this.i))![0].trimEnd();
    if (m === '') this.fail('expected a value');
    this.i += m.length;
    return null;
  }
}

function unescapeBasic(s: string): string {
  const named: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b', '"': '"', '\\': '\\' };
  return s.replace(/\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|x([0-9a-fA-F]{2})|(.))/g, (_, u, U, x, ch: string | undefined) =>
    u || U || x ? String.fromCodePoint(parseInt(u ?? U ?? x, 16)) : (named[ch!] ?? ch!),
  );
}

function setPath(table: { [k: string]: Value }, path: string[], value: Value): void {
  let t = table;
  for (const k of path.slice(0, -1)) {
    const next = t[k];
    t = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : (t[k] = {});
  }
  t[path[path.length - 1]!] = value;
}

function scan(text: string): { headers: Header[]; pairs: KeyValue[] } {
  const s = new Scanner(text);
  const headers: Header[] = [];
  const pairs: KeyValue[] = [];
  let table: string[] = [];
  for (;;) {
    s.gap();
    if (s.i >= text.length) return { headers, pairs };
    const start = s.i;
    if (text[s.i] === '[') {
      const array = text[s.i + 1] === '[';
      s.i += array ? 2 : 1;
      table = s.keyPath();
      if (!text.startsWith(array ? ']]' : ']', s.i)) s.fail('expected ] to close a table header');
      s.i += array ? 2 : 1;
      s.endOfLine();
      headers.push({ path: table, array, start, lineEnd: s.i });
    } else {
      const key = s.keyPath();
      if (text[s.i] !== '=') s.fail("expected '=' after a key");
      s.i++;
      s.blank();
      const value = s.value();
      pairs.push({ path: [...table, ...key], lineStart: start, end: s.i, value });
      s.endOfLine();
    }
  }
}

const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const startsWith = (a: string[], prefix: string[]): boolean => prefix.every((x, i) => a[i] === x);

type TomlFind =
  | { kind: 'none' }
  /** [mcp_servers.<name>] exists as a table header: it can be edited in place. */
  | { kind: 'table'; existing: Record<string, unknown>; header: Header; command?: KeyValue; args?: KeyValue }
  /** Defined some other way (inline table, dotted keys): readable, but left to the user to edit. */
  | { kind: 'other'; existing: Record<string, unknown> }
  /** mcp_servers is a value or an array of tables: a [mcp_servers.<name>] table cannot be added. */
  | { kind: 'blocked'; why: string }
  | { kind: 'invalid'; message: string };

export function findTomlServer(text: string, name: string): TomlFind {
  let doc: ReturnType<typeof scan>;
  try {
    doc = scan(text);
  } catch (e) {
    if (e instanceof TomlError) return { kind: 'invalid', message: e.message };
    throw e;
  }
  const root = ['mcp_servers'];
  const mine = ['mcp_servers', name];
  if (doc.pairs.some((p) => same(p.path, root)) || doc.headers.some((h) => h.array && same(h.path, root))) {
    return { kind: 'blocked', why: 'mcp_servers is written as an inline table or an array of tables' };
  }
  // Keys set under the server by any spelling; `whole` is a value given to the server itself.
  const existing: { [k: string]: Value } = {};
  let whole: Value | undefined;
  for (const p of doc.pairs) {
    if (same(p.path, mine)) whole = p.value;
    else if (startsWith(p.path, mine)) setPath(existing, p.path.slice(2), p.value);
  }
  const header = doc.headers.find((h) => !h.array && same(h.path, mine));
  const inline = whole;
  if (header) {
    const next = doc.headers.find((h) => h.start > header.start)?.start ?? text.length;
    const at = (key: string): KeyValue | undefined => doc.pairs.find((p) => same(p.path, [...mine, key]) && p.lineStart > header.start && p.lineStart < next);
    return { kind: 'table', existing, header, command: at('command'), args: at('args') };
  }
  if (inline !== undefined) return { kind: 'other', existing: typeof inline === 'object' && inline !== null && !Array.isArray(inline) ? inline : {} };
  if (Object.keys(existing).length > 0 || doc.headers.some((h) => startsWith(h.path, mine))) return { kind: 'other', existing };
  return { kind: 'none' };
}

/** The text with the server's table appended after everything already there. */
export function appendTomlServer(text: string, name: string, s: ServerCommand): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (text.trim() === '') return tomlBlock(name, s, eol);
  const sep = text.endsWith('\n') ? eol : eol + eol;
  return text + sep + tomlBlock(name, s, eol);
}

/** The text with command and args of an existing [mcp_servers.<name>] table reset; other keys stay. */
export function replaceTomlServer(text: string, found: Extract<TomlFind, { kind: 'table' }>, s: ServerCommand): { text: string; lines: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const command = `command = ${tomlString(s.command)}`;
  const args = `args = [${s.args.map(tomlString).join(', ')}]`;
  const edits: { start: number; end: number; text: string }[] = [];
  const afterHeader = found.header.lineEnd;
  const missing: string[] = [];
  if (found.command) edits.push({ start: found.command.lineStart, end: found.command.end, text: command });
  else missing.push(command);
  if (found.args) edits.push({ start: found.args.lineStart, end: found.args.end, text: args });
  else missing.push(args);
  if (missing.length > 0) {
    const lead = text[afterHeader - 1] === '\n' ? '' : eol;
    edits.push({ start: afterHeader, end: afterHeader, text: lead + missing.map((l) => l + eol).join('') });
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, lines: `${command}${eol}${args}${eol}` };
}

/** The scanned file, or why it cannot be read as TOML. */
function tryScan(text: string): ReturnType<typeof scan> | { message: string } {
  try {
    return scan(text);
  } catch (e) {
    if (e instanceof TomlError) return { message: e.message };
    throw e;
  }
}

/** A table header for a key path, each segment bare when TOML allows it, else a basic string. */
function tomlHeader(path: string[]): string {
  return '[' + path.map((k) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k))).join('.') + ']';
}

type TomlRead = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** The values a file sets under a table path (strings, and tables and arrays of them; other values as null). */
export function readTomlTable(text: string, path: string[]): TomlRead {
  const doc = tryScan(text);
  if ('message' in doc) return { ok: false, message: doc.message };
  const out: { [k: string]: Value } = {};
  for (const p of doc.pairs) {
    if (startsWith(p.path, path) && p.path.length > path.length) setPath(out, p.path.slice(path.length), p.value);
    else if (same(p.path, path) && typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value)) Object.assign(out, p.value);
  }
  return { ok: true, value: out };
}

/**
 * The text with `key = value` (value already TOML text) in the table at `path`: the line
 * replaced where the table's header sets it, added under the header where it does not,
 * or a new table appended. A table defined another way (dotted keys, inline) is refused.
 */
export function setTomlKey(text: string, path: string[], key: string, value: string): { ok: true; text: string } | { ok: false; message: string } {
  const doc = tryScan(text);
  if ('message' in doc) return { ok: false, message: doc.message };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const line = `${/^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key)} = ${value}`;
  const header = doc.headers.find((h) => !h.array && same(h.path, path));
  if (!header) {
    if (doc.pairs.some((p) => startsWith(p.path, path)))
      return { ok: false, message: `${tomlHeader(path)} is written with dotted keys or inline, which firebreak does not rewrite` };
    const block = `${tomlHeader(path)}${eol}${line}${eol}`;
    if (text.trim() === '') return { ok: true, text: block };
    return { ok: true, text: text + (text.endsWith('\n') ? eol : eol + eol) + block };
  }
  const next = doc.headers.find((h) => h.start > header.start)?.start ?? text.length;
  const existing = doc.pairs.find((p) => same(p.path, [...path, key]) && p.lineStart > header.start && p.lineStart < next);
  if (existing) return { ok: true, text: text.slice(0, existing.lineStart) + line + text.slice(existing.end) };
  const lead = text[header.lineEnd - 1] === '\n' ? '' : eol;
  return { ok: true, text: text.slice(0, header.lineEnd) + lead + line + eol + text.slice(header.lineEnd) };
}

/** The text without the table at `path` (its header through the line before the next header); null when there is no such header. */
export function deleteTomlTable(text: string, path: string[]): string | null {
  let doc: ReturnType<typeof scan>;
  try {
    doc = scan(text);
  } catch {
    return null;
  }
  const header = doc.headers.find((h) => !h.array && same(h.path, path));
  if (!header) return null;
  const next = doc.headers.find((h) => h.start > header.start)?.start ?? text.length;
  const out = text.slice(0, header.start) + text.slice(next);
  // Cut from the end of the file, the blank line that separated the table goes with it.
  return next === text.length ? out.replace(/(\r?\n)(\r?\n)+$/, '$1') : out;
}
