// What each known library call in interpreter code does, said as the shell command it
// amounts to, per language: `shutil.rmtree(P)` is `rm -rf P`, `subprocess.run([...])` is that
// argv as a command line, `File.write(p, …)` is a tee onto p.

import type { CodeLanguage } from './lexer.js';
import { singleQuote } from '../shell/quote.js';
import { argvLine, literal, partsOf, shellLine, str, UNKNOWN, word, type Call, type Val } from './values.js';

type Action = (c: Call) => string | null;

const sh =
  (i = 0): Action =>
  (c) =>
    c.args[i] ? shellLine(c.args[i]) : null;
export const verb = (cmd: string, paths: Val[]): string => [cmd, ...(paths.length > 0 ? paths : [UNKNOWN]).map(word)].join(' ');
const delFirst =
  (cmd: string): Action =>
  (c) =>
    verb(cmd, c.args.slice(0, 1));
const delAll =
  (cmd: string): Action =>
  (c) =>
    verb(
      cmd,
      c.args.flatMap((v) => (v.k === 'list' ? v.items : [v])).filter((v) => v.k !== 'obj' && v.k !== 'num' && v.k !== 'bool'),
    );
/** fs.rm(P, { recursive: true }): an options object the text does not show could say recursive. */
const withRecursive =
  (yes: string, no: string): Action =>
  (c) => {
    const o = c.args[1];
    const r = o?.k === 'obj' ? o.props.get('recursive') : undefined;
    const recursive = o?.k === 'obj' ? r !== undefined && !(r.k === 'bool' && !r.v) : o?.k === 'ref';
    return verb(recursive ? yes : no, c.args.slice(0, 1));
  };
/**
 * Writes: code that rewrites, moves or links files is said as the shell tool that would do
 * the same (tee, tee -a, cp, mv, ln -s, truncate), so writes onto firebreak's config, an
 * agent's hooks, a dotfile or a system file are judged like those commands.
 */
const writeFirst =
  (cmd: string): Action =>
  (c) =>
    verb(cmd, c.args.slice(0, 1));
/**
 * A write whose text the code shows (fs.appendFileSync(p, 'curl … | sh')), said as that
 * text piped into the tee: a startup file or a hook written this way is read as the code it
 * is given.
 */
export function withText(line: string, text: Val | undefined): string {
  const t = literal(text);
  return t === null || t === '' ? line : `printf %s ${singleQuote(t)} | ${line}`;
}
const writeData =
  (cmd: string, append?: (c: Call) => boolean): Action =>
  (c) =>
    withText(verb(append?.(c) ? 'tee -a' : cmd, c.args.slice(0, 1)), c.args[1]);
const fromTo =
  (cmd: string): Action =>
  (c) =>
    verb(cmd, [c.args[0] ?? UNKNOWN, c.args[1] ?? UNKNOWN]);
/** A file opened with a mode: w, x and + rewrite (tee), a appends (tee -a), a read opens nothing. */
export function openMode(mode: string | null): string | null {
  if (mode === null) return null;
  if (/^[wx]|^\+>|^>(?!>)|w\+|x\+/.test(mode)) return 'tee';
  if (/^a|^>>|^\+<|r\+|\+$/.test(mode)) return 'tee -a';
  return null;
}
const openWith =
  (modeAt: number, pathAt = 0, kwName = 'mode'): Action =>
  (c) => {
    const cmd = openMode(literal(c.args[modeAt] ?? c.kw.get(kwName)));
    // open(file='x', mode='w') names the file by keyword.
    return cmd ? verb(cmd, [c.args[pathAt] ?? c.kw.get('file') ?? c.kw.get('path') ?? UNKNOWN]) : null;
  };

/** A program and its argument list: execv(path, [argv0, ...]) drops argv0, pcntl_exec does not have one. */
const vector = (file: Val | undefined, list: Val | undefined, dropFirst: boolean): string | null =>
  argvLine([file ?? UNKNOWN, ...(list?.k === 'list' ? list.items.slice(dropFirst ? 1 : 0) : list ? [UNKNOWN] : [])]);
/** system('cmd') goes through a shell; system('rm', '-rf', '/') does not. A leading or trailing hash is options. */
const systemLike: Action = (c) => {
  const args = c.args.filter((v, i) => v.k !== 'obj' || (i > 0 && i < c.args.length - 1));
  return args.length === 1 ? shellLine(args[0]) : argvLine(args);
};
const popen: Action = (c) => {
  const a = c.args[0] ?? c.kw.get('args');
  const shell = c.kw.get('shell');
  if (a?.k === 'list' && shell && !(shell.k === 'bool' && !shell.v)) return shellLine(a.items[0]);
  return a ? shellLine(a) : null;
};
const spawnLike: Action = (c) => {
  const second = c.args[1];
  const opts = second?.k === 'obj' ? second : c.args[2];
  const list = second?.k === 'list' ? second.items : second?.k === 'ref' ? [UNKNOWN] : [];
  const shell = opts?.k === 'obj' ? opts.props.get('shell') : undefined;
  if (shell && !(shell.k === 'bool' && !shell.v)) return [c.args[0], ...list].map(shellLine).join(' ');
  return argvLine([c.args[0] ?? UNKNOWN, ...list]);
};
const listOrCmd =
  (key: string): Action =>
  (c) => {
    const a = c.args[0];
    const cmd = a?.k === 'obj' ? a.props.get(key) : a;
    return cmd ? shellLine(cmd.k === 'list' ? cmd : { k: 'list', items: [cmd] }) : null;
  };
