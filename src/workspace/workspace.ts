// How every door loads what it judges with: the catalogue, loaded once; for each directory
// a caller names, its policy (rechecked at most once a second, and reloaded when a config
// file's text changes) and an engine for that policy. The MCP server keeps one for a
// session, a hook one for a single call. Context is cached by the engine's
// own layers (project root per directory, git HEAD for half a second).

import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { Engine, notAssessed } from '../assess/engine.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { RiskAssessment } from '../core/contracts.js';
import type { ResolvedPolicy } from '../policy/policy.js';
import { resolvePolicy, type PolicyBuilder, type PolicyOutcome } from '../policy/resolve.js';

/** How long a directory's policy is trusted before its files are looked at again. */
const RECHECK_MS = 1000;

interface WorkspaceOptions {
  catalogue: Catalogue;
  /** Where the server started: the default cwd. */
  startDir: string;
  env: NodeJS.ProcessEnv;
  stamp: string;
  home?: string;
  builder?: () => PolicyBuilder;
}

export type Place =
  | { ok: true; cwd: string; engine: Engine; resolved: ResolvedPolicy }
  | { ok: false; cwd: string; message: string; outcome?: Extract<PolicyOutcome, { ok: false }> };

export class Workspace {
  private readonly policies = new Map<string, { at: number; outcome: PolicyOutcome }>();
  private readonly engines = new WeakMap<ResolvedPolicy, Engine>();
  readonly home: string;

  constructor(private readonly opts: WorkspaceOptions) {
    this.home = opts.home ?? homedir();
  }

  get catalogue(): Catalogue {
    return this.opts.catalogue;
  }

  get env(): NodeJS.ProcessEnv {
    return this.opts.env;
  }

  /** The directory a call names (default: the start directory), its policy and engine, or why it cannot be used. */
  place(cwdArg: string | undefined): Place {
    const cwd = cwdArg === undefined || cwdArg === '' ? this.opts.startDir : isAbsolute(cwdArg) ? resolve(cwdArg) : resolve(this.opts.startDir, cwdArg);
    const now = Date.now();
    let hit = this.policies.get(cwd);
    if (!hit || now - hit.at > RECHECK_MS) {
      let isDir = false;
      try {
        isDir = statSync(cwd).isDirectory();
      } catch {
        /* reported below */
      }
      if (!isDir) return { ok: false, cwd, message: `cwd ${cwd} is not a directory; give the absolute path of the directory the command would run in` };
      const env = this.opts.env;
      const outcome = resolvePolicy({ cwd, home: this.home, env: (k) => env[k], stamp: this.opts.stamp }, this.opts.builder);
      hit = { at: now, outcome };
      if (this.policies.size > 512) this.policies.clear();
      this.policies.set(cwd, hit);
    }
    const o = hit.outcome;
    if (!o.ok) return { ok: false, cwd, message: o.error.message, outcome: o };
    let engine = this.engines.get(o.resolved);
    if (!engine) {
      engine = new Engine(this.opts.catalogue, o.resolved.policy);
      this.engines.set(o.resolved, engine);
    }
    return { ok: true, cwd, engine, resolved: o.resolved };
  }

  /** The verdict for a directory whose config cannot be used: its failure mode, the error as the reason. */
  static unusable(line: string, place: Extract<Place, { ok: false }>): RiskAssessment | null {
    return place.outcome ? notAssessed(line, place.outcome.failMode, place.outcome.error) : null;
  }
}
