// GNU getopt_long, like git, accepts any unique prefix of a long option: `rm --rec --fo` is
// `rm --recursive --force`, `chmod --recurs` is `--recursive`. A prefix that fits two options
// is an error the tool refuses to run, and is left as written. Each list is the tool's own
// set of long options (coreutils), so "unique" means what the tool means.

const GNU_LONG_OPTIONS: Readonly<Record<string, string>> = {
  rm: '--force --interactive --one-file-system --no-preserve-root --preserve-root --recursive --dir --verbose --help --version',
  cp: `--archive --attributes-only --backup --copy-contents --dereference --force --interactive --link --no-dereference
    --no-clobber --preserve --no-preserve --parents --recursive --reflink --remove-destination --sparse
    --strip-trailing-slashes --symbolic-link --suffix --target-directory --no-target-directory --update --verbose
    --one-file-system --context --debug --keep-directory-symlink --help --version`,
  mv: `--backup --debug --exchange --force --interactive --no-clobber --no-copy --strip-trailing-slashes --suffix
    --target-directory --no-target-directory --update --verbose --context --help --version`,
  chmod: '--changes --no-preserve-root --preserve-root --quiet --silent --reference --recursive --verbose --help --version',
  chown: `--changes --dereference --no-dereference --from --no-preserve-root --preserve-root --quiet --silent --reference
    --recursive --verbose --help --version`,
  chgrp: `--changes --dereference --no-dereference --no-preserve-root --preserve-root --quiet --silent --reference
    --recursive --verbose --help --version`,
  shred: '--force --iterations --random-source --size --remove --verbose --exact --zero --help --version',
  ln: `--backup --directory --force --interactive --logical --no-dereference --physical --relative --symbolic --suffix
    --target-directory --no-target-directory --verbose --help --version`,
  // Wrappers firebreak takes off: a prefix of their options must not hide what they run.
  env: `--ignore-environment --null --unset --chdir --split-string --block-signal --default-signal --ignore-signal
    --list-signal-handling --debug --help --version`,
  timeout: '--preserve-status --foreground --kill-after --signal --verbose --help --version',
  nice: '--adjustment --help --version',
  stdbuf: '--input --output --error --help --version',
  nohup: '--help --version',
};

const lists = new Map<string, readonly string[]>();

/** The long options a GNU tool accepts, or null when firebreak does not list them. */
export function gnuLongOptions(tool: string): readonly string[] | null {
  if (!Object.hasOwn(GNU_LONG_OPTIONS, tool)) return null;
  let l = lists.get(tool);
  if (!l) lists.set(tool, (l = GNU_LONG_OPTIONS[tool]!.split(/\s+/).filter(Boolean)));
  return l;
}

/** The full name of a long option the tool would read a prefix as, or null when the word is whole, unknown or ambiguous. */
function fullName(options: readonly string[], word: string): string | null {
  const eq = word.indexOf('=');
  const name = eq < 0 ? word : word.slice(0, eq);
  if (options.includes(name)) return null;
  const fits = options.filter((o) => o.startsWith(name));
  if (fits.length !== 1) return null;
  return fits[0]! + (eq < 0 ? '' : word.slice(eq));
}

/**
 * The words with each abbreviated long option (from index `from`, up to a `--`, or for a
 * wrapper up to the command it runs) written out; the same array when there are none.
 */
export function expandLongPrefixes<W extends { readonly text: string; readonly dynamic?: boolean }>(
  args: readonly W[],
  options: readonly string[],
  from = 0,
  upToCommand = false,
): readonly W[] {
  let out: W[] | null = null;
  for (let i = from; i < args.length; i++) {
    const w = args[i]!;
    if (w.text === '--') break;
    // A wrapper's options end where the command it runs begins (env FOO=1 git reset --h: --h is git's).
    if (upToCommand && !w.text.startsWith('-') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.text)) break;
    if (w.dynamic || !w.text.startsWith('--') || w.text.length < 3) continue;
    const full = fullName(options, w.text);
    if (full === null) continue;
    out ??= [...args];
    out[i] = { ...w, text: full };
  }
  return out ?? args;
}
