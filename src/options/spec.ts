// How a command reads its options, said once: which options take a value and what that
// value is (plain data, inline code, a file to run, the program itself), which options
// mean it will run nothing of ours, and the getopt quirks of its family. Every layer that
// walks a command's options (wrappers, unwrapping, interpreters, database clients, the
// catalogue's rules) describes the tool with this type and reads it with ./walk.ts.

/** What the word an option takes is. */
export type ValueKind = 'value' | 'code' | 'file' | 'program';

export interface OptionSpec {
  /** Options that take a value (`-n`, `--max-args`, sqlite's `-cmd`), and what it is. */
  readonly takes: ReadonlyMap<string, ValueKind>;
  /** Options after which the tool runs nothing of ours and reads no code (`--version`, `sudo -l`). */
  readonly stops: ReadonlySet<string>;
  /** Short letters that take only what is glued to them (perl -i.bak, mysql -pSECRET). */
  readonly glueOnly: string;
  /** Short letters followed by optional digits (perl -l0, -0777). */
  readonly digits: string;
  /** A value may be glued to its letter (-n10); node's -e always takes the next word. */
  readonly glued: boolean;
  /** Every option is a whole word after one dash (sqlite3 -cmd): nothing clusters. */
  readonly singleDash: boolean;
  /** A value option followed by a `--long` option has no value: the tool prompts for it (mongosh -p --eval). */
  readonly promptsForMissing: boolean;
  /**
   * For reading tools whose conventions are not known word by word (the catalogue's
   * commands): `-9` is an operand (kill -9 is a signal), `-name=value` is Go's style, and
   * every other single-dash word is reported whole (find's -delete, terraform's -target) as
   * well as letter by letter when it is all letters (-rf), or as a letter with its value
   * glued (-n1, -nprod).
   */
  readonly lenient: boolean;
}

type Names = Partial<Record<ValueKind | 'stops', string | readonly string[]>>;

const words = (v: string | readonly string[] | undefined): readonly string[] =>
  v === undefined ? [] : typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : v;

/**
 * A spec from option names by kind, each a list or a space-separated string: `-n --max-args`.
 * A bare letter (`n`) stands for its short option (`-n`), so getopt letters read as man pages print them.
 */
export function optionSpec(names: Names, quirks: Partial<Omit<OptionSpec, 'takes' | 'stops'>> = {}): OptionSpec {
  const named = (n: string): string => (n.startsWith('-') ? n : '-' + n);
  const takes = new Map<string, ValueKind>();
  for (const kind of ['value', 'code', 'file', 'program'] as const) for (const n of words(names[kind])) takes.set(named(n), kind);
  return {
    takes,
    stops: new Set(words(names.stops).map(named)),
    glueOnly: '',
    digits: '',
    glued: true,
    singleDash: false,
    promptsForMissing: false,
    lenient: false,
    ...quirks,
  };
}

const QUIRKS = ['glueOnly', 'digits', 'glued', 'singleDash', 'promptsForMissing', 'lenient'] as const;

/**
 * One spec holding every option of several (a tool's global options and a subcommand's).
 * They must read words the same way: merging specs whose quirks differ is a mistake in the
 * tables, refused when the module loads rather than read wrongly later.
 */
export function mergedSpec(...specs: OptionSpec[]): OptionSpec {
  const first = specs[0] ?? optionSpec({});
  for (const s of specs) {
    const differs = QUIRKS.find((q) => s[q] !== first[q]);
    if (differs) throw new Error(`mergedSpec: the specs differ in ${differs}; merge only specs that read words alike`);
  }
  return { ...first, takes: new Map(specs.flatMap((s) => [...s.takes])), stops: new Set(specs.flatMap((s) => [...s.stops])) };
}

/** A spec without some of its options: a list read everywhere, minus those that are booleans in one subcommand. */
export function withoutOptions(spec: OptionSpec, names: string): OptionSpec {
  const drop = new Set(words(names));
  return { ...spec, takes: new Map([...spec.takes].filter(([n]) => !drop.has(n))), stops: new Set([...spec.stops].filter((n) => !drop.has(n))) };
}

/** Options that take a plain value, as a spec. */
export const valueOptions = (names: string | readonly string[]): OptionSpec => optionSpec({ value: names });

/** The options of a spec that take a value: what the catalogue's `value_options` list. */
export const valueTakers = (spec: OptionSpec): string[] => [...spec.takes.keys()];
