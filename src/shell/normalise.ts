// Turns a simple command into the command that really runs: the name reduced to its
// basename and the wrappers that only change how it runs (sudo, env, nice, timeout...)
// taken off, remembered so context can weigh them (sudo means root).

import { own } from '../core/own.js';
import type { Arg, ArgRedirect, CommandOrigin, ShellCommand } from './commands.js';

export interface NormalisedCommand {
  /** Basename of the command that runs; '' for a line of only redirects. */
  name: string;
  args: Arg[];
  redirects: ArgRedirect[];
  /** Wrappers taken off, outermost first (sudo, env, nohup...). */
  wrappers: string[];
  /** Variables set for this command only (FOO=1 cmd, env FOO=1 cmd). */
  assignments: Array<{ name: string; value: Arg }>;
  start: number;
  end: number;
  origin: CommandOrigin;
  depth: number;
  /** The name itself came from a variable or command output. */
  dynamicName: boolean;
  pipe: { id: number; index: number };
  /** Directory set by an earlier `cd` in the line, or null for the caller's cwd. */
  cwd: Arg | null;
  /** The text of this simple command as written (inside the code it was found in). */
  segment: string;
  /** How the command was reached when nested: ['bash -c'], ['ssh web1', 'sudo sh -c'], ... */
  via: string[];
  /** Set when the command runs on another machine or in a container (ssh host, docker exec c). */
  remote: string | null;
  /**
   * For a command that runs code it cannot show (a shell fed by curl, eval of a download,
   * base64 -d | sh): where that code comes from.
   */
  codeSource: CodeSource | null;
  /** The command before this one in its pipeline, when it is a simple command. */
  upstream: NormalisedCommand | null;
}

export type CodeSource = 'download' | 'decoded' | 'unknown';

interface WrapperSpec {
  /** Options that take the next word as a value. */
  valueOptions: string[];
  /** Short options that take a value glued or separate (-n10, -n 10). */
  shortValueLetters?: string;
  /** Positional words the wrapper consumes before the command (timeout's DURATION). */
  leadingOperands?: number;
  /** With any of these options the wrapper runs no command of ours (sudo -l, ionice -p). */
  noCommandOptions?: string[];
  /** key=value words before the command are assignments (env). */
  assignments?: boolean;
  /** Options whose value is itself the command line, split on blanks (env -S). */
  splitString?: string[];
}

