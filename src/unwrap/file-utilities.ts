// File utilities built into other tools, run by name: `cmake -E rm -rf DIR`, `ruby -run -e
// rm -- -rf DIR` (ruby's un library), `perl -MExtUtils::Command -e rm_rf DIR`. Each is said
// as the coreutils command it is, so what it deletes or moves is judged the same way.

import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import type { NestedResult } from './result.js';

/** cmake -E's file commands and the coreutils command each amounts to. */
const CMAKE: Readonly<Record<string, string>> = {
  rm: 'rm',
  remove: 'rm -f',
  remove_directory: 'rm -rf',
  rename: 'mv',
  copy: 'cp',
  copy_directory: 'cp -r',
  create_symlink: 'ln -sf',
};
/** ExtUtils::Command's functions (perl -MExtUtils::Command -e NAME ARGS). */
const EXTUTILS: Readonly<Record<string, string>> = { rm_rf: 'rm -rf', rm_f: 'rm -f', mv: 'mv', cp: 'cp', chmod: 'chmod', touch: 'touch' };
/** ruby's un library (ruby -run -e NAME -- ARGS): commands by their own names. */
const RUBY_UN = new Set(['rm', 'rmdir', 'mv', 'cp', 'ln', 'chmod', 'install', 'touch']);

const line = (cmd: string, args: Arg[], via: string): NestedResult => ({ nested: [{ code: [cmd, ...args.map(quoteArg)].join(' '), via }], codeSource: null });

export function fileUtilityNested({ name, args }: NormalisedCommand): NestedResult | null {
  const words = args.map((a) => a.text);
  if (name === 'cmake') {
    const e = words.indexOf('-E');
    const sub = words[e + 1];
    // cmake -E chdir DIR CMD, env [NAME=VALUE…] CMD, time CMD: run CMD.
    if (e >= 0 && (sub === 'chdir' || sub === 'env' || sub === 'time')) {
      const rest = args.slice(e + 2);
      const start = sub === 'chdir' ? 1 : sub === 'env' ? rest.findIndex((x) => !/^[A-Za-z_]\w*=|^--/.test(x.text)) : 0;
      const cmd = start < 0 ? [] : rest.slice(start);
      const prefix = sub === 'chdir' && rest[0] ? `cd ${quoteArg(rest[0])} && ` : '';
      return cmd.length > 0 ? { nested: [{ code: prefix + cmd.map(quoteArg).join(' '), via: `cmake -E ${sub}` }], codeSource: null } : null;
    }
    const as = e >= 0 && sub !== undefined ? Object.hasOwn(CMAKE, sub) && CMAKE[sub] : undefined;
    return as ? line(as, args.slice(e + 2), `cmake -E ${sub}`) : null;
  }
  // -e NAME, or -eNAME attached.
  const e = words.findIndex((w) => w.startsWith('-e'));
  const fn = words[e] === '-e' ? words[e + 1] : words[e]?.slice(2);
  if (e < 0 || fn === undefined) return null;
  const rest = args.slice(words[e] === '-e' ? e + 2 : e + 1).filter((a, i) => i > 0 || a.text !== '--');
  if (name === 'perl' && words.slice(0, e).some((w) => /^-M-?ExtUtils::Command(=.*)?$/.test(w)) && Object.hasOwn(EXTUTILS, fn))
    return line(EXTUTILS[fn]!, rest, `perl ExtUtils::Command ${fn}`);
  if (name === 'ruby' && words.slice(0, e).some((w) => w === '-run' || w === '-r' || w === '-run.rb') && RUBY_UN.has(fn))
    return line(fn, rest, `ruby -run -e ${fn}`);
  return null;
}
