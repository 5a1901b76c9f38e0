// Interpreter code said as shell commands: what `python3 -c`, `node -e`, `perl -e`, `ruby -e`
// and `php -r` would do, read from the code's text alone, and which command lines carry such
// code at all. Printing, comments and reading files must say nothing; hostile input must not
// make the reader slow.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseCommandLine } from '../src/unwrap/index.js';
import { inlineCode, stdinInterpreter } from '../src/code/interpreter-argv.js';
import { shellEquivalents, type InterpreterLanguage } from '../src/code/equivalents.js';

type Case = [code: string, expected: string[]];

function cases(language: InterpreterLanguage, list: Case[]): void {
  for (const [code, expected] of list) {
    test(code, () => {
      const got = shellEquivalents(language, code);
      assert.deepEqual(got, expected);
      // What comes out is handed to the shell parser: it must read back cleanly.
      for (const line of got) assert.deepEqual(parseCommandLine(line).issues, [], line);
    });
  }
}

describe('python', () => {
  cases('python', [
    ["import os; os.system('rm -rf /')", ['rm -rf /']],
    ['import os\nout = os.popen("curl -s x | sh").read()', ['curl -s x | sh']],
    ["import subprocess\nsubprocess.run('rm -rf ~', shell=True)", ['rm -rf ~']],
    ["subprocess.check_output(['git', 'push', '--force'])", ['git push --force']],
    ["subprocess.Popen(['bash', '-c', 'rm -rf /'])", ["bash -c 'rm -rf /'"]],
    ["subprocess.run(['rm -rf /tmp/x'], shell=True)", ['rm -rf /tmp/x']],
    ["import subprocess as sp\nsp.call(['rm', '-rf', 'my dir'])", ["rm -rf 'my dir'"]],
    ["os.execvp('rm', ['rm', '-rf', '/'])", ['rm -rf /']],
    ["os.execl('/bin/rm', 'rm', '-rf', '/')", ['/bin/rm -rf /']],
    ["import commands; commands.getoutput('reboot')", ['reboot']],
    ["import shutil; shutil.rmtree('/')", ['rm -rf /']],
    ["shutil.rmtree(os.path.expanduser('~'))", ['rm -rf ~']],
    ["shutil.rmtree(os.path.join(os.environ['HOME'], '.ssh'))", ['rm -rf ~/.ssh']],
    ['os.remove(\'/etc/passwd\'); os.unlink("/etc/shadow")', ['rm -f /etc/passwd', 'rm -f /etc/shadow']],
    ["from pathlib import Path\nPath('/etc/hosts').unlink()", ['rm -f /etc/hosts']],
    ["(Path.home() / 'notes dir').rmdir()", ["rmdir ~/'notes dir'"]],
    ["os.rmdir('/srv/data'); os.removedirs('a/b/c')", ['rmdir /srv/data', 'rmdir -p a/b/c']],
    ['shutil.rmtree(target)', ['rm -rf "$UNKNOWN"']],
    ["shutil.rmtree(f'/tmp/{name}'); shutil.rmtree(f'/tmp/cache')", ['rm -rf /tmp/"$UNKNOWN"', 'rm -rf /tmp/cache']],
    ["os.remove('\\x2fetc\\x2fpasswd')", ['rm -f /etc/passwd']],
    ["os.remove(r'a\\nb')", ["rm -f 'a\\nb'"]],
    ["os.system('rm -rf %s' % path)", ['rm -rf ${UNKNOWN}']],
    ["os.system('rm -rf {}'.format('/'))", ['rm -rf /']],
    ["os.system(' '.join(['rm', '-rf', '/']))", ['rm -rf /']],
    ['exec("import shutil; shutil.rmtree(\'/\')")', ['rm -rf /']],
    ["from os import system as run\nrun('shutdown -h now')", ['shutdown -h now']],
    ["__import__('os').system('id')", ['id']],
    ["os.system('b'); os.system('a'); os.system('b')", ['b', 'a']],
  ]);
  describe('says nothing for', () => {
    cases('python', [
      ["print('rm -rf /')", []],
      ["# os.system('rm -rf /')\nprint(1)", []],
      ['x = "shutil.rmtree(\'/\')"  # a string, not a call', []],
      ["import os; print(os.path.exists('/etc'))", []],
      ["data = open('/etc/passwd').read()", []],
      ["items.remove('rm'); app.run('0.0.0.0')", []],
      ['"""os.system(\'reboot\')"""', []],
    ]);
  });
});

