// Code that runs later or again: at and batch (commands on stdin), watch (a command run
// over and over), a crontab installed from stdin (each entry's command, every time it is
// due), and npm scripts set with `npm pkg set` (run by npm run and by install).

import { WATCH } from '../options/tools.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { afterOptions, line } from './items.js';
import { programCode } from './env-programs.js';
import { CODE_ENV as GIT_CODE_ENV } from './git-code.js';
import { laterReader, withTempPrograms } from './later-files.js';
import { printedOutput } from './printed-output.js';
import { fromStdin, isStdinPath, NONE, type NestedCode, type NestedResult, type Stdin } from './result.js';

/** at reads the commands it schedules from stdin (or -f FILE, which is not read here). */
export function atNested({ name, args }: NormalisedCommand, stdin: Stdin): NestedResult {
  if (args.some((a) => /^-[lrdc]$/.test(a.text) || a.text === '-f')) return NONE;
  return fromStdin(name, stdin);
}

export function watchNested({ args }: NormalisedCommand): NestedResult {
  const { options, rest } = afterOptions(args, WATCH);
  if (rest.length === 0) return NONE;
  const code = options.has('-x') || options.has('--exec') ? line(rest) : rest.map((a) => a.text).join(' ');
  return { nested: [{ code, via: 'watch' }], codeSource: null };
}

/** The command of each crontab entry: after five time fields or an @schedule; comments and VAR=value lines say nothing. */
export function crontabCommands(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const entry = raw.trim();
    if (entry === '' || entry.startsWith('#') || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(entry)) continue;
    const m = /^(?:@\w+|(?:\S+\s+){4}\S+)\s+(.+)$/.exec(entry);
    if (m) out.push(...withTempPrograms(m[1]!));
  }
  return out;
}

/** crontab - (or /dev/stdin) installs the entries it reads: their commands run on schedule. A crontab FILE is not read here. */
export function crontabNested({ args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const file = args.find((a) => !a.text.startsWith('-') || a.text === '-');
  if (args.some((a) => /^-[lre]$/.test(a.text))) return NONE;
  // With no file, crontab reads the table from stdin (crontab <<< '…').
  if (!file && !stdin) return NONE;
  if (file && !isStdinPath(file.text)) return { nested: [], codeSource: file.dynamic ? 'unknown' : null };
  if (stdin?.kind === 'text') return { nested: crontabCommands(stdin.text).map((code) => ({ code, via: 'crontab entry' })), codeSource: null };
  // (crontab -l; echo '…') | crontab - re-installs what is there plus what the line shows: only
  // a download or a decoded payload installed unseen is worth stopping.
  return stdin?.kind === 'download' || stdin?.kind === 'decoded' ? { nested: [], codeSource: stdin.kind } : NONE;
}

/** npm pkg set scripts.NAME=CODE: CODE runs whenever that script does (npm run NAME; install, for the lifecycle names). */
export function npmPkgNested({ args }: NormalisedCommand): NestedResult | null {
  const words = args.filter((a) => !a.text.startsWith('-'));
  if (words[0]?.text !== 'pkg' || words[1]?.text !== 'set') return null;
  const nested = words
    .slice(2)
    .map((a) => /^scripts\.([^=]+)=(.*)$/s.exec(a.text))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ code: m[2]!, via: `npm script ${m[1]}` }));
  return nested.length > 0 ? { nested, codeSource: null } : null;
}

/** The path (as a word's text) is a file that runs later by itself. */
export const runsLaterPath = (text: string): boolean => laterReader(text) !== null;

// A Python startup file is one by its name alone, wherever the directory ("$(python3 -m site --user-site)/usercustomize.py").
const runsLater = (a: Arg): boolean => runsLaterPath(a.text) && (!a.dynamic || /(^|\/)(sitecustomize|usercustomize)\.py$|\.pth$/.test(a.text));

/** What a command writes into a file that runs later (echo … >> ~/.bashrc, tee -a ~/.zshrc <<< …), as the code it is. */
const NO_CODE: NestedCode[] = [];

export function codeWrittenToRunLater(cmd: NormalisedCommand, stdin: Stdin): NestedCode[] {
  if (cmd.redirects.length === 0 && cmd.name !== 'tee' && cmd.name !== 'cp' && cmd.name !== 'install' && cmd.name !== 'ln') return NO_CODE;
  const targets = cmd.redirects.filter((r) => /^(>|>>|>\||&>|&>>)$/.test(r.op) && (r.fd === null || r.fd === 1) && runsLater(r.target)).map((r) => r.target);
  if (cmd.name === 'tee') targets.push(...cmd.args.filter((a) => !a.text.startsWith('-') && runsLater(a)));
  // ln -s script ~/repo/.git/hooks/post-merge: a hook made of a file the line may not show.
  if (cmd.name === 'ln' && cmd.args.length >= 2 && runsLater(cmd.args.at(-1)!))
    return [{ code: `tee -- ${quoteArg(cmd.args.at(-1)!)}`, via: 'ln making a file that runs later' }];
  // cp /dev/stdin ~/repo/.git/hooks/post-checkout <<< '…'
  const copiesStdin = (cmd.name === 'cp' || cmd.name === 'install') && cmd.args.some((a) => a.text === '/dev/stdin' || a.text === '-');
  const dest = cmd.args.at(-1);
  if (copiesStdin && dest && runsLater(dest)) targets.push(dest);
  if (targets.length === 0) return [];
  const out = copiesStdin ? (stdin?.kind === 'text' ? { text: stdin.text } : { source: 'unknown' as const }) : printedOutput(cmd, stdin);
  if (!('text' in out) || out.text.trim() === '') return [];
  // Each kind of file holds its code its own way (./later-files.ts).
  return targets.flatMap((t) => (laterReader(t.text)?.(out.text) ?? []).map((code) => ({ code, via: `${t.text}, which runs it later` })));
}