const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: {
    valueOptions: ['-u', '--user', '-g', '--group', '-C', '--close-from', '-D', '--chdir', '-h', '--host', '-p', '--prompt', '-r', '--role', '-t', '--type', '-U', '--other-user', '-T', '--command-timeout', '-R', '--chroot'],
    shortValueLetters: 'ugCDhprtUTR',
    noCommandOptions: ['-l', '--list', '-v', '--validate', '-k', '--reset-timestamp', '-K', '--remove-timestamp', '-e', '--edit', '-V', '--version'],
  },
  doas: { valueOptions: ['-u', '-C'], shortValueLetters: 'uC' },
  env: { valueOptions: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'], shortValueLetters: 'uCS', assignments: true, splitString: ['-S', '--split-string'] },
  nohup: { valueOptions: [] },
  nice: { valueOptions: ['-n', '--adjustment'], shortValueLetters: 'n' },
  time: { valueOptions: ['-f', '--format', '-o', '--output'], shortValueLetters: 'fo' },
  timeout: { valueOptions: ['-s', '--signal', '-k', '--kill-after'], shortValueLetters: 'sk', leadingOperands: 1 },
  stdbuf: { valueOptions: ['-i', '--input', '-o', '--output', '-e', '--error'], shortValueLetters: 'ioe' },
  ionice: { valueOptions: ['-c', '--class', '-n', '--classdata'], shortValueLetters: 'cn', noCommandOptions: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  exec: { valueOptions: ['-a'], shortValueLetters: 'a' },
  command: { valueOptions: [], noCommandOptions: ['-v', '-V'] },
  builtin: { valueOptions: [] },
  nocorrect: { valueOptions: [] },
  noglob: { valueOptions: [] },
  chronic: { valueOptions: [] },
  unbuffer: { valueOptions: [] },
  busybox: { valueOptions: [] },
  coproc: { valueOptions: [] },
  toybox: { valueOptions: [] },
  setsid: { valueOptions: [] },
  fakeroot: { valueOptions: ['-l', '--lib', '--faked', '-s', '-i'] },
  chroot: { valueOptions: ['--userspec', '--groups'], leadingOperands: 1 },
  'systemd-run': { valueOptions: ['-p', '--property', '-u', '--unit', '-E', '--setenv', '-M', '--machine', '--description', '--slice', '--uid', '--gid', '--working-directory', '-H', '--host'] },
  strace: { valueOptions: ['-o', '-e', '-p', '-s', '-u', '-a', '-I', '-O', '-P', '-S', '-X'], shortValueLetters: 'oepsuaIOPSX' },
  ltrace: { valueOptions: ['-o', '-e', '-p', '-s', '-u', '-a', '-n', '-l', '-A', '-D'] },
  torsocks: { valueOptions: ['-u', '-p', '-a', '-P'] },
  proxychains: { valueOptions: ['-f'] },
  proxychains4: { valueOptions: ['-f'] },
  caffeinate: { valueOptions: ['-t', '-w'] },
  'xvfb-run': { valueOptions: ['-n', '--server-num', '-s', '--server-args', '-e', '--error-file', '-f', '--auth-file', '-p', '--xauth-protocol'] },
  'dbus-run-session': { valueOptions: ['--config-file', '--dbus-daemon'] },
};

const MAX_WRAPPERS = 16;

export function basename(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash >= 0 ? name.slice(slash + 1) : name;
}

/** Returns the command that runs, or null when nothing runs (a bare assignment, `command -v x`). */
export function normaliseCommand(cmd: ShellCommand): NormalisedCommand | null {
  let argv = cmd.argv;
  const wrappers: string[] = [];
  const assignments = [...cmd.assignments];
  for (let n = 0; n < MAX_WRAPPERS && argv.length > 0; n++) {
    const head = argv[0]!;
    if (head.dynamic) break;
    const name = basename(head.text);
    const spec = own(WRAPPERS, name);
    if (!spec) break;
    const rest = stripWrapper(argv.slice(1), spec, assignments);
    if (rest === null) return null;
    // A wrapper with nothing to run is the command itself: bare `env` prints the environment.
    if (rest.length === 0) break;
    wrappers.push(name);
    argv = rest;
  }
  argv = unwrapDistribution(argv, wrappers);
  if (argv.length === 0 && cmd.redirects.length === 0 && assignments.length === 0) return null;
  const head = argv[0];
  // One literal with every field, always in this order: the engine reads these objects in
  // its hottest loop, and a single shape keeps V8's property access fast.
  return {
    name: head ? (head.dynamic ? head.text : basename(head.text)) : '',
    args: argv.slice(1),
    redirects: cmd.redirects,
    wrappers,
    assignments,
    start: cmd.start,
    end: cmd.end,
    origin: cmd.origin,
    depth: cmd.depth,
    dynamicName: head?.dynamic ?? false,
    pipe: cmd.pipe,
    cwd: cmd.cwd,
    segment: '',
    via: [],
    remote: null,
    codeSource: null,
    upstream: null,
  };
}

/** The words after a wrapper's own options, or null when the wrapper runs nothing of ours. */
function stripWrapper(args: Arg[], spec: WrapperSpec, assignments: Array<{ name: string; value: Arg }>): Arg[] | null {
  let i = 0;
  let operands = spec.leadingOperands ?? 0;
  while (i < args.length) {
    const w = args[i]!.text;
    if (w === '--') { i++; break; }
    if (w.startsWith('-') && w.length > 1 && !args[i]!.dynamic) {
      if (/^-[0-9]+$/.test(w)) { i++; continue; } // nice -10
      const eq = w.indexOf('=');
      const opt = eq > 0 ? w.slice(0, eq) : w;
      if (spec.noCommandOptions?.includes(opt)) return null;
      // env -S 'cmd args' splits one string into the command line it runs.
      if (spec.splitString?.includes(opt)) {
        const value = eq > 0 ? w.slice(eq + 1) : args[i + 1]?.text ?? '';
        const words = value.split(/\s+/).filter(Boolean).map((text) => ({ text, quoted: true, glob: false, dynamic: false, home: false }));
        return [...words, ...args.slice(eq > 0 ? i + 1 : i + 2)];
      }
      if (spec.valueOptions.includes(opt) && eq < 0) { i += 2; continue; }
      // -u root, -uroot, -Eu root: a value letter ends a cluster of short options.
      if (!w.startsWith('--') && spec.shortValueLetters) {
        const letters = w.slice(1);
        const at = [...letters].findIndex((l) => spec.shortValueLetters!.includes(l));
        if (at >= 0 && spec.noCommandOptions?.some((o) => o.length === 2 && letters.slice(0, at).includes(o[1]!))) return null;
        if (at >= 0) { i += at === letters.length - 1 ? 2 : 1; continue; }
        if (spec.noCommandOptions?.some((o) => o.length === 2 && letters.includes(o[1]!))) return null;
      }
      i++;
      continue;
    }
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
      const eq = w.indexOf('=');
      assignments.push({ name: w.slice(0, eq), value: { ...args[i]!, text: w.slice(eq + 1) } });
      i++;
      continue;
    }
    if (operands > 0) { operands--; i++; continue; }
    break;
  }
  return args.slice(i);
}

/** Distributions that ship a tool under their own name: `microk8s kubectl`, `k3s kubectl`, `minikube kubectl --`. */
const DISTRIBUTION_TOOLS: Record<string, string[]> = {
  microk8s: ['kubectl', 'helm', 'helm3', 'ctr'],
  k3s: ['kubectl', 'crictl', 'ctr'],
  minikube: ['kubectl'],
};

function unwrapDistribution(argv: Arg[], wrappers: string[]): Arg[] {
  const head = argv[0];
  const next = argv[1];
  if (!head || !next || head.dynamic) return argv;
  const name = basename(head.text);
  const tools = own(DISTRIBUTION_TOOLS, name);
  if (!tools?.includes(next.text)) return argv;
  wrappers.push(name);
  const rest = argv.slice(1);
  // minikube passes kubectl's own arguments after --.
  if (name === 'minikube' && rest[1]?.text === '--') rest.splice(1, 1);
  return rest.map((a, i) => (i === 0 && a.text === 'helm3' ? { ...a, text: 'helm' } : a));
}
