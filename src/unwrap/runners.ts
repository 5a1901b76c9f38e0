// Tools that run another command for you — with secrets injected (op run, doppler run,
// aws-vault exec), in a project environment (poetry run, bundle exec), on a platform's
// machine (heroku run, fly ssh console -C) or in a VM or container (multipass exec,
// lxc exec). The command they run is assessed as if typed.

import type { Arg } from '../shell/commands.js';
import { own } from '../core/own.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';
import { quoteArg } from '../shell/quote.js';

interface RunnerCode {
  code: string;
  via: string;
  remote?: string;
}

interface Runner {
  /** Subcommand words that make the tool a runner (`run`, `exec`, `ssh console`). */
  sub: string[];
  /** The command follows `--` (op run -- CMD). */
  afterDoubleDash?: boolean;
  /** Options whose value is the command as one string (fly ssh console -C 'CMD'). */
  codeOptions?: string[];
  /** Options that take a separate value, so it is not mistaken for the command. */
  values?: string[];
  /** Positional words between the subcommand and the command (aws-vault exec PROFILE). */
  operands?: number;
  /** The code runs somewhere else: named by an option (heroku -a app), or by the operand after the subcommand (multipass exec VM). */
  remote?: { label: string; option?: string[]; operand?: boolean };
  /** The words are joined into one line for a shell (tmux new-window 'rm -rf x'). */
  joined?: boolean;
}

const TMUX_VALUES = ['-s', '-n', '-c', '-t', '-x', '-y', '-e', '-F', '-f', '-l', '-p', '-L', '-S'];
/** tmux subcommands that start a shell command in a new session, window or pane, or run one. */
const tmux = (sub: string): Runner => ({ sub: [sub], values: TMUX_VALUES, joined: true });

const RUNNERS: Record<string, Runner[]> = {
  op: [{ sub: ['run'], afterDoubleDash: true }],
  doppler: [{ sub: ['run'], afterDoubleDash: true, values: ['-p', '--project', '-c', '--config', '--token', '--mount'] }],
  'aws-vault': [{ sub: ['exec'], afterDoubleDash: true, operands: 1 }],
  infisical: [{ sub: ['run'], afterDoubleDash: true, values: ['--env', '--path', '--projectId', '--token'] }],
  chamber: [{ sub: ['exec'], afterDoubleDash: true }],
  teller: [{ sub: ['run'], afterDoubleDash: true }],
  dotenv: [{ sub: [], afterDoubleDash: true }],
  dotenvx: [{ sub: ['run'], afterDoubleDash: true }],
  poetry: [{ sub: ['run'], values: ['-C', '--directory', '-P', '--project'] }],
  uv: [
    {
      sub: ['run'],
      values: ['--with', '--python', '-p', '--project', '--directory', '--env-file', '--group', '--extra', '--package', '--index', '--with-requirements'],
    },
  ],
  pipenv: [{ sub: ['run'] }],
  pdm: [{ sub: ['run'], values: ['-p', '--project'] }],
  hatch: [{ sub: ['run'], values: ['-e', '--env'] }],
  rye: [{ sub: ['run'] }],
  bundle: [{ sub: ['exec'] }],
  pnpm: [
    { sub: ['exec'], values: ['-C', '--dir', '--filter', '-F'] },
    { sub: ['dlx'], values: ['-C', '--dir', '--package'] },
  ],
  direnv: [{ sub: ['exec'], operands: 1 }],
  // Tool-version managers and environment managers run the command with their tools on PATH.
  mise: [
    { sub: ['exec'], afterDoubleDash: true },
    { sub: ['x'], afterDoubleDash: true },
  ],
  rtx: [{ sub: ['exec'], afterDoubleDash: true }],
  asdf: [{ sub: ['exec'] }],
  devbox: [{ sub: ['run'], values: ['-c', '--config', '-e', '--env', '--env-file'] }],
  conda: [{ sub: ['run'], values: ['-n', '--name', '-p', '--prefix', '--cwd'] }],
  micromamba: [{ sub: ['run'], values: ['-n', '--name', '-p', '--prefix', '--cwd'] }],
  pixi: [{ sub: ['run'], values: ['-e', '--environment', '--manifest-path'] }],
  envchain: [{ sub: [], operands: 1 }],
  heroku: [
    {
      sub: ['run'],
      values: ['-a', '--app', '-r', '--remote', '-s', '--size', '-e', '--env', '--type'],
      remote: { label: 'heroku app', option: ['-a', '--app'] },
    },
    {
      sub: ['run:detached'],
      values: ['-a', '--app', '-r', '--remote', '-s', '--size', '-e', '--env', '--type'],
      remote: { label: 'heroku app', option: ['-a', '--app'] },
    },
  ],
  railway: [{ sub: ['run'], values: ['-s', '--service', '-e', '--environment'] }],
  fly: [
    {
      sub: ['ssh', 'console'],
      codeOptions: ['-C', '--command'],
      values: ['-a', '--app', '-s', '--select', '-u', '--user', '-r', '--region', '--machine'],
      remote: { label: 'fly app', option: ['-a', '--app'] },
    },
  ],
  flyctl: [
    {
      sub: ['ssh', 'console'],
      codeOptions: ['-C', '--command'],
      values: ['-a', '--app', '-u', '--user', '-r', '--region', '--machine'],
      remote: { label: 'fly app', option: ['-a', '--app'] },
    },
  ],
  gcloud: [
    { sub: ['compute', 'ssh'], codeOptions: ['--command'], values: ['--zone', '--project', '--ssh-key-file'], remote: { label: 'instance', operand: true } },
  ],
  vagrant: [{ sub: ['ssh'], codeOptions: ['-c', '--command'], remote: { label: 'vagrant machine', operand: true } }],
  'nix-shell': [{ sub: [], codeOptions: ['--run', '--command'] }],
  multipass: [{ sub: ['exec'], afterDoubleDash: true, remote: { label: 'vm', operand: true } }],
  lxc: [{ sub: ['exec'], afterDoubleDash: true, remote: { label: 'container', operand: true } }],
  incus: [{ sub: ['exec'], afterDoubleDash: true, remote: { label: 'container', operand: true } }],
  distrobox: [{ sub: ['enter'], afterDoubleDash: true }],
  // Package runners: npx cdk destroy runs cdk destroy.
  npx: [
    { sub: [], codeOptions: ['-c', '--call'], values: ['-p', '--package'] },
    { sub: [], values: ['-p', '--package'] },
  ],
  bunx: [{ sub: [], values: ['-p', '--package'] }],
  npm: [
    { sub: ['exec'], codeOptions: ['-c', '--call'], values: ['-p', '--package', '-w', '--workspace'] },
    { sub: ['exec'], values: ['-p', '--package', '-w', '--workspace'] },
  ],
  yarn: [{ sub: ['dlx'], values: ['-p', '--package'] }, { sub: ['exec'] }],
  // (send-keys types the words into a pane's shell; a trailing Enter only stands as one more word.)
  tmux: ['new-session', 'new', 'new-window', 'neww', 'split-window', 'splitw', 'run-shell', 'run', 'respawn-pane', 'respawn-window', 'send-keys', 'send'].map(
    tmux,
  ),
  // screen -dm CMD ARGS (a detached session running CMD).
  screen: [{ sub: [], values: ['-S', '-c', '-e', '-h', '-p', '-t', '-T', '-X', '-s'] }],
};

