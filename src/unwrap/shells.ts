// Shells asked to run code: `bash -c CODE`, a script file (unreadable from here), or code
// on stdin (`echo … | sh`, a here-document).

import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { fromStdin, isStdinPath, sourceOfWord, type NestedResult, type Stdin, worst } from './result.js';

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'csh', 'tcsh', 'fish', 'rbash']);

/**
 * Names that are a shell however the line spells them: $SHELL, $BASH and $0 (in the shell
 * running the line), and the running program itself, /proc/self/exe (read as `exe`) or
 * /proc/$$/exe.
 */
const SHELL_STAND_INS = /^(\$\{?(SHELL|BASH|0)\}?|\/proc\/(self|\$\$|\$\{\$\}|[0-9]+)\/exe|exe)$/;

/** The command is a shell: by name, or by a name that stands for one. */
export const isShell = (name: string): boolean => SHELLS.has(name) || SHELL_STAND_INS.test(name);

/** How a shell was asked to run: -c CODE, a script file, or code on stdin. */
function shellInvocation(args: Arg[]): { code: Arg | null; script: Arg | null; readsStdin: boolean } {
  let c = false;
  let s = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const t = a.text;
    if (a.dynamic) break;
    if (t === '-') return { code: null, script: null, readsStdin: true };
    if (t === '--') {
      i++;
      break;
    }
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O' || t === '--rcfile' || t === '--init-file') {
      i++;
      continue;
    }
    if (t.startsWith('--')) {
      if (t === '--command') c = true;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t[0] === '-' && t.includes('c')) c = true;
      if (t[0] === '-' && t.includes('s')) s = true;
      continue;
    }
    break;
  }
  const first = args[i] ?? null;
  if (c) return { code: first, script: null, readsStdin: false };
  if (first && !s) return { code: null, script: first, readsStdin: isStdinPath(first.text) };
  return { code: null, script: null, readsStdin: true };
}

/** The script file a shell runs (bash x.sh), when it is given one rather than -c or stdin. */
export function shellScript(args: Arg[]): Arg | null {
  return shellInvocation(args).script;
}

/**
 * The code as the shell is given it with its environment: variables set for it that the code
 * reads (env H="$HOME" sh -c 'rm -rf "$H/x"'), and functions exported through the
 * environment, which bash defines before it runs anything (BASH_FUNC_ls%%='() { …; }').
 */
function givenEnvironment(cmd: NormalisedCommand, code: string): string {
  const prefix: string[] = [];
  for (const { name, value } of cmd.assignments) {
    if (value.dynamic) continue;
    const fn = /^BASH_FUNC_([A-Za-z_][\w.-]*)(%%|\(\))$/.exec(name);
    if (fn && /^\(\)\s*\{/.test(value.text)) prefix.push(`${fn[1]} ${value.text}`);
    else if (/^[A-Za-z_]\w*$/.test(name) && new RegExp(`\\$\\{?${name}(?![A-Za-z0-9_])`).test(code)) prefix.push(`${name}=${quoteArg(value)}`);
  }
  return prefix.length > 0 ? `${prefix.join('; ')}; ${code}` : code;
}

export function shellNested(cmd: NormalisedCommand, stdin: Stdin): NestedResult {
  const { name, args } = cmd;
  const inv = shellInvocation(args);
  // BASH_ENV (bash) and ENV (sh) name a file a non-interactive shell sources first.
  const startup = cmd.assignments.find((a) => a.name === 'BASH_ENV' || a.name === 'ENV')?.value;
  // PROMPT_COMMAND given to a shell: an interactive one runs it before its first prompt.
  const prompt = cmd.assignments.find((a) => a.name === 'PROMPT_COMMAND' && a.value.text.trim() !== '')?.value;
  const first: NestedResult = {
    nested: [
      ...(startup?.output !== undefined ? [{ code: startup.output, via: `${name} with its startup file` }] : []),
      ...(prompt ? [{ code: prompt.text, via: `${name} with PROMPT_COMMAND` }] : []),
    ],
    codeSource: prompt ? sourceOfWord(prompt) : null,
  };
  const rest = ((): NestedResult => {
    if (inv.code)
      return {
        nested: [{ code: givenEnvironment(cmd, withArguments(inv.code.text, args.slice(args.indexOf(inv.code) + 1))), via: `${name} -c` }],
        codeSource: sourceOfWord(inv.code),
      };
    if (inv.script?.output !== undefined) return { nested: [{ code: inv.script.output, via: `${name} <(…)` }], codeSource: null };
    // sh /dev/fd/3 3<<<'CODE': the script is what the command's own redirect puts behind that descriptor.
    const fd = inv.script ? /^\/(dev|proc\/self)\/fd\/(\d+)$/.exec(inv.script.text) : null;
    const behind = fd ? cmd.redirects.find((r) => r.fd === Number(fd[2]) && r.input !== undefined) : undefined;
    if (behind) return { nested: [{ code: behind.input!, via: `${name} ${inv.script!.text}` }], codeSource: null };
    if (inv.script && !inv.readsStdin) return { nested: [], codeSource: sourceOfWord(inv.script) };
    return fromStdin(name, stdin);
  })();
  const unknownStartup = startup !== undefined && startup.output === undefined && startup.dynamic ? 'unknown' : null;
  return { nested: [...first.nested, ...rest.nested], codeSource: worst(rest.codeSource, unknownStartup) };
}

/**
 * `sh -c CODE NAME ARG…` runs CODE with $0 set to NAME and "$@" to the ARGs
 * (sh -c 'exec "$@"' sh rm -rf ~): the code as read with them in place.
 */
function withArguments(code: string, after: Arg[]): string {
  if (after.length === 0) return code;
  const [zero, ...rest] = after;
  const named = code.replace(/"\$\{?0\}?"|\$\{?0\}?(?![0-9])/g, quoteArg(zero!));
  return rest.length > 0 ? `set -- ${rest.map(quoteArg).join(' ')}\n${named}` : named;
}
