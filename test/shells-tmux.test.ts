// The shell plugins in real terminals: bash, zsh and fish under tmux, each loading the plugin
// the way the README says (one line in the rc file, `firebreak` on PATH), driven by typing.
// Risky commands are aimed at throwaway fixtures (a git repository with uncommitted work, a
// scratch directory in the test's own home); answering no must leave them exactly as they
// were and the line in the editor, answering yes must run them. firebreak is a copy of this
// build, so a test can take it away mid-session.

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { has, ROOT } from './helpers.js';

const SOCKET = `firebreak-test-${process.pid}`;
const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type Shell = 'bash' | 'zsh' | 'fish';

/** A copy of this build (bin, dist, package.json; node_modules linked), reachable as `firebreak` on PATH. */
function install(base: string): { bin: string; root: string } {
  const root = join(base, 'firebreak');
  for (const d of ['bin', 'dist']) cpSync(join(ROOT, d), join(root, d), { recursive: true, filter: (src) => !src.includes(`${join('dist', 'bench')}`) });
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  const bin = join(base, 'bin');
  mkdirSync(bin);
  symlinkSync(join(root, 'bin', 'firebreak.cjs'), join(bin, 'firebreak'));
  return { bin, root };
}

const RC: Record<Shell, { file: string; text: string }> = {
  bash: { file: '.bashrc', text: 'PS1=\'$ \'\neval "$(firebreak init bash)"\n' },
  zsh: {
    file: '.zshrc',
    // A widget of the person's own on accept-line, as zsh-autosuggestions and friends install: the plugin chains it.
    text: 'PS1=\'$ \'\nmine() { print -r -- mine-ran >> ~/widget.log; zle .accept-line }\nzle -N accept-line mine\neval "$(firebreak init zsh)"\n',
  },
  fish: { file: '.config/fish/config.fish', text: "set -g fish_greeting\nfunction fish_prompt; echo -n '$ '; end\nfirebreak init fish | source\n" },
};

const VI: Record<Shell, { on: string; off: string }> = {
  bash: { on: 'set -o vi', off: 'set -o emacs' },
  zsh: { on: 'bindkey -v', off: 'bindkey -e' },
  fish: { on: 'fish_vi_key_bindings', off: 'fish_default_key_bindings' },
};

const PROMPT = /Type '(.+)' to run it anyway|Run it anyway\? \[y\/N\]/g;

class Terminal {
  constructor(
    readonly name: string,
    readonly home: string,
  ) {}

  static async open(shell: Shell, home: string, cwd: string, path: string): Promise<Terminal> {
    const name = `${shell}-${Math.random().toString(36).slice(2, 8)}`;
    const env = [`HOME=${home}`, `PATH=${path}`, 'TERM=xterm-256color', 'LANG=C.UTF-8', 'NO_COLOR=1', `XDG_RUNTIME_DIR=${home}`];
    const argv = shell === 'fish' ? ['fish', '-i'] : [shell, '-i'];
    tmux('new-session', '-d', '-s', name, '-x', '200', '-y', '50', '-c', cwd, 'env', '-i', ...env, ...argv);
    const t = new Terminal(name, home);
    await t.waitFor(/\$ $/m);
    return t;
  }

  type(text: string): void {
    if (text.includes('\r')) this.before = this.prompts();
    tmux('send-keys', '-t', this.name, '-l', text);
  }

  keys(...keys: string[]): void {
    if (keys.includes('Enter')) this.before = this.prompts();
    tmux('send-keys', '-t', this.name, ...keys);
  }

  line(text: string): void {
    this.type(text);
    this.keys('Enter');
  }

  screen(): string {
    return tmux('capture-pane', '-t', this.name, '-p', '-J', '-S', '-5000');
  }

  async waitFor(re: RegExp, ms = 15_000): Promise<RegExpMatchArray> {
    const until = Date.now() + ms;
    for (;;) {
      const m = this.screen().match(re);
      if (m) return m;
      if (Date.now() > until) throw new Error(`timed out waiting for ${re} in:\n${this.screen()}`);
      await sleep(50);
    }
  }

  /** Prompts on screen before the last Enter: fish repaints a multi-line command over the verdict after an answer, so a running count would drift. */
  private before = 0;

  private prompts(): number {
    return [...this.screen().matchAll(PROMPT)].length;
  }

