// Code sent to other machines: ssh (a command, or a remote shell reading our stdin) and
// ansible's shell, command and raw modules. It is judged as on a machine with no project.

import { optionValue } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { afterOptions } from './items.js';
import { NONE, sourceOfWord, type NestedResult, type Stdin } from './result.js';
import { SHELLS } from './shells.js';

const SSH_VALUES = new Set(['-b', '-B', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w']);
const ANSIBLE_VALUES = new Set(['-m', '--module-name', '-a', '--args', '-i', '--inventory', '-u', '--user', '-e', '--extra-vars', '-l', '--limit', '-f', '--forks', '--become-user', '-c', '--connection', '-T', '--timeout', '-P', '-B', '--vault-password-file', '--private-key', '-M', '--become-method']);

export function sshNested({ args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const { options, rest } = afterOptions(args, SSH_VALUES);
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
  const module = optionValue(args, ['-m', '--module-name']) ?? 'command';
  const code = optionValue(args, ['-a', '--args']);
  const hosts = args.find((a) => !a.text.startsWith('-') && !ANSIBLE_VALUES.has(args[args.indexOf(a) - 1]?.text ?? ''))?.text ?? 'hosts';
  if (!code || !module || !['shell', 'command', 'raw', 'ansible.builtin.shell', 'ansible.builtin.command', 'ansible.builtin.raw'].includes(module)) return NONE;
  return { nested: [{ code, via: `ansible ${hosts}`, remote: `hosts ${hosts}` }], codeSource: null };
}
