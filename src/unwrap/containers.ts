// Code run inside containers and pods: docker/podman/nerdctl exec and run, docker compose
// exec, kubectl/oc exec, run and debug (after --).

import { leadingOptions, walkOptions } from '../options/walk.js';
import { CONTAINER_EXEC, CONTAINER_GLOBAL, CONTAINER_RUN, KUBECTL, OC } from '../options/tools.js';
import type { Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { afterOptions, line } from './items.js';
import { NONE, type NestedResult } from './result.js';

export function containerNested({ name: tool, args }: NormalisedCommand): NestedResult {
  // Global options (docker --host X, podman --remote, compose -f file) come before the subcommand.
  let words = args.slice(leadingOptions(args, CONTAINER_GLOBAL).operand);
  if (tool !== 'docker-compose' && words[0]?.text === 'compose') {
    words = words.slice(1);
    words = words.slice(leadingOptions(words, CONTAINER_GLOBAL).operand);
  }
  if (words[0]?.text === 'container') words = words.slice(1);
  const sub = words[0]?.text;
  if (sub !== 'exec' && sub !== 'run') return NONE;
  const { rest } = afterOptions(words.slice(1), sub === 'run' ? CONTAINER_RUN : CONTAINER_EXEC);
  const target = rest[0];
  if (!target || rest.length < 2) return NONE;
  const where = `container ${target.text}`;
  return { nested: [{ code: line(rest.slice(1)), via: `${tool} ${sub} ${target.text}`, remote: where }], codeSource: null };
}

export function kubectlNested({ name: tool, args }: NormalisedCommand): NestedResult {
  const dash = args.findIndex((a) => a.text === '--');
  const head = args.slice(0, dash < 0 ? args.length : dash);
  const positional: Arg[] = [];
  for (const tok of walkOptions(head, tool === 'oc' ? OC : KUBECTL)) if (tok.kind === 'operand') positional.push(head[tok.at]!);
  const sub = positional[0]?.text;
  if ((sub !== 'exec' && sub !== 'run' && sub !== 'debug') || dash < 0 || dash === args.length - 1) return NONE;
  const pod = positional[1]?.text ?? 'pod';
  return { nested: [{ code: line(args.slice(dash + 1)), via: `${tool} ${sub} ${pod}`, remote: `pod ${pod}` }], codeSource: null };
}
