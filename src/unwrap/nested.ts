// Commands that run other commands: shells with -c, eval, xargs, find -exec, ssh, docker
// exec, interpreters' inline code, and shells fed code on stdin. For each, the code it
// would run, as shell text to be parsed and assessed as if typed; or, when that code
// cannot be read (a download, an encoded payload), where it comes from.

import type { Arg } from '../shell/commands.js';
import { inlineCode, stdinInterpreter } from '../code/interpreter-argv.js';
import { shellEquivalents } from '../code/equivalents.js';
import { scriptWriteLines } from './sed-awk.js';
import type { CodeSource, NormalisedCommand } from '../shell/normalise.js';
import { literalArg, optionValue } from '../shell/arg.js';
import { quoteArg, quoteText } from '../shell/quote.js';
import { sqlEquivalents } from '../databases/sql.js';
import { databaseCode } from '../databases/clients.js';
import { mongoEquivalents } from '../databases/mongo.js';
import { DECODERS, DOWNLOADERS } from './code-sources.js';
import { runnerCode } from './runners.js';

export interface NestedCode {
  code: string;
  /** How it was reached, for the reader: 'bash -c', 'xargs', 'ssh web1'. */
  via: string;
  /** Another machine or a container the code runs in. */
  remote?: string;
}

/** What a command reads on stdin, as far as the line shows. */
export type Stdin = { kind: 'text'; text: string } | { kind: CodeSource } | { kind: 'find'; items: string[] } | null;

export interface NestedResult {
  nested: NestedCode[];
  codeSource: CodeSource | null;
}

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'csh', 'tcsh', 'fish', 'rbash']);
/** Most items of stdin or ::: a nested command is built with; the rest adds nothing new. */
const MAX_ITEMS = 32;

const NONE: NestedResult = { nested: [], codeSource: null };

const ANSIBLE_VALUES = new Set(['-m', '--module-name', '-a', '--args', '-i', '--inventory', '-u', '--user', '-e', '--extra-vars', '-l', '--limit', '-f', '--forks', '--become-user', '-c', '--connection', '-T', '--timeout', '-P', '-B', '--vault-password-file', '--private-key', '-M', '--become-method']);


/** The source of code that a word carries through command substitution, if it is unreadable. */
export function sourceOfWord(a: Arg): CodeSource | null {
  if (!a.dynamic) return null;
  if (a.producers?.some((p) => DOWNLOADERS.has(p))) return 'download';
  if (a.producers?.some((p) => DECODERS.has(p))) return 'decoded';
  // The whole code is one variable: nothing on the line says what it holds.
  if (!a.producers && /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(a.text)) return 'unknown';
  return null;
}

function worst(a: CodeSource | null, b: CodeSource | null): CodeSource | null {
  const rank = { download: 3, decoded: 2, unknown: 1 } as const;
  if (!a) return b;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}

/** How a shell was asked to run: -c CODE, a script file, or code on stdin. */
function shellInvocation(args: Arg[]): { code: Arg | null; script: Arg | null; readsStdin: boolean } {
  let c = false;
  let s = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const t = a.text;
    if (a.dynamic) break;
    if (t === '-') return { code: null, script: null, readsStdin: true };
    if (t === '--') { i++; break; }
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O' || t === '--rcfile' || t === '--init-file') { i++; continue; }
    if (t.startsWith('--')) { if (t === '--command') c = true; continue; }
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t[0] === '-' && t.includes('c')) c = true;
      if (t[0] === '-' && t.includes('s')) s = true;
      continue;
    }
    break;
  }
  const first = args[i] ?? null;
  if (c) return { code: first, script: null, readsStdin: false };
  if (first && !s) return { code: null, script: first, readsStdin: first.text === '/dev/stdin' || first.text === '-' };
  return { code: null, script: null, readsStdin: true };
}