  /** Answers the next prompt some other key brings (Tab, a readline command). */
  async answerNext(yes: boolean): Promise<string> {
    return this.answer(yes);
  }

  /** Marks the prompts on screen now: the next answer waits for one more. */
  mark(): void {
    this.before = this.prompts();
  }

  /** Answers the prompt the last Enter brought: no, or yes (a y, or the target's name when it asks for that). */
  async answer(yes: boolean): Promise<string> {
    const seen = this.before;
    let m: RegExpMatchArray | undefined;
    await eventually(
      () => {
        m = [...this.screen().matchAll(PROMPT)][seen];
        return m !== undefined;
      },
      `prompt ${seen + 1} in:\n${this.screen()}`,
    );
    // The prompt is on screen before the shell reads it; a moment for the read to start.
    await sleep(300);
    if (!yes) this.line('n');
    else this.line(m?.[1] ?? 'y');
    // The plugin finishes (reports the outcome, repaints) before the next key means anything.
    await sleep(400);
    return m?.[0] ?? '';
  }

  /**
   * Types lines (the last one risky), answers no, and checks the target is still there; then
   * clears the line kept in the editor.
   */
  async refuse(target: string, ...lines: string[]): Promise<void> {
    for (const l of lines.slice(0, -1)) {
      this.line(l);
      await sleep(300);
    }
    this.line(lines.at(-1)!);
    await this.answer(false);
    assert.ok(existsSync(target), `nothing ran: ${lines.join(' / ')}`);
    this.keys('C-c');
    await sleep(300);
  }

  /** Waits until the last lines of the screen show the prompt with this text still in the editor. */
  async editorHolds(text: string): Promise<void> {
    const esc = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // fish may show an autosuggestion after the text.
    await this.waitFor(new RegExp(`\\$ ${esc}\\S*\\s*$`));
  }

  close(): void {
    try {
      tmux('kill-session', '-t', this.name);
    } catch {
      /* already gone */
    }
  }
}

async function eventually(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  // A file being rewritten (git replaces it) may be missing for a moment: not yet, not a failure.
  const holds = (): boolean => {
    try {
      return check();
    } catch {
      return false;
    }
  };
  while (!holds()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(50);
  }
}

function gitFixture(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const git = (...a: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], { stdio: 'ignore' });
  git('init', '-q', '-b', 'feature');
  writeFileSync(join(dir, 'notes.txt'), 'committed\n');
  git('add', 'notes.txt');
  git('commit', '-qm', 'first');
  writeFileSync(join(dir, 'notes.txt'), 'committed\nuncommitted work\n');
  return join(dir, 'notes.txt');
}

