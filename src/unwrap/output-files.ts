// Files a command overwrites through its own arguments rather than a redirect: sort -o,
// shuf -o, curl -o, wget -O, uniq IN OUT, the destination of cp, install and mv, the
// archive tar -c creates. Each is said as the `tee -- FILE` that would do the same, so a
// key, a dotfile or a system file clobbered this way is judged as if it were written to
// with tee.

import { own } from '../core/own.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import type { NestedCode } from './result.js';

interface Writer {
  options: OptionSpec;
  /** Options whose value is a file the command overwrites. */
  outputs?: readonly string[];
  /** Which operand is overwritten: the last (cp SRC… DEST), or the second (uniq IN OUT). */
  operand?: 'last' | 'second';
  /** Options that make the operand a directory to copy into, or mean nothing is overwritten. */
  notAFile?: readonly string[];
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
  cp: COPY,
  install: COPY,
  mv: { ...COPY, notAFile: ['-t', '--target-directory', '-n', '--no-clobber', '-u', '--update', '-b', '--backup'] },
};

/** The files a command overwrites by itself, as `tee -- FILE` lines. */
export function outputFileWrites(cmd: NormalisedCommand): NestedCode[] {
  const files = filesWrittenBy(cmd);
  return files.map((f) => ({ code: `tee -- ${quoteArg(f)}`, via: `${cmd.name} writing a file` }));
}

/** The files a command overwrites by itself: an output option's value, or the operand it writes. */
export function filesWrittenBy({ name, args }: NormalisedCommand): Arg[] {
  const w = own(WRITERS, name);
  if (!w) return [];
  const files: Arg[] = [];
  const operands: Arg[] = [];
  let intoDirectory = false;
  for (const tok of walkOptions(args, w.options)) {
    if (tok.kind === 'operand') operands.push(args[tok.at]!);
    if (tok.kind !== 'option') continue;
    if (w.notAFile?.includes(tok.name)) intoDirectory = true;
    // curl -o - and wget -O - write to stdout.
    if (w.outputs?.includes(tok.name) && tok.value && tok.value !== '-')
      files.push(tok.after > tok.at + 1 ? args[tok.after - 1]! : { ...args[tok.at]!, text: tok.value, home: /^~(\/|$)/.test(tok.value) });
  }
  if (w.operand === 'last' && !intoDirectory && operands.length >= 2) {
    const dest = operands[operands.length - 1]!;
    // A directory to copy into (dest/) keeps its files unless a name clashes; a file is
    // replaced. A backup's name (x.bak, x~) is a new file, not one overwritten.
    // /usr/local and /opt are where tools are installed by hand (install -m 755 x /usr/local/bin/x).
    if (!dest.text.endsWith('/') && !dest.dynamic && !BACKUP_NAME.test(dest.text) && !/^\/(usr\/local|opt)\//.test(dest.text)) files.push(dest);
  }
  if (w.operand === 'second' && operands[1] && operands[1].text !== '-') files.push(operands[1]);
  return files;
}
