// Turns a simple command into the command that really runs: the name reduced to its
// basename and the wrappers that only change how it runs (sudo, env, nice, timeout...)
// taken off, remembered so context can weigh them (sudo means root).

import { own } from '../core/own.js';
import { expandLongPrefixes, gnuLongOptions } from '../options/long-abbreviations.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { scanOptions } from '../options/walk.js';
import type { Arg, ArgRedirect, CommandOrigin, PipePlace, ShellCommand } from './commands.js';
import { gitDashForm, gitWords, programName, sameToolAs, unwrapDistribution } from './command-names.js';

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
  /** The command word as typed (Nuke, ./run.sh): what an alias or a function is looked up by, where `name` is the program a platform finds. */
  written: string;
  pipe: PipePlace;
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
  /**
   * Its options: those that take a value; `code`, an option whose value is itself the
   * command line, split on blanks (env -S); `stops`, options with which it runs no command
   * of ours (sudo -l, ionice -p).
   */
  options: OptionSpec;
  /** Positional words the wrapper consumes before the command (timeout's DURATION). */
  leadingOperands?: number;
  /** key=value words before the command are assignments (env). */
  assignments?: boolean;
  /** A lone `-` is an option (env's, the same as -i), not the command. */
  loneDash?: boolean;
  /** Options whose value is the directory the command runs in (env -C, sudo -D). */
  chdir?: readonly string[];
}

const wrapper = (names: Parameters<typeof optionSpec>[0], quirks: Omit<WrapperSpec, 'options'> = {}): WrapperSpec => ({
  options: optionSpec(names),
  ...quirks,
});
const NOTHING = wrapper({});

const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: wrapper(
    {
      value: '-u --user -g --group -C --close-from -D --chdir -h --host -p --prompt -r --role -t --type -U --other-user -T --command-timeout -R --chroot',
      // -k (ignore cached credentials) still runs the command it is given; -K does not.
      stops: '-l --list -v --validate -K --remove-timestamp -e --edit -V --version',
    },
    { assignments: true, chdir: ['-D', '--chdir'] },
  ),
  doas: wrapper({ value: '-u -C' }, { assignments: true }),
  env: wrapper({ value: '-u --unset -C --chdir -P', code: '-S --split-string' }, { assignments: true, loneDash: true, chdir: ['-C', '--chdir'] }),
  nohup: NOTHING,
  nice: wrapper({ value: '-n --adjustment' }),
  time: wrapper({ value: '-f --format -o --output' }),
  timeout: wrapper({ value: '-s --signal -k --kill-after' }, { leadingOperands: 1 }),
  stdbuf: wrapper({ value: '-i --input -o --output -e --error' }),
  ionice: wrapper({ value: '-c --class -n --classdata', stops: '-p --pid -P --pgid -u --uid' }),
  exec: wrapper({ value: '-a' }),
  command: wrapper({ stops: '-v -V' }),
  builtin: NOTHING,
  nocorrect: NOTHING,
  noglob: NOTHING,
  chronic: NOTHING,
  unbuffer: NOTHING,
  busybox: NOTHING,
  // setarch ARCH [options] COMMAND, and its per-architecture names.
  setarch: wrapper({}, { leadingOperands: 1 }),
  linux32: NOTHING,
  linux64: NOTHING,
  i386: NOTHING,
  x86_64: NOTHING,
  coproc: NOTHING,
  toybox: NOTHING,
  setsid: NOTHING,
  fakeroot: wrapper({ value: '-l --lib --faked -s -i' }),
  chroot: wrapper({ value: '--userspec --groups' }, { leadingOperands: 1 }),
  'systemd-run': wrapper({ value: '-p --property -u --unit -E --setenv -M --machine --description --slice --uid --gid --working-directory -H --host' }),
  strace: wrapper({ value: '-o -e -p -s -u -a -I -O -P -S -X' }),
  ltrace: wrapper({ value: '-o -e -p -s -u -a -n -l -A -D' }),
  torsocks: wrapper({ value: '-u -p -a -P' }),
  proxychains: wrapper({ value: '-f' }),
  proxychains4: wrapper({ value: '-f' }),
  caffeinate: wrapper({ value: '-t -w' }),
  'xvfb-run': wrapper({ value: '-n --server-num -s --server-args -e --error-file -f --auth-file -p --xauth-protocol' }),
  'dbus-run-session': wrapper({ value: '--config-file --dbus-daemon' }),
  // CPU, scheduling, namespaces and limits: each runs the command it is given as it is.
  taskset: wrapper({ stops: '-p --pid' }, { leadingOperands: 1 }),
  chrt: wrapper({ value: '-T --sched-runtime -P --sched-period -D --sched-deadline', stops: '-p --pid -m --max' }, { leadingOperands: 1 }),
  unshare: wrapper({ value: '-S --setuid -G --setgid -R --root -w --wd --map-user --map-group --map-users --map-groups --propagation --setgroups' }),
  nsenter: wrapper({ value: '-t --target -S --setuid -G --setgid' }),
  prlimit: optionQuirks(wrapper({ stops: '-p --pid' }), { glueOnly: 'cdefilmnqrstuvxy' }),
  setpriv: wrapper({ value: '--reuid --regid --ruid --euid --rgid --egid --groups --inh-caps --ambient-caps --bounding-set --securebits --pdeathsig' }),
  numactl: wrapper({ value: '-C --physcpubind -N --cpunodebind -m --membind -p --preferred -i --interleave', stops: '-H --hardware -s --show' }),
  cgexec: wrapper({ value: '-g' }),
  'systemd-inhibit': wrapper({ value: '--what --who --why --mode', stops: '--list' }),
  firejail: NOTHING,
  runcon: wrapper({ value: '-u --user -r --role -t --type -l --range' }),
  // As another user, in another session, or with I/O and limits changed: the command runs as given.
  pkexec: wrapper({ value: '--user' }),
  run0: wrapper({ value: '-u --user -g --group -D --chdir --setenv --unit --property --description --slice --nice --machine' }, { chdir: ['-D', '--chdir'] }),
  gosu: wrapper({}, { leadingOperands: 1 }),
  // zsh: `repeat N cmd` runs cmd N times; `- cmd` runs it with a dash before its argv[0].
  repeat: wrapper({}, { leadingOperands: 1 }),
  '-': NOTHING,
  'su-exec': wrapper({}, { leadingOperands: 1 }),
  setuidgid: wrapper({}, { leadingOperands: 1 }),
  envdir: wrapper({}, { leadingOperands: 1 }),
  chpst: wrapper({ value: '-u -U -b -e -/ -n -l -L -m -d -o -p -f -c -r -t' }),
  'dbus-launch': wrapper({ value: '--config-file' }),
  eatmydata: NOTHING,
  'ssh-agent': wrapper({ value: '-a -E -t -P -O', stops: '-k -d -D -l' }),
  nocache: NOTHING,
  catchsegv: NOTHING,
  // valgrind and flatpak-spawn take their options as --name=value.
  valgrind: NOTHING,
  'flatpak-spawn': NOTHING,
  trickle: wrapper({ value: '-d -u -w -t -l -n' }),
  cpulimit: wrapper({ value: '-l --limit -p --pid -e --exe' }),
  tini: wrapper({ value: '-p -e' }),
  'dumb-init': wrapper({ value: '-r --rewrite' }),
};

