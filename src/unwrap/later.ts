// Code that runs later or again: at and batch (commands on stdin), watch (a command run
// over and over), a crontab installed from stdin (each entry's command, every time it is
// due), and npm scripts set with `npm pkg set` (run by npm run and by install).

import { WATCH } from '../options/tools.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { afterOptions, line } from './items.js';
import { fromStdin, NONE, type NestedResult, type Stdin } from './result.js';

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
function crontabCommands(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const entry = raw.trim();
    if (entry === '' || entry.startsWith('#') || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(entry)) continue;
    const m = /^(?:@\w+|(?:\S+\s+){4}\S+)\s+(.+)$/.exec(entry);
    if (m) out.push(m[1]!);
  }
  return out;
}

/** crontab - (or /dev/stdin) installs the entries it reads: their commands run on schedule. A crontab FILE is not read here. */
export function crontabNested({ args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const file = args.find((a) => !a.text.startsWith('-') || a.text === '-');
  if (!file || args.some((a) => /^-[lre]$/.test(a.text))) return NONE;
  if (file.text !== '-' && file.text !== '/dev/stdin') return { nested: [], codeSource: file.dynamic ? 'unknown' : null };
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