describe('node', () => {
  cases('node', [
    ["require('child_process').execSync('rm -rf /')", ['rm -rf /']],
    ["const cp = require('child_process'); cp.exec('git push -f')", ['git push -f']],
    ["const { execSync: run } = require('node:child_process'); run('reboot')", ['reboot']],
    ["import { spawn } from 'child_process'; spawn('rm', ['-rf', '/'])", ['rm -rf /']],
    ["import * as proc from 'node:child_process'; proc.execSync('halt')", ['halt']],
    ["child_process.execFileSync('git', ['reset', '--hard'])", ['git reset --hard']],
    ["spawnSync('rm -rf /', { shell: true })", ['rm -rf /']],
    ['execSync(`rm -rf ${dir}/build`)', ['rm -rf ${UNKNOWN}/build']],
    ['execSync(`rm -rf ${os.homedir()}`)', ['rm -rf $HOME']],
    ["fs.rmSync('/var/lib', { recursive: true, force: true })", ['rm -rf /var/lib']],
    ["fs.rmSync('old.txt')", ['rm -f old.txt']],
    ['fs.rmSync(dir, opts)', ['rm -rf "$UNKNOWN"']],
    ["require('fs').promises.rm(process.env.HOME, { recursive: true })", ['rm -rf ~']],
    ["fsp.rm('/x', { recursive: false })", ['rm -f /x']],
    ["fs.rmdirSync('/data', { recursive: true }); fs.unlinkSync(path.join(os.homedir(), '.bashrc'))", ['rm -rf /data', 'rm -f ~/.bashrc']],
    ["rimraf.sync('/'); rimraf('dist')", ['rm -rf /', 'rm -rf dist']],
    ["Bun.spawn(['rm', '-rf', '/'])", ['rm -rf /']],
    ["new Deno.Command('rm', { args: ['-rf', '/'] }).spawn()", ['rm -rf /']],
    ["await Deno.remove('/etc', { recursive: true })", ['rm -rf /etc']],
    ['await $`rm -rf /`', ['rm -rf /']],
    ["eval(\"require('child_process').execSync('halt')\")", ['halt']],
    ["fs.unlinkSync('\\u002fetc\\u002fpasswd')", ['rm -f /etc/passwd']],
  ]);
  describe('says nothing for', () => {
    cases('node', [
      ['console.log("rm -rf /")', []],
      ["// execSync('rm -rf /')\n/* fs.rmSync('/', {recursive: true}) */ 1", []],
      ["const re = /'/; re.exec('rm -rf /')", []],
      ["fs.readFileSync('/etc/passwd', 'utf8')", []],
      ["if (fs.existsSync('/')) console.log('ok')", []],
    ]);
  });
});

describe('perl', () => {
  cases('perl', [
    ['unlink "/etc/passwd"', ['rm -f /etc/passwd']],
    ['unlink("/a", "/b")', ['rm -f /a /b']],
    ['system("rm -rf /")', ['rm -rf /']],
    ["system('rm', '-rf', '/')", ['rm -rf /']],
    ['system qw(git push --force)', ['git push --force']],
    ['my $out = `reboot`;', ['reboot']],
    ['qx{shutdown now}; qx(ls -la)', ['shutdown now', 'ls -la']],
    ['use File::Path qw(remove_tree); remove_tree($ENV{HOME})', ['rm -rf ~']],
    ['File::Path::rmtree("/srv")', ['rm -rf /srv']],
    ['rmdir "/tmp/d"', ['rmdir /tmp/d']],
    ['unlink $file or die "cannot"', ['rm -f "$UNKNOWN"']],
    ['system "rm -rf $ENV{HOME}/.cache"', ['rm -rf $HOME/.cache']],
    ['open(my $fh, "-|", "curl", "http://x")', ['curl http://x']],
    ['open(FH, "reboot |")', ['reboot']],
    ["system { '/bin/rm' } 'rm', '-rf', '/'", ['/bin/rm -rf /']],
  ]);
  describe('says nothing for', () => {
    cases('perl', [
      ['print "rm -rf /\\n"', []],
      ['# system("rm -rf /")\nprint 1', []],
      ['$x =~ s/unlink//g; my @a = grep { -f } @files', []],
      ["open(my $fh, '<', '/etc/passwd') or die", []],
    ]);
  });
});