for (const shell of ['bash', 'zsh', 'fish'] as const) {
  const missing = !has('tmux') ? 'tmux is not installed' : !has(shell) ? `${shell} is not installed` : false;
  describe(`${shell} under tmux, with the plugin loaded from the rc file`, { skip: missing, concurrency: false }, () => {
    let base = '';
    let home = '';
    let repo = '';
    let notes = '';
    let installed: { bin: string; root: string };
    let t: Terminal;

    before(async () => {
      base = mkdtempSync(join(tmpdir(), `firebreak-${shell}-tmux-`));
      home = join(base, 'home');
      mkdirSync(join(home, '.config', 'fish'), { recursive: true });
      installed = install(base);
      writeFileSync(join(home, RC[shell].file), RC[shell].text);
      repo = join(home, 'repo');
      notes = gitFixture(repo);
      t = await Terminal.open(shell, home, repo, `${installed.bin}:${process.env.PATH}`);
    });

    after(() => {
      t?.close();
      if (base) rmSync(base, { recursive: true, force: true });
    });

    it('a routine command runs as typed, with nothing printed by firebreak', async () => {
      t.line('echo routine-ok > routine.txt');
      await eventually(() => existsSync(join(repo, 'routine.txt')), 'routine.txt written');
      t.line('echo first');
      await t.waitFor(/first\n/);
      assert.doesNotMatch(t.screen(), /firebreak/);
      if (shell === 'zsh') await eventually(() => readFileSync(join(home, 'widget.log'), 'utf8').includes('mine-ran'), 'the earlier accept-line widget ran');
    });

    it('the exit status of the last command is still there ($? / $status)', async () => {
      t.line('false');
      t.line(shell === 'fish' ? 'echo status-$status' : 'echo status-$?');
      await t.waitFor(/^status-1$/m);
    });

    it('git reset --hard over uncommitted work: no keeps the work and the line; yes runs it', async () => {
      t.line('git reset --hard');
      await t.answer(false);
      await t.editorHolds('git reset --hard');
      assert.equal(readFileSync(notes, 'utf8'), 'committed\nuncommitted work\n');
      t.keys('C-c');
      await sleep(200);
      t.line('git reset --hard');
      await t.answer(true);
      await eventually(() => readFileSync(notes, 'utf8') === 'committed\n', 'the reset ran');
    });

    it('rm -rf of a scratch directory: no keeps it, yes (or its name) deletes it', async () => {
      const scratch = join(home, 'scratch');
      mkdirSync(scratch);
      writeFileSync(join(scratch, 'keep.txt'), 'x');
      t.line('rm -rf ~/scratch');
      await t.answer(false);
      await t.editorHolds('rm -rf ~/scratch');
      assert.ok(existsSync(join(scratch, 'keep.txt')));
      t.keys('C-c');
      await sleep(200);
      t.line('rm -rf ~/scratch');
      await t.answer(true);
      await eventually(() => !existsSync(scratch), 'the scratch directory was deleted');
    });

    it('an alias the person defined in this shell is judged as what it runs', async () => {
      const scratch = join(home, 'aliased');
      mkdirSync(scratch);
      await t.refuse(scratch, shell === 'fish' ? "alias zap 'rm -rf'" : "alias zap='rm -rf'", 'zap ~/aliased');
    });

    it('vi key bindings: Enter is still guarded', async () => {
      const scratch = join(home, 'vi-scratch');
      mkdirSync(scratch);
      await t.refuse(scratch, VI[shell].on, 'rm -rf ~/vi-scratch');
      t.line(VI[shell].off);
      await sleep(500);
      t.line('echo back-to-emacs');
      await t.waitFor(/^back-to-emacs$/m);
    });

    it('a pasted block (bracketed paste) is judged whole on Enter', async () => {
      const scratch = join(home, 'pasted');
      mkdirSync(scratch);
      tmux('set-buffer', '-b', 'fb', 'echo pasted-first\nrm -rf ~/pasted');
      tmux('paste-buffer', '-p', '-d', '-b', 'fb', '-t', t.name);
      await sleep(300);
      assert.ok(!/^pasted-first$/m.test(t.screen()), 'the paste did not run line by line');
      t.keys('Enter');
      await t.answer(false);
      await sleep(300);
      assert.ok(existsSync(scratch), 'nothing ran');
      assert.ok(!/^pasted-first$/m.test(t.screen()), 'not even the first line');
      t.keys('C-c');
      await sleep(300);
    });

    it('set -u and set -e in the shell: the guard still works and the shell stays', {
      skip: shell === 'fish' ? 'fish has no set -u / set -e' : false,
    }, async () => {
      const scratch = join(home, 'strict');
      mkdirSync(scratch);
      t.line('set -u -e');
      await sleep(200);
      t.line('echo strict-ok > strict.txt');
      await eventually(() => existsSync(join(repo, 'strict.txt')), 'a routine line ran');
      await t.refuse(scratch, 'rm -rf ~/strict');
      t.line('set +u +e; echo still-here');
      await t.waitFor(/^still-here$/m);
    });

    it('the lines of a here-document are text, not commands', { skip: shell === 'fish' ? 'fish has no here-documents' : false }, async () => {
      const prompts = [...t.screen().matchAll(PROMPT)].length;
      t.line("cat > heredoc.txt <<'EOF'");
      await sleep(300);
      t.line('git reset --hard HEAD~1');
      await sleep(300);
      t.line('EOF');
      await eventually(() => readFileSync(join(repo, 'heredoc.txt'), 'utf8') === 'git reset --hard HEAD~1\n', 'the document was written');
      assert.equal([...t.screen().matchAll(PROMPT)].length, prompts, 'nothing was asked');
    });

    it('a command of several lines is judged before any of it runs', async () => {
      const scratch = join(home, 'looped');
      mkdirSync(scratch);
      await t.refuse(scratch, ...(shell === 'fish' ? ['for d in looped', 'rm -rf ~/$d', 'end'] : ['for d in looped; do', 'rm -rf ~/$d']));
      t.line('echo after-loop');
      await t.waitFor(/^after-loop$/m);
    });

    it('the disguises a review found are stopped too', async () => {
      const target = join(home, 'disguised');
      mkdirSync(target);
      // Keys typed ahead of the question (or pasted without bracketed paste) do not answer it.
      t.type('rm -rf ~/disguised\r~/disguised\r');
      await t.answer(false);
      assert.ok(existsSync(target), 'the typed-ahead name did not answer');
      t.keys('C-c');
      await sleep(300);
      if (shell === 'fish') {
        await t.refuse(target, 'echo rm -rf ~/disguised | source');
        // An abbreviation is expanded as the line runs; an escape spells a command's name.
        t.line('abbr -a nukeit rm -rf ~/disguised');
        await sleep(300);
        await t.refuse(target, 'nukeit');
        await t.refuse(target, '\\x72m -rf ~/disguised');
        // Defining a function that deletes asks too; yes defines it.
        t.line('function nukeit2; rm -rf ~/disguised; end; function cl; nukeit2; end');
        await t.answer(true);
        await t.refuse(target, 'cl');
        // fish's own functions (ls is one) are what fish is: a plain ls is not asked about.
        t.line('ls > listed.txt');
        await eventually(() => existsSync(join(repo, 'listed.txt')), 'ls ran');
        return;
      }
      // Ctrl-C at a continuation prompt leaves nothing pending: the next line is a command of its own.
      t.type("echo 'abc");
      t.keys('Enter');
      await sleep(300);
      t.keys('C-c');
      await sleep(300);
      await t.refuse(target, 'rm -rf ~/disguised');
      // A line firebreak's parser finds unfinished, and the shell runs as it is.
      await t.refuse(target, `echo \${x:-"'"}; rm -rf ~/disguised`);
      // History expansion of the line just refused, with the default history characters and others.
      await t.refuse(target, '!!');
      t.line("histchars='%^#'");
      await sleep(300);
      await t.refuse(target, '%rm');
      t.line("histchars='!^#'");
      await sleep(300);
      // A function reached through an alias and another function.
      // Defining a function that deletes asks too; yes defines it.
      t.line('nukeit() { rm -rf ~/disguised; }; cleanup() { nukeit; }; alias cl=cleanup');
      await t.answer(true);
      assert.ok(existsSync(target), 'a definition deletes nothing');
      await t.refuse(target, 'cl');
      if (shell === 'bash') {
        // shell-expand-line runs a command substitution to expand it; insert-comment with an
        // argument would take the # off and run the line.
        t.type('echo $(rm -rf ~/disguised)');
        t.mark();
        t.keys('Escape', 'C-e');
        await t.answerNext(false);
        assert.ok(existsSync(target), 'the expansion did not run');
        t.keys('C-c');
        await sleep(300);
        t.type('#rm -rf ~/disguised');
        t.keys('Escape', '1', 'Escape', '#');
        await sleep(500);
        assert.ok(existsSync(target), 'taking the comment off runs nothing');
        t.keys('C-c');
        await sleep(300);
      }
      if (shell === 'zsh') {
        // Tab expands a word's command substitution by running it.
        t.type('echo $(rm -rf ~/disguised)');
        t.mark();
        t.keys('Tab');
        await t.answerNext(false);
        assert.ok(existsSync(target), 'the expansion did not run');
        t.keys('C-c');
        await sleep(300);
        // zsh's own syntax: a # that is no comment (interactive_comments is off), repeat, =cmd.
        await t.refuse(target, 'echo hi #; rm -rf ~/disguised');
        await t.refuse(target, 'repeat 1 rm -rf ~/disguised');
        await t.refuse(target, '=rm -rf ~/disguised');
        // With spelling correction on, a misspelt name is judged as what it could be corrected to.
        t.line('setopt correct');
        await sleep(300);
        await t.refuse(target, 'rmm -rf ~/disguised');
        await t.refuse(target, 'true; FOO=1 rmm -rf ~/disguised');
        t.line('unsetopt correct');
        await sleep(300);
        // Enter in an incremental history search.
        t.keys('C-r');
        t.type('rm -rf ~/disg');
        await sleep(300);
        t.keys('Enter');
        await t.answer(false);
        await sleep(300);
        assert.ok(existsSync(target));
        t.keys('C-c');
        await sleep(300);
      }
    });

    it('a helper that hangs: the line runs after about a second with one warning, and the next Enter is guarded again', async () => {
      const helper = spawnSync('pgrep', ['-f', `shell-helper --shell ${shell} .*--dir ${home}/`], { encoding: 'utf8' }).stdout.trim();
      assert.match(helper, /^\d+$/, 'one helper for this shell');
      process.kill(Number(helper), 'SIGSTOP');
      const t0 = Date.now();
      t.line('echo slow > slow.txt');
      await eventually(() => existsSync(join(repo, 'slow.txt')), 'the line ran');
      assert.ok(Date.now() - t0 < 5000);
      await t.waitFor(/firebreak: firebreak did not answer within 1 s; commands in this shell run unchecked until it works again\./);
      const scratch = join(home, 'after-hang');
      mkdirSync(scratch);
      t.line('rm -rf ~/after-hang');
      await t.answer(false);
      assert.ok(existsSync(scratch));
      t.keys('C-c');
      await sleep(200);
      process.kill(Number(helper), 'SIGKILL');
    });

    it('firebreak taken away mid-session: the shell keeps working, one warning says so, once', async () => {
      const warnedBefore = t.screen().match(/run unchecked/g)?.length ?? 0;
      rmSync(installed.root, { recursive: true, force: true });
      // The helper this shell started goes too, as after an uninstall and a reboot of the helper.
      spawnSync('pkill', ['-f', `shell-helper --shell ${shell} .*--dir ${home}/`]);
      await sleep(300);
      t.line('echo unguarded-1 > u1.txt');
      await eventually(() => existsSync(join(repo, 'u1.txt')), 'the line ran without the guard');
      await eventually(
        () => (t.screen().match(/firebreak: firebreak could not start its helper .*run unchecked until it works again\./g)?.length ?? 0) === 1,
        'the warning',
      );
      t.line('echo unguarded-2 > u2.txt');
      await eventually(() => existsSync(join(repo, 'u2.txt')), 'the next line ran too');
      await sleep(300);
      assert.equal(t.screen().match(/run unchecked/g)?.length, warnedBefore + 1, 'the warning is shown once');
    });
  });
}

