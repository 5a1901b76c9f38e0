// Code run inside containers and pods: docker/podman/nerdctl exec and run, docker compose
// exec, kubectl/oc exec, run and debug (after --).

import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { afterOptions, line } from './items.js';
import { NONE, type NestedResult } from './result.js';

const EXEC_VALUES = new Set(['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys', '--index', '-c', '--container', '-n', '--namespace', '--context', '--kubeconfig', '--pod-running-timeout']);
const RUN_VALUES = new Set([...EXEC_VALUES, '-v', '--volume', '-p', '--publish', '--name', '--network', '--net', '--entrypoint', '-l', '--label', '--mount', '--cpus', '-m', '--memory', '--platform', '--restart', '-h', '--hostname', '--add-host', '--device', '--cap-add', '--cap-drop', '--log-driver', '--log-opt', '--pull', '--gpus', '--ipc', '--pid', '--shm-size', '--tmpfs', '--ulimit', '--security-opt', '--stop-signal', '--dns', '--expose', '--link', '--runtime', '--image', '--overrides', '--env-from', '--cidfile', '--health-cmd', '--userns', '--uts', '--volumes-from', '--workdir', '--group-add', '--cgroupns', '--label-file', '--mac-address', '--ip', '--ip6', '--network-alias', '--storage-opt', '--sysctl', '--attach', '-a']);
const CONTAINER_GLOBAL_VALUES = new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey', '--url', '--connection', '--identity', '--root', '--runroot', '--storage-driver', '--cgroup-manager', '-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile']);

export function containerNested({ name: tool, args }: NormalisedCommand): NestedResult {
  // Global options (docker --host X, podman --remote, compose -f file) come before the subcommand.
  let k = 0;
  while (k < args.length && args[k]!.text.startsWith('-')) k += CONTAINER_GLOBAL_VALUES.has(args[k]!.text) ? 2 : 1;
  let words = args.slice(k);
  if (tool !== 'docker-compose' && words[0]?.text === 'compose') {
    words = words.slice(1);
    let j = 0;
    while (j < words.length && words[j]!.text.startsWith('-')) j += CONTAINER_GLOBAL_VALUES.has(words[j]!.text) ? 2 : 1;
    words = words.slice(j);
  }
  if (words[0]?.text === 'container') words = words.slice(1);
  const sub = words[0]?.text;
  if (sub !== 'exec' && sub !== 'run') return NONE;
  const { rest } = afterOptions(words.slice(1), sub === 'run' ? RUN_VALUES : EXEC_VALUES);
  const target = rest[0];
  if (!target || rest.length < 2) return NONE;
  const where = `container ${target.text}`;
  return { nested: [{ code: line(rest.slice(1)), via: `${tool} ${sub} ${target.text}`, remote: where }], codeSource: null };
}

export function kubectlNested({ name: tool, args }: NormalisedCommand): NestedResult {
  const dash = args.findIndex((a) => a.text === '--');
  const positional: Arg[] = [];
  const head = args.slice(0, dash < 0 ? args.length : dash);
  for (let i = 0; i < head.length; i++) {
    const t = head[i]!.text;
    if (!t.startsWith('-')) positional.push(head[i]!);
    else if (EXEC_VALUES.has(t) || RUN_VALUES.has(t) || t === '--cluster' || t === '--user' || t === '-s' || t === '--server') i++;
  }
  const sub = positional[0]?.text;
  if ((sub !== 'exec' && sub !== 'run' && sub !== 'debug') || dash < 0 || dash === args.length - 1) return NONE;
  const pod = positional[1]?.text ?? 'pod';
  return { nested: [{ code: line(args.slice(dash + 1)), via: `${tool} ${sub} ${pod}`, remote: `pod ${pod}` }], codeSource: null };
}
