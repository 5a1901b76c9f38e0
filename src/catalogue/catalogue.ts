// The compiled catalogue at run time. Rule patterns are matched with RE2.Set, sharded by
// command name: a line's first pass compiles and runs only the Set of the tools it names
// (plus the Set of rules for any command), and the build ships one file per name, so a
// cold `firebreak check` reads and compiles the rules of one tool, not eight hundred. A
// command no rule names costs a Set lookup.

import { createRequire } from 'node:module';
import type { NormalisedCommand } from '../shell/index.js';
import { own } from '../core/own.js';
import { isTruncatingRedirect, normalisedText } from './args.js';
import type { CommandSpec, CompiledCatalogue, CompiledRule } from './rule-format.js';

const require = createRequire(import.meta.url);
type RE2Ctor = typeof import('re2');
type RE2Set = InstanceType<RE2Ctor['Set']>;
let RE2: RE2Ctor | null = null;
function re2(): RE2Ctor {
  RE2 ??= require('re2') as RE2Ctor;
  return RE2;
}

/** RE2.Set fails to compile near 2,300 patterns; a shard stays well below. */
export const SHARD_SIZE = 1000;

/** Rules whose `command` is '*' apply to any command with an output redirect, a variable assignment, or code it cannot show (code_from). */
const ANY_COMMAND = '*';

/** What a command name's rules are: its option spec and its rules, each with its catalogue index. */
export interface NameShard {
  spec?: CommandSpec;
  rules: Array<{ index: number; rule: CompiledRule }>;
}

/** Where the catalogue comes from: the built files (read per command name) or memory. */
export interface CatalogueSource {
  groups: CompiledCatalogue['groups'];
  size: number;
  names: Set<string>;
  load(name: string): NameShard;
  all(): CompiledRule[];
}

/** The catalogue's index file, dist/catalogue/index.json. */
export interface CatalogueIndex {
  version: 3;
  groups: CompiledCatalogue['groups'];
  size: number;
  /** Command name (or '*') to its shard file in dist/catalogue/names/. */
  names: Record<string, string>;
}

/** Shards a compiled catalogue by command name, as the build writes it and tests use it. */
export function shardByName(c: CompiledCatalogue): Map<string, NameShard> {
  const out = new Map<string, NameShard>();
  c.rules.forEach((rule, index) => {
    for (const name of rule.commands) {
      let s = out.get(name);
      if (!s) {
        s = { rules: [] };
        const spec = own(c.commands, name);
        if (spec) s.spec = spec;
        out.set(name, s);
      }
      s.rules.push({ index, rule });
    }
  });
  return out;
}

export function memorySource(c: CompiledCatalogue): CatalogueSource {
  const shards = shardByName(c);
  return { groups: c.groups, size: c.rules.length, names: new Set(shards.keys()), load: (n) => shards.get(n) ?? { rules: [] }, all: () => c.rules };
}

interface Candidate {
  rule: CompiledRule;
  text: string;
}

interface Shard {
  spec: CommandSpec | undefined;
  rules: NameShard['rules'];
  sets: Array<{ set: RE2Set; members: number[] }>;
}

export class Catalogue {
  readonly groups: CompiledCatalogue['groups'];
  readonly size: number;
  private readonly shards = new Map<string, Shard>();
  private regexCache = new Map<string, InstanceType<RE2Ctor>>();

  constructor(private readonly source: CatalogueSource) {
    this.groups = source.groups;
    this.size = source.size;
  }

  /** Every rule (reads the whole catalogue: for listings and tools, not the hot path). */
  get rules(): CompiledRule[] {
    return this.source.all();
  }

  /** A command name's rules and Set(s), read and compiled on first use. */
  private shard(name: string): Shard | null {
    if (!this.source.names.has(name)) return null;
    let s = this.shards.get(name);
    if (!s) {
      const loaded = this.source.load(name);
      const R = re2();
      s = { spec: loaded.spec, rules: loaded.rules, sets: [] };
      for (let off = 0; off < loaded.rules.length; off += SHARD_SIZE) {
        const members = loaded.rules.slice(off, off + SHARD_SIZE).map((_, k) => off + k);
        s.sets.push({
          set: new R.Set(
            members.map((k) => loaded.rules[k]!.rule.pattern),
            'u',
          ),
          members,
        });
      }
      this.shards.set(name, s);
    }
    return s;
  }

  specFor(name: string): CommandSpec | undefined {
    return this.shard(name)?.spec;
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
    const named = this.shard(cmd.name);
    const hasOutput = cmd.assignments.length > 0 || cmd.redirects.some((r) => isTruncatingRedirect(r) || r.op === '>>' || r.op === '&>>');
    const any = hasOutput || cmd.codeSource !== null ? this.shard(ANY_COMMAND) : null;
    if (!named && !any) return [];
    const text = normalisedText(cmd, named?.spec);
    const out: Candidate[] = [];
    const seen = new Set<number>();
    for (const shard of [named, any]) {
      if (!shard) continue;
      for (const { set, members } of shard.sets) {
        for (const k of set.match(text)) {
          const { index, rule } = shard.rules[members[k]!]!;
          if (!seen.has(index)) {
            seen.add(index);
            out.push({ rule, text });
          }
        }
      }
    }
    return out;
  }

  /**
   * This catalogue plus rules from config files: a new Catalogue over both sources, so the
   * built-in shards stay shared and a custom rule's name gets a shard of its own.
   */
  withRules(extra: CompiledRule[], commands: Record<string, CommandSpec>): Catalogue {
    if (extra.length === 0) return this;
    const base = this.source;
    const extraShards = shardByName({ version: 1, groups: [], commands, rules: extra });
    const groups = [...base.groups];
    for (const r of extra) {
      if (!groups.some((g) => g.group === r.group)) groups.push({ group: r.group, description: `Rules from ${r.source.file}` });
    }
    return new Catalogue({
      groups,
      size: base.size + extra.length,
      names: new Set([...base.names, ...extraShards.keys()]),
      load: (name) => {
        const b = base.names.has(name) ? base.load(name) : { rules: [] };
        const o = extraShards.get(name);
        if (!o) return b;
        const spec = b.spec ?? o.spec;
        return { ...(spec ? { spec } : {}), rules: [...b.rules, ...o.rules.map(({ index, rule }) => ({ index: base.size + index, rule }))] };
      },
      all: () => [...base.all(), ...extra],
    });
  }
}
