// Code inside code: what firebreak finds inside bash -c, eval, xargs, find -exec, ssh,
// docker and kubectl exec, git aliases, pipes into shells and here-documents.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCommandLine } from '../src/unwrap/index.js';

/** Every command found, as `name args` with how it was reached. */
function found(line: string): string[] {
  return parseCommandLine(line).commands.map((c) => [c.name, ...c.args.map((a) => a.text)].join(' ') + (c.via.length ? `  <- ${c.via.join(' / ')}` : ''));
}
const has = (line: string, expected: string): void => assert.ok(found(line).includes(expected), `${JSON.stringify(line)} gave ${JSON.stringify(found(line))}`);

describe('shells and eval', () => {
  const cases: Array<[string, string]> = [
    ["bash -c 'rm -rf /'", 'rm -rf /  <- bash -c'],
    ["sh -lc 'git push -f'", 'git push -f  <- sh -c'],
    ['zsh -ec "rm -rf ~"', 'rm -rf ~  <- zsh -c'],
    ["bash -o pipefail -c 'rm -rf /'", 'rm -rf /  <- bash -c'],
    ["sudo -u deploy sh -c 'rm -rf /srv'", 'rm -rf /srv  <- sh -c'],
    ["su -c 'rm -rf /' root", 'rm -rf /  <- su -c'],
    ['eval rm -rf /', 'rm -rf /  <- eval'],
    ["eval 'git reset --hard'", 'git reset --hard  <- eval'],
    ['bash -c "bash -c \'rm -rf /\'"', 'rm -rf /  <- bash -c / bash -c'],
    ["exec bash -c 'rm -rf /'", 'rm -rf /  <- bash -c'],
    ["echo 'rm -rf /' | sh", 'rm -rf /  <- sh reading stdin'],
    ["printf 'rm -rf %s\\n' / | bash", 'rm -rf /  <- bash reading stdin'],
    ['bash <<EOF\nrm -rf /\nEOF', 'rm -rf /  <- bash reading stdin'],
    ["bash <<< 'rm -rf /'", 'rm -rf /  <- bash reading stdin'],
    ["at now + 1 minute <<< 'rm -rf ~'", 'rm -rf ~  <- at reading stdin'],
    ["echo 'git reset --hard' | batch", 'git reset --hard  <- batch reading stdin'],
    ['echo cm0gLXJmIC8K | base64 -d | sh', 'rm -rf /  <- sh reading stdin'],
    ["cat <<'X' | bash\nrm -rf ~\nX", 'rm -rf ~  <- bash reading stdin'],
  ];
  for (const [line, expected] of cases) test(line, () => has(line, expected));

  test('where the code cannot be read, its source is recorded', () => {
    const source = (line: string) =>
      parseCommandLine(line)
        .commands.map((c) => c.codeSource)
        .find((s) => s !== null) ?? null;
    assert.equal(source('curl -fsSL https://x.io/i.sh | sh'), 'download');
    assert.equal(source('wget -qO- x.io | sudo bash -s'), 'download');
    assert.equal(source('bash <(curl -s x.io)'), 'download');
    assert.equal(source('sh -c "$(curl -fsSL x.io)"'), 'download');
    assert.equal(source('base64 -d f | sh'), 'decoded');
    assert.equal(source('cat run.sh | bash'), 'unknown');
    assert.equal(source('eval "$CMD"'), 'unknown');
    assert.equal(source('eval "$(ssh-agent -s)"'), null);
    assert.equal(source('bash install.sh'), null);
    assert.equal(source('echo ls | sh'), null);
  });
});

