// What earlier commands on a line leave for later ones: the files they wrote, the aliases
// (shell and git) they defined, the links they made and the descriptors they opened.
// `echo 'rm -rf ~' > x.sh; sh x.sh` and `alias x='rm -rf'; x ~` are one command split in two
// so that neither half looks like anything; read together, the second half runs the first
// half's text.

import { shellEquivalents } from '../code/equivalents.js';
import { interpreterLanguage } from '../code/interpreter-argv.js';
import { GIT } from '../options/tools.js';
import { leadingOptions } from '../options/walk.js';
import { literalArg, type Arg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { DOWNLOADERS } from './code-sources.js';
import type { NestedResult, Stdin } from './result.js';
import { envPrograms } from './env-programs.js';
import { CODE_ENV as GIT_CODE_ENV, configFileSettings, configSetting } from './git-code.js';
import { crontabCommands } from './later.js';
import { MAKES, makefileCommands, makeInvocation } from './make.js';
import { filesWrittenBy } from './output-files.js';
import { type Content, printedOutput, stdinSource } from './printed-output.js';
import { isShell, shellScript } from './shells.js';
import { withoutTrailingSlashes } from '../core/trailing-slash.js';

/** Variables whose value is a program to run or a file of shell code to read first. */
const PROGRAM_OR_CODE = new Set([...envPrograms, ...GIT_CODE_ENV, 'BASH_ENV', 'ENV', 'SHELL', 'SSH_ASKPASS']);

/** Most text kept for one file, and for all of a line's files together: past it, what a file holds is unknown. */
const MAX_FILE_TEXT = 256 * 1024;
const MAX_LINE_TEXT = 4 * 1024 * 1024;

/**
 * Words a file can be known by: literal paths, and a variable alone ("$f", as in
 * f=$(mktemp); echo … > "$f"; sh "$f"), which names the same file each time it is used.
 */
/** A variable alone or followed by a path under it ("$tmp/cache"): the same place each time it is written. */
const keyablePath = (a: Arg): boolean => !a.dynamic || /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?(\/[^$`]*)?$/.test(a.text);
const keyable = (a: Arg): boolean => keyablePath(a) && (!a.dynamic || !a.text.includes('/'));

/** Where a path is, as a key: relative ones under the directory the command ran in. */
function keyOf(a: Arg, cwd: Arg | null): string {
  if (a.dynamic) return a.text.replace(/[{}]/g, '');
  const t = a.text.replace(/^(\.\/)+/, '');
  if (a.home || t.startsWith('/') || !cwd) return t;
  return `${withoutTrailingSlashes(cwd.text)}/${t}`;
}

const base = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/**
 * What the person's shell already defines for the words of a line (the shell plugins send
 * it): `alias k=kubectl` makes `k delete ns prod` a kubectl command; a function's body runs
 * with the words after its name as $1, $2, ….
 */
export interface ShellDefinitions {
  aliases: ReadonlyMap<string, string>;
  /** Function name to its body, in the shell grammar firebreak reads. */
  functions: ReadonlyMap<string, string>;
}

export class LineState {
  private files = new Map<string, Content>();
  /** Directories the line made, empty as far as it shows. */
  private emptyDirs = new Set<string>();
  /** Paths the line moved something to (mv A B): B's key, and A. */
  private moved = new Map<string, Arg>();
  /** Hooks directories the line set with git config core.hooksPath, as keys ending in /. */
  private hookDirs: string[] = [];
  private aliases: Map<string, string>;
  /** The shell's own functions (from a shell plugin); the line's definitions are read where they stand. */
  private readonly functions: ReadonlyMap<string, string>;
  /** Descriptors opened for reading with exec (exec 3<<<'…'; bash <&3): what reading them gives. */
  private fds = new Map<number, Content>();
  /** git aliases the line set with git config (any scope): name in lower case, and its text. */
  private gitAliases = new Map<string, string>();
  /** Symbolic links the line made: the link's key, and the word it points at. */
  private links = new Map<string, Arg>();

  constructor(shell?: ShellDefinitions) {
    this.aliases = new Map(shell?.aliases);
    this.functions = shell?.functions ?? new Map();
  }

  /** The shell defines the name as an alias or a function (its own, or one the line set). */
  defines(name: string): boolean {
    return this.aliases.has(name) || this.functions.has(name);
  }

  /** Notes what a command leaves behind: files it writes (with what they hold) and aliases it defines. */
  record(cmd: NormalisedCommand, stdin: Stdin): void {
    const operands = (): Arg[] => cmd.args.filter((a) => !a.text.startsWith('-'));
    // Anything a later command does with an empty directory (cp into it, rsync into it, cd) may fill it.
    if (this.emptyDirs.size > 0) {
      const touched = [...operands().slice(cmd.name === 'rsync' ? -1 : 0), ...cmd.redirects.map((r) => r.target)].filter(keyable);
      for (const t of touched) {
        const key = withoutTrailingSlashes(keyOf(t, cmd.cwd));
        for (const d of this.emptyDirs) if (key === d || key.startsWith(`${d}/`)) this.emptyDirs.delete(d);
      }
    }
    // mv A B: what was at A is at B now (mv ~/.ssh /tmp/x && rm -rf /tmp/x deletes the keys).
    if (cmd.name === 'mv') {
      const ops = operands();
      if (ops.length === 2 && !ops[0]!.dynamic && !ops[1]!.dynamic && !cmd.args.some((a) => /^(-t|--target-directory)/.test(a.text))) {
        const dest = ops[1]!.text.endsWith('/') ? { ...ops[1]!, text: ops[1]!.text + base(withoutTrailingSlashes(ops[0]!.text)) } : ops[1]!;
        this.moved.set(withoutTrailingSlashes(keyOf(dest, cmd.cwd)), ops[0]!);
      }
    }
    // cp /bin/rm ./lint: a copy of a program is that program under another name.
    if ((cmd.name === 'cp' || cmd.name === 'install') && cmd.args.length >= 2) {
      const ops = operands();
      if (ops.length === 2 && !ops[1]!.dynamic && /^\/(usr\/)?(local\/)?s?bin\/[^/]+$/.test(ops[0]!.text)) this.links.set(keyOf(ops[1]!, cmd.cwd), ops[0]!);
    }
    // mkfifo F: what is read from F is whatever something writes into it, which the line need not show in order.
    if (cmd.name === 'mkfifo') for (const f of operands()) if (keyable(f)) this.files.set(keyOf(f, cmd.cwd), { source: 'unknown' });
    // mkdir D (without -p, which succeeds on a full directory too): an empty directory, until something is written under it.
    if (cmd.name === 'mkdir' && !cmd.args.some((a) => /^-[a-zA-Z]*p|^--parents$/.test(a.text)))
      for (const d of operands()) if (keyable(d)) this.emptyDirs.add(withoutTrailingSlashes(keyOf(d, cmd.cwd)));
    if (cmd.name === 'ln') {
      // ln -s TARGET LINK: later words under LINK reach TARGET.
      const flags = cmd.args.filter((a) => a.text.startsWith('-')).map((a) => a.text);
      const ops = cmd.args.filter((a) => !a.text.startsWith('-'));
      if (flags.some((f) => /^-[a-zA-Z]*s|^--symbolic$/.test(f)) && ops.length === 2 && keyablePath(ops[1]!)) this.links.set(keyOf(ops[1]!, cmd.cwd), ops[0]!);
      return;
    }
    if (cmd.name === 'git') {
      const { operand } = leadingOptions(cmd.args, GIT);
      const set = cmd.args[operand]?.text === 'config' ? configSetting(cmd.args.slice(operand + 1)) : null;
      if (set?.key.startsWith('alias.') && !set.value.dynamic) this.gitAliases.set(set.key.slice('alias.'.length), set.value.text);
      // git config core.hooksPath DIR: what is written into DIR from now on is a hook.
      if (set?.key === 'core.hookspath' && !set.value.dynamic && set.value.text !== '/dev/null')
        this.hookDirs.push(`${withoutTrailingSlashes(keyOf(set.value, cmd.cwd))}/`);
      return;
    }
    if (cmd.name === 'exec' && cmd.args.length === 0) {
      for (const r of cmd.redirects) {
        if (r.fd === null || r.fd < 3) continue;
        if (r.input !== undefined) this.fds.set(r.fd, { text: r.op === '<<<' ? `${r.input}\n` : r.input });
        else if (r.op === '<')
          this.fds.set(r.fd, r.target.output !== undefined ? { text: r.target.output } : (this.contentOf(r.target, cmd.cwd) ?? { source: 'unknown' }));
      }
    }
    // hash -p /bin/rm ls: `ls` now runs /bin/rm.
    if (cmd.name === 'hash') {
      const k = cmd.args.findIndex((a) => a.text === '-p');
      const path = cmd.args[k + 1];
      const names = k >= 0 ? cmd.args.slice(k + 2) : [];
      if (path && !path.dynamic) for (const n of names) if (!n.dynamic) this.aliases.set(n.text, quoteArg(path));
      return;
    }
    if (cmd.name === 'alias') {
      for (const a of cmd.args) {
        const m = /^([^=\s/$`]+)=(.*)$/s.exec(a.text);
        if (m && !a.dynamic) this.aliases.set(m[1]!, m[2]!);
      }
      return;
    }
    let printed: Content | null = null;
    for (const r of cmd.redirects) {
      if (!keyable(r.target) || (r.fd !== null && r.fd !== 1) || !/^(>|>>|>\||&>|&>>|>&)$/.test(r.op)) continue;
      printed ??= printedOutput(cmd, stdin, (f) => this.files.get(keyOf(f, cmd.cwd)));
      this.write(keyOf(r.target, cmd.cwd), printed, r.op.endsWith('>>'));
    }
    // (A tee reading nothing the line shows is also how other writers are restated, curl -o
    // as `tee -- FILE`: what the writer itself recorded stands.)
    if (cmd.name === 'tee' && stdin !== null) {
      const append = cmd.args.some((a) => /^-[a-z]*a|^--append$/.test(a.text));
      const text: Content = stdin?.kind === 'text' ? { text: stdin.text } : { source: stdinSource(stdin) };
      for (const a of cmd.args) if (!a.text.startsWith('-') && keyable(a)) this.write(keyOf(a, cmd.cwd), text, append);
    }
    // curl -o x.sh URL holds a download; cp x.sh y.sh what x.sh held; sort -o, uniq … unknown text.
    const written = filesWrittenBy(cmd);
    if (written.length > 0) {
      const sources = cmd.args.filter((a) => !a.text.startsWith('-') && !written.includes(a));
      const copied =
        (cmd.name === 'cp' || cmd.name === 'mv' || cmd.name === 'install') && sources.length === 1 ? this.contentOf(sources[0], cmd.cwd) : undefined;
      const content: Content = DOWNLOADERS.has(cmd.name) ? { source: 'download' } : (copied ?? { source: 'unknown' });
      for (const f of written) if (keyable(f)) this.write(keyOf(f, cmd.cwd), content, false);
    }
  }

  private write(key: string, content: Content, append: boolean): void {
    const before = append ? this.files.get(key) : undefined;
    let next: Content;
    if (!before) next = clip(content);
    else if ('text' in before && 'text' in content) next = clip({ text: before.text + content.text });
    // Known text appended to unknown content, or the reverse: the whole is unknown.
    else next = 'source' in content ? content : before;
    // All the text a line's files hold is bounded (cat a a >> b, over and over, doubles it).
    if ('text' in next) {
      this.textChars += next.text.length;
      if (this.textChars > MAX_LINE_TEXT) next = { source: 'unknown' };
    }
    this.files.set(key, next);
  }

  /** Characters of file text kept so far for this line. */
  private textChars = 0;

  private contentOf(a: Arg | undefined, cwd: Arg | null): Content | undefined {
    return a && keyable(a) ? this.files.get(keyOf(a, cwd)) : undefined;
  }

  /**
   * A command whose words reach through a link the line made, said again with the link's
   * target in their place: `ln -s ~ l; rm -rf l/` is `rm -rf ~/`.
   */
  private throughLinks(cmd: NormalisedCommand): NestedResult | null {
    if (this.links.size === 0 && this.moved.size === 0) return null;
    const via = `${cmd.name} through a link or a move made on this line`;
    let changed = false;
    // rm link, unlink link, mv link: the link itself, not what it points at (link/ is the target).
    const onLink = cmd.name === 'rm' || cmd.name === 'unlink' || cmd.name === 'mv';
    const words = cmd.args.map((a) => {
      // What was moved is acted on wherever it went, by rm as by anything else.
      const t =
        this.linkTarget(a, cmd.cwd, this.moved) ?? (onLink && !a.text.endsWith('/') && this.links.has(keyOf(a, cmd.cwd)) ? null : this.linkTarget(a, cmd.cwd));
      if (t !== null) changed = true;
      return t ?? quoteArg(a);
    });
    const nested = changed ? [{ code: [cmd.name, ...words].join(' '), via }] : [];
    // echo x > link: the write lands on the target.
    for (const r of cmd.redirects) {
      const t = /^(>|>>|>\||&>|&>>)$/.test(r.op) ? this.linkTarget(r.target, cmd.cwd) : null;
      if (t !== null) nested.push({ code: `tee ${r.op.endsWith('>>') ? '-a ' : ''}-- ${t}`, via });
    }
    return nested.length > 0 ? { nested, codeSource: null } : null;
  }

  /** A word that reaches through a link the line made, as shell text naming the target; null when it does not. */
  private linkTarget(a: Arg, cwd: Arg | null, links: ReadonlyMap<string, Arg> = this.links): string | null {
    if (!keyablePath(a)) return null;
    const key = keyOf(a, cwd);
    for (const [link, target] of links) {
      if (withoutTrailingSlashes(key) !== link && !key.startsWith(`${link}/`)) continue;
      const rest = key.slice(link.length);
      return quoteArg(target) + (rest ? quoteArg({ ...a, text: rest, home: false }) : '');
    }
    return null;
  }

  /** The code a command runs from what earlier commands left: an alias's text, a file the line wrote, or itself through a link the line made. */
  /** Nothing recorded yet: the common case, which costs nothing. */
  private get empty(): boolean {
    return (
      this.files.size === 0 &&
      this.aliases.size === 0 &&
      this.functions.size === 0 &&
      this.links.size === 0 &&
      this.gitAliases.size === 0 &&
      this.fds.size === 0 &&
      this.hookDirs.length === 0 &&
      this.moved.size === 0 &&
      this.emptyDirs.size === 0
    );
  }

  runs(cmd: NormalisedCommand, stdin: Stdin): NestedResult | null {
    if (this.empty) return null;
    const own = this.runsItself(cmd);
    const scripts = [...this.scriptsNamed(cmd), ...this.hooksWritten(cmd, stdin)];
    if (scripts.length === 0) return own;
    return { nested: [...(own?.nested ?? []), ...scripts], codeSource: own?.codeSource ?? null };
  }

  /** rsync --delete from a directory the line made empty: everything in the destination is deleted. */
  private mirrorOfNothing(cmd: NormalisedCommand): NestedResult | null {
    if (cmd.name !== 'rsync' || this.emptyDirs.size === 0 || !cmd.args.some((a) => /^--del(ete)?(-|$)/.test(a.text))) return null;
    const ops = cmd.args.filter((a) => !a.text.startsWith('-'));
    const [src, dest] = ops.length === 2 ? ops : [];
    if (!src || !dest || !keyable(src) || dest.dynamic) return null;
    const key = withoutTrailingSlashes(keyOf(src, cmd.cwd));
    if (!this.emptyDirs.has(key) || [...this.files.keys()].some((f) => f.startsWith(`${key}/`))) return null;
    const into = withoutTrailingSlashes(dest.text);
    return {
      nested: [{ code: `rm -rf ${quoteArg({ ...dest, text: `${into}/*`, glob: true })}`, via: 'rsync --delete from an empty directory' }],
      codeSource: null,
    };
  }

  /** Text written into a hooks directory the line configured (git config core.hooksPath DIR): code git runs later. */
  private hooksWritten(cmd: NormalisedCommand, stdin: Stdin): NestedResult['nested'] {
    if (this.hookDirs.length === 0) return [];
    const targets = [
      ...cmd.redirects.filter((r) => /^(>|>>|>\||&>|&>>)$/.test(r.op)).map((r) => r.target),
      ...(cmd.name === 'tee' ? cmd.args.filter((a) => !a.text.startsWith('-')) : []),
    ].filter((t) => keyable(t) && this.hookDirs.some((d) => keyOf(t, cmd.cwd).startsWith(d)));
    if (targets.length === 0) return [];
    const out = printedOutput(cmd, stdin, (f) => this.files.get(keyOf(f, cmd.cwd)));
    return 'text' in out && out.text.trim() !== '' ? [{ code: out.text, via: `a hook written into ${targets[0]!.text}` }] : [];
  }

  /**
   * Scripts the line wrote (#! first) that a command is pointed at by a variable:
   * GIT_SSH="$w" git …, git -c gpg.program="$g" …, make SHELL="$s": the program runs them.
   */
  private scriptsNamed(cmd: NormalisedCommand): NestedResult['nested'] {
    const out: NestedResult['nested'] = [];
    // Assignments to the command, and KEY=$var words (make SHELL=$s, git -c gpg.program=$g): not a bare
    // argument, which chmod +x "$f" or cat "$f" take without running it.
    const words = [...cmd.assignments.map((a) => a.value), ...cmd.args.filter((a) => a.text.includes('='))];
    for (const w of words) {
      const m = /(?:^|=)(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$/.exec(w.text);
      const content = m && w.dynamic ? this.files.get(m[1]!.replace(/[{}]/g, '')) : undefined;
      if (content && 'text' in content && content.text.startsWith('#!'))
        out.push({ code: content.text, via: `${cmd.name}, running a script written on this line` });
    }
    // A path to a file the line wrote, given where a program or startup file is named:
    // BASH_ENV=/tmp/x bash -c …, make SHELL=/tmp/x, GIT_SSH=/tmp/x git fetch.
    const named = [
      ...cmd.assignments.map((a) => ({ name: a.name, value: a.value })),
      ...cmd.args
        .filter((a) => /^[A-Za-z_][A-Za-z0-9_]*=./.test(a.text))
        .map((a) => ({ name: a.text.slice(0, a.text.indexOf('=')), value: { ...a, text: a.text.slice(a.text.indexOf('=') + 1), home: false } })),
    ];
    for (const { name, value: w } of named) {
      if (w.dynamic || !/^[~/.]/.test(w.text)) continue;
      const content = this.contentOf({ ...w, home: w.text.startsWith('~') }, cmd.cwd);
      if (content && 'text' in content && (PROGRAM_OR_CODE.has(name) || content.text.startsWith('#!')))
        out.push({ code: content.text, via: `${cmd.name}, given a file written on this line` });
    }
    return out;
  }

  private runsItself(cmd: NormalisedCommand): NestedResult | null {
    // "$f" run as a command, f a file the line wrote.
    if (cmd.dynamicName) {
      const content = keyable({ ...literalArg(cmd.name), dynamic: true }) ? this.files.get(cmd.name.replace(/[{}]/g, '')) : undefined;
      if (!content) return null;
      return 'text' in content
        ? { nested: [{ code: content.text, via: 'a script written on this line' }], codeSource: null }
        : { nested: [], codeSource: content.source };
    }
    const mirrored = this.mirrorOfNothing(cmd);
    if (mirrored) return mirrored;
    const linked = this.throughLinks(cmd);
    if (linked) return linked;
    // ln -sf /bin/rm ~/.local/bin/ls; PATH=~/.local/bin:$PATH; ls …: a link of that name the line made may be what runs.
    for (const [key, target] of this.links) {
      if (base(key) === cmd.name && !target.dynamic && target.text !== cmd.name)
        return { nested: [{ code: [quoteArg(target), ...cmd.args.map(quoteArg)].join(' '), via: `${cmd.name}, a link made on this line` }], codeSource: null };
    }
    if (cmd.name === 'git') {
      const configured = this.gitConfigFromFiles(cmd);
      if (configured) return configured;
    }
    if (cmd.name === 'git' && this.gitAliases.size > 0) {
      const { operand } = leadingOptions(cmd.args, GIT);
      const sub = cmd.args[operand];
      const body = sub && !sub.dynamic ? this.gitAliases.get(sub.text.toLowerCase()) : undefined;
      if (body !== undefined) {
        const tail = cmd.args.slice(operand + 1).map(quoteArg);
        const head = cmd.args.slice(0, operand).map(quoteArg);
        const code = body.startsWith('!') ? [body.slice(1), ...tail].join(' ') : ['git', ...head, body, ...tail].join(' ');
        return { nested: [{ code, via: `git alias ${sub!.text}, set on this line` }], codeSource: null };
      }
    }
    // A shell does not expand an alias again inside its own text (alias ls='ls --color').
    // Aliases and functions are looked up by the word as typed: Nuke is not nuke.
    const word = cmd.written;
    const alias = this.aliases.get(word);
    if (alias !== undefined && cmd.wrappers.length === 0 && !cmd.via.includes(`alias ${word}`))
      return { nested: [{ code: [alias, ...cmd.args.map(quoteArg)].join(' '), via: `alias ${word}` }], codeSource: null };
    const body = this.functions.get(word);
    if (body !== undefined && cmd.wrappers.length === 0 && !cmd.via.includes(`function ${word}`))
      return { nested: [{ code: `set -- ${cmd.args.map(quoteArg).join(' ')}\n${body}`, via: `function ${word}` }], codeSource: null };
    let file: Content | undefined;
    let via = '';
    if (isShell(cmd.name)) {
      file = this.contentOf(shellScript(cmd.args) ?? undefined, cmd.cwd);
      via = `${cmd.name} FILE`;
    } else if (cmd.name === 'source' || cmd.name === '.') {
      file = this.contentOf(cmd.args[0], cmd.cwd);
      via = `${cmd.name} FILE`;
    } else if (cmd.name === 'crontab') {
      // crontab FILE, with FILE written on the line: its entries.
      const operand = cmd.args.find((a) => !a.text.startsWith('-'));
      const content = cmd.args.some((a) => /^-[lre]$/.test(a.text)) ? undefined : this.contentOf(operand, cmd.cwd);
      if (!content) return null;
      return 'text' in content
        ? { nested: crontabCommands(content.text).map((code) => ({ code, via: 'crontab entry' })), codeSource: null }
        : { nested: [], codeSource: content.source };
    } else if (MAKES.has(cmd.name)) {
      // make -f x.mk, with x.mk written on the line: its recipes.
      const written = makeInvocation(cmd.args).files.map((f) => this.contentOf(f, cmd.cwd));
      const texts = written.flatMap((c) => (c && 'text' in c ? [c.text] : []));
      const source = written.find((c) => c && 'source' in c);
      if (texts.length === 0 && !source) return null;
      return {
        nested: texts.flatMap(makefileCommands).map((code) => ({ code, via: `${cmd.name} -f FILE` })),
        codeSource: source && 'source' in source ? source.source : null,
      };
    } else if (interpreterLanguage(cmd.name)) {
      // python3 x.py, with x.py written on the line: its code, read as the language it is.
      const script = cmd.args.find((a) => !a.text.startsWith('-'));
      const content = this.contentOf(script, cmd.cwd);
      const language = interpreterLanguage(cmd.name)!;
      if (content && 'text' in content)
        return { nested: shellEquivalents(language, content.text).map((code) => ({ code, via: `${cmd.name} FILE` })), codeSource: null };
      if (content && 'source' in content) return { nested: [], codeSource: content.source };
      return null;
    } else {
      // ./x.sh, or x.sh found on the PATH: a file of that name the line wrote is the one that runs.
      for (const [key, content] of this.files) if (base(key) === cmd.name) file = content;
      via = `${cmd.name}, written on this line`;
    }
    if (!file) return null;
    // A file of unknown content run is any script run; one that is a download or a decoded payload is not.
    if ('source' in file) return file.source === 'unknown' ? null : { nested: [], codeSource: file.source };
    return { nested: [{ code: file.text, via }], codeSource: null };
  }

  /**
   * git -c include.path=FILE and -c core.hooksPath=DIR naming what the line wrote: the
   * settings in FILE given as -c options (an alias there is code), the hooks in DIR as code.
   */
  private gitConfigFromFiles(cmd: NormalisedCommand): NestedResult | null {
    const { operand } = leadingOptions(cmd.args, GIT);
    const nested: NestedResult['nested'] = [];
    for (let i = 0; i + 1 < operand; i++) {
      const m = cmd.args[i]!.text === '-c' ? /^(include\.path|core\.hookspath)=(.+)$/is.exec(cmd.args[i + 1]!.text) : null;
      if (!m) continue;
      const where = { ...cmd.args[i + 1]!, text: m[2]!, home: m[2]!.startsWith('~') };
      if (m[1]!.toLowerCase() === 'include.path') {
        const content = this.contentOf(where, cmd.cwd);
        if (!content || !('text' in content)) continue;
        const options = configFileSettings(content.text).flatMap(([k, v]) => ['-c', quoteArg(literalArg(`${k}=${v}`))]);
        const code = ['git', ...options, ...cmd.args.slice(operand).map(quoteArg)].join(' ');
        nested.push({ code, via: `git -c include.path=${m[2]}, a file written on this line` });
      } else {
        const dir = `${withoutTrailingSlashes(keyOf(where, cmd.cwd))}/`;
        for (const [key, content] of this.files)
          if (key.startsWith(dir) && 'text' in content) nested.push({ code: content.text, via: `a hook in ${m[2]}, written on this line` });
      }
    }
    return nested.length > 0 ? { nested, codeSource: null } : null;
  }

  /** What a command reads as input from a file the line wrote: `< FILE`, and xargs -a FILE. */
  stdinFor(cmd: NormalisedCommand): Stdin {
    if (this.empty && !cmd.args.some((a) => a.output !== undefined)) return null;
    const r = cmd.redirects.find((x) => x.op === '<' && (x.fd === null || x.fd === 0));
    let content = r ? this.contentOf(r.target, cmd.cwd) : undefined;
    // bash <&3: what the line put behind descriptor 3.
    const dup = cmd.redirects.find((x) => x.op === '<&' && (x.fd === null || x.fd === 0) && /^\d+$/.test(x.target.text));
    if (!content && dup) content = this.fds.get(Number(dup.target.text));
    if (!content && cmd.name === 'xargs') {
      const k = cmd.args.findIndex((a) => a.text === '-a' || a.text === '--arg-file');
      const glued = cmd.args.find((a) => a.text.startsWith('--arg-file=') || /^-a./.test(a.text));
      const file = k >= 0 ? cmd.args[k + 1] : glued ? literalArg(glued.text.replace(/^--arg-file=|^-a/, '')) : undefined;
      content = file?.output !== undefined ? { text: file.output } : this.contentOf(file, cmd.cwd);
    }
    if (!content) return null;
    return 'text' in content ? { kind: 'text', text: content.text } : { kind: content.source };
  }
}

function clip(c: Content): Content {
  return 'text' in c && c.text.length > MAX_FILE_TEXT ? { text: c.text.slice(0, MAX_FILE_TEXT) } : c;
}