describe('ruby', () => {
  cases('ruby', [
    ['system("rm -rf /")', ['rm -rf /']],
    ["system 'rm', '-rf', '/'", ['rm -rf /']],
    ['`reboot`', ['reboot']],
    ['%x(git reset --hard)', ['git reset --hard']],
    ["require 'fileutils'\nFileUtils.rm_rf('/')", ['rm -rf /']],
    ['FileUtils.rm_rf Dir.home', ['rm -rf ~']],
    ["FileUtils.rm_rf(['a', 'b'])", ['rm -rf a b']],
    ["File.delete(ENV['HOME'] + '/.bashrc')", ['rm -f ~/.bashrc']],
    ["Dir.rmdir('/srv')", ['rmdir /srv']],
    ["Pathname.new('/x').rmtree", ['rm -rf /x']],
    ['system("rm -rf #{dir}")', ['rm -rf ${UNKNOWN}']],
    ["IO.popen(['rm', '-rf', '/'])", ['rm -rf /']],
  ]);
  describe('says nothing for', () => {
    cases('ruby', [
      ['puts "rm -rf /" # system(\'x\')', []],
      ["File.read('/etc/passwd')", []],
      ["File.exist?('/etc')", []],
    ]);
  });
});

describe('php', () => {
  cases('php', [
    ["system('rm -rf /');", ['rm -rf /']],
    ['echo shell_exec("reboot");', ['reboot']],
    ['echo `whoami`;', ['whoami']],
    ["passthru('ls'); exec('git push -f', $out);", ['ls', 'git push -f']],
    ["proc_open(['rm', '-rf', '/'], $spec, $pipes);", ['rm -rf /']],
    ['unlink(\'/etc/passwd\'); rmdir("/srv");', ['rm -f /etc/passwd', 'rmdir /srv']],
    ["unlink(getenv('HOME') . '/.bashrc');", ['rm -f ~/.bashrc']],
    ['SYSTEM("rm -rf $dir");', ['rm -rf ${UNKNOWN}']],
  ]);
  describe('says nothing for', () => {
    cases('php', [
      ["echo \"rm -rf /\"; // system('x')\n# exec('y')\n/* passthru('z') */", []],
      ["echo file_get_contents('/etc/passwd');", []],
    ]);
  });
});

