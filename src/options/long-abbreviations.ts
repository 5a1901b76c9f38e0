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
  // Tools the rules judge by their long options, listed from each one's own --help (GNU tar 1.34,
  // sed 4.9, util-linux, shadow, systemd, iptables): a prefix names the option they read it as.
  tar: `--absolute-names --acls --add-file --after-date --anchored --append --atime-preserve --auto-compress
    --backup --block-number --blocking-factor --bzip2 --catenate --check-device --check-links --checkpoint
    --checkpoint-action --clamp-mtime --compare --compress --concatenate --confirmation --create
    --delay-directory-restore --delete --dereference --diff --directory --exclude --exclude-backups
    --exclude-caches --exclude-caches-all --exclude-caches-under --exclude-from --exclude-ignore
    --exclude-ignore-recursive --exclude-tag --exclude-tag-all --exclude-tag-under --exclude-vcs
    --exclude-vcs-ignores --extract --file --files-from --force-local --format --full-time --get --group
    --group-map --gunzip --gzip --hard-dereference --help --hole-detection --ignore-case --ignore-command-error
    --ignore-failed-read --ignore-zeros --incremental --index-file --info-script --interactive
    --keep-directory-symlink --keep-newer-files --keep-old-files --label --level --list --listed-incremental
    --lzip --lzma --lzop --mode --mtime --multi-volume --new-volume-script --newer --newer-mtime --no-acls
    --no-anchored --no-auto-compress --no-check-device --no-delay-directory-restore --no-ignore-case
    --no-ignore-command-error --no-null --no-overwrite-dir --no-quote-chars --no-recursion --no-same-owner
    --no-same-permissions --no-seek --no-selinux --no-unquote --no-verbatim-files-from --no-wildcards
    --no-wildcards-match-slash --no-xattrs --null --numeric-owner --occurrence --old-archive --one-file-system
    --one-top-level --overwrite --overwrite-dir --owner --owner-map --pax-option --portability --posix
    --preserve-order --preserve-permissions --quote-chars --quoting-style --read-full-records --record-size
    --recursion --recursive-unlink --remove-files --restrict --rmt-command --rsh-command --same-order
    --same-owner --same-permissions --seek --selinux --show-defaults --show-omitted-dirs
    --show-snapshot-field-ranges --show-stored-names --show-transformed-names --skip-old-files --sort --sparse
    --sparse-version --starting-file --strip-components --suffix --tape-length --test-label --to-command
    --to-stdout --totals --touch --transform --uncompress --ungzip --unlink-first --unquote --update --usage
    --use-compress-program --utc --verbatim-files-from --verbose --verify --version --volno-file --warning
    --wildcards --wildcards-match-slash --xattrs --xattrs-exclude --xattrs-include --xform --xz --zstd`,
  sed: `--debug --expression --file --follow-symlinks --help --in-place --line-length --null-data --posix --quiet
    --regexp-extended --sandbox --separate --silent --unbuffered --version`,
  wipefs: `--all --backup --force --help --json --lock --no-act --noheadings --offset --output --parsable --quiet
    --types --version`,
  userdel: '--force --help --prefix --remove --root --selinux-user',
  journalctl: `--after-cursor --all --boot --case-sensitive --catalog --cursor --cursor-file --directory --disk-usage
    --dmesg --dump-catalog --facility --field --fields --file --flush --follow --force --grep --header --help
    --identifier --image --interval --lines --list-boots --list-catalog --machine --merge --namespace --no-full
    --no-hostname --no-pager --no-tail --output --output-fields --pager-end --priority --quiet --relinquish-var
    --reverse --root --rotate --setup-keys --show-cursor --since --smart-relinquish-var --sync --system --unit
    --until --update-catalog --user --user-unit --utc --vacuum-files --vacuum-size --vacuum-time --verify
    --verify-key --version`,
  systemctl: `--all --boot-loader-entry --boot-loader-menu --check-inhibitors --dry-run --failed --firmware-setup --force
    --full --global --help --host --image --job-mode --kill-whom --legend --lines --machine --marked --mkdir
    --no-ask-password --no-block --no-pager --no-reload --no-wall --now --output --plain --preset-mode
    --property --quiet --read-only --recursive --reverse --root --runtime --show-transaction --show-types
    --signal --state --system --timestamp --type --user --value --version --wait --what --with-dependencies`,
  truncate: '--help --io-blocks --no-create --reference --size --version',
  usermod: `--add-subgids --add-subuids --append --badname --comment --del-subgids --del-subuids --expiredate --gid
    --groups --help --home --inactive --lock --login --move-home --non-unique --password --prefix --remove
    --root --selinux-user --shell --uid --unlock`,
  iptables: `--append --check --delete --delete-chain --destination --exact --flush --fragment --goto --in-interface
    --insert --ipv4 --ipv6 --jump --line-numbers --list --list-rules --match --modprobe --new --numeric
    --out-interface --policy --protocol --rename-chain --replace --set-counters --source --table --verbose
    --version --wait --zero`,
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
export function gnuLongOptions(name: string): readonly string[] | null {
  const tool = name === 'ip6tables' ? 'iptables' : name;
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
