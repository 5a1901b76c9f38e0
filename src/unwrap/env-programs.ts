// Environment variables that name a program the command will start: a pager (PAGER, MANPAGER),
// an editor (EDITOR, VISUAL, KUBE_EDITOR), a browser, less's input filter (LESSOPEN='|CMD %s').
// `PAGER='rm -rf ~' man ls` runs rm; what such a variable holds is code. (git's own, GIT_PAGER
// and GIT_EDITOR, are read with git's configuration in ./git-code.ts.)

import type { NormalisedCommand } from '../shell/normalise.js';
import type { NestedCode } from './result.js';

export const envPrograms: ReadonlySet<string> = new Set([
  'PAGER',
  'MANPAGER',
  'SYSTEMD_PAGER',
  'BAT_PAGER',
  'EDITOR',
  'VISUAL',
  'SUDO_EDITOR',
  'KUBE_EDITOR',
  'BROWSER',
]);
const NONE: NestedCode[] = [];

export function envProgramsNested(cmd: NormalisedCommand): NestedCode[] {
  if (cmd.assignments.length === 0) return NONE;
  const out: NestedCode[] = [];
  for (const { name, value } of cmd.assignments) {
    if (value.dynamic || value.text.trim() === '') continue;
    if (envPrograms.has(name)) out.push({ code: value.text, via: `${cmd.name} starting ${name}` });
    // less's input preprocessor: "|CMD %s" (or "||CMD %s") pipes CMD's output in; %s is the file.
    if (name === 'LESSOPEN' || name === 'LESSCLOSE')
      out.push({ code: value.text.replace(/^\|{1,2}-?/, '').replace(/%s/g, 'FILE'), via: `less running ${name}` });
  }
  return out;
}
