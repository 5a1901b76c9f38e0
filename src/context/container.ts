// Whether this machine is a container, read once per process from the marks container
// engines leave (files and firebreak's own environment, never the line's: a command cannot
// talk its way into a container by setting `container=docker` in front of itself). Root
// inside a container owns the container, not a machine a person keeps, so the policy does
// not raise filesystem rules for it there.

import { statSync } from 'node:fs';
import { readSmallFile } from '../core/files.js';

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
/** Control-group paths of cgroup v1 hosts (the engine's own naming: evidence in itself). */
const CGROUP_ENGINES: ReadonlyArray<[RegExp, string]> = [
  [/\/kubepods/, 'kubernetes'],
  [/\/docker[/-]/, 'docker'],
  [/\/libpod/, 'podman'],
  [/\/lxc[/.]/, 'lxc'],
  [/containerd/, 'containerd'],
];

export interface ContainerMarks {
  /** The path is a regular file (a directory of that name is no mark). */
  isFile: (path: string) => boolean;
  read: (path: string) => string | null;
  env: NodeJS.ProcessEnv;
}

/** What PID 1 is called on a machine that boots: in a container it is the container's own program (sh, node, tini…). */
const INIT_NAMES = /^(systemd|init|launchd|openrc-init|runit|runit-init|s6-svscan|upstart|dinit|sysvinit)$/;
/** Filesystems container engines put under / (image layers). */
const LAYERED_ROOT = /^(overlay|fuse-overlayfs|aufs|shiftfs)$/;

/** The type of the filesystem mounted at / in a mountinfo listing. */
function rootFilesystem(mountinfo: string): string | null {
  for (const line of mountinfo.split('\n')) {
    const [mount, rest] = line.split(' - ');
    if (mount?.split(' ')[4] === '/' && rest) return rest.split(' ')[0] ?? null;
  }
  return null;
}

/**
 * Something a root process cannot fake from inside a running machine: / is an image's layers,
 * or PID 1 is not a boot init. Without it a mark file or variable is not believed, so an agent
 * that touches /.dockerenv does not talk firebreak into milder verdicts.
 */
function contained(marks: ContainerMarks): boolean {
  // Something mounted over PID 1's own files (mount --bind … /proc/1/comm) is a disguise, not a container.
  if (/ \/proc\/1\//.test(marks.read('/proc/self/mountinfo') ?? '')) return false;
  const root = rootFilesystem(marks.read('/proc/1/mountinfo') ?? '');
  if (root && LAYERED_ROOT.test(root)) return true;
  const init = marks.read('/proc/1/comm')?.trim();
  return !!init && !INIT_NAMES.test(init);
}

/** The container engine these marks name, or null on a plain machine. */
export function containerFrom(marks: ContainerMarks): string | null {
  if (!contained(marks)) return null;
  const cgroup = marks.read('/proc/1/cgroup') ?? '';
  for (const [pattern, engine] of CGROUP_ENGINES) if (pattern.test(cgroup)) return engine;
  for (const [path, engine] of MARK_FILES) if (marks.isFile(path)) return engine;
  for (const [name, engine] of MARK_VARIABLES) {
    const v = marks.env[name];
    if (v && v !== 'false' && v !== '0') return engine ?? (/^[\w.-]{1,32}$/.test(v) ? v : 'container');
  }
  return null;
}

let cached: string | null | undefined;

/** The container this process runs in (docker, podman, kubernetes, …), or null. */
export function currentContainer(): string | null {
  if (cached === undefined) {
    cached = containerFrom({
      isFile: (path) => {
        try {
          return statSync(path).isFile();
        } catch {
          return false;
        }
      },
      read: (path) => readSmallFile(path, 1 << 20),
      env: process.env,
    });
  }
  return cached;
}
