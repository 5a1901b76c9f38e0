// How a hook is registered in an agent's settings, and the edits `connect` makes to them.
// Two shapes cover the five agents:
//   nested (Claude Code, Codex, Gemini CLI): {"hooks": {EVENT: [{"matcher": M, "hooks": [HANDLER]}]}}
//   flat (Cursor, Copilot CLI):              {"version": 1, "hooks": {EVENT: [HANDLER]}}
// firebreak's handler is found by its command line (`… firebreak… hook <agent>`), replaced
// in place when it is there (other hooks keep their positions, which Codex's trust is keyed
// by) and appended when it is not; every other entry is left exactly as it was.

import { firebreakBin } from '../core/install.js';
import { singleQuote } from '../shell/quote.js';

export type Scope = 'project' | 'user';

export interface Where {
  /** The project the command runs in: its root, or the cwd outside a repository. */
  project: string;
  home: string;
  env: (name: string) => string | undefined;
}

/** What one step of connect did (lines to print), or why it could not. */
export type Step = { ok: true; lines: string[] } | { ok: false; message: string };

/** A path as a person reads it: ~ for the home. */
export function tilde(path: string, home: string): string {
  return path === home || path.startsWith(home + '/') ? '~' + path.slice(home.length) : path;
}

/** firebreak's handler as doctor finds it in a settings file. */
export interface Registered {
  /** The settings file as the agent names it (a symlink stays a symlink: Codex keys its trust by it). */
  file: string;
  scope: Scope;
  command: string;
  handler: Record<string, unknown>;
  matcher: string | null;
  group: number;
  index: number;
  /** The whole settings file the handler is in. */
  settings: Record<string, unknown>;
}

/** What connect changed in a settings file, for a step that follows it. */
export interface AfterEdit {
  agent: string;
  reg: Registration;
  /** The settings file as the agent names it. */
  file: string;
  before: unknown[];
  edit: ListEdit;
  w: Where;
  dryRun: boolean;
}

/** What one agent needs beyond the common registration (one place for each agent's quirks: its own file). */
interface RegistrationExtras {
  /** A step after the hook list changed (Codex: trusting the hook where it now is). */
  afterEdit?(e: AfterEdit): Step;
  /** What else keeps the agent from running a registration: settings that switch hooks off, a missing trust. */
  problems?(r: Registered, w: Where): string[];
  /** Why the agent would skip a project's own hooks here (an untrusted project), or null. */
  untrustedProject?(w: Where): string | null;
  /** What the person should know after connect. */
  note?(w: Where): string | null;
}

export interface Registration {
  /** The settings file that registers the hook, for a scope. */
  file(scope: Scope, where: Where): string;
  shape: 'nested' | 'flat';
  /** The key under "hooks". */
  event: string;
  /** The matcher (of the group, nested; of the handler, flat); null for every tool. */
  matcher: string | null;
  /** The key holding the command line in a handler. */
  commandKey: 'command' | 'bash';
  /** The rest of firebreak's handler: the type, the timeout in the agent's unit, a fail-closed switch. */
  handlerFields: Record<string, unknown>;
  /** Keys a new file starts with (the flat shape's version). */
  fileHeader: Record<string, unknown>;
  /** Whether the agent reads JSON from a hook that cannot start (the fallback prints its deny) or only the exit code. */
  fallbackJson: ((reason: string) => Record<string, unknown>) | null;
  /** Whether the matcher sends the agent's shell tool to the hook. */
  coversShell(matcher: string | null): boolean;
  /** Directories whose presence says the agent is used on this machine. */
  presence(where: Where): string[];
  /** Its command-line programs. */
  programs: string[];
  /** How the agent runs the registered command: the shell and its flags. */
  shell: readonly string[];
  /** The least timeout, in the registration's own key and unit, that leaves firebreak's 5 s deadline room. */
  minTimeout: { key: string; value: number; unit: 's' | 'ms' };
  extras?: RegistrationExtras;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One handler in an event's list: where it sits, the matcher it runs under, and whether it is firebreak's. */
interface HandlerPosition {
  group: number;
  /** 0 in the flat shape. */
  handler: number;
  /** The handler itself; null when it is not an object. */
  value: Obj | null;
  matcher: string | null;
  ours: boolean;
}

/** Every handler of an event's list, in order. */
export function handlerPositions(list: unknown[], reg: Registration, agent: string): HandlerPosition[] {
  const out: HandlerPosition[] = [];
  list.forEach((entry, g) => {
    if (!isObj(entry)) return;
    const matcher = typeof entry.matcher === 'string' ? entry.matcher : null;
    const hs = reg.shape === 'flat' ? [entry] : entry.hooks;
    if (!Array.isArray(hs)) return;
    hs.forEach((h, i) => {
      const value = isObj(h) ? h : null;
      out.push({ group: g, handler: i, value, matcher, ours: value !== null && isFirebreakHook(value[reg.commandKey], agent) });
    });
  });
  return out;
}

/** bin/firebreak.cjs of this installation: two levels above this file, in the sources and in the bundle. */
/**
 * Variables that would run someone else's code inside the hook's node before firebreak's
 * (NODE_OPTIONS=--require …, a preloaded library): the hook starts without them, so an
 * agent that planted one in its own environment cannot make the hook say nothing.
 */
const SCRUBBED = ['NODE_OPTIONS', 'NODE_PATH', 'LD_PRELOAD', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES'];

/** Plain words only: it is written inside double quotes in the fallback. */
const FALLBACK_REASON =
  'firebreak could not start (node or firebreak is missing or broken), so this tool call is blocked. Reinstall firebreak, or run: firebreak doctor';

/**
 * The command line written into the agent's settings: this node and this firebreak by
 * absolute path (an agent's PATH may not have either), and a fallback that still blocks
 * when neither can start: a missing or broken node, a deleted or corrupt firebreak. The
 * fallback says why on stderr, prints the agent's deny where the agent reads JSON, and
 * exits 2. Agents run the line with sh or bash -c; `A || sh -c '...'` reads the same in fish.
 * If env itself cannot start, the fallback blocks as well.
 */
export function hookCommand(agent: string, reg: Registration, node = process.execPath, bin = firebreakBin()): string {
  const dq = (t: string): string => `"${t.replace(/["\\$`]/g, '\\$&')}"`;
  const json = reg.fallbackJson ? `echo ${dq(JSON.stringify(reg.fallbackJson(FALLBACK_REASON)))}; ` : '';
  return `env ${SCRUBBED.map((v) => `-u ${v}`).join(' ')} ${singleQuote(node)} ${singleQuote(bin)} hook ${agent} || sh -c ${singleQuote(`${json}echo ${dq(FALLBACK_REASON)} >&2; exit 2`)}`;
}