/** A runner's options as the walk reads them, built once. */
const specs = new WeakMap<Runner, OptionSpec>();
function specOf(r: Runner): OptionSpec {
  let spec = specs.get(r);
  if (!spec) specs.set(r, (spec = optionSpec({ value: [...(r.values ?? []), ...(r.remote?.option ?? [])], code: r.codeOptions ?? [] })));
  return spec;
}

/** The command a runner tool would run, or null when `name args` is not one. */
export function runnerCode(name: string, args: Arg[]): RunnerCode | null {
  for (const r of own(RUNNERS, name) ?? []) {
    // Options may come before the subcommand (fly -a api ssh console -C ...) and after it,
    // even after the command (heroku run rake db:drop -a app: oclif reads flags anywhere up
    // to a `--`); reading them all is the stricter choice for where and what runs.
    const words: Arg[] = [];
    const ownWords = r.sub.length + (r.operands ?? 0) + (r.remote?.operand ? 1 : 0);
    let inline: string | undefined;
    let named: string | undefined;
    /** Where the command it runs starts: at the first word past its own, or after a `--`. */
    let commandAt = -1;
    for (const tok of walkOptions(args, specOf(r))) {
      if (tok.kind === 'end') {
        if (commandAt < 0) commandAt = tok.at + 1;
        break;
      }
      if (tok.kind === 'operand') {
        words.push(args[tok.at]!);
        if (words.length === ownWords + 1) commandAt = tok.at;
      } else if (tok.takes === 'code') inline ??= tok.value;
      else if (r.remote?.option?.includes(tok.name)) named ??= tok.value;
    }
    if (!r.sub.every((s, k) => words[k]?.text === s)) continue;
    const via = [name, ...r.sub].join(' ');
    const remoteName = r.remote?.option ? named : r.remote?.operand ? words[r.sub.length]?.text : undefined;
    const remote = r.remote ? `${r.remote.label} ${remoteName ?? '(default)'}` : undefined;
    if (r.codeOptions) {
      if (inline) return { code: inline, via, ...(remote ? { remote } : {}) };
      // Without its code option, a tool with another form (npx pkg args) tries that next.
      continue;
    }
    if (r.afterDoubleDash) {
      const dash = args.findIndex((a) => a.text === '--');
      return dash >= 0 && dash < args.length - 1
        ? {
            code: args
              .slice(dash + 1)
              .map(quoteArg)
              .join(' '),
            via,
            ...(remote ? { remote } : {}),
          }
        : null;
    }
    if (commandAt < 0 || commandAt >= args.length) return null;
    const rest = args.slice(commandAt);
    // heroku run joins its words into one line for the dyno's shell, as tmux does for its own.
    const code = remote || r.joined ? rest.map((a) => a.text).join(' ') : rest.map(quoteArg).join(' ');
    return { code, via, ...(remote ? { remote } : {}) };
  }
  return null;
}