// Code that names no single path or function still names where it acts: a loop over a glob
// acts under the glob's directory, a member picked by a computed name is one of its module's.
describe('loops, listings and functions picked by name', () => {
  describe('python', () => {
    cases('python', [
      ['import os, glob\nfor f in glob.glob(os.path.expanduser("~/Documents/*")):\n    os.remove(f)', ['rm -f ~/Documents/*']],
      ['import os\nfor r, d, f in os.walk(os.path.expanduser("~/Documents")):\n  for x in f: os.remove(os.path.join(r, x))', ['rm -f ~/Documents/"$UNKNOWN"']],
      ['[os.remove(p) for p in __import__("glob").glob("/srv/data/*")]', ['rm -f /srv/data/*']],
      ['list(map(os.remove, glob.glob("/srv/data/*.db")))', ['rm -f /srv/data/*.db']],
      ['from pathlib import Path\nfor p in Path.home().joinpath("Documents").iterdir(): p.unlink()', ['rm -f ~/Documents/"$UNKNOWN"']],
      ['for p in ["/srv/a/x", "/srv/a/y"]: os.remove(p)', ['rm -f /srv/a/"$UNKNOWN"']],
      ['getattr(os, "rem" + "ove")("/etc/passwd")', ['rm -f /etc/passwd']],
      ['getattr(__builtins__, "ex" + "ec")("import os; os.system(\'reboot\')")', ['reboot']],
      ['n = input()\ngetattr(shutil, n)("/srv/data")', ['rm -rf /srv/data']],
      ['importlib.import_module(name).rmtree("/srv/data")', ['rm -rf /srv/data']],
      ['getattr(logging, level)("starting")', ['"$UNNAMED_FUNCTION" starting']],
      ['for line in open("notes.txt"): print(line)', []],
    ]);
  });
  describe('node', () => {
    cases('node', [
      ['require("fs")["rm" + "Sync"]("/srv/data", { recursive: true })', ['rm -rf /srv/data']],
      ['const m = "unlink" + "Sync"; fs[m]("/etc/hosts")', ['rm -f /etc/hosts']],
      ['fs.readdirSync(dir).forEach(f => fs.unlinkSync(path.join("/srv/data", f)))', ['rm -f /srv/data/"$UNKNOWN"']],
      ['for (const f of glob.sync("/srv/data/*")) fs.unlinkSync(f)', ['rm -f /srv/data/*']],
      ['glob.sync("/srv/data/*").forEach(fs.unlinkSync)', ['rm -f /srv/data/*']],
      ['fs.rmSync.call(null, "/srv/data", { recursive: true })', ['rm -rf /srv/data']],
      ['Reflect.apply(fs.unlinkSync, null, ["/etc/hosts"])', ['rm -f /etc/hosts']],
      ['const x = obj[key]; console.log(x.length)', []],
    ]);
  });
  describe('ruby', () => {
    cases('ruby', [
      ['FileUtils.send(:rm_rf, Dir.home + "/Documents")', ['rm -rf ~/Documents']],
      ['FileUtils.public_send(ARGV[0], "/srv/data")', ['rm -rf /srv/data']],
      ['FileUtils.method(:rm_rf).call("/srv/data")', ['rm -rf /srv/data']],
      ['Dir.glob(Dir.home + "/Documents/*").each { |f| File.delete(f) }', ['rm -f ~/Documents/*']],
      ['Dir[File.expand_path("~/Documents/*")].each do |f| File.delete(f) end', ['rm -f ~/Documents/*']],
      ['Dir.glob("*.rb").each { |f| puts f }', []],
    ]);
  });
  describe('perl', () => {
    cases('perl', [
      ['unlink glob "$ENV{HOME}/Documents/*"', ['rm -f ~/Documents/*']],
      ['for my $f (glob("/srv/data/*")) { unlink $f }', ['rm -f /srv/data/*']],
      ['unlink $_ for glob "/srv/data/*"', ['rm -f /srv/data/*']],
      ['print for glob "*.pl"', []],
    ]);
  });
  describe('php', () => {
    cases('php', [
      ['array_map("unlink", glob(getenv("HOME") . "/Documents/*"));', ['rm -f ~/Documents/*']],
      ['foreach (glob("/srv/data/*") as $f) unlink($f);', ['rm -f /srv/data/*']],
      ['$f = "un" . "link"; $f("/etc/hosts");', ['rm -f /etc/hosts']],
      ['call_user_func("unlink", "/etc/hosts");', ['rm -f /etc/hosts']],
      ['$fn("/etc/hosts");', ['rm -f /etc/hosts']],
      ['foreach (glob("*.php") as $f) echo $f;', []],
    ]);
  });
});

describe('inlineCode', () => {
  const list: Array<[string[], { language: InterpreterLanguage; code: string } | null]> = [
    [['python3', '-c', 'import os'], { language: 'python', code: 'import os' }],
    [['python3.12', '-Ic', 'x'], { language: 'python', code: 'x' }],
    [['python', '-W', 'ignore', '-c', 'x'], { language: 'python', code: 'x' }],
    [['python3', 'script.py'], null],
    [['python3', '-m', 'http.server'], null],
    [['node', '-e'], null],
    [['node', '-e', 'x'], { language: 'node', code: 'x' }],
    [['node', '-pe', '1+1'], { language: 'node', code: '1+1' }],
    [['node', '--eval=x'], { language: 'node', code: 'x' }],
    [['node', '-r', 'dotenv/config', '--print', 'x'], { language: 'node', code: 'x' }],
    [['node', 'app.js', '-e', 'x'], null],
    [['deno', 'eval', 'x'], { language: 'node', code: 'x' }],
    [['deno', 'run', 'x.ts'], null],
    [['bun', '--eval', 'x'], { language: 'node', code: 'x' }],
    [['perl', '-wle', 'unlink "/etc/passwd"'], { language: 'perl', code: 'unlink "/etc/passwd"' }],
    [['perl', '-e', 'a;', '-e', 'b;'], { language: 'perl', code: 'a;\nb;' }],
    [['perl', '-pi', '-e', 's/a/b/', 'f'], { language: 'perl', code: 's/a/b/' }],
    [['perl', '-MFile::Path', '-E', 'rmtree "/"'], { language: 'perl', code: 'rmtree "/"' }],
    [['perl', 'script.pl'], null],
    [['ruby', '-r', 'fileutils', '-e', 'x'], { language: 'ruby', code: 'x' }],
    [['php', '-r', 'x'], { language: 'php', code: 'x' }],
    [['ls', '-e', 'x'], null],
  ];
  for (const [argv, expected] of list) test(argv.join(' '), () => assert.deepEqual(inlineCode(argv), expected));

  test('the code found is the code read: perl -wle \'unlink "/etc/passwd"\'', () => {
    const inline = inlineCode(['perl', '-wle', 'unlink "/etc/passwd"']);
    assert.ok(inline);
    assert.deepEqual(shellEquivalents(inline.language, inline.code), ['rm -f /etc/passwd']);
  });
});

