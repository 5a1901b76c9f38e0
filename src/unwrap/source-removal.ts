// Commands that delete what they read once they are done with it: tar --remove-files,
// rsync --remove-source-files, zip -m. Each is said as the `rm -rf` of its sources, so
// `tar --remove-files -czf /tmp/x.tgz ~` is judged as the deletion of the home it is.

import { own } from '../core/own.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { walkOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { RSYNC, TAR } from '../options/tools.js';
import { withOldStyleCluster } from './items.js';
import type { NestedCode } from './result.js';

interface Remover {
  options: OptionSpec;
  /** Options that make it delete its sources (none: it always does, unless one of `keeps` is given). */
  removes: readonly string[];
  keeps?: readonly string[];
  /** Which operands are sources: all of them (tar, after its archive), or all but the last (rsync's destination), or all but the first (zip's archive). */
  sources: 'all' | 'but-last' | 'but-first';
  /** A first word without a dash is a cluster of options (tar czf …). */
  oldStyle?: boolean;
}

const REMOVERS: Readonly<Record<string, Remover>> = {
  tar: {
    options: TAR,
    removes: ['--remove-files'],
    sources: 'all',
    oldStyle: true,
  },
  rsync: {
    options: RSYNC,
    removes: ['--remove-source-files', '--remove-sent-files'],
    sources: 'but-last',
  },
  // gzip FILE replaces FILE with FILE.gz, unless told to keep it or write to stdout.
  ...Object.fromEntries(
    ['gzip', 'bzip2', 'xz', 'lzma', 'pigz', 'compress'].map((n) => [
      n,
      {
        options: optionSpec({ value: '-S --suffix -b -T --threads -F --format -C --check' }),
        removes: [],
        keeps: ['-k', '--keep', '-c', '--stdout', '--to-stdout', '-l', '--list', '-t', '--test', '-d', '--decompress', '-h', '--help'],
        sources: 'all' as const,
      },
    ]),
  ),
  zip: {
    options: optionSpec({ value: '-b -n -t -tt -x -i -P --password -Z -TT -O --out' }, { singleDash: false }),
    removes: ['-m', '--move'],
    sources: 'but-first',
  },
};

export function sourceRemovals({ name, args: given }: NormalisedCommand): NestedCode[] {
  const r = own(REMOVERS, name);
  if (!r) return [];
  const args = r.oldStyle ? withOldStyleCluster(given) : given;
  let removes = r.removes.length === 0;
  const operands: Arg[] = [];
  for (const tok of walkOptions(args, r.options)) {
    if (tok.kind === 'operand') operands.push(args[tok.at]!);
    else if (tok.kind === 'option' && r.removes.includes(tok.name)) removes = true;
    else if (tok.kind === 'option' && r.keeps?.includes(tok.name)) return [];
  }
  if (!removes) return [];
  const sources = r.sources === 'all' ? operands : r.sources === 'but-last' ? operands.slice(0, -1) : operands.slice(1);
  const rm = r.removes.length === 0 ? 'rm -f' : 'rm -rf';
  return sources.length === 0 ? [] : [{ code: `${rm} -- ${sources.map(quoteArg).join(' ')}`, via: `${name} deleting what it read` }];
}
