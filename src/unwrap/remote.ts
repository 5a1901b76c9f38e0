// Code sent to other machines: ssh (a command, or a remote shell reading our stdin) and
// ansible's shell, command and raw modules. It is judged as on a machine with no project.

import { ANSIBLE, SSH } from '../options/tools.js';
import { walkOptions } from '../options/walk.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { afterOptions } from './items.js';
import { NONE, sourceOfWord, type NestedResult, type Stdin } from './result.js';
import { SHELLS } from './shells.js';

/** ssh -o options whose value is a command run here, on this machine (LocalCommand only with PermitLocalCommand, which -o can also set). */
const LOCAL_COMMAND_OPTIONS = /^(ProxyCommand|LocalCommand|KnownHostsCommand)\s*[= ]\s*(.*)$/is;

/** Commands ssh runs locally because an -o option says so: -o ProxyCommand='…'. */
function localCommands(args: Arg[]): NestedResult['nested'] {
  const out: NestedResult['nested'] = [];
  for (const tok of walkOptions(args, SSH)) {
    if (tok.kind !== 'option' || tok.name !== '-o' || tok.value === undefined) continue;
    const m = LOCAL_COMMAND_OPTIONS.exec(tok.value);
    if (m && m[2]!.trim() && !/^none$/i.test(m[2]!.trim())) out.push({ code: m[2]!.replace(/%[hpr%nCdikLlTu]/g, 'x'), via: `ssh -o ${m[1]}` });
  }
  return out;
}

export function sshNested({ args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const local = localCommands(args);
  const remoteCode = sshRemote(args, stdin);
  return local.length === 0 ? remoteCode : { nested: [...local, ...remoteCode.nested], codeSource: remoteCode.codeSource };
}

function sshRemote(args: Arg[], stdin: Stdin): NestedResult {
  const { options, rest } = afterOptions(args, SSH);
  if (options.has('-N') || rest.length === 0) return NONE;
  const host = rest[0]!.text.replace(/^[^@]*@/, '');
  const words = rest.slice(1);
  const remote = `ssh ${host}`;
  const code = words.map((a) => a.text).join(' ');
  // `ssh host bash -s < script` or `ssh host <<EOF`: the remote shell reads our stdin.
  const remoteShell = words.length === 0 || (words.length <= 2 && SHELLS.has(words[0]!.text));
  if (remoteShell && stdin) {
    if (stdin.kind === 'text') return { nested: [{ code: stdin.text, via: remote, remote: host }], codeSource: null };
    if (stdin.kind !== 'find') return { nested: [], codeSource: stdin.kind };
  }
  if (words.length === 0) return NONE;
  return { nested: [{ code, via: remote, remote: host }], codeSource: words.length === 1 ? sourceOfWord(words[0]!) : null };
}

/** ansible HOSTS -m shell|command|raw -a 'CODE' runs CODE on every matched host; without -m, its default module, command. */
export function ansibleNested({ args }: NormalisedCommand): NestedResult {
  let module: string | undefined;
  let code: string | undefined;
  let hosts: string | undefined;
  for (const tok of walkOptions(args, ANSIBLE)) {
    if (tok.kind === 'operand') hosts ??= args[tok.at]!.text;
    else if (tok.kind === 'option' && (tok.name === '-m' || tok.name === '--module-name')) module ??= tok.value;
    else if (tok.kind === 'option' && (tok.name === '-a' || tok.name === '--args')) code ??= tok.value;
  }
  module ??= 'command';
  hosts ??= 'hosts';
  if (!code || !module || !['shell', 'command', 'raw', 'ansible.builtin.shell', 'ansible.builtin.command', 'ansible.builtin.raw'].includes(module)) return NONE;
  return { nested: [{ code, via: `ansible ${hosts}`, remote: `hosts ${hosts}` }], codeSource: null };
}