/** Variables whose value an interactive shell runs as code before each prompt (bash's PROMPT_COMMAND, zsh's precmd is a function). */
const PROMPT_CODE = new Set(['PROMPT_COMMAND']);
/** Prompt strings (bash's promptvars, zsh's prompt_subst): a command substitution in them runs at every prompt. */
const PROMPT_STRINGS = new Set(['PS0', 'PS1', 'PS2', 'PS4', 'PROMPT', 'PROMPT2', 'RPROMPT', 'RPS1']);

/** The code of complete -C CMD (run when completing) and bind -x 'KEYS: CMD' (run on a key). */
function shellHookCode(cmd: NormalisedCommand): NestedCode[] {
  const at = cmd.args.findIndex((a) => a.text === (cmd.name === 'complete' ? '-C' : '-x'));
  const value = at >= 0 ? cmd.args[at + 1] : undefined;
  if (!value || value.text.trim() === '') return NO_CODE;
  if (cmd.name === 'complete') return [{ code: value.text, via: 'complete -C, run when completing' }];
  const m = /^\s*(?:"(?:[^"\\]|\\.)*"|[^:\s]+)\s*:\s*(.*)$/s.exec(value.text);
  return m?.[1] ? [{ code: m[1], via: 'bind -x, run on a key' }] : NO_CODE;
}

/** PROMPT_COMMAND='…' or a prompt string with $(…) (alone, or exported): the code runs before every prompt from now on. */
export function promptCodeNested(cmd: NormalisedCommand): NestedCode[] {
  if (cmd.name === 'complete' || cmd.name === 'bind') return shellHookCode(cmd);
  if (cmd.name !== '' && cmd.name !== 'export' && cmd.name !== 'declare' && cmd.name !== 'typeset') return NO_CODE;
  const set =
    cmd.name === ''
      ? cmd.assignments.map((a) => [a.name, a.value.text] as const)
      : cmd.name === 'export' || cmd.name === 'declare' || cmd.name === 'typeset'
        ? cmd.args.map((a) => /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text)).flatMap((m) => (m ? [[m[1]!, m[2]!] as const] : []))
        : [];
  const out: NestedCode[] = [];
  for (const [assigned, value] of set) {
    // PROMPT_COMMAND[1]='…' sets one element of the array: the element runs like the whole.
    const name = assigned.replace(/\[[^\]]*\]$/, '');
    // PROMPT_COMMAND=(…) (bash 5.1): each element runs; said as one eval of them all.
    const code = /^\(.*\)$/s.test(value) ? `eval ${value.slice(1, -1)}` : value;
    if (PROMPT_CODE.has(name) && value.trim() !== '') out.push({ code, via: `${name}, run before every prompt` });
    if (PROMPT_STRINGS.has(name) && /\$\(|`/.test(value)) out.push({ code: `: "${value.replace(/"/g, '\\"')}"`, via: `${name}, expanded at every prompt` });
    // export PAGER='…': every later program that pages (man, git log, less) starts it.
    // export GIT_PAGER='…' (or GIT_EDITOR, GIT_SSH_COMMAND): every later git command starts it.
    const program = cmd.name === 'export' ? (programCode(name, value) ?? (GIT_CODE_ENV.has(name) && value.trim() !== '' ? value : null)) : null;
    if (program !== null) out.push({ code: program, via: `${name}, started by later programs` });
  }
  return out;
}

/**
 * sed -i or perl -pi putting text into a file that runs later (a Makefile recipe, a startup
 * file, a hook): the text its s/// replacement or its a, i and c commands add, as code.
 */
export function codeEditedIntoRunLater({ name, args }: NormalisedCommand): NestedCode[] {
  if (name !== 'sed' && name !== 'gsed' && name !== 'perl') return NO_CODE;
  const file = args.at(-1);
  if (!file || !runsLater(file) || !args.some((a) => /^-[a-zA-Z]*i|^--in-place/.test(a.text))) return NO_CODE;
  const out: NestedCode[] = [];
  for (const a of args.slice(0, -1)) {
    const repl = /^s(.)(?:\\.|(?!\1)[^\\])*\1((?:\\.|(?!\1)[^\\])*)\1/.exec(a.text)?.[2];
    const added = /^(?:\d+|\$)?\s*[aic]\\?\s*(.+)$/s.exec(a.text)?.[1];
    const text = repl ?? added;
    if (text)
      out.push({
        code: text.replace(/\\t/g, '\t').replace(/\\n/g, '\n').replace(/\\(.)/g, '$1').replace(/&/g, ''),
        via: `${file.text}, edited to run it later`,
      });
  }
  return out;
}