/** open("| cmd"), open("cmd |"), open(FH, '-|', 'cmd', ...): a pipe to or from a shell command. */
const pipeOpen =
  (modeAt: number | null): Action =>
  (c) => {
    const mode = modeAt === null ? null : literal(c.args[modeAt]);
    if (mode === '-|' || mode === '|-') return systemLike({ args: c.args.slice(modeAt! + 1), kw: c.kw });
    const p = partsOf(c.args[modeAt === null ? 0 : modeAt]);
    const first = p?.[0];
    const last = p?.at(-1);
    if (!p) return null;
    if (typeof first === 'string' && first.trimStart().startsWith('|')) return shellLine(str([first.trimStart().slice(1).trimStart(), ...p.slice(1)]));
    if (typeof last === 'string' && last.trimEnd().endsWith('|')) return shellLine(str([...p.slice(0, -1), last.trimEnd().slice(0, -1).trimEnd()]));
    return null;
  };

/** Perl's open(FH, '>', path) and two-argument open(FH, '>path'). */
const perlWriteOpen: Action = (c) => {
  const mode = literal(c.args[1]);
  if (c.args.length >= 3) {
    const cmd = openMode(mode);
    return cmd ? verb(cmd, [c.args[2] ?? UNKNOWN]) : null;
  }
  const m = mode === null ? null : /^\s*(\+?>>?|\+<)\s*(.+)$/.exec(mode);
  return m ? verb(openMode(m[1]!)!, [str([m[2]!])]) : null;
};

const table = (entries: Array<[string, Action]>): Map<string, Action> => new Map(entries);
const each = (names: string, action: Action): Array<[string, Action]> => names.split(' ').map((n) => [n, action]);

const PYTHON = table([
  ...each(
    'os.system os.popen commands.getoutput commands.getstatusoutput subprocess.getoutput subprocess.getstatusoutput asyncio.create_subprocess_shell',
    sh(),
  ),
  ...each('subprocess.run subprocess.call subprocess.check_call subprocess.check_output subprocess.Popen pty.spawn', popen),
  ['asyncio.create_subprocess_exec', (c) => argvLine(c.args)],
  ...each('os.posix_spawn os.posix_spawnp', (c) => vector(c.args[0], c.args[1], true)),
  ...['', 'e', 'p', 'pe'].flatMap(
    (x): Array<[string, Action]> => [
      [`os.execv${x}`, (c) => vector(c.args[0], c.args[1], true)],
      [`os.spawnv${x}`, (c) => vector(c.args[1], c.args[2], true)],
      [`os.execl${x}`, (c) => argvLine([c.args[0] ?? UNKNOWN, ...c.args.slice(2, x.endsWith('e') ? -1 : undefined)])],
      [`os.spawnl${x}`, (c) => argvLine([c.args[1] ?? UNKNOWN, ...c.args.slice(3, x.endsWith('e') ? -1 : undefined)])],
    ],
  ),
  ['shutil.rmtree', delFirst('rm -rf')],
  ...each('os.remove os.unlink', delFirst('rm -f')),
  ['os.rmdir', delFirst('rmdir')],
  ['os.removedirs', delFirst('rmdir -p')],
  ...each('open io.open codecs.open builtins.open', openWith(1)),
  ...each('shutil.copy shutil.copy2 shutil.copyfile shutil.copytree', fromTo('cp -r')),
  ...each('shutil.move os.rename os.replace os.renames', fromTo('mv')),
  ['os.symlink', fromTo('ln -sf')],
  ['os.link', fromTo('ln -f')],
  ['os.truncate', writeFirst('truncate -s 0')],
]);

