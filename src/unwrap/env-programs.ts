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
  // bash's fc opens its editor on history entries (and runs what is saved).
  'FCEDIT',
  'BROWSER',
]);
const NONE: NestedCode[] = [];

/** The command a program-naming variable's value amounts to; null for any other variable. */
export function programCode(name: string, value: string): string | null {
  if (value.trim() === '') return null;
  if (envPrograms.has(name)) return value;
  // less's input preprocessor: "|CMD %s" (or "||CMD %s") pipes CMD's output in; %s is the file.
  if (name === 'LESSOPEN' || name === 'LESSCLOSE') return value.replace(/^\|{1,2}-?/, '').replace(/%s/g, 'FILE');
  return null;
}

export function envProgramsNested(cmd: NormalisedCommand): NestedCode[] {
  if (cmd.assignments.length === 0) return NONE;
  const out: NestedCode[] = [];
  for (const { name, value } of cmd.assignments) {
    const code = value.dynamic ? null : programCode(name, value.text);
    if (code !== null) out.push({ code, via: `${cmd.name} starting ${name}` });
  }
  return out;
}
