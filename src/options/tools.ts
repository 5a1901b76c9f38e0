// Which options take a value, for each tool whose options firebreak itself walks: to find
// the subcommand (git, docker, kubectl), the command run inside (docker run, ssh, watch,
// xargs) or the script (sed, awk). One list per tool; the catalogue reads the same lists
// for these tools (catalogue/compile.ts merges CATALOGUE_OPTIONS into their command
// specs), so rules/*.yaml does not repeat them. Letters that are boolean in some other
// subcommand are left out of the lists read everywhere, so a boolean never swallows the
// word after it.

import { mergedSpec, optionSpec, valueOptions, withoutOptions, type OptionSpec } from './spec.js';

/**
 * git's options, global or of any subcommand, that take the next word. Deliberately absent
 * because they are boolean in some other subcommand: -u (push --set-upstream), -X (clean
 * -X), -n (push/clean --dry-run), -f (config --file but force everywhere else), -d, -t, -p.
 * -s is listed for restore --source and merge --strategy although it is boolean in
 * commit/tag/status, which no rule reads.
 */
export const GIT = valueOptions(`
  -C -c --git-dir --work-tree --namespace --exec-path --config-env --super-prefix
  -o -b -B -m -e -j --exclude --message --push-option --receive-pack --upload-pack --exec --repo
  --format --sort --contains --no-contains --merged --no-merged --points-at --set-upstream-to
  --author --committer --grep --since --until --after --before --date --max-count --onto
  --strategy --strategy-option --depth --shallow-since --shallow-exclude --branch --origin
  --reference --template --separate-git-dir --filter --config --jobs --orphan --create
  --force-create -s --source --type --reason --pathspec-from-file --index-filter --tree-filter
  --msg-filter --env-filter --subdirectory-filter --tag-name-filter --commit-filter
  --parent-filter --path --path-rename --conflict --unified --inter-hunk-context`);

/** docker, podman and nerdctl: options that take a value wherever they stand. */
const CONTAINER_ENGINE = valueOptions(`
  -H --host --context -c --config --log-level --tlscacert --tlscert --tlskey
  --url --connection --identity --root --runroot --storage-driver --cgroup-manager
  -n --namespace --address
  --filter --format --name --network --net --volume --mount -e --env --env-file
  --label --entrypoint --platform -m --memory --cpus -p --publish --restart
  --hostname -u --user -w --workdir --pid --ipc --userns --uts --gpus --tmpfs
  --shm-size --stop-signal --stop-timeout --add-host --device --cap-add --cap-drop
  --security-opt --ulimit --log-driver --log-opt --tag --file --build-arg --target
  --cache-from --cache-to -o --output --secret --ssh --progress --builder --signal
  --time --timeout --until --since --tail --project-name --project-directory
  --profile --rmi --scale --driver --opt --keep-storage --reserved-space
  --max-used-space --min-free-space --detach-keys --link --volumes-from --dns --ip
  --cidfile --runtime --replicas --ansi --parallel --pod --constraint --mode`);

/** docker compose and docker-compose: options that take a value wherever they stand. */
const COMPOSE = valueOptions(`
  -p --project-name --project-directory --env-file --profile --file --rmi
  --timeout --ansi --parallel --progress -H --host --context`);

/** Before the subcommand only: docker -l (log level; `docker ps -l` is boolean), compose -f (file; `compose rm -f` is force). */
export const CONTAINER_GLOBAL = mergedSpec(CONTAINER_ENGINE, COMPOSE, valueOptions('-l -f'));

/** docker exec: the engine's options (less --rmi, compose down's, a boolean in podman run and exec) and its own. */
export const CONTAINER_EXEC = mergedSpec(withoutOptions(CONTAINER_ENGINE, '--rmi'), valueOptions('--index'));

/** docker run and create: letters that take a value here and are boolean elsewhere (-v, -a, -h, -l), and run's own. */
export const CONTAINER_RUN = mergedSpec(
  CONTAINER_EXEC,
  valueOptions(`
  -v -a -h -l --attach --pull --expose --health-cmd --group-add --cgroupns --label-file
  --mac-address --ip6 --network-alias --storage-opt --sysctl`),
);

const KUBECTL_COMMON = `
  -n --namespace --context --cluster --user --kubeconfig -s --server --token
  --as --as-group --as-uid --certificate-authority --client-certificate --client-key
  --tls-server-name --request-timeout --cache-dir -v --v
  -l --selector --field-selector -o --output -f --filename -k --kustomize
  -c --container --grace-period --timeout --replicas --current-replicas
  --resource-version -p --patch --patch-file --type --subresource --field-manager
  --template --sort-by --chunk-size -L --label-columns --since --since-time --tail
  --limit-bytes --to-revision --revision --prune-allowlist --prune-whitelist --for --image
  --port --target-port --name --labels --env -e --from --from-literal --from-file
  --from-env-file --address --raw --pod-selector`;