/**
 * env -S's own splitting: blanks separate words, single quotes keep text as it is, double
 * quotes and backslashes escape (\_ is a space), \c ends the string.
 */
function splitString(s: string): string[] {
  const words: string[] = [];
  let w: string | null = null;
  const ESC: Record<string, string> = { _: ' ', t: '\t', n: '\n', r: '\r', f: '\f', v: '\v' };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (w !== null) words.push(w);
      w = null;
    } else if (c === '#' && w === null) {
      // A comment to the end of the string: what follows env -S '#…' is the command.
      break;
    } else if (c === "'") {
      const end = s.indexOf("'", i + 1);
      w = (w ?? '') + s.slice(i + 1, end < 0 ? s.length : end);
      i = end < 0 ? s.length : end;
    } else if (c === '"') {
      w ??= '';
      for (i++; i < s.length && s[i] !== '"'; i++) w += s[i] === '\\' && i + 1 < s.length ? (ESC[s[++i]!] ?? s[i]!) : s[i]!;
    } else if (c === '\\' && i + 1 < s.length) {
      const n = s[++i]!;
      if (n === 'c') break;
      w = (w ?? '') + (ESC[n] ?? n);
    } else w = (w ?? '') + c;
  }
  if (w !== null) words.push(w);
  return words;
}

/** A command word the shell would match as a glob: `*`, `?`, or a closed `[…]` (`[` and `[[` alone are commands). */
const globName = (a: Arg): boolean => a.glob && /[*?]|\[[^\]]+\]/.test(a.text);

/** A wrapper whose options are read with getopt quirks of their own. */
function optionQuirks(w: WrapperSpec, quirks: Parameters<typeof optionSpec>[1]): WrapperSpec {
  return { ...w, options: { ...w.options, ...quirks } };
}

const MAX_WRAPPERS = 16;
/** Programs that are many commands, chosen by the name they are run as. */
const MULTI_CALL = new Set(['busybox', 'toybox']);