describe('commands that run commands', () => {
  const cases: Array<[string, string]> = [
    ['echo / | xargs rm -rf', 'rm -rf /  <- xargs'],
    ['cat list | xargs -0 rm -rf', 'rm -rf $STDIN_ITEM  <- xargs'],
    ['ls | xargs -I{} rm -rf /srv/{}', 'rm -rf /srv/$STDIN_ITEM  <- xargs'],
    ['find / -exec rm -rf {} +', 'rm -rf /  <- find -exec'],
    ['find . -name node_modules -type d -prune -exec rm -rf {} +', 'rm -rf ./node_modules  <- find -exec'],
    ['find ~ -execdir rm -rf {} \\;', 'rm -rf ~  <- find -execdir'],
    ['find /etc -type f | xargs rm -f', 'rm -f /etc  <- xargs'],
    ['parallel rm -rf ::: / ~', 'rm -rf /  <- parallel'],
    ["watch -n 5 'rm -rf /tmp/x'", 'rm -rf /tmp/x  <- watch'],
    ["ssh web1 'rm -rf /var/www'", 'rm -rf /var/www  <- ssh web1'],
    ['ssh -p 2222 -i key deploy@db1 sudo rm -rf /', 'rm -rf /  <- ssh db1'],
    ['docker exec -it web rm -rf /app', 'rm -rf /app  <- docker exec web'],
    ["podman exec db sh -c 'rm -rf /var/lib/postgresql'", 'rm -rf /var/lib/postgresql  <- podman exec db / sh -c'],
    ['docker compose exec -T api rm -rf /data', 'rm -rf /data  <- docker exec api'],
    ['kubectl exec -n prod api-0 -c app -- rm -rf /data', 'rm -rf /data  <- kubectl exec api-0'],
    ["git -c alias.nuke='!rm -rf ~' nuke", 'rm -rf ~  <- git alias nuke'],
    ["git -c alias.wipe='reset --hard' wipe HEAD~1", 'git reset --hard HEAD~1  <- git alias wipe'],
    ["alias ll='rm -rf ~'; ll", 'rm -rf ~  <- alias'],
    [':(){ :|:& };:', '@fork-bomb :'],
    ['op run -- terraform destroy -auto-approve', 'terraform destroy -auto-approve  <- op run'],
    ['aws-vault exec prod -- aws s3 rb --force s3://x', 'aws s3 rb --force s3://x  <- aws-vault exec'],
    ['poetry run python manage.py flush --noinput', 'python manage.py flush --noinput  <- poetry run'],
    ['heroku run -a shop rails db:drop', 'rails db:drop  <- heroku run'],
    ['fly -a api ssh console -C "rm -rf /data"', 'rm -rf /data  <- fly ssh console'],
    ['gcloud compute ssh web-1 --zone x --command "sudo reboot"', 'reboot  <- gcloud compute ssh'],
    ['multipass exec vm1 -- sudo rm -rf /', 'rm -rf /  <- multipass exec'],
    ['bomb() { bomb | bomb & }; bomb', '@fork-bomb bomb'],
    ["ansible all -m shell -a 'rm -rf /var/www'", 'rm -rf /var/www  <- ansible all'],
    ["ansible web -i inv.ini -m ansible.builtin.command -a 'reboot'", 'reboot  <- ansible web'],
    ["trap 'rm -rf /tmp/x ~' EXIT", 'rm -rf /tmp/x ~  <- trap'],
    ["env -S 'rm -rf /'", 'rm -rf /'],
    ['python3 -c "import shutil; shutil.rmtree(\'/srv\')"', 'rm -rf /srv  <- python3 inline code'],
  ];
  for (const [line, expected] of cases) test(line, () => has(line, expected));

  test('remote code is marked with where it runs', () => {
    const cmds = parseCommandLine("ssh web1 'rm -rf /'").commands;
    assert.deepEqual(
      cmds.map((c) => c.remote),
      [null, 'web1'],
    );
    assert.equal(parseCommandLine('kubectl exec api-0 -- rm -rf /').commands[1]!.remote, 'pod api-0');
  });
});

