// Files a command overwrites through its own arguments rather than a redirect: sort -o,
// shuf -o, curl -o, wget -O, uniq IN OUT, the destination of cp, install and mv, the
// archive tar -c creates. Each is said as the `tee -- FILE` that would do the same, so a
// key, a dotfile or a system file clobbered this way is judged as if it were written to
// with tee.

import { own } from '../core/own.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';
import { AWK, GIT, RSYNC, SED, TAR } from '../options/tools.js';
import { leadingOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { withOldStyleCluster } from './items.js';
import type { NestedCode } from './result.js';

interface Writer {
  options: OptionSpec;
  /** Options whose value is a file the command overwrites. */
  outputs?: readonly string[];
  /** Which operand is overwritten: the last (cp SRC… DEST), the second (uniq IN OUT), or each (fallocate -p FILE). */
  operand?: 'last' | 'second' | 'each';
  /** Options that make the operand a directory to copy into, or mean nothing is overwritten. */
  notAFile?: readonly string[];
  /** The output options write only in these modes (tar -f writes the archive only with -c). */
  onlyWith?: readonly string[];
  /** A first word without a dash is a cluster of options (tar czf FILE). */
  oldStyle?: boolean;
  /** Output names that are the tool's own kind of file, made new rather than clobbered. */
  keepsNames?: RegExp;
}

const SORT: Writer = {
  options: optionSpec({ value: '-o --output -k --key -t --field-separator -S --buffer-size -T --temporary-directory --parallel --files0-from' }),
  outputs: ['-o', '--output'],
};
const COPY: Writer = {
  options: optionSpec({ value: '-t --target-directory -S --suffix --backup -m --mode -o --owner -g --group --reflink --sparse --preserve --context' }),
  operand: 'last',
  notAFile: [
    '-t',
    '--target-directory',
    '-n',
    '--no-clobber',
    '-u',
    '--update',
    '-b',
    '--backup',
    '--attributes-only',
    '-l',
    '--link',
    '-s',
    '--symbolic-link',
  ],
};

/**
 * Where tools are installed by hand (install -m 755 x /usr/local/bin/x, curl -o
 * ~/.local/bin/kind …): a new program, not a file overwritten; unless its name is one a
 * person types every day, which a copy placed first on the PATH would stand in for.
 */
const HAND_INSTALL = /^\/(usr\/local|opt)\/|^~\/(\.local\/)?bin\//;
// The system's own commands; tools people install this way themselves (kubectl, node) are not in it.
const EVERYDAY = new Set(
  'ls cd cat cp mv rm ln git ssh scp sudo su sh bash zsh dash python3 pip3 curl wget make vim vi nano less more grep find env which ps kill top tar gpg chmod chown mkdir echo printf head tail sed awk id whoami passwd crontab systemctl'.split(
    ' ',
  ),
);
const handInstall = (path: string): boolean => HAND_INSTALL.test(path) && !EVERYDAY.has(path.slice(path.lastIndexOf('/') + 1));

const BACKUP_NAME = /(\.(bak|orig|old|backup|save|prev|dist)(\.\w+)?|~|\.\d{8,})$/i;

const WRITERS: Readonly<Record<string, Writer>> = {
  sort: SORT,
  shuf: { options: optionSpec({ value: '-o --output -n --head-count -i --input-range --random-source' }), outputs: ['-o', '--output'] },
  curl: {
    options: optionSpec({
      value:
        '-o --output -H --header -d --data -X --request -u --user -A --user-agent -e --referer -b --cookie -c --cookie-jar -T --upload-file -F --form -x --proxy -w --write-out --connect-timeout -m --max-time -K --config --retry',
    }),
    outputs: ['-o', '--output'],
  },
  wget: {
    options: optionSpec({ value: '-O --output-document -o --output-file -P --directory-prefix -t --tries -T --timeout -U --user-agent --header' }),
    outputs: ['-O', '--output-document'],
  },
  uniq: { options: optionSpec({ value: '-f --skip-fields -s --skip-chars -w --check-chars' }), operand: 'second' },
  tar: {
    options: TAR,
    outputs: ['-f', '--file'],
    onlyWith: ['-c', '--create'],
    oldStyle: true,
    // An archive's own name (x.tgz) is a new file; a key or dotfile named as the archive is clobbered.
    keepsNames: /\.(tar|tgz|tbz2?|txz|tar\.(gz|bz2|xz|zst|lz4|Z))$/i,
  },
  // ln -f replaces its destination with the link (without -f it refuses to).
  ln: {
    options: optionSpec({ value: '-S --suffix -t --target-directory' }),
    operand: 'last',
    onlyWith: ['-f', '--force'],
    notAFile: ['-t', '--target-directory'],
  },
  openssl: {
    options: optionSpec(
      { value: '-in -out -k -pass -K -iv -md -inkey -passin -passout -config -keyform -outform -inform -subj -days -key -cipher' },
      { singleDash: true },
    ),
    outputs: ['-out'],
  },
  // Holes punched, ranges collapsed or zeroed: the file's data is gone.
  fallocate: {
    options: optionSpec({ value: '-o --offset -l --length' }),
    operand: 'each',
    onlyWith: ['-p', '--punch-hole', '-c', '--collapse-range', '-z', '--zero-range', '-d', '--dig-holes'],
  },
  // rsync SRC DEST writes DEST (a local file; host:path is elsewhere).
  rsync: {
    options: RSYNC,
    operand: 'last',
    notAFile: ['-n', '--dry-run', '-b', '--backup', '--list-only'],
  },
  cp: COPY,
  install: COPY,
  mv: { ...COPY, notAFile: ['-t', '--target-directory', '-n', '--no-clobber', '-u', '--update', '-b', '--backup'] },
};

/**
 * The files a command overwrites by itself, as `tee -- FILE` lines; files an editor
 * rewrites in place as `firebreak-file-write -- FILE`, the edit an agent's file tool makes.
 */
export function outputFileWrites(cmd: NormalisedCommand): NestedCode[] {
  const edited = own(IN_PLACE, cmd.name);
  if (edited) return edited(cmd).map((f) => ({ code: `firebreak-file-write -- ${quoteArg(f)}`, via: `${cmd.name} editing a file in place` }));
  const files = filesWrittenBy(cmd);
  const credentials = credentialAppends(cmd);
  if (files.length === 0) return credentials;
  return [...files.map((f) => ({ code: `tee -- ${quoteArg(f)}`, via: `${cmd.name} writing a file` })), ...credentials];
}

/**
 * Keys and authorized_keys added to (>> or tee -a) here: an edit of credentials, whatever is
 * added. On another machine (ssh-copy-id's way of installing your key there) it is not ours.
 */
function credentialAppends(cmd: NormalisedCommand): NestedCode[] {
  if (cmd.remote !== null || (cmd.redirects.length === 0 && cmd.name !== 'tee')) return [];
  const targets = cmd.redirects.filter((r) => (r.op === '>>' || r.op === '&>>') && (r.fd === null || r.fd === 1)).map((r) => r.target);
  if (cmd.name === 'tee' && cmd.args.some((a) => /^-[a-z]*a|^--append$/.test(a.text))) targets.push(...cmd.args.filter((a) => !a.text.startsWith('-')));
  return targets
    .filter((t) => !t.dynamic && /(^|\/)\.ssh\/(authorized_keys2?|id_[^/]*|config|rc)$|(^|\/)\.gnupg\//.test(t.text))
    .map((t) => ({ code: `firebreak-file-write -- ${quoteArg(t)}`, via: `${cmd.name} adding to ${t.text}` }));
}

/** The files a command overwrites by itself: an output option's value, the operand it writes, or the files it edits in place. */
export function filesWrittenBy(cmd: NormalisedCommand): Arg[] {
  const { name, args: given } = cmd;
  const editor = own(IN_PLACE, name);
  if (editor) return editor(cmd);
  const special = own(OUTPUT_WORDS, /^python[\d.]*$/.test(name) ? 'python' : name)?.(cmd);
  if (special && special.length > 0) return special;
  const w = own(WRITERS, name);
  if (!w) return [];
  const args = w.oldStyle ? withOldStyleCluster(given) : given;
  const files: Arg[] = [];
  const operands: Arg[] = [];
  let intoDirectory = false;
  let mode = !w.onlyWith;
  for (const tok of walkOptions(args, w.options)) {
    if (tok.kind === 'operand') operands.push(args[tok.at]!);
    if (tok.kind !== 'option') continue;
    if (w.onlyWith?.includes(tok.name)) mode = true;
    if (w.notAFile?.includes(tok.name)) intoDirectory = true;
    // curl -o - and wget -O - write to stdout.
    if (w.outputs?.includes(tok.name) && tok.value && tok.value !== '-' && !w.keepsNames?.test(tok.value) && !handInstall(tok.value))
      files.push(tok.after > tok.at + 1 ? args[tok.after - 1]! : { ...args[tok.at]!, text: tok.value, home: /^~(\/|$)/.test(tok.value) });
  }
  if (!mode) return [];
  if (w.operand === 'last' && !intoDirectory && operands.length >= 2) {
    const dest = operands[operands.length - 1]!;
    // A directory to copy into (dest/) keeps its files unless a name clashes; a file is
    // replaced. A backup's name (x.bak, x~) is a new file, not one overwritten.
    // /usr/local and /opt are where tools are installed by hand (install -m 755 x /usr/local/bin/x).
    if (
      !dest.text.endsWith('/') &&
      !dest.dynamic &&
      !(name === 'rsync' && /^[^/]*:/.test(dest.text)) &&
      !BACKUP_NAME.test(dest.text) &&
      !handInstall(dest.text)
    )
      files.push(dest);
  }
  if (w.operand === 'second' && operands[1] && operands[1].text !== '-') files.push(operands[1]);
  if (w.operand === 'each') files.push(...operands);
  return files;
}

const GIT_OUTPUT = optionSpec({ value: '-o --output --format --prefix --remote --exec' });

/**
 * Writers whose output file is not an option of the command itself: a git subcommand's
 * (archive -o, bundle create FILE, diff/log/show --output=FILE), a python module run with -m
 * (zipfile -c OUT, json.tool IN OUT), sqlite3's .output and .once, and ssh-keygen -f when
 * its "Overwrite?" is answered by a pipe.
 */
const OUTPUT_WORDS: Readonly<Record<string, (cmd: NormalisedCommand) => Arg[]>> = {
  git: ({ args }) => {
    const { operand } = leadingOptions(args, GIT);
    const sub = args[operand]?.text;
    const rest = args.slice(operand + 1);
    if (sub === 'bundle' && rest[0]?.text === 'create' && rest[1]) return [rest[1]];
    if (sub !== 'archive' && sub !== 'diff' && sub !== 'log' && sub !== 'show' && sub !== 'format-patch') return [];
    const out: Arg[] = [];
    for (const tok of walkOptions(rest, GIT_OUTPUT)) {
      if (tok.kind === 'end') break;
      if (tok.kind === 'option' && (tok.name === '--output' || (sub === 'archive' && tok.name === '-o')) && tok.value)
        out.push({ ...rest[tok.at]!, text: tok.value, home: /^~(\/|$)/.test(tok.value) });
    }
    return sub === 'format-patch' ? [] : out;
  },
  ...Object.fromEntries(
    ['python'].map((n): [string, (cmd: NormalisedCommand) => Arg[]] => [
      n,
      ({ args }) => {
        const m = args.findIndex((a) => a.text === '-m');
        const mod = args[m + 1]?.text;
        // json.tool's --indent N and --sort-keys are options, not files.
        const rest = m < 0 ? [] : args.slice(m + 2).filter((a, i, all) => (!a.text.startsWith('-') || a.text === '-c') && all[i - 1]?.text !== '--indent');
        if (mod === 'zipfile' && rest[0]?.text === '-c' && rest[1]) return [rest[1]];
        if (mod === 'json.tool' && rest.length === 2) return [rest[1]!];
        return [];
      },
    ]),
  ),
  sqlite3: ({ args }) =>
    args.flatMap((a) => {
      const m = /^\.(output|once|save|backup)\s+(?:\S+\s+)?(\S+)\s*$/.exec(a.text);
      return m && !a.dynamic ? [{ ...a, text: m[2]!, home: /^~(\/|$)/.test(m[2]!) }] : [];
    }),
  'ssh-keygen': (cmd) => {
    const fed = cmd.redirects.some((r) => r.op === '<<<' || r.op === '<<' || r.op === '<<-');
    if (!fed && cmd.upstream?.name !== 'yes' && cmd.upstream?.name !== 'echo' && cmd.upstream?.name !== 'printf') return [];
    const f = cmd.args.findIndex((a) => a.text === '-f');
    return f >= 0 && cmd.args[f + 1] && !cmd.args.some((a) => /^-[lyBFRHD]$/.test(a.text)) ? [cmd.args[f + 1]!] : [];
  },
};

/** The operands of a walk that are not the script (the first, when no option gave the code). */
function editedFiles(args: Arg[], spec: OptionSpec, inPlace: (name: string, value: string | undefined) => boolean): Arg[] {
  let editing = false;
  let codeGiven = false;
  const operands: Arg[] = [];
  for (const tok of walkOptions(args, spec)) {
    if (tok.kind === 'operand') operands.push(args[tok.at]!);
    if (tok.kind !== 'option') continue;
    if (inPlace(tok.name, tok.value)) editing = true;
    if (tok.takes === 'code' || tok.takes === 'file') codeGiven = true;
  }
  if (!editing) return [];
  // BSD sed's -i takes its suffix as the next word: -i '' is no backup, not a script.
  const words = operands.filter((a) => a.text !== '');
  return (codeGiven ? words : words.slice(1)).filter((a) => a.text !== '-');
}

const PERL_EDIT = optionSpec({ code: '-e -E', value: '-I -M -m -x' }, { glueOnly: 'i', digits: '0l' });
const VIM_WRITES = /(^|[|:\s])(w|wq|wq!|x|x!|wall|wa|up|update|sav|saveas)(!|\s|$)/;

/**
 * Editors that rewrite the files they are given: sed -i, perl/ruby -i, ed and ex fed
 * commands, vim with a command that writes. Interactive editing (vim FILE) writes only
 * what a person types, so it is not counted.
 */
const IN_PLACE: Readonly<Record<string, (cmd: NormalisedCommand) => Arg[]>> = {
  sed: ({ args }) => editedFiles(args, SED, (n) => n === '-i' || n === '--in-place'),
  gsed: ({ args }) => editedFiles(args, SED, (n) => n === '-i' || n === '--in-place'),
  perl: ({ args }) => editedFiles(args, PERL_EDIT, (n) => n === '-i'),
  ruby: ({ args }) => editedFiles(args, PERL_EDIT, (n) => n === '-i'),
  ed: (cmd) => (fedCommands(cmd) ? cmd.args.filter((a) => !a.text.startsWith('-')) : []),
  ex: (cmd) => (fedCommands(cmd) || vimWrites(cmd.args) ? editorFiles(cmd.args) : []),
  vim: vimEdits,
  vi: vimEdits,
  nvim: vimEdits,
  // gawk -i inplace (the extension that makes awk rewrite its files).
  gawk: ({ args }) => editedFiles(args, AWK, (n, v) => (n === '-i' || n === '--include') && /^inplace(\.awk)?$/.test(v ?? '')),
  awk: ({ args }) => editedFiles(args, AWK, (n, v) => (n === '-i' || n === '--include') && /^inplace(\.awk)?$/.test(v ?? '')),
};

/** The files vim or ex is given: its operands, not its options or their values, nor +CMD. */
function editorFiles(args: Arg[]): Arg[] {
  return args.filter((a) => !a.text.startsWith('-') && !a.text.startsWith('+') && !isCommandValue(args, a));
}

function vimEdits(cmd: NormalisedCommand): Arg[] {
  return vimWrites(cmd.args) ? editorFiles(cmd.args) : [];
}

/** ed or ex reading its commands from a pipe, a here-document or a file rather than a person. */
const fedCommands = (cmd: NormalisedCommand): boolean =>
  cmd.upstream !== null || cmd.pipe.index > 0 || cmd.redirects.some((r) => r.op === '<' || r.op === '<<' || r.op === '<<-' || r.op === '<<<');

/** vim's -c, also clustered (ex -sc CMD), and --cmd. */
const COMMAND_OPTION = /^(-[A-Za-z]*c|--cmd)$/;

/** vim -c CMD / +CMD / -s with a command that writes the buffer. */
function vimWrites(args: Arg[]): boolean {
  return args.some(
    (a, i) => (a.text.startsWith('+') && VIM_WRITES.test(a.text.slice(1))) || (COMMAND_OPTION.test(args[i - 1]?.text ?? '') && VIM_WRITES.test(a.text)),
  );
}

const isCommandValue = (args: Arg[], a: Arg): boolean => {
  const i = args.indexOf(a);
  return i > 0 && (COMMAND_OPTION.test(args[i - 1]!.text) || /^(-S|-u|-i|-T|-w|-W)$/.test(args[i - 1]!.text));
};
