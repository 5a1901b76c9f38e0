// The compiled catalogue at run time: every rule pattern in one RE2.Set (sharded below the
// size where a Set stops compiling), and an index from command name to rules so that a
// command no rule names costs a Map lookup and nothing else.

import { createRequire } from 'node:module';
import type { NormalisedCommand } from '../shell/index.js';
import { own } from '../core/own.js';
import { isTruncatingRedirect, normalisedText } from './args.js';
import type { CommandSpec, CompiledCatalogue, CompiledRule } from './types.js';

const require = createRequire(import.meta.url);
type RE2Ctor = typeof import('re2');
let RE2: RE2Ctor | null = null;
function re2(): RE2Ctor {
  RE2 ??= require('re2') as RE2Ctor;
  return RE2;
}

/** RE2.Set fails to compile near 2,300 patterns; stay well below. */
const SHARD_SIZE = 1000;

/** Rules whose `command` is '*' apply to any command with an output redirect or a variable assignment. */
export const ANY_COMMAND = '*';

export interface Candidate {
  rule: CompiledRule;
  text: string;
}

export class Catalogue {
  readonly rules: readonly CompiledRule[];
  readonly commands: Readonly<Record<string, CommandSpec>>;
  readonly groups: CompiledCatalogue['groups'];
  private readonly byName = new Map<string, Set<number>>();
  private readonly anyCommand = new Set<number>();
  private readonly shards: Array<{ set: InstanceType<RE2Ctor['Set']>; offset: number }> = [];
  private regexCache = new Map<string, InstanceType<RE2Ctor>>();

  constructor(data: CompiledCatalogue) {
    this.rules = data.rules;
    this.commands = data.commands;
    this.groups = data.groups;
    data.rules.forEach((r, i) => {
      for (const name of r.commands) {
        if (name === ANY_COMMAND) { this.anyCommand.add(i); continue; }
        let s = this.byName.get(name);
        if (!s) this.byName.set(name, (s = new Set()));
        s.add(i);
      }
    });
  }

  /**
   * Compiled on first use: a command that no rule names never pays for loading re2 and
   * compiling the Set, which is most of a routine `firebreak check`'s start-up.
   */
  private sets(): Array<{ set: InstanceType<RE2Ctor['Set']>; offset: number }> {
    if (this.shards.length === 0 && this.rules.length > 0) {
      const R = re2();
      for (let off = 0; off < this.rules.length; off += SHARD_SIZE) {
        const patterns = this.rules.slice(off, off + SHARD_SIZE).map((r) => r.pattern);
        this.shards.push({ set: new R.Set(patterns, 'u'), offset: off });
      }
    }
    return this.shards;
  }

  specFor(name: string): CommandSpec | undefined {
    return own(this.commands, name);
  }

  /** An RE2 for a predicate's pattern, anchored to the whole value; compiled once. */
  regex(pattern: string): InstanceType<RE2Ctor> {
    let r = this.regexCache.get(pattern);
    if (!r) {
      r = new (re2())(`^(?:${pattern})$`, 'u');
      this.regexCache.set(pattern, r);
    }
    return r;
  }

  /** Rules whose command and pattern match; their predicates are for the caller to test. */
  candidates(cmd: NormalisedCommand): Candidate[] {
    const named = this.byName.get(cmd.name);
    const any = this.anyCommand.size > 0 && (cmd.assignments.length > 0 || cmd.redirects.some((r) => isTruncatingRedirect(r.op, r.fd) || r.op === '>>' || r.op === '&>>'));
    if (!named && !any) return [];
    const text = normalisedText(cmd, own(this.commands, cmd.name));
    const out: Candidate[] = [];
    for (const { set, offset } of this.sets()) {
      for (const k of set.match(text)) {
        const i = k + offset;
        if (named?.has(i) || (any && this.anyCommand.has(i))) out.push({ rule: this.rules[i]!, text });
      }
    }
    return out;
  }
}
