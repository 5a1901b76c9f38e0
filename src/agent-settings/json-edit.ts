// Adds or replaces one MCP server entry in a client's JSON config by editing the text in
// place. Re-serialising would be simpler, but these files (~/.claude.json above all) are
// owned by other programs: in-place edits keep every other byte, key order, number spelling
// and the file's own indentation exactly as they were.

type JsonRead = { ok: true; value: unknown; comments: boolean } | { ok: false; message: string };

const BOM = '\uFEFF';

/** Parses a config file; JSONC (comments, trailing commas) is read, and flagged, so the caller can refuse to rewrite it. */
export function readJsonConfig(text: string): JsonRead {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  // An empty file (what `touch` leaves) holds nothing to lose: treat it as {}.
  if (body.trim() === '') return { ok: true, value: {}, comments: false };
  try {
    return { ok: true, value: JSON.parse(body), comments: false };
  } catch (e) {
    const stripped = stripJsonc(body);
    if (stripped.hadComments) {
      try {
        return { ok: true, value: JSON.parse(stripped.text), comments: true };
      } catch {
        /* fall through: broken either way */
      }
    }
    return { ok: false, message: parseError((e as Error).message, body) };
  }
}

/** V8's message without its quote of the text (which may hold a token), with a line and column. */
function parseError(message: string, body: string): string {
  return message
    .replace(/, .* is not valid JSON$/s, '')
    .replace(/(?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?/, (_, n: string) => {
      const before = body.slice(0, Number(n));
      return `at line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')}`;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Removes // and /* *\/ comments and trailing commas outside strings. */
function stripJsonc(t: string): { text: string; hadComments: boolean } {
  let out = '';
  let hadComments = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === '"') {
      const end = stringEnd(t, i);
      out += t.slice(i, end);
      i = end - 1;
    } else if (c === '/' && t[i + 1] === '/') {
      hadComments = true;
      while (i < t.length && t[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && t[i + 1] === '*') {
      hadComments = true;
      const close = t.indexOf('*/', i + 2);
      i = close < 0 ? t.length : close + 1;
      out += ' ';
    } else {
      out += c;
    }
  }
  // VS Code's JSONC also allows trailing commas; drop them so the content can be checked.
  let res = '';
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    if (c === '"') {
      const end = stringEnd(out, i);
      res += out.slice(i, end);
      i = end - 1;
    } else if (c !== ',' || (out[skipWs(out, i + 1)] !== '}' && out[skipWs(out, i + 1)] !== ']')) {
      res += c;
    }
  }
  return { text: res, hadComments };
}

/** The index just past the string starting at i (t[i] is the opening quote). */
function stringEnd(t: string, i: number): number {
  for (let j = i + 1; j < t.length; j++) {
    const c = t[j];
    if (c === '\\') j++;
    else if (c === '"') return j + 1;
  }
  return t.length;
}

function skipWs(t: string, i: number): number {
  while (i < t.length && (t[i] === ' ' || t[i] === '\t' || t[i] === '\r' || t[i] === '\n')) i++;
  return i;
}

function valueEnd(t: string, i: number): number {
  const c = t[i];
  if (c === '"') return stringEnd(t, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < t.length; j++) {
      const d = t[j];
      if (d === '"') j = stringEnd(t, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if ((d === '}' || d === ']') && --depth === 0) return j + 1;
    }
    return t.length;
  }
  let j = i;
  while (j < t.length && !',}] \t\r\n'.includes(t[j]!)) j++;
  return j;
}

interface Member {
  key: string;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}
interface ObjectSpan {
  open: number;
  close: number;
  members: Member[];
}

/** The members of the object opening at `open`; the text must already be valid JSON. */
function objectAt(t: string, open: number): ObjectSpan {
  const members: Member[] = [];
  let i = skipWs(t, open + 1);
  if (t[i] === '}') return { open, close: i, members };
  for (;;) {
    const keyStart = i;
    const keyEnd = stringEnd(t, i);
    const key = JSON.parse(t.slice(keyStart, keyEnd)) as string;
    const valueStart = skipWs(t, skipWs(t, keyEnd) + 1);
    const end = valueEnd(t, valueStart);
    members.push({ key, keyStart, valueStart, valueEnd: end });
    i = skipWs(t, end);
    if (t[i] !== ',') return { open, close: i, members };
    i = skipWs(t, i + 1);
  }
}

/** JSON.parse keeps the last of duplicate keys; so must the editor. */
function member(o: ObjectSpan, key: string): Member | undefined {
  for (let k = o.members.length - 1; k >= 0; k--) if (o.members[k]!.key === key) return o.members[k];
  return undefined;
}

/** The whitespace that starts the line holding position pos. */
function lineIndent(t: string, pos: number): string {
  const start = t.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(t.slice(start, pos))![0];
}

function newlineBefore(t: string, o: ObjectSpan): boolean {
  const first = o.members[0];
  return first !== undefined && t.slice(o.open + 1, first.keyStart).includes('\n');
}

interface Style {
  pretty: boolean;
  unit: string;
  eol: string;
}

function render(value: unknown, indent: string, style: Style): string {
  if (!style.pretty) return JSON.stringify(value);
  return JSON.stringify(value, null, style.unit)
    .split('\n')
    .join(style.eol + indent);
}

interface Edit {
  text: string /** The member as written, with its indentation: what a dry run shows. */;
  member: string;
}

/** Inserts key: value as the last member of object o, whose own line is indented by closeIndent. */
function insertMember(t: string, o: ObjectSpan, key: string, value: unknown, closeIndent: string, style: Style): Edit {
  const last = o.members[o.members.length - 1];
  const indent = newlineBefore(t, o) ? lineIndent(t, o.members[0]!.keyStart) : closeIndent + style.unit;
  const k = JSON.stringify(key);
  if (!style.pretty) {
    const m = `${k}:${render(value, '', style)}`;
    return { member: m, text: last ? t.slice(0, last.valueEnd) + ',' + m + t.slice(last.valueEnd) : t.slice(0, o.open) + `{${m}}` + t.slice(o.close + 1) };
  }
  const m = `${k}: ${render(value, indent, style)}`;
  if (last) return { member: indent + m, text: t.slice(0, last.valueEnd) + ',' + style.eol + indent + m + t.slice(last.valueEnd) };
  return { member: indent + m, text: t.slice(0, o.open) + '{' + style.eol + indent + m + style.eol + closeIndent + '}' + t.slice(o.close + 1) };
}

/**
 * The text with servers[name] set to entry. The caller has checked that the text parses
 * without comments, that its top level is an object and that `serversKey`, if present, holds one.
 */
export function setJsonEntry(text: string, serversKey: string, name: string, entry: unknown): Edit {
  const start = text.startsWith(BOM) ? 1 : 0;
  if (text.slice(start).trim() === '') {
    const whole = JSON.stringify({ [serversKey]: { [name]: entry } }, null, 2) + '\n';
    return { text: text.slice(0, start) + whole, member: whole };
  }
  const top = objectAt(text, skipWs(text, start));
  const pretty = top.members.length === 0 || newlineBefore(text, top);
  const firstIndent = top.members[0] && pretty ? lineIndent(text, top.members[0].keyStart) : '';
  const style: Style = { pretty, unit: firstIndent || '  ', eol: text.includes('\r\n') ? '\r\n' : '\n' };
  const servers = member(top, serversKey);
  if (!servers) return insertMember(text, top, serversKey, { [name]: entry }, lineIndent(text, top.open), style);
  const inner = objectAt(text, servers.valueStart);
  const existing = member(inner, name);
  if (!existing) return insertMember(text, inner, name, entry, lineIndent(text, servers.keyStart), style);
  const indent = lineIndent(text, existing.keyStart);
  const value = render(entry, indent, style);
  return {
    text: text.slice(0, existing.valueStart) + value + text.slice(existing.valueEnd),
    member: indent + text.slice(existing.keyStart, existing.valueStart) + value,
  };
}

/**
 * The text without container[name] (and the comma that separated it), or null when there is
 * no such member. The same preconditions as setJsonEntry.
 */
export function deleteJsonEntry(text: string, containerKey: string, name: string): string | null {
  const start = text.startsWith(BOM) ? 1 : 0;
  if (text.slice(start).trim() === '') return null;
  const top = objectAt(text, skipWs(text, start));
  const container = member(top, containerKey);
  if (!container || text[container.valueStart] !== '{') return null;
  const inner = objectAt(text, container.valueStart);
  const i = inner.members.length - 1 - [...inner.members].reverse().findIndex((entry) => entry.key === name);
  if (i === inner.members.length) return null;
  const m = inner.members[i]!;
  if (inner.members.length === 1) return text.slice(0, inner.open + 1) + text.slice(inner.close);
  // Take the member with the comma before it (the last one) or after it (any other), and the space that went with it.
  if (i === inner.members.length - 1) {
    const prevEnd = inner.members[i - 1]!.valueEnd;
    return text.slice(0, prevEnd) + text.slice(m.valueEnd);
  }
  return text.slice(0, m.keyStart) + text.slice(inner.members[i + 1]!.keyStart);
}

/** The spans of an array's items; the text must already be valid JSON. */
function itemsAt(t: string, open: number): { open: number; close: number; items: Array<{ start: number; end: number }> } {
  const items: Array<{ start: number; end: number }> = [];
  let i = skipWs(t, open + 1);
  if (t[i] === ']') return { open, close: i, items };
  for (;;) {
    const end = valueEnd(t, i);
    items.push({ start: i, end });
    i = skipWs(t, end);
    if (t[i] !== ',') return { open, close: i, items };
    i = skipWs(t, i + 1);
  }
}

function styleOf(text: string): Style {
  const start = text.startsWith(BOM) ? 1 : 0;
  const top = objectAt(text, skipWs(text, start));
  const pretty = top.members.length === 0 || newlineBefore(text, top);
  const firstIndent = top.members[0] && pretty ? lineIndent(text, top.members[0].keyStart) : '';
  return { pretty, unit: firstIndent || '  ', eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The list at container[key], or null when the text has none there. */
function listAt(text: string, containerKey: string, key: string): ReturnType<typeof itemsAt> | null {
  const start = text.startsWith(BOM) ? 1 : 0;
  if (text.slice(start).trim() === '') return null;
  const container = member(objectAt(text, skipWs(text, start)), containerKey);
  if (!container || text[container.valueStart] !== '{') return null;
  const list = member(objectAt(text, container.valueStart), key);
  if (!list || text[list.valueStart] !== '[') return null;
  return itemsAt(text, list.valueStart);
}

/**
 * Edits to one item of the list at container[key], touching no other item's text: `append`
 * adds a value at the end, `replace` rewrites item `index`, `delete` takes it out with its
 * comma. Null when there is no such list (or item); the caller then writes the whole list.
 */
export function editJsonListItem(
  text: string,
  containerKey: string,
  key: string,
  op: { append: unknown } | { replace: number; value: unknown } | { delete: number },
): string | null {
  const list = listAt(text, containerKey, key);
  if (!list) return null;
  const style = styleOf(text);
  const items = list.items;
  const multiline = items.length > 0 ? text.slice(list.open + 1, items[0]!.start).includes('\n') : style.pretty;
  const indent = items.length > 0 && multiline ? lineIndent(text, items[0]!.start) : lineIndent(text, list.open) + style.unit;
  const rendered = (v: unknown): string => (multiline ? render(v, indent, style) : JSON.stringify(v));
  if ('append' in op) {
    const last = items[items.length - 1];
    if (last) return text.slice(0, last.end) + ',' + (multiline ? style.eol + indent : ' ') + rendered(op.append) + text.slice(last.end);
    const inner = multiline ? style.eol + indent + rendered(op.append) + style.eol + lineIndent(text, list.open) : rendered(op.append);
    return text.slice(0, list.open + 1) + inner + text.slice(list.close);
  }
  if ('replace' in op) {
    const it = items[op.replace];
    return it ? text.slice(0, it.start) + rendered(op.value) + text.slice(it.end) : null;
  }
  const i = op.delete;
  const it = items[i];
  if (!it) return null;
  if (items.length === 1) return text.slice(0, list.open + 1) + text.slice(list.close);
  // With the comma before it (the last one) or after it (any other), and the space that went with it.
  if (i === items.length - 1) return text.slice(0, items[i - 1]!.end) + text.slice(it.end);
  return text.slice(0, it.start) + text.slice(items[i + 1]!.start);
}