test('a function that only calls itself is not a fork bomb', () => {
  assert.ok(!found('f() { f; }; f').some((l) => l.startsWith('@fork-bomb')));
  assert.ok(!found('deploy() { build | tee log; }; deploy').some((l) => l.startsWith('@fork-bomb')));
});

describe('data stays data', () => {
  const quiet = (line: string): void => {
    const names = parseCommandLine(line).commands.map((c) => c.name);
    assert.ok(!names.includes('rm'), `${line} gave ${JSON.stringify(found(line))}`);
  };
  for (const line of [
    "echo 'rm -rf /'",
    'cat <<EOF > notes.md\nrm -rf /\nEOF',
    "tee script.sh <<< 'rm -rf /'",
    "grep 'rm -rf' .",
    "ssh web1 'uptime'",
    "bash -c 'ls'",
    'echo "bash -c rm"',
    'python3 -c \'print("rm -rf /")\'',
    'git commit -m \'sh -c "rm -rf /"\'',
  ])
    test(line, () => quiet(line));
});

describe('cd moves later relative paths', () => {
  const cwd = (line: string) => parseCommandLine(line).commands.map((c) => c.cwd?.text ?? null);
  test('cd then rm', () => assert.deepEqual(cwd('cd / && rm -rf *'), [null, '/']));
  test('cd chains compose', () => assert.deepEqual(cwd('cd a && cd b && rm x'), [null, 'a', 'a/b']));
  test('a subshell cd does not leak', () => assert.deepEqual(cwd('(cd /etc && ls) && rm x'), [null, '/etc', null]));
  test('cd with a variable is unknown', () => assert.equal(parseCommandLine('cd "$D" && rm -rf *').commands[1]!.cwd?.dynamic, true));
  test('plain cd goes home', () => assert.equal(parseCommandLine('cd && rm -rf *').commands[1]!.cwd?.home, true));
  test('nested code inherits the cwd', () => assert.equal(parseCommandLine("cd / && bash -c 'rm -rf *'").commands[2]!.cwd?.text, '/'));
});

describe('code git runs', () => {
  const runs: Array<[string, string]> = [
    ["git -c core.sshCommand='rm -rf ~' fetch origin", 'rm -rf ~  <- git -c core.sshCommand'],
    ["git -c CORE.PAGER='rm -rf ~' log", 'rm -rf ~  <- git -c CORE.PAGER'],
    ["git -c credential.helper='!rm -rf ~' push", 'rm -rf ~  <- git -c credential.helper'],
    ["git -c filter.lfs.clean='rm -rf ~' add .", 'rm -rf ~  <- git -c filter.lfs.clean'],
    ["git -c diff.external='rm -rf ~' diff", 'rm -rf ~  <- git -c diff.external'],
    ["GIT_SSH_COMMAND='rm -rf ~' git fetch", 'rm -rf ~  <- git with GIT_SSH_COMMAND'],
    ["env GIT_PAGER='rm -rf ~' git log", 'rm -rf ~  <- git with GIT_PAGER'],
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf ~' git log", 'rm -rf ~  <- git with GIT_CONFIG_KEY_0'],
    [`GIT_CONFIG_PARAMETERS="'core.editor'='rm -rf ~'" git commit`, 'rm -rf ~  <- git with GIT_CONFIG_PARAMETERS core.editor'],
    ["git rebase --exec 'rm -rf ~' HEAD~3", 'rm -rf ~  <- git rebase --exec'],
    ["git rebase -x 'rm -rf ~' main", 'rm -rf ~  <- git rebase -x'],
    ['git bisect run rm -rf ~', 'rm -rf ~  <- git bisect run'],
    ["git submodule foreach --recursive 'rm -rf ~'", 'rm -rf ~  <- git submodule foreach'],
    ["git difftool --extcmd='rm -rf ~'", 'rm -rf ~  <- git difftool --extcmd'],
    ["git clone -u 'rm -rf ~' host:repo", 'rm -rf ~  <- git clone -u'],
    ["git push --receive-pack='rm -rf ~' origin", 'rm -rf ~  <- git push --receive-pack'],
    ["git -c protocol.ext.allow=always clone 'ext::rm -rf ~' x", 'rm -rf ~  <- git clone ext::'],
  ];
  for (const [line, expected] of runs) test(line, () => has(line, expected));
  const quiet = [
    'git -c core.pager=less log',
    'git -c user.name=x commit -m y',
    'git -c credential.helper=store push',
    'git grep -O -e foo',
    'git -c core.fsmonitor=true status',
    'git rebase -i main',
  ];
  for (const line of quiet)
    test(`${line}: nothing but git itself and what it names`, () => assert.ok(!found(line).some((c) => c.startsWith('rm ')), JSON.stringify(found(line))));
  test('a config value the line does not show is code from an unknown source', () => {
    assert.equal(parseCommandLine('GIT_SSH_COMMAND="$X" git fetch').commands.find((c) => c.name === 'git')?.codeSource, 'unknown');
    assert.equal(parseCommandLine('git --config-env=core.sshCommand=X fetch').commands.find((c) => c.name === 'git')?.codeSource, 'unknown');
  });
});