/** Whether a handler's command line is a firebreak hook for this agent (ours, or one installed another way). */
function isFirebreakHook(command: unknown, agent: string): boolean {
  return typeof command === 'string' && new RegExp(`firebreak(?:\\.cjs)?['"]?\\s+hook\\s+${agent}(?:\\s|$|['"|;&])`).test(command);
}

/** firebreak's handlers in an event's list. */
export function findHandlers(list: unknown[], reg: Registration, agent: string): Array<HandlerPosition & { value: Obj }> {
  return handlerPositions(list, reg, agent).filter((h): h is HandlerPosition & { value: Obj } => h.ours);
}

export type ListEdit =
  | { kind: 'same'; list: unknown[]; at: { group: number; handler: number } }
  | { kind: 'changed'; list: unknown[]; replaced: string | null; at: { group: number; handler: number } }
  | { kind: 'removed'; list: unknown[]; count: number; at: Array<{ group: number; handler: number }> }
  | { kind: 'absent' };

function handlerFor(reg: Registration, command: string): Obj {
  const h: Obj = { type: 'command', [reg.commandKey]: command, ...reg.handlerFields };
  if (reg.shape === 'flat' && reg.matcher !== null) h.matcher = reg.matcher;
  return h;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The event's list with firebreak's handler set to `command`: left alone, replaced in place, or appended. */
export function addHandler(list: unknown[], reg: Registration, agent: string, command: string): ListEdit {
  const handler = handlerFor(reg, command);
  const found = findHandlers(list, reg, agent);
  const first = found[0];
  const out = structuredClone(list);
  if (first && found.length === 1) {
    const group = out[first.group] as Obj;
    const matcherOk = reg.shape === 'flat' || sameJson(group.matcher ?? null, reg.matcher);
    if (sameJson(first.value, handler) && matcherOk) return { kind: 'same', list, at: { group: first.group, handler: first.handler } };
    // Our own group (only our handler in it) gets our matcher; a shared group keeps its own.
    if (reg.shape === 'flat') out[first.group] = handler;
    else {
      const hs = group.hooks as unknown[];
      hs[first.handler] = handler;
      if (hs.length === 1) {
        if (reg.matcher === null) delete group.matcher;
        else group.matcher = reg.matcher;
      }
    }
    return { kind: 'changed', list: out, replaced: String(first.value[reg.commandKey]), at: { group: first.group, handler: first.handler } };
  }
  // None, or several (a hand edit): the extra ones go, one is written fresh at the end.
  const cleaned = found.length > 1 ? (removeHandlers(out, reg, agent) as Extract<ListEdit, { kind: 'removed' }>).list : out;
  cleaned.push(reg.shape === 'flat' ? handler : { ...(reg.matcher === null ? {} : { matcher: reg.matcher }), hooks: [handler] });
  return {
    kind: 'changed',
    list: cleaned,
    replaced: found.length > 0 ? String(found[0]!.value[reg.commandKey]) : null,
    at: { group: cleaned.length - 1, handler: 0 },
  };
}

/** The event's list without firebreak's handlers; a group left with no handler goes too. */
export function removeHandlers(list: unknown[], reg: Registration, agent: string): ListEdit {
  const found = findHandlers(list, reg, agent);
  if (found.length === 0) return { kind: 'absent' };
  const out: unknown[] = [];
  list.forEach((entry, g) => {
    const mine = found.filter((f) => f.group === g);
    if (mine.length === 0) {
      out.push(structuredClone(entry));
      return;
    }
    if (reg.shape === 'flat') return;
    const group = structuredClone(entry) as Obj;
    const hs = (group.hooks as unknown[]).filter((_, i) => !mine.some((m) => m.handler === i));
    if (hs.length > 0) out.push({ ...group, hooks: hs });
  });
  return { kind: 'removed', list: out, count: found.length, at: found.map((f) => ({ group: f.group, handler: f.handler })) };
}

/** The event's list in a parsed settings file, or why it cannot be edited. */
export function eventList(settings: unknown, reg: Registration): { ok: true; list: unknown[] } | { ok: false; message: string } {
  if (!isObj(settings)) return { ok: false, message: 'the top level is not a JSON object' };
  const hooks = settings.hooks;
  if (hooks === undefined) return { ok: true, list: [] };
  if (!isObj(hooks)) return { ok: false, message: '"hooks" is not a JSON object' };
  const list = hooks[reg.event];
  if (list === undefined) return { ok: true, list: [] };
  if (!Array.isArray(list)) return { ok: false, message: `"hooks.${reg.event}" is not a list` };
  return { ok: true, list };
}
