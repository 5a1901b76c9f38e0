// Whether this machine is a container, read once per process from the marks container
// engines leave (files and firebreak's own environment, never the line's: a command cannot
// talk its way into a container by setting `container=docker` in front of itself). Root
// inside a container owns the container, not a machine a person keeps, so the policy does
// not raise filesystem rules for it there.

import { existsSync, readFileSync } from 'node:fs';

/** What marks a container, most specific first: [what to check, the engine it names]. */
const MARK_FILES: ReadonlyArray<[string, string]> = [
  ['/run/.containerenv', 'podman'],
  ['/.dockerenv', 'docker'],
];
/** Variables the engine or the dev-container tooling sets for every process inside. */
const MARK_VARIABLES: ReadonlyArray<[string, string | null]> = [
  // systemd-nspawn, podman, lxc and others export container=<engine> to what they start.
  ['container', null],
  ['KUBERNETES_SERVICE_HOST', 'kubernetes'],
  ['REMOTE_CONTAINERS', 'devcontainer'],
  ['DEVCONTAINER', 'devcontainer'],
  ['CODESPACES', 'codespaces'],
];
/** Control-group paths of cgroup v1 hosts, where neither file above exists. */
const CGROUP_ENGINES: ReadonlyArray<[RegExp, string]> = [
  [/\/kubepods/, 'kubernetes'],
  [/\/docker[/-]/, 'docker'],
  [/\/libpod/, 'podman'],
  [/\/lxc[/.]/, 'lxc'],
  [/containerd/, 'containerd'],
];

export interface ContainerMarks {
  exists: (path: string) => boolean;
  read: (path: string) => string | null;
  env: NodeJS.ProcessEnv;
}

/** The container engine these marks name, or null on a plain machine. */
export function containerFrom(marks: ContainerMarks): string | null {
  for (const [path, engine] of MARK_FILES) if (marks.exists(path)) return engine;
  for (const [name, engine] of MARK_VARIABLES) {
    const v = marks.env[name];
    if (v && v !== 'false' && v !== '0') return engine ?? (/^[\w.-]{1,32}$/.test(v) ? v : 'container');
  }
  const cgroup = marks.read('/proc/1/cgroup') ?? '';
  for (const [pattern, engine] of CGROUP_ENGINES) if (pattern.test(cgroup)) return engine;
  return null;
}

let cached: string | null | undefined;

/** The container this process runs in (docker, podman, kubernetes, …), or null. */
export function currentContainer(): string | null {
  if (cached === undefined) {
    cached = containerFrom({
      exists: existsSync,
      read: (path) => {
        try {
          return readFileSync(path, 'utf8').slice(0, 64 * 1024);
        } catch {
          return null;
        }
      },
      env: process.env,
    });
  }
  return cached;
}
