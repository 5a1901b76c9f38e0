// Commands that run other commands, by name: each family's unwrapper in a file of its own
// (shells, eval, run-as, xargs, find, remote, containers, later, git-code, runners, exec-options,
// sed-awk, interpreters). For a command, the code it would run, as shell text to be read
// again and assessed as if typed; or, when that code cannot be read, where it comes from.
// A new wrapper family is one file and its names in the table.

import { own } from '../core/own.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { answeredPrompts } from './answered-prompts.js';
import { containerNested, kubectlNested } from './containers.js';
import { envProgramsNested } from './env-programs.js';
import { aliasNested, evalNested, sourceNested, trapNested } from './eval.js';
import { EXEC_OPTION_TOOLS, execOptionsNested } from './exec-options.js';
import { fileUtilityNested } from './file-utilities.js';
import { findNested } from './find.js';
import { gitCodeNested } from './git-code.js';
import { codeInside } from './interpreters.js';
import { atNested, codeEditedIntoRunLater, codeWrittenToRunLater, crontabNested, npmPkgNested, promptCodeNested, watchNested } from './later.js';
import { MAKES, makeNested } from './make.js';
import { outputFileWrites } from './output-files.js';
import { packageScriptEdits } from './package-scripts.js';
import { LUA_NAMES, TCL_NAMES, tclLuaNested } from './tcl-lua.js';
import { ansibleNested, sshNested } from './remote.js';
import type { NestedResult, Stdin } from './result.js';
import { dashCNested, RUN_AS } from './run-as.js';
import { runnerCode } from './runners.js';
import { sedAwkNested } from './sed-awk.js';
import { sourceRemovals } from './source-removal.js';
import { isShell, shellNested } from './shells.js';
import { parallelNested, xargsNested } from './xargs.js';
import { redisNested } from './redis.js';

/** Reads the code a command runs; null hands the command on to the interpreters' readers. */
type Unwrapper = (cmd: NormalisedCommand, stdin: Stdin) => NestedResult | null;

const UNWRAPPERS: Record<string, Unwrapper> = {
  eval: evalNested,
  source: sourceNested,
  '.': sourceNested,
  alias: aliasNested,
  trap: trapNested,
  ...Object.fromEntries(Object.keys(RUN_AS).map((n) => [n, dashCNested])),
  xargs: xargsNested,
  'redis-cli': redisNested,
  parallel: parallelNested,
  find: findNested,
  ssh: sshNested,
  ansible: ansibleNested,
  docker: containerNested,
  podman: containerNested,
  nerdctl: containerNested,
  'docker-compose': containerNested,
  kubectl: kubectlNested,
  oc: kubectlNested,
  at: atNested,
  batch: atNested,
  watch: watchNested,
  crontab: crontabNested,
  npm: npmPkgNested,
  git: gitCodeNested,
  ...Object.fromEntries(EXEC_OPTION_TOOLS.map((n) => [n, execOptionsNested])),
  ...Object.fromEntries([...MAKES].map((n) => [n, makeNested])),
  ...Object.fromEntries([...TCL_NAMES, ...LUA_NAMES].map((n) => [n, tclLuaNested])),
  sed: sedAwkNested,
  gsed: sedAwkNested,
  awk: sedAwkNested,
  gawk: sedAwkNested,
  mawk: sedAwkNested,
  nawk: sedAwkNested,
};

export function nestedOf(cmd: NormalisedCommand, stdin: Stdin): NestedResult {
  const runs = codeOf(cmd, stdin);
  // What a command leaves behind besides what it runs now: files it writes, deletes or plants code in.
  const a = outputFileWrites(cmd);
  const b = sourceRemovals(cmd);
  const c = codeWrittenToRunLater(cmd, stdin);
  const d = [...promptCodeNested(cmd), ...codeEditedIntoRunLater(cmd)];
  const e = [...packageScriptEdits(cmd), ...answeredPrompts(cmd, stdin), ...envProgramsNested(cmd)];
  if (a.length + b.length + c.length + d.length + e.length === 0) return runs;
  return { nested: [...runs.nested, ...a, ...b, ...c, ...d, ...e], codeSource: runs.codeSource };
}

/** The code a command runs, by its family. */
function codeOf(cmd: NormalisedCommand, stdin: Stdin): NestedResult {
  if (isShell(cmd.name)) return shellNested(cmd, stdin);
  // A program the line does not name, given `-c CODE`: read the code as a shell would run it.
  if (cmd.dynamicName && cmd.args.some((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a.text))) return shellNested(cmd, stdin);
  const r = own(UNWRAPPERS, cmd.name)?.(cmd, stdin);
  if (r) return r;
  // cmake -E rm, ruby -run -e rm, perl -MExtUtils::Command -e rm_rf: coreutils by another name.
  const util = cmd.name === 'cmake' || cmd.name === 'perl' || cmd.name === 'ruby' ? fileUtilityNested(cmd) : null;
  if (util) return util;
  // Tools that run a command for you (op run, poetry run, npx ...).
  const run = runnerCode(cmd.name, cmd.args);
  if (run) return { nested: [run], codeSource: null };
  return codeInside(cmd, stdin);
}