/** Splits args into a tool's options (with values) and the words from its first operand on. */
function afterOptions(args: Arg[], valueOptions: Set<string>, stopAtDoubleDash = true): { options: Map<string, string>; rest: Arg[] } {
  const options = new Map<string, string>();
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '--' && stopAtDoubleDash) { i++; break; }
    if (args[i]!.dynamic || !t.startsWith('-') || t === '-') break;
    const eq = t.indexOf('=');
    if (t.startsWith('--') && eq > 0) { options.set(t.slice(0, eq), t.slice(eq + 1)); continue; }
    if (valueOptions.has(t)) { options.set(t, args[i + 1]?.text ?? ''); i++; continue; }
    // -I{} or -n1: a short value option with its value attached.
    const short = t.slice(0, 2);
    if (!t.startsWith('--') && t.length > 2 && valueOptions.has(short)) { options.set(short, t.slice(2)); continue; }
    options.set(t, '');
  }
  return { options, rest: args.slice(i) };
}

const line = (words: Arg[]): string => words.map(quoteArg).join(' ');

/**
 * Items a command reads from stdin (xargs, parallel), as shell text: known words, whole
 * lines when `byLine` (xargs -I), or one unknown word.
 */
/**
 * An item read from a pipe, as a word: quoted, except that a leading ~ stays a home
 * directory. It most often came from `echo ~/x`, whose shell expanded it; if it came through
 * quoted, the worse reading is the one to judge.
 */
function itemWord(item: string): string {
  if (item === '~') return '~';
  return item.startsWith('~/') ? '~/' + quoteText(item.slice(2)) : quoteText(item);
}

function stdinItems(stdin: Stdin, byLine = false): string[] {
  if (stdin?.kind === 'text') return stdin.text.split(byLine ? /\n/ : /\s+/).filter((x) => x.trim()).slice(0, MAX_ITEMS).map(itemWord);
  if (stdin?.kind === 'find') return stdin.items;
  return ['"$STDIN_ITEM"'];
}

/** The paths find would print: each start directory, narrowed by -name when it has one. */
export function findItems(args: Arg[]): string[] {
  const starts: string[] = [];
  let i = 0;
  while (i < args.length && /^-[HLP]$/.test(args[i]!.text)) i++;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (!a.dynamic && /^[-(!)]/.test(a.text) && a.text !== '-') break;
    starts.push(quoteArg(a));
  }
  if (starts.length === 0) starts.push('.');
  const k = args.findIndex((a) => a.text === '-name' || a.text === '-iname');
  const name = k >= 0 ? args[k + 1]?.text : undefined;
  if (!name) return starts.slice(0, MAX_ITEMS);
  const leaf = quoteText(name.replace(/\[[^\]]*\]|[*?[]/g, 'x'));
  return starts.slice(0, MAX_ITEMS).map((s) => `${s.replace(/\/+$/, '')}/${leaf}`);
}

/** One word of a command template with the placeholder replaced by an item (already shell text). */
function fillWord(w: Arg, placeholder: string, item: string): string {
  if (!w.text.includes(placeholder)) return quoteArg(w);
  return w.text.split(placeholder).map((part) => (part ? quoteText(part) : '')).join(item);
}

/**
 * The command lines a template runs for its items: with the placeholder present, one line
 * per item with it replaced; otherwise the items appended, all to one line (xargs) or one
 * line per item (parallel, `perItem`).
 */
function withItems(words: Arg[], items: string[], placeholder: string | null, perItem = false): string[] {
  const ph = placeholder ?? '{}';
  if (words.some((w) => w.text.includes(ph))) return items.map((it) => words.map((w) => fillWord(w, ph, it)).join(' '));
  const base = words.map(quoteArg).join(' ');
  if (placeholder) return [base];
  return perItem ? items.map((it) => `${base} ${it}`) : [`${base} ${items.join(' ')}`];
}