describe('stdinInterpreter', () => {
  const list: Array<[string[], InterpreterLanguage | null]> = [
    [['python3'], 'python'],
    [['python3', '-'], 'python'],
    [['python3', '-u'], 'python'],
    [['python3', 'script.py'], null],
    [['python3', '-c', 'x'], null],
    [['python3', '-m', 'pip'], null],
    [['node'], 'node'],
    [['node', '-'], 'node'],
    [['node', '--version'], null],
    [['node', '-e'], null],
    [['perl'], 'perl'],
    [['ruby', '-'], 'ruby'],
    [['php'], 'php'],
    [['deno'], null],
    [['bun'], null],
    [['cat'], null],
  ];
  for (const [argv, expected] of list) test(argv.join(' '), () => assert.equal(stdinInterpreter(argv), expected));
});

describe('hostile input', () => {
  const LANGUAGES: InterpreterLanguage[] = ['python', 'node', 'perl', 'ruby', 'php'];

  test('names that are also object properties are only names', () => {
    for (const language of LANGUAGES) {
      assert.deepEqual(shellEquivalents(language, "constructor('x'); toString('y'); __proto__.z('w'); Path('/x').hasOwnProperty()"), []);
    }
  });

  test('any text: no throw, a bounded list of strings', () => {
    const soup = fc
      .array(
        fc.constantFrom(
          'os.system(',
          'unlink ',
          'system ',
          'exec(',
          '`',
          "'",
          '"',
          '${',
          '#{',
          'f"{',
          '{',
          '}',
          '(',
          ')',
          '[',
          ']',
          ',',
          '=',
          '+',
          '.',
          '/',
          '%',
          'q{',
          'qx(',
          '%x(',
          '$ENV{HOME}',
          '#',
          '//',
          '/*',
          '*/',
          '\\',
          '\n',
          ' ',
          'rm -rf /',
          'import ',
          'from ',
          'as ',
          'require(',
          '=>',
        ),
        { maxLength: 60 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.oneof(soup, fc.string({ maxLength: 200 })), (language, code) => {
        const out = shellEquivalents(language, code);
        assert.ok(Array.isArray(out) && out.length <= 64 && out.every((l) => typeof l === 'string'));
      }),
      { numRuns: 3000 },
    );
  });

  test('64 KiB of pathological text is read in well under 100 ms', () => {
    const shapes = [
      '(',
      '[{',
      "'",
      '"\\',
      'f"{',
      '`${',
      '/ ',
      'x=/a[',
      "'%(",
      "'%0000000",
      'os.system(',
      'a=',
      "'a'+x+",
      'q{',
      '"$a[',
      's{',
      '%w[',
      '"#{',
      '"{$',
      'not ',
      'a.',
      'unlink ',
      "system 'rm', ",
      'eval("',
      '/*',
      "'''",
      '[1,',
      'Path(',
      "'/'.join(",
      '"%s" % (',
      '{a:1,',
    ];
    const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    // A small run first, so what is timed is the algorithm rather than the JIT warming up.
    for (const language of LANGUAGES) for (const unit of shapes) shellEquivalents(language, fill(unit, 2048));
    let slowest = { ms: 0, what: '' };
    for (const language of LANGUAGES) {
      for (const unit of shapes) {
        const t = performance.now();
        shellEquivalents(language, fill(unit, 65536));
        const ms = performance.now() - t;
        if (ms > slowest.ms) slowest = { ms, what: `${language} ${JSON.stringify(unit)}` };
      }
    }
    assert.ok(slowest.ms < 100, `slowest: ${slowest.what} took ${slowest.ms.toFixed(1)} ms`);
  });
});