/** kubectl's options that take a value, global or of a subcommand (kubectl takes them anywhere). */
export const KUBECTL = valueOptions(
  KUBECTL_COMMON +
    `
  --username --password --vmodule --log-dir --log-file --log-file-max-size --profile
  --profile-output --max-log-requests --pod-running-timeout --skip-wait-for-delete-timeout
  --applyset --external-ip --load-balancer-ip --cluster-ip --protocol --session-affinity
  --overrides --restart --annotations --serviceaccount --image-pull-policy --requests
  --limits --min --max --cpu-percent --schedule --docker-server --docker-username
  --docker-password --docker-email --cert --key --copy-to --target --set-image --api-group
  --verbs --retries`,
);

/** OpenShift's oc. */
export const OC = valueOptions(KUBECTL_COMMON + ' --loglevel');

export const SSH = valueOptions('-b -B -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w');

export const ANSIBLE = valueOptions(`
  -m --module-name -a --args -i --inventory -u --user -e --extra-vars -l --limit -f --forks
  --become-user -c --connection -T --timeout -P -B --vault-password-file --private-key -M --become-method`);

/**
 * GNU xargs. -i, -e and -l take only a value glued to them (-i{}, -l1), and --replace,
 * --eof and --max-lines only after `=`: `xargs --replace rm {}` runs rm.
 */
export const XARGS = optionSpec(
  { value: '-I -J -n -L -P -s -d -E -a --arg-file --delimiter --max-args --max-procs --max-chars --process-slot-var' },
  { glueOnly: 'iel' },
);

export const PARALLEL = valueOptions(`
  -j --jobs -S --sshlogin -a --arg-file -d --delimiter --colsep -C -I --replace -N -n --max-args -L
  --max-lines --halt --joblog --results --timeout --delay --retries --tag-string -E --eof --workdir --wd
  --tmpdir --load --memfree --transfer-file --return --basefile --env`);

/** sed: -e and --expression are its script; -f names a script file; -i takes only a glued suffix (-i.bak, so -ie is not -e). */
export const SED = optionSpec({ code: '-e --expression', file: '-f --file', value: '-l --line-length' }, { glueOnly: 'i' });

/** awk: -f names a program file, -e/--source is program text (gawk). */
export const AWK = optionSpec({ code: '-e --source', file: '-f --file', value: '-F --field-separator -v --assign -i --include -l --load' });

/** GNU tar: the options that take a word, what runs (--to-command, -I) and the scripts it runs (-F). */
export const TAR = optionSpec({
  value:
    '-f --file -C --directory -T --files-from -X --exclude-from -b --blocking-factor -H --format -N --newer -V --label -g --listed-incremental -K --starting-file --transform --owner --group --mode --mtime --exclude',
  code: '--to-command --checkpoint-action -I --use-compress-program --rsh-command',
  file: '-F --info-script --new-volume-script',
});

/** rsync: the remote shell and remote rsync are commands; these other options take a word. */
export const RSYNC = optionSpec({
  code: '-e --rsh --rsync-path',
  value:
    '--exclude --include --exclude-from --include-from --files-from -f --filter --chmod --chown -B --block-size --log-file --partial-dir --temp-dir -T --backup-dir --suffix --compare-dest --copy-dest --link-dest --password-file --port --timeout',
});

export const WATCH = valueOptions('-n --interval -q --equexit');

/**
 * find's primaries that take the next word, and the actions whose words, up to `;` or `+`,
 * are a command find runs for each path (so `find . -exec echo -delete ;` deletes nothing).
 */
export const FIND = optionSpec(
  {
    value: `-D -name -iname -path -ipath -wholename -iwholename -regex -iregex -regextype -lname -ilname -type -xtype
      -mtime -mmin -atime -amin -ctime -cmin -used -newer -anewer -cnewer -newermt -newerct -newerat -newermm -size
      -user -group -uid -gid -perm -links -inum -samefile -maxdepth -mindepth -fstype -context -printf -fprint
      -fprint0 -fprintf -fls -files0-from`,
    program: '-exec -execdir -ok -okdir',
  },
  { singleDash: true },
);

/** deno eval's own options, before its code. */
export const DENO_EVAL = valueOptions('--ext --config -c --import-map --location --seed --cert --log-level -L');

/** redis-cli's options that take a value (-2 and -3 choose the protocol and take none). */
export const REDIS_CLI = valueOptions(
  '-h -p -s -a -u -r -i -n -d -D -t --user --pass --pattern --quoted-pattern --count --rdb --functions-rdb --eval --cacert --cacertdir --cert --key --sni --tls-ciphers --tls-ciphersuites --memkeys-samples --pipe-timeout --intrinsic-latency --lru-test',
);

/** The lists the catalogue reads for these commands, merged into their `value_options`. */
export const CATALOGUE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  git: GIT,
  docker: CONTAINER_ENGINE,
  podman: CONTAINER_ENGINE,
  nerdctl: CONTAINER_ENGINE,
  'docker-compose': COMPOSE,
  'podman-compose': COMPOSE,
  kubectl: KUBECTL,
  oc: OC,
  find: FIND,
  'redis-cli': REDIS_CLI,
};