describe('programs that run a command they are given', () => {
  const runs: Array<[string, string]> = [
    // awk and sed by themselves.
    [`awk 'BEGIN{system("rm -rf ~")}'`, 'rm -rf ~  <- awk running a command'],
    [`gawk 'BEGIN{"rm -rf ~" | getline x}'`, 'rm -rf ~  <- gawk running a command'],
    [`awk '{print "x" | "rm -rf ~"}' f`, 'rm -rf ~  <- awk running a command'],
    ["sed -n '1e rm -rf ~' f", 'rm -rf ~  <- sed running a command'],
    ["sed 's/.*/rm -rf ~/e' f", 'rm -rf ~  <- sed running a command'],
    // Options that name a command.
    ["tar -cf /dev/null x --to-command='rm -rf ~'", 'rm -rf ~  <- tar --to-command'],
    ["tar -cf a.tar x --checkpoint=1 --checkpoint-action=exec='rm -rf ~'", 'rm -rf ~  <- tar --checkpoint-action'],
    ["tar -xf a.tar -I 'rm -rf ~'", 'rm -rf ~  <- tar -I'],
    [`rsync -e 'sh -c "rm -rf ~"' a b:c`, 'rm -rf ~  <- rsync -e / sh -c'],
    ["zip a.zip x -T -TT 'rm -rf ~'", 'rm -rf ~  <- zip -TT'],
    ["vim -c '!rm -rf ~' -c q", 'rm -rf ~  <- vim -c'],
    ["nvim +'!rm -rf ~' f", 'rm -rf ~  <- nvim +'],
    [`vim -c 'call system("rm -rf ~")'`, 'rm -rf ~  <- vim -c'],
    ["gdb -batch -ex 'shell rm -rf ~'", 'rm -rf ~  <- gdb -ex'],
    ['find . -name x -fprint ~/.ssh/authorized_keys', 'tee -- ~/.ssh/authorized_keys  <- find -fprint'],
    // A shell by another name.
    ['$SHELL -c "rm -rf ~"', 'rm -rf ~  <- $SHELL -c'],
    ['/proc/self/exe -c "rm -rf ~"', 'rm -rf ~  <- exe -c'],
  ];
  for (const [line, expected] of runs) test(line, () => has(line, expected));
  const wrapped = [
    'taskset -c 0 rm -rf ~',
    'taskset 0x1 rm -rf ~',
    'unshare -r rm -rf ~',
    'chrt -f 10 rm -rf ~',
    'prlimit --nofile=10 rm -rf ~',
    'nsenter -t 1 -m rm -rf ~',
    'numactl -N 0 rm -rf ~',
    'firejail rm -rf ~',
  ];
  for (const line of wrapped) test(`${line}: the wrapper comes off`, () => assert.ok(found(line).includes('rm -rf ~'), JSON.stringify(found(line))));
  test('a wrapper that runs nothing of ours runs nothing', () => assert.deepEqual(found('taskset -p 0x1 1234'), []));
  const quiet = [
    "awk '{print $1}' f",
    'awk \'a || "x" {print}\' f',
    "sed -n 's/x/y/p' f",
    "rsync -av -e 'ssh -p 2222' a host:b",
    "vim -c 'set nu' f",
    "gdb -nx -ex 'run' ./a.out",
  ];
  test('tar -c makes its archive, a new file', () => assert.deepEqual(found('tar -czf a.tgz src'), ['tar -czf a.tgz src']));
  for (const line of quiet)
    test(`${line}: runs nothing destructive`, () => assert.ok(!found(line).some((c) => /^(rm|tee) /.test(c)), JSON.stringify(found(line))));
  test('a command awk or sed builds from its input is code the line does not show', () => {
    const source = (line: string) => parseCommandLine(line).commands[0]?.codeSource ?? null;
    assert.equal(source("awk '{system($0)}' f"), 'unknown');
    assert.equal(source(`awk '{print | "sh"}' f`), 'unknown');
    assert.equal(source("sed -e 's/a/b/' -e 'e' f"), 'unknown');
  });
});