const AUTOSUGGEST = '/usr/share/zsh-autosuggestions/zsh-autosuggestions.zsh';
const HIGHLIGHT = '/usr/share/zsh-syntax-highlighting/zsh-syntax-highlighting.zsh';
const noPlugins =
  !has('tmux') || !has('zsh')
    ? 'tmux or zsh is not installed'
    : !existsSync(AUTOSUGGEST) || !existsSync(HIGHLIGHT)
      ? 'zsh-autosuggestions or zsh-syntax-highlighting is not installed'
      : false;

describe('zsh with zsh-autosuggestions before firebreak and zsh-syntax-highlighting after it', { skip: noPlugins, concurrency: false }, () => {
  let base = '';
  let t: Terminal;
  let home = '';
  let repo = '';
  before(async () => {
    base = mkdtempSync(join(tmpdir(), 'firebreak-zsh-plugins-'));
    home = join(base, 'home');
    mkdirSync(home, { recursive: true });
    const installed = install(base);
    writeFileSync(join(home, '.zshrc'), `PS1='$ '\nsource ${AUTOSUGGEST}\neval "$(firebreak init zsh)"\nsource ${HIGHLIGHT}\n`);
    repo = join(home, 'repo');
    gitFixture(repo);
    t = await Terminal.open('zsh', home, repo, `${installed.bin}:${process.env.PATH}`);
  });
  after(() => {
    t?.close();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  it('routine lines run, a risky one is stopped, and yes runs it', async () => {
    t.line('echo with-plugins > p.txt');
    await eventually(() => existsSync(join(repo, 'p.txt')), 'the routine line ran');
    const scratch = join(home, 'plug-scratch');
    mkdirSync(scratch);
    t.line('rm -rf ~/plug-scratch');
    await t.answer(false);
    await sleep(300);
    assert.ok(existsSync(scratch));
    t.keys('C-c');
    await sleep(300);
    t.line('rm -rf ~/plug-scratch');
    await t.answer(true);
    await eventually(() => !existsSync(scratch), 'the yes ran it');
  });
});