const XARGS_VALUES = new Set(['-I', '-n', '-L', '-l', '-P', '-s', '-d', '-E', '-e', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--replace', '--max-lines', '--eof', '--max-chars', '--process-slot-var']);
const SSH_VALUES = new Set(['-b', '-B', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w']);
const EXEC_VALUES = new Set(['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys', '--index', '-c', '--container', '-n', '--namespace', '--context', '--kubeconfig', '--pod-running-timeout']);
const RUN_VALUES = new Set([...EXEC_VALUES, '-v', '--volume', '-p', '--publish', '--name', '--network', '--net', '--entrypoint', '-l', '--label', '--mount', '--cpus', '-m', '--memory', '--platform', '--restart', '-h', '--hostname', '--add-host', '--device', '--cap-add', '--cap-drop', '--log-driver', '--log-opt', '--pull', '--gpus', '--ipc', '--pid', '--shm-size', '--tmpfs', '--ulimit', '--security-opt', '--stop-signal', '--dns', '--expose', '--link', '--runtime', '--image', '--overrides', '--env-from', '--cidfile', '--health-cmd', '--userns', '--uts', '--volumes-from', '--workdir', '--group-add', '--cgroupns', '--label-file', '--mac-address', '--ip', '--ip6', '--network-alias', '--storage-opt', '--sysctl', '--attach', '-a']);
const GIT_VALUES = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix']);
const WATCH_VALUES = new Set(['-n', '--interval', '-q', '--equexit']);
const PARALLEL_VALUES = new Set(['-j', '--jobs', '-S', '--sshlogin', '-a', '--arg-file', '-d', '--delimiter', '--colsep', '-C', '-I', '--replace', '-N', '-n', '--max-args', '-L', '--max-lines', '--halt', '--joblog', '--results', '--timeout', '--delay', '--retries', '--tag-string', '-E', '--eof', '--workdir', '--wd', '--tmpdir', '--load', '--memfree', '--transfer-file', '--return', '--basefile', '--env']);

export function nestedOf(cmd: NormalisedCommand, stdin: Stdin): NestedResult {
  const { name, args } = cmd;
  if (SHELLS.has(name)) return shellNested(name, args, stdin);
  switch (name) {
    case 'eval': {
      if (args.length === 0) return NONE;
      let source: CodeSource | null = null;
      for (const a of args) source = worst(source, sourceOfWord(a));
      return { nested: [{ code: args.map((a) => a.text).join(' '), via: 'eval' }], codeSource: source };
    }
    case 'source': case '.': {
      const script = args[0];
      if (!script) return NONE;
      if (script.text === '/dev/stdin' || script.text === '-') return fromStdin(name, stdin);
      return { nested: [], codeSource: sourceOfWord(script) };
    }
    case 'su': case 'runuser': case 'flock': case 'script': {
      const k = args.findIndex((a) => a.text === '-c' || a.text === '--command');
      const inline = args.find((a) => a.text.startsWith('--command='));
      const code = k >= 0 ? args[k + 1] : inline ? { ...inline, text: inline.text.slice('--command='.length) } : undefined;
      return code ? { nested: [{ code: code.text, via: `${name} -c` }], codeSource: sourceOfWord(code) } : NONE;
    }
    case 'xargs': {
      const { options, rest } = afterOptions(args, XARGS_VALUES, false);
      const words: Arg[] = rest.length > 0 ? rest : [literalArg('echo')];
      // -I R and --replace=R name the placeholder (and make each line one item); the old -i[R] defaults it to {}.
      const old = [...options.keys()].find((k) => /^-i/.test(k));
      const placeholder = options.get('-I') || options.get('--replace') || (old !== undefined ? old.slice(2) || '{}' : null);
      return { nested: withItems(words, stdinItems(stdin, placeholder !== null), placeholder).map((code) => ({ code, via: 'xargs' })), codeSource: null };
    }
    case 'find': return findNested(args);
    case 'ansible': {
      // ansible HOSTS -m shell|command|raw -a 'CODE' runs CODE on every matched host.
      // Without -m, ansible runs its default module, command.
      const module = optionValue(args, ['-m', '--module-name']) ?? 'command';
      const code = optionValue(args, ['-a', '--args']);
      const hosts = args.find((a) => !a.text.startsWith('-') && !ANSIBLE_VALUES.has(args[args.indexOf(a) - 1]?.text ?? ''))?.text ?? 'hosts';
      if (!code || !module || !['shell', 'command', 'raw', 'ansible.builtin.shell', 'ansible.builtin.command', 'ansible.builtin.raw'].includes(module)) return NONE;
      return { nested: [{ code, via: `ansible ${hosts}`, remote: `hosts ${hosts}` }], codeSource: null };
    }
    case 'at': case 'batch': {
      // at reads the commands it schedules from stdin (or -f FILE, which is not read here).
      if (args.some((a) => /^-[lrdc]$/.test(a.text) || a.text === '-f')) return NONE;
      return fromStdin(name, stdin);
    }
    case 'alias': {
      // An alias defined on the line is there to be used: assess its body like a function's.
      const nested = args.map((a) => /^[^=\s]+=(.+)$/s.exec(a.text)?.[1]).filter((v): v is string => !!v).map((code) => ({ code, via: 'alias' }));
      return { nested, codeSource: null };
    }
    case 'trap': {
      // trap CODE SIGNAL...: the code runs later, when the signal (or EXIT) comes.
      const code = args[0];
      if (!code || args.length < 2 || code.text === '-' || /^-/.test(code.text) || /^[0-9]+$/.test(code.text)) return NONE;
      return { nested: [{ code: code.text, via: 'trap' }], codeSource: sourceOfWord(code) };
    }
    case 'parallel': return parallelNested(args, stdin);
    case 'watch': {
      const { options, rest } = afterOptions(args, WATCH_VALUES);
      if (rest.length === 0) return NONE;
      const code = options.has('-x') || options.has('--exec') ? line(rest) : rest.map((a) => a.text).join(' ');
      return { nested: [{ code, via: 'watch' }], codeSource: null };
    }
    case 'ssh': return sshNested(args, stdin);
    case 'docker': case 'podman': case 'nerdctl': case 'docker-compose': return containerNested(name, args);
    case 'kubectl': case 'oc': return kubectlNested(name, args);
    case 'git': return gitAliasNested(args);
    case 'sed': case 'gsed': case 'awk': case 'gawk': case 'mawk': case 'nawk': {
      const writes = scriptWriteLines(name, args);
      if (writes.length > 0) return { nested: writes.map((code) => ({ code, via: `${name} writing a file` })), codeSource: null };
      break;
    }
    default: {
      const run = runnerCode(name, args);
      if (run) return { nested: [run], codeSource: null };
    }
  }
  const argv = [name, ...args.map((a) => a.text)];
  // SQL and mongo code given to a database client, inline or on stdin: its destructive statements.
  const db = databaseCode(argv);
  const dbCode = db ? db.code ?? (db.readsStdin && stdin?.kind === 'text' ? stdin.text : null) : null;
  if (db && dbCode !== null) {
    const lines = db.kind === 'sql' ? sqlEquivalents(dbCode) : mongoEquivalents(dbCode);
    return { nested: lines.map((code) => ({ code, via: `${name} ${db.kind}` })), codeSource: null };
  }
  const inline = inlineCode(argv);
  if (inline) {
    const codeArg = args.find((a) => a.text === inline.code);
    const lines = shellEquivalents(inline.language, inline.code);
    // os.system(cmd) with cmd not a literal: a program runs that the line does not name.
    const opaque = lines.some((l) => l.startsWith('"$UNKNOWN"')) ? 'unknown' : null;
    return { nested: lines.map((code) => ({ code, via: `${name} inline code` })), codeSource: (codeArg ? sourceOfWord(codeArg) : null) ?? opaque };
  }
  const language = stdinInterpreter(argv);
  if (language) {
    if (stdin?.kind === 'text') return { nested: shellEquivalents(language, stdin.text).map((code) => ({ code, via: `${name} reading stdin` })), codeSource: null };
    if (stdin && stdin.kind !== 'find') return { nested: [], codeSource: stdin.kind };
  }
  // A script handed to an interpreter through <(curl ...).
  const procSub = args.find((a) => a.text.startsWith('<(') && a.producers);
  if (procSub && ['python', 'python3', 'python2', 'node', 'perl', 'ruby', 'php', 'deno', 'bun'].some((p) => name === p || name.startsWith(p + '.'))) {
    return { nested: [], codeSource: sourceOfWord(procSub) };
  }
  return NONE;
}

function fromStdin(name: string, stdin: Stdin): NestedResult {
  if (!stdin) return NONE;
  if (stdin.kind === 'text') return { nested: [{ code: stdin.text, via: `${name} reading stdin` }], codeSource: null };
  if (stdin.kind === 'find') return { nested: [], codeSource: 'unknown' };
  return { nested: [], codeSource: stdin.kind };
}

function shellNested(name: string, args: Arg[], stdin: Stdin): NestedResult {
  const inv = shellInvocation(args);
  if (inv.code) return { nested: [{ code: inv.code.text, via: `${name} -c` }], codeSource: sourceOfWord(inv.code) };
  if (inv.script && !inv.readsStdin) return { nested: [], codeSource: sourceOfWord(inv.script) };
  return fromStdin(name, stdin);
}

function findNested(args: Arg[]): NestedResult {
  const nested: NestedCode[] = [];
  const items = findItems(args);
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (t !== '-exec' && t !== '-execdir' && t !== '-ok' && t !== '-okdir') continue;
    const words: Arg[] = [];
    let j = i + 1;
    for (; j < args.length && args[j]!.text !== ';' && args[j]!.text !== '+'; j++) words.push(args[j]!);
    i = j;
    if (words.length > 0) for (const code of withItems(words, items, null)) nested.push({ code, via: `find ${t}` });
  }
  return { nested, codeSource: null };
}

function parallelNested(args: Arg[], stdin: Stdin): NestedResult {
  const { rest } = afterOptions(args, PARALLEL_VALUES, false);
  const sep = rest.findIndex((a) => /^:::+\+?$/.test(a.text));
  const template = sep >= 0 ? rest.slice(0, sep) : rest;
  const itemArgs = sep >= 0 ? rest.slice(sep + 1).filter((a) => !/^:::+\+?$/.test(a.text)).slice(0, MAX_ITEMS) : [];
  // With no command, each item is itself a command line: parallel ::: 'make a' 'make b'.
  if (template.length === 0) {
    const lines = sep >= 0 ? itemArgs.map((a) => a.text) : stdin?.kind === 'text' ? stdin.text.split('\n').filter((l) => l.trim()) : [];
    return { nested: lines.slice(0, MAX_ITEMS).map((code) => ({ code, via: 'parallel' })), codeSource: sep < 0 && stdin && stdin.kind !== 'text' && stdin.kind !== 'find' ? stdin.kind : null };
  }
  // parallel hands the template to a shell: a single word holding spaces is code.
  const words = template.length === 1 && /\s/.test(template[0]!.text) ? [{ ...template[0]!, dynamic: true, quoted: false }] : template;
  const items = sep >= 0 ? itemArgs.map(quoteArg) : stdinItems(stdin, true);
  const codes = words === template ? withItems(words, items, null, true) : items.map((it) => words[0]!.text.split('{}').join(it) + (words[0]!.text.includes('{}') ? '' : ` ${it}`));
  return { nested: codes.map((code) => ({ code, via: 'parallel' })), codeSource: null };
}

function sshNested(args: Arg[], stdin: Stdin): NestedResult {
  const { options, rest } = afterOptions(args, SSH_VALUES);
  if (options.has('-N') || rest.length === 0) return NONE;
  const host = rest[0]!.text.replace(/^[^@]*@/, '');
  const words = rest.slice(1);
  const remote = `ssh ${host}`;
  const code = words.map((a) => a.text).join(' ');
  // `ssh host bash -s < script` or `ssh host <<EOF`: the remote shell reads our stdin.
  const remoteShell = words.length === 0 || (words.length <= 2 && SHELLS.has(words[0]!.text));
  if (remoteShell && stdin) {
    if (stdin.kind === 'text') return { nested: [{ code: stdin.text, via: remote, remote: host }], codeSource: null };
    if (stdin.kind !== 'find') return { nested: [], codeSource: stdin.kind };
  }
  if (words.length === 0) return NONE;
  return { nested: [{ code, via: remote, remote: host }], codeSource: words.length === 1 ? sourceOfWord(words[0]!) : null };
}

const CONTAINER_GLOBAL_VALUES = new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey', '--url', '--connection', '--identity', '--root', '--runroot', '--storage-driver', '--cgroup-manager', '-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile']);

function containerNested(tool: string, args: Arg[]): NestedResult {
  // Global options (docker --host X, podman --remote, compose -f file) come before the subcommand.
  let k = 0;
  while (k < args.length && args[k]!.text.startsWith('-')) k += CONTAINER_GLOBAL_VALUES.has(args[k]!.text) ? 2 : 1;
  let words = args.slice(k);
  if (tool !== 'docker-compose' && words[0]?.text === 'compose') {
    words = words.slice(1);
    let j = 0;
    while (j < words.length && words[j]!.text.startsWith('-')) j += CONTAINER_GLOBAL_VALUES.has(words[j]!.text) ? 2 : 1;
    words = words.slice(j);
  }
  if (words[0]?.text === 'container') words = words.slice(1);
  const sub = words[0]?.text;
  if (sub !== 'exec' && sub !== 'run') return NONE;
  const { rest } = afterOptions(words.slice(1), sub === 'run' ? RUN_VALUES : EXEC_VALUES);
  const target = rest[0];
  if (!target || rest.length < 2) return NONE;
  const where = `container ${target.text}`;
  return { nested: [{ code: line(rest.slice(1)), via: `${tool} ${sub} ${target.text}`, remote: where }], codeSource: null };
}

function kubectlNested(tool: string, args: Arg[]): NestedResult {
  const dash = args.findIndex((a) => a.text === '--');
  const positional: Arg[] = [];
  const head = args.slice(0, dash < 0 ? args.length : dash);
  for (let i = 0; i < head.length; i++) {
    const t = head[i]!.text;
    if (!t.startsWith('-')) positional.push(head[i]!);
    else if (EXEC_VALUES.has(t) || RUN_VALUES.has(t) || t === '--cluster' || t === '--user' || t === '-s' || t === '--server') i++;
  }
  const sub = positional[0]?.text;
  if ((sub !== 'exec' && sub !== 'run' && sub !== 'debug') || dash < 0 || dash === args.length - 1) return NONE;
  const pod = positional[1]?.text ?? 'pod';
  return { nested: [{ code: line(args.slice(dash + 1)), via: `${tool} ${sub} ${pod}`, remote: `pod ${pod}` }], codeSource: null };
}

function gitAliasNested(args: Arg[]): NestedResult {
  const aliases = new Map<string, string>();
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (!t.startsWith('-')) break;
    if (t === '-c' && args[i + 1]) {
      const m = /^alias\.([^=]+)=(.*)$/s.exec(args[i + 1]!.text);
      if (m) aliases.set(m[1]!, m[2]!);
    }
    if (GIT_VALUES.has(t)) i++;
  }
  const sub = args[i]?.text;
  const body = sub !== undefined ? aliases.get(sub) : undefined;
  if (body === undefined) return NONE;
  const rest = args.slice(i + 1).map(quoteArg).join(' ');
  const code = body.startsWith('!') ? `${body.slice(1)} ${rest}` : `git ${body} ${rest}`;
  return { nested: [{ code: code.trim(), via: `git alias ${sub}` }], codeSource: null };
}