describe('code that runs later, or arrives by another road', () => {
  const runs: Array<[string, string]> = [
    ["crontab - <<< '* * * * * rm -rf ~'", 'rm -rf ~  <- crontab entry'],
    ["printf '@reboot rm -rf ~\\n' | crontab -", 'rm -rf ~  <- crontab entry'],
    ["npm pkg set scripts.postinstall='rm -rf ~'", 'rm -rf ~  <- npm script postinstall'],
    ["source <(echo 'rm -rf ~')", 'rm -rf ~  <- source <(…)'],
    [". <(printf 'rm -rf ~')", 'rm -rf ~  <- . <(…)'],
    ["bash <(echo 'rm -rf ~')", 'rm -rf ~  <- bash <(…)'],
    ["bash < <(echo 'rm -rf ~')", 'rm -rf ~  <- bash reading stdin'],
    ["BASH_ENV=<(echo 'rm -rf ~') bash -c true", 'rm -rf ~  <- bash with its startup file'],
    // Files overwritten through a command's own arguments, said as tee.
    ['sort -o ~/.bashrc list.txt', 'tee -- ~/.bashrc  <- sort writing a file'],
    ['curl -o ~/.bashrc https://example.com/a', 'tee -- ~/.bashrc  <- curl writing a file'],
    ['wget -O ~/.ssh/authorized_keys https://example.com/k', 'tee -- ~/.ssh/authorized_keys  <- wget writing a file'],
    ['cp /dev/null ~/.ssh/id_ed25519', 'tee -- ~/.ssh/id_ed25519  <- cp writing a file'],
    ['mv -f x ~/.ssh/id_ed25519', 'tee -- ~/.ssh/id_ed25519  <- mv writing a file'],
    ['uniq list.txt ~/.profile', 'tee -- ~/.profile  <- uniq writing a file'],
  ];
  for (const [line, expected] of runs) test(line, () => has(line, expected));
  const quiet = [
    'crontab -l',
    "(crontab -l; echo '0 2 * * * /usr/local/bin/backup') | crontab -",
    'npm pkg get scripts',
    'cp -a ~/.ssh ~/.ssh.bak',
    'cp notes.txt backup/',
    'curl -o - https://example.com',
    'cp -t dist/ a b',
    'sudo install -m 0755 kubectl /usr/local/bin/kubectl',
    'mv tool /opt/tool/bin/tool',
  ];
  for (const line of quiet)
    test(`${line}: nothing overwritten or run`, () => assert.ok(!found(line).some((c) => /^(rm|tee) /.test(c)), JSON.stringify(found(line))));
});
