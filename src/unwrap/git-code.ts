// Code git runs for you, which a line can hand it without saying `sh`: an alias defined with
// -c (a shell command when it starts with !), configuration that names a program (-c
// core.sshCommand=…, core.pager, diff.external, credential.helper=!…, filter.*.clean, …),
// the same through the environment (GIT_SSH_COMMAND=…, GIT_CONFIG_PARAMETERS,
// GIT_CONFIG_KEY_n/VALUE_n), and subcommands that run a command (rebase --exec, bisect run,
// submodule foreach, difftool -x, grep -O, fetch --upload-pack, push --receive-pack, ext::
// URLs). Config keys are read as git reads them, without regard to case.

import { own } from '../core/own.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { GIT } from '../options/tools.js';
import { walkOptions } from '../options/walk.js';
import { literalArg, type Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { NONE, type NestedCode, type NestedResult, type Stdin, worst } from './result.js';

/** Configuration whose value is a command git runs through the shell. */
const CODE_KEYS =
  /^(core\.(sshcommand|pager|editor|fsmonitor|gitproxy|askpass)|diff\.external|sequence\.editor|gpg\.(ssh\.|x509\.|openpgp\.)?program|pager\.[^.]+|interactive\.difffilter|uploadpack\.packobjectshook|remote\..+\.(uploadpack|receivepack)|(filter|diff|merge)\..+\.(clean|smudge|process|textconv|command|driver)|credential(\..+)?\.helper|include\.path|includeif\..+\.path|core\.hookspath)$/;

/** Configuration that is a file of more configuration, or where hooks are: a path, not a command, but what is there is code the line may not show. */
const FILE_KEYS = /^(include\.path|includeif\..+\.path|core\.hookspath)$/;

/**
 * Configuration that makes a subcommand do what a flag would: clean.requireForce=false is
 * clean -f, a remote's push refspec starting with + is push --force.
 */
function configFlags(sub: string, settings: ReadonlyMap<string, string>): string[] {
  const flags: string[] = [];
  if (sub === 'clean' && /^(false|no|off|0)$/i.test(settings.get('clean.requireforce') ?? '')) flags.push('-f');
  if (sub === 'push' && [...settings].some(([k, v]) => /^remote\..+\.push$/.test(k) && v.startsWith('+'))) flags.push('--force');
  return flags;
}

/** Environment variables whose value is a command git runs. */
export const CODE_ENV: ReadonlySet<string> = new Set([
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_PAGER',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'GIT_PROXY_COMMAND',
]);

/** Subcommands' options whose value is a command (`rebase --exec CMD`, `fetch --upload-pack CMD`), read by the shared walk. */
const SUBCOMMAND_CODE: Readonly<Record<string, OptionSpec>> = {
  rebase: optionSpec({ code: '--exec -x', value: '--onto -s --strategy -X --strategy-option' }),
  difftool: optionSpec({ code: '--extcmd -x', value: '-t --tool' }),
  // grep's pager is optional and only ever attached (-Oless, --open-files-in-pager=less).
  grep: optionSpec({ value: '-e -f -m --max-count --max-depth' }, { glueOnly: 'O' }),
  fetch: optionSpec({ code: '--upload-pack' }),
  pull: optionSpec({ code: '--upload-pack' }),
  'ls-remote': optionSpec({ code: '--upload-pack' }),
  clone: optionSpec({ code: '--upload-pack -u', value: '-b --branch -o --origin --depth --reference --template -c --config' }),
  push: optionSpec({ code: '--receive-pack --exec', value: '-o --push-option --repo' }),
  archive: optionSpec({ code: '--exec', value: '-o --output --format --prefix --remote' }),
};
const GREP_PAGER = new Set(['-O', '--open-files-in-pager']);

/** Words that can make git run a command; a git command holding none of them (most do not) is not read further. */
const MARKER_WORDS = new Set([...Object.keys(SUBCOMMAND_CODE), 'bisect', 'submodule', 'config']);

const GIT_CONFIG = optionSpec({ value: '-f --file --blob --type --default --comment' });

/**
 * `git config [--global|--file F|…] KEY VALUE`: the key (lower-cased, as git compares it)
 * and the value it sets; null for a read, an unset or a list.
 */
export function configSetting(rest: Arg[]): { key: string; value: Arg } | null {
  const operands: Arg[] = [];
  for (const tok of walkOptions(rest, GIT_CONFIG)) {
    if (tok.kind === 'operand') operands.push(rest[tok.at]!);
    else if (tok.kind === 'option' && /^--(get|unset|list|remove-section|rename-section|edit)/.test(tok.name)) return null;
    else if (tok.kind === 'option' && tok.name.length === 2 && 'le'.includes(tok.name[1]!)) return null;
  }
  // git 2.46's `git config set KEY VALUE`.
  const [k, v] = operands[0]?.text === 'set' ? [operands[1], operands[2]] : [operands[0], operands[1]];
  return k && v && !k.dynamic ? { key: k.text.toLowerCase(), value: v } : null;
}
/** The settings a git config file holds, as section.key (or section.sub.key) and value: `[alias]` then `st = !cmd` is alias.st. */
export function configFileSettings(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let section = '';
  for (const raw of text.split('\n').slice(0, 1000)) {
    const line = raw.trim();
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (head) {
      section = head[2] === undefined ? head[1]! : `${head[1]}.${head[2]}`;
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (kv && section) out.push([`${section}.${kv[1]}`, (kv[2] ?? 'true').replace(/^"(.*)"$/, '$1')]);
  }
  return out;
}

const isMarker = (t: string): boolean => MARKER_WORDS.has(t) || /^(-c|--config-env|ext::)/i.test(t);

/** The command a config value amounts to, if any: credential.helper runs only a `!command`; core.fsmonitor=true is the built-in monitor. */
function configCode(key: string, value: string): string | null {
  const k = key.toLowerCase();
  if (!CODE_KEYS.test(k) || value === '') return null;
  if (/^credential(\..+)?\.helper$/.test(k)) return value.startsWith('!') ? value.slice(1) : null;
  if (k === 'core.fsmonitor' && /^(true|false|yes|no|on|off|1|0)$/i.test(value)) return null;
  // A config file or a hooks directory the line itself names: what it holds is not shown here.
  if (FILE_KEYS.test(k)) return null;
  return value;
}

/** url.<base>.insteadOf: URLs are rewritten to <base>, and an ext:: base is a command git runs for every fetch or push. */
function rewrittenTo(key: string): string | null {
  const m = /^url\.(.+)\.(push)?insteadof$/is.exec(key);
  return m && /^ext::/i.test(m[1]!) ? extCommand(m[1]!.slice(5)) : null;
}

/**
 * A one-off include.path or core.hooksPath into a temporary directory: code from files
 * anyone could have put there, which the line does not show (one the line wrote itself is
 * read in ./line-state.ts). The project's own hooks and the user's own config files are not.
 */
const pointsAtFiles = (key: string, value: string): boolean => FILE_KEYS.test(key.toLowerCase()) && /^(\/tmp|\/var\/tmp|\/dev\/shm)\//.test(value);

/** `'key'='value'` pairs as git writes GIT_CONFIG_PARAMETERS. */
function configParameters(text: string): Array<[string, string]> {
  return [...text.matchAll(/'((?:[^']|'\\'')*)'(?:=(?:'((?:[^']|'\\'')*)'))?/g)].map((m) => [
    m[1]!.replace(/'\\''/g, "'"),
    (m[2] ?? '').replace(/'\\''/g, "'"),
  ]);
}

/** `git update-ref --stdin` fed known text: each delete or update line said as the update-ref command it is. */
function updateRefLines(args: Arg[], stdin: Stdin): NestedCode[] {
  if (stdin?.kind !== 'text' || !args.some((a) => a.text === 'update-ref') || !args.some((a) => a.text === '--stdin')) return [];
  const out: NestedCode[] = [];
  for (const line of stdin.text.split('\n').slice(0, 256)) {
    const [verb, ref, value] = line.trim().split(/\s+/);
    if (verb === 'delete' && ref) out.push({ code: `git update-ref -d ${quoteArg(literalArg(ref))}`, via: 'git update-ref --stdin' });
    else if (verb === 'update' && ref && value)
      out.push({ code: `git update-ref ${quoteArg(literalArg(ref))} ${quoteArg(literalArg(value))}`, via: 'git update-ref --stdin' });
  }
  return out;
}

export function gitCodeNested({ args, assignments }: NormalisedCommand, stdin: Stdin = null): NestedResult {
  const refs = updateRefLines(args, stdin);
  if (refs.length > 0) return { nested: refs, codeSource: null };
  if (!assignments.some((a) => a.name.startsWith('GIT_')) && !args.some((a) => isMarker(a.text))) return NONE;
  const aliases = new Map<string, string>();
  const settings = new Map<string, string>();
  const nested: NestedCode[] = [];
  let codeSource: NestedResult['codeSource'] = null;
  const run = (code: string, via: string): void => {
    nested.push({ code, via });
  };
  const config = (key: string, value: Arg | string, via: string): void => {
    if (typeof value !== 'string' && value.dynamic) {
      if (CODE_KEYS.test(key.toLowerCase()) || /^alias\./i.test(key)) codeSource = worst(codeSource, 'unknown');
      return;
    }
    const text = typeof value === 'string' ? value : value.text;
    // git's config keys ignore case: alias.RM is rm.
    if (/^alias\./i.test(key)) {
      aliases.set(key.slice('alias.'.length).toLowerCase(), text);
      return;
    }
    settings.set(key.toLowerCase(), text);
    const code = configCode(key, text);
    if (code !== null) run(code, via);
    const ext = rewrittenTo(key);
    if (ext !== null) run(ext, `${via}, an ext:: URL git runs`);
  };

  // The environment git runs with.
  const env = new Map(assignments.map((a) => [a.name, a.value]));
  for (const [name, value] of env) {
    if (CODE_ENV.has(name)) {
      if (value.dynamic) codeSource = worst(codeSource, 'unknown');
      else if (value.text !== '') run(value.text, `git with ${name}`);
    } else if (name === 'GIT_CONFIG_PARAMETERS' && !value.dynamic) {
      for (const [k, v] of configParameters(value.text)) {
        // Older gits write one quoted 'key=value'; newer ones 'key'='value'.
        const [key, val] = v === '' && k.includes('=') ? [k.slice(0, k.indexOf('=')), k.slice(k.indexOf('=') + 1)] : [k, v];
        config(key, val, `git with GIT_CONFIG_PARAMETERS ${key}`);
      }
    } else if (/^GIT_CONFIG_KEY_\d+$/.test(name) && !value.dynamic) {
      const v = env.get(`GIT_CONFIG_VALUE_${name.slice('GIT_CONFIG_KEY_'.length)}`);
      if (v) config(value.text, v, `git with ${name}`);
    }
  }

  // Its global options: -c key=value, --config-env key=VARIABLE, aliases.
  let i = args.length;
  for (const tok of walkOptions(args, GIT)) {
    if (tok.kind !== 'option') {
      i = tok.kind === 'end' ? tok.at + 1 : tok.at;
      break;
    }
    const setting = (tok.name === '-c' || tok.name === '--config-env') && tok.value !== undefined ? /^([^=]+)=(.*)$/s.exec(tok.value) : null;
    if (!setting) continue;
    const key = setting[1]!;
    const value = setting[2]!;
    if (tok.name === '--config-env') {
      // --config-env=KEY=VAR takes the value from the environment git is given.
      const given = env.get(value);
      if (given) config(key, given, `git --config-env ${key}`);
      else if (CODE_KEYS.test(key.toLowerCase()) || /^alias\./i.test(key)) codeSource = worst(codeSource, 'unknown');
      continue;
    }
    const word = args[tok.after - 1]!;
    if (pointsAtFiles(key, value)) codeSource = worst(codeSource, 'unknown');
    config(key, word.dynamic ? { ...word, text: value } : value, `git -c ${key}`);
  }

  const sub = args[i]?.text;
  const rest = args.slice(i + 1);
  const body = sub !== undefined ? aliases.get(sub.toLowerCase()) : undefined;
  if (body !== undefined) {
    const tail = rest.map(quoteArg).join(' ');
    run((body.startsWith('!') ? `${body.slice(1)} ${tail}` : `git ${body} ${tail}`).trim(), `git alias ${sub}`);
  } else if (sub !== undefined) {
    subcommandCode(sub, rest, run);
    // git config core.pager 'CMD': every later git that pages runs CMD.
    const set = sub === 'config' ? configSetting(rest) : null;
    if (set) config(set.key, set.value, `git config ${set.key}, run by git from now on`);
    if (set?.key.startsWith('alias.') && !set.value.dynamic && set.value.text.startsWith('!'))
      run(set.value.text.slice(1), `git config ${set.key}, run whenever it is used`);
    // rebase -i hands its todo list to the sequence editor: a program given there edits the
    // repository's own files (sed -i s/pick/drop/ drops commits), read as that edit.
    if (sub === 'rebase' && rest.some((a) => a.text === '--interactive' || /^-[a-zA-Z]*i[a-zA-Z]*$/.test(a.text))) {
      const envText = (n: string): string | undefined => {
        const v = env.get(n);
        return v && !v.dynamic ? v.text : undefined;
      };
      const editor = envText('GIT_SEQUENCE_EDITOR') ?? settings.get('sequence.editor') ?? envText('GIT_EDITOR') ?? settings.get('core.editor');
      if (editor !== undefined && editor.trim() !== '') run(`${editor} .git/rebase-merge/git-rebase-todo`, 'git rebase -i, its todo list edited by a program');
    }
    const flags = configFlags(sub, settings);
    if (flags.length > 0) run(['git', sub, ...flags, ...rest.map(quoteArg)].join(' '), `git ${sub} as configured on the line`);
  }
  if (nested.length === 0 && codeSource === null) return NONE;
  return { nested, codeSource };
}

/** Commands a git subcommand runs: its code options, bisect run, submodule foreach, ext:: URLs. */
function subcommandCode(sub: string, rest: Arg[], run: (code: string, via: string) => void): void {
  const spec = own(SUBCOMMAND_CODE, sub);
  if (spec) {
    for (const tok of walkOptions(rest, spec)) {
      if (tok.kind === 'end') break;
      if (tok.kind === 'option' && tok.value && (tok.takes === 'code' || (sub === 'grep' && GREP_PAGER.has(tok.name))))
        run(tok.value, `git ${sub} ${tok.name}`);
    }
  }
  // ext::CMD runs CMD as the transport (%S and %s stand for the service and its argument).
  for (const a of rest) if (/^ext::/i.test(a.text)) run(extCommand(a.text.slice(5)), `git ${sub} ext::`);
  const words = rest.filter((a) => !a.text.startsWith('-'));
  if (sub === 'bisect' && words[0]?.text === 'run' && words.length > 1)
    run(
      rest
        .slice(rest.indexOf(words[0]) + 1)
        .map(quoteArg)
        .join(' '),
      'git bisect run',
    );
  if (sub === 'submodule' && words[0]?.text === 'foreach') {
    const after = rest.slice(rest.indexOf(words[0]) + 1).filter((a) => a.text !== '--recursive' && a.text !== '-q' && a.text !== '--quiet');
    if (after.length > 0) run(after.length === 1 ? after[0]!.text : after.map(quoteArg).join(' '), 'git submodule foreach');
  }
}

/**
 * The command an ext:: URL runs: words split at spaces, where `% ` is a space inside a
 * word, `%%` a percent sign, and %s, %S, %G stand for what git fills in.
 */
function extCommand(spec: string): string {
  const words: string[] = [];
  let w = '';
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i]!;
    if (c === '%' && i + 1 < spec.length) {
      const n = spec[++i]!;
      w += n === ' ' ? ' ' : n === '%' ? '%' : 'x';
    } else if (c === ' ') {
      if (w) words.push(w);
      w = '';
    } else w += c;
  }
  if (w) words.push(w);
  return words.map((x) => (/^~(\/|$)/.test(x) ? x : quoteArg({ text: x, quoted: false, glob: false, dynamic: false, home: false }))).join(' ');
}