const NODE = table([
  ...each(
    'child_process.exec child_process.execSync execa.command execa.commandSync execa.execaCommand execa.execaCommandSync execaCommand execaCommandSync',
    sh(),
  ),
  ...each(
    'child_process.execFile child_process.execFileSync child_process.spawn child_process.spawnSync execa execaSync execa.execa execa.execaSync execa.sync',
    spawnLike,
  ),
  ...each('Bun.spawn Bun.spawnSync', listOrCmd('cmd')),
  ['Deno.run', listOrCmd('cmd')],
  [
    'Deno.Command',
    (c) => {
      const o = c.args[1];
      return vector(c.args[0], o?.k === 'obj' ? o.props.get('args') : undefined, false);
    },
  ],
  ...each('fs.rmSync fs.rm fs.promises.rm Deno.remove Deno.removeSync', withRecursive('rm -rf', 'rm -f')),
  ...each('fs.rmdirSync fs.rmdir fs.promises.rmdir', withRecursive('rm -rf', 'rmdir')),
  ...each('fs.unlinkSync fs.unlink fs.promises.unlink', delFirst('rm -f')),
  ...each('rimraf rimraf.sync rimrafSync rimraf.rimraf rimraf.rimrafSync rimraf.native rimraf.manual fs.remove fs.removeSync', delAll('rm -rf')),
  ...each(
    'fs.writeFileSync fs.writeFile fs.promises.writeFile fs.createWriteStream fs.outputFileSync fs.outputFile fs.writeJsonSync fs.writeJson fs.outputJsonSync fs.outputJson Bun.write Deno.writeTextFile Deno.writeTextFileSync Deno.writeFile Deno.writeFileSync',
    writeData('tee'),
  ),
  ...each('fs.appendFileSync fs.appendFile fs.promises.appendFile', writeData('tee -a')),
  ...each('fs.openSync fs.open fs.promises.open', openWith(1, 0, 'flags')),
  ...each(
    'fs.copyFileSync fs.copyFile fs.promises.copyFile fs.cpSync fs.cp fs.promises.cp fs.copySync fs.copy Deno.copyFile Deno.copyFileSync',
    fromTo('cp -r'),
  ),
  ...each('fs.renameSync fs.rename fs.promises.rename fs.moveSync fs.move Deno.rename Deno.renameSync', fromTo('mv')),
  ...each('fs.symlinkSync fs.symlink fs.promises.symlink Deno.symlink Deno.symlinkSync', fromTo('ln -sf')),
  ...each('fs.truncateSync fs.truncate fs.promises.truncate Deno.truncate Deno.truncateSync', writeFirst('truncate -s 0')),
]);

const PERL = table([
  ...each('system exec', systemLike),
  // open(FH, '-|', cmd) runs a command; open(FH, '>', path) writes a file.
  ['open', (c) => pipeOpen(1)(c) ?? perlWriteOpen(c)],
  ['unlink', delAll('rm -f')],
  ['rmdir', delFirst('rmdir')],
  ...each('rename File.Copy.move File.Copy.mv move', fromTo('mv')),
  ...each('File.Copy.copy File.Copy.cp copy', fromTo('cp')),
  ['symlink', fromTo('ln -sf')],
  ['link', fromTo('ln -f')],
  ['truncate', writeFirst('truncate -s 0')],
  ...each('rmtree remove_tree File.Path.rmtree File.Path.remove_tree', delAll('rm -rf')),
]);

const RUBY = table([
  ...each(
    'system exec spawn Process.spawn Process.exec IO.popen PTY.spawn Open3.capture2 Open3.capture2e Open3.capture3 Open3.popen2 Open3.popen2e Open3.popen3 Open3.pipeline',
    systemLike,
  ),
  ...each('open Kernel.open', pipeOpen(null)),
  ...each('FileUtils.rm_rf FileUtils.rm_r FileUtils.rmtree FileUtils.remove_dir FileUtils.remove_entry FileUtils.remove_entry_secure', delAll('rm -rf')),
  ...each('FileUtils.rm FileUtils.rm_f FileUtils.remove FileUtils.remove_file FileUtils.safe_unlink File.delete File.unlink', delAll('rm -f')),
  ...each('Dir.rmdir Dir.delete Dir.unlink FileUtils.rmdir', delAll('rmdir')),
  ...each(
    'File.write IO.write File.binwrite IO.binwrite',
    writeData('tee', (c) => openMode(literal(c.kw.get('mode'))) === 'tee -a'),
  ),
  ...each('File.open File.new', openWith(1)),
  ...each('FileUtils.cp FileUtils.copy FileUtils.cp_r FileUtils.copy_file FileUtils.install', fromTo('cp -r')),
  ...each('FileUtils.mv FileUtils.move File.rename', fromTo('mv')),
  ...each('FileUtils.ln_s FileUtils.ln_sf FileUtils.symlink File.symlink', fromTo('ln -sf')),
  ['File.truncate', writeFirst('truncate -s 0')],
]);

const PHP = table([
  ...each('system exec shell_exec passthru popen proc_open', sh()),
  ['pcntl_exec', (c) => vector(c.args[0], c.args[1], false)],
  ['unlink', delFirst('rm -f')],
  ['rmdir', delFirst('rmdir')],
  ['file_put_contents', writeData('tee', (c) => c.args[2]?.k === 'ref' && /FILE_APPEND/i.test(c.args[2].name))],
  ['fopen', openWith(1)],
  ['copy', fromTo('cp')],
  ['rename', fromTo('mv')],
  ['symlink', fromTo('ln -sf')],
  ['link', fromTo('ln -f')],
]);

export const ACTIONS: Record<CodeLanguage, Map<string, Action>> = { python: PYTHON, node: NODE, perl: PERL, ruby: RUBY, php: PHP };