/** Returns the command that runs, or null when nothing runs (a bare assignment, `command -v x`). */
export function normaliseCommand(cmd: ShellCommand): NormalisedCommand | null {
  let argv = cmd.argv;
  const wrappers: string[] = [];
  const assignments = [...cmd.assignments];
  const where = { cwd: cmd.cwd };
  for (let n = 0; n < MAX_WRAPPERS && argv.length > 0; n++) {
    const head = argv[0]!;
    if (head.dynamic) break;
    const name = programName(head.text);
    const spec = own(WRAPPERS, name);
    if (!spec) break;
    // env --sp 'CMD' is env --split-string: GNU wrappers take a unique prefix of a long option too.
    const gnu = gnuLongOptions(name);
    const rest = stripWrapper([...(gnu ? expandLongPrefixes(argv.slice(1), gnu, 0, true) : argv.slice(1))], spec, assignments, where);
    // exec -a NAME busybox …: a multi-call binary runs the applet its argv[0] names.
    const argv0 = name === 'exec' ? argv.findIndex((a, i) => i > 0 && a.text === '-a') : -1;
    if (rest && argv0 > 0 && argv[argv0 + 1] && MULTI_CALL.has(programName(rest[0]?.text ?? '')) && !argv[argv0 + 1]!.dynamic) {
      wrappers.push(name, programName(rest[0]!.text));
      argv = [argv[argv0 + 1]!, ...rest.slice(1)];
      continue;
    }
    if (rest === null) return null;
    // A wrapper with nothing to run is the command itself: bare `env` prints the environment.
    if (rest.length === 0) break;
    wrappers.push(name);
    argv = rest;
  }
  argv = unwrapDistribution(argv, wrappers);
  argv = gitDashForm(argv);
  // git reset --har is --hard: every reader sees the option git would.
  if (argv.length > 1 && !argv[0]!.dynamic) {
    const tool = programName(argv[0]!.text);
    const gnu = gnuLongOptions(tool);
    if (tool === 'git') argv = [argv[0]!, ...gitWords(argv.slice(1))];
    else if (gnu) argv = [...expandLongPrefixes(argv, gnu, 1)];
  }
  if (argv.length === 0 && cmd.redirects.length === 0 && assignments.length === 0) return null;
  const head = argv[0];
  // One literal with every field, always in this order: the engine reads these objects in
  // its hottest loop, and a single shape keeps V8's property access fast.
  return {
    name: head ? (head.dynamic || globName(head) ? head.text : sameToolAs(programName(head.text))) : '',
    args: argv.slice(1),
    redirects: cmd.redirects,
    wrappers,
    assignments,
    start: cmd.start,
    end: cmd.end,
    origin: cmd.origin,
    depth: cmd.depth,
    // /bin/r[m], /???/r?: a name the shell finds by matching a glob is as unknown as a variable.
    dynamicName: head ? head.dynamic || globName(head) : false,
    written: head ? head.text : '',
    pipe: cmd.pipe,
    cwd: where.cwd,
    segment: '',
    via: [],
    remote: null,
    codeSource: null,
    upstream: null,
  };
}

/** The words after a wrapper's own options, or null when the wrapper runs nothing of ours. */
function stripWrapper(args: Arg[], spec: WrapperSpec, assignments: Array<{ name: string; value: Arg }>, where: { cwd: Arg | null }): Arg[] | null {
  let operands = spec.leadingOperands ?? 0;
  let rest: Arg[] | null = [];
  scanOptions(args, spec.options, 0, (kind, at, name, takes, value, after) => {
    if (kind === 'end') return false; // after `--`, timeout's DURATION and env's assignments still come first
    if (kind === 'option') {
      if (spec.options.stops.has(name)) {
        rest = null;
        return true;
      }
      // env -C DIR: the command runs in DIR.
      if (spec.chdir?.includes(name) && value !== undefined) {
        const dir = args[after - 1]!;
        const given = after - 1 > at ? dir : { ...args[at]!, text: value, home: /^~(\/|$)/.test(value) };
        where.cwd =
          given.home || given.text.startsWith('/') || !where.cwd || given.dynamic
            ? given
            : { ...given, text: `${where.cwd.text.replace(/\/+$/, '')}/${given.text}`, home: where.cwd.home, dynamic: where.cwd.dynamic };
      }
      // env -S 'cmd args' splits one string into the command line it runs.
      if (takes === 'code') {
        // env -S expands ${VAR} itself: ${HOME} is the home, any other is unknown.
        const words = splitString(value ?? '').map((text) => {
          const home = /^\$\{HOME\}(\/|$)/.test(text);
          const t = home ? `~${text.slice('${HOME}'.length)}` : text;
          return { text: t, quoted: true, glob: false, dynamic: t.includes('${'), home };
        });
        // The split words are env's own again: `env -S 'PATH=/usr/bin' git …` sets PATH and runs git.
        rest = stripWrapper([...words, ...args.slice(after)], spec, assignments, where);
        return true;
      }
      return false;
    }
    const w = args[at]!;
    if (spec.loneDash && w.text === '-' && !w.dynamic) return false;
    // (BASH_FUNC_name%%=… exports a function to a bash the command starts.)
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*(%%|\(\))?=/.test(w.text)) {
      const eq = w.text.indexOf('=');
      assignments.push({ name: w.text.slice(0, eq), value: { ...w, text: w.text.slice(eq + 1) } });
      return false;
    }
    if (operands > 0) {
      operands--;
      return false;
    }
    rest = args.slice(at);
    return true;
  });
  return rest;
}