describe('writes, moves and links are said as the tools that do the same', () => {
  cases('python', [
    [
      "open('/home/dev/.claude/settings.json', 'w').write('{}')",
      ['tee /home/dev/.claude/settings.json', "printf %s '{}' | tee -a /home/dev/.claude/settings.json"],
    ],
    ["open(os.path.expanduser('~/.bashrc'), 'a').write('x')", ['tee -a ~/.bashrc', "printf %s 'x' | tee -a ~/.bashrc"]],
    ['f = open("/home/dev/.bashrc", "a"); print("rm -rf ~", file=f)', ['tee -a /home/dev/.bashrc', "printf %s 'rm -rf ~\n' | tee -a /home/dev/.bashrc"]],
    ["with open('notes.txt', mode='r+') as f: f.write('x')", ['tee -a notes.txt', "printf %s 'x' | tee -a notes.txt"]],
    ["print(open('data.csv').read())", []],
    ["open(file='/home/dev/.claude/settings.json', mode='w')", ['tee /home/dev/.claude/settings.json']],
    ["open('data.csv', 'rb').read()", []],
    ["pathlib.Path.home().joinpath('.codex', 'hooks.json').write_text('{}')", ["printf %s '{}' | tee ~/.codex/hooks.json"]],
    ["Path('out.bin').open('wb')", ['tee out.bin']],
    ["shutil.copy('/dev/null', '.firebreak.yaml')", ['cp -r /dev/null .firebreak.yaml']],
    ["os.replace('/tmp/x.json', os.path.expanduser('~/.gemini/settings.json'))", ['mv /tmp/x.json ~/.gemini/settings.json']],
    ["os.symlink('/dev/null', '.claude/settings.json')", ['ln -sf /dev/null .claude/settings.json']],
    ["Path('.mcp.json').symlink_to('/dev/null')", ['ln -sf /dev/null .mcp.json']],
  ]);
  cases('node', [
    ["require('fs').writeFileSync(process.env.HOME + '/.claude/settings.json', '{}')", ["printf %s '{}' | tee ~/.claude/settings.json"]],
    ["fs.appendFileSync(os.homedir() + '/.zshrc', 'x')", ["printf %s 'x' | tee -a ~/.zshrc"]],
    ["fs.openSync('/etc/hosts', 'a')", ['tee -a /etc/hosts']],
    ["fs.readFileSync('package.json', 'utf8')", []],
    ["fs.renameSync('/tmp/h.json', '.codex/hooks.json')", ['mv /tmp/h.json .codex/hooks.json']],
    ["fs.copyFileSync('/dev/null', '.firebreak.yaml')", ['cp -r /dev/null .firebreak.yaml']],
    ["fs.symlinkSync('/dev/null', '.mcp.json')", ['ln -sf /dev/null .mcp.json']],
  ]);
  cases('ruby', [
    ["File.write(Dir.home + '/.gemini/settings.json', '{}')", ["printf %s '{}' | tee ~/.gemini/settings.json"]],
    ["File.open('log.txt', 'a') { |f| f.puts 'x' }", ['tee -a log.txt', "printf %s 'x\n' | tee -a log.txt"]],
    ["FileUtils.mv('a.json', '.cursor/hooks.json')", ['mv a.json .cursor/hooks.json']],
  ]);
  cases('perl', [
    ['open(my $f, ">", "$ENV{HOME}/.claude/settings.json")', ['tee ~/.claude/settings.json']],
    ['open(FH, ">>/etc/profile")', ['tee -a /etc/profile']],
    ['open(my $f, "<", "in.txt")', []],
  ]);
  cases('php', [
    ["file_put_contents(getenv('HOME') . '/.codex/config.toml', '')", ['tee ~/.codex/config.toml']],
    ["rename('x', '.firebreak.yaml')", ['mv x .firebreak.yaml']],
  ]);
});
