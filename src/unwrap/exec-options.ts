// Programs that run a command named in one of their options: tar (--to-command,
// --checkpoint-action=exec=, --use-compress-program, --rsh-command), rsync (-e, --rsh,
// --rsync-path), zip (-TT, --unzip-command), vim and its kin (-c '!…', +'!…', --cmd),
// gdb (-ex 'shell …'). The command is read again as shell text; one in a file the line
// names (tar --info-script) is code the line does not show.

import { own } from '../core/own.js';
import { optionSpec, type OptionSpec } from '../options/spec.js';
import { RSYNC, TAR } from '../options/tools.js';
import { walkOptions } from '../options/walk.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { singleQuote } from '../shell/quote.js';
import { NONE, type NestedResult } from './result.js';

interface ExecTool {
  options: OptionSpec;
  /** Option name → how its value becomes a command (null: it does not, for this value). */
  commands: Readonly<Record<string, (value: string) => string | null>>;
  /** Options whose value is a script file that runs: code the line does not show. */
  scripts?: readonly string[];
  /** A +CMD operand is a command too (vim +'!…'). */
  plusCommands?: boolean;
}

const asIs = (v: string): string => v;
/** An editor or debugger command that shells out: `!CMD`, `:!CMD`, `silent !CMD`, `shell CMD`, `call system("CMD")`. */
function shellOut(v: string): string | null {
  const bang = /^\s*:?\s*(?:silent!?\s+|exe(?:cute)?\s+)?!\s*(.+)$/s.exec(v) ?? /^\s*(?:shell|pipe)\s+(.+)$/s.exec(v);
  if (bang) return bang[1]!.trim();
  const call = /\bsystem\s*\(\s*(['"])(.*?)\1\s*\)/s.exec(v);
  return call ? call[2]! : null;
}

/** A gdb command: `shell …`/`!…` is shell, `python …` is Python code, said as python3 -c. */
function debuggerCommand(v: string): string | null {
  const py = /^\s*(?:python|py|python-interactive|pi)\s+(.+)$/s.exec(v);
  return py ? `python3 -c ${singleQuote(py[1]!)}` : shellOut(v);
}

const TAR_TOOL: ExecTool = {
  options: TAR,
  commands: {
    '--to-command': asIs,
    '--checkpoint-action': (v) => (/^exec=/.test(v) ? v.slice(5) : null),
    '-I': asIs,
    '--use-compress-program': asIs,
    '--rsh-command': asIs,
  },
  scripts: ['-F', '--info-script', '--new-volume-script'],
};

const RSYNC_TOOL: ExecTool = {
  options: RSYNC,
  commands: { '-e': asIs, '--rsh': asIs, '--rsync-path': asIs },
};

const ZIP: ExecTool = {
  options: optionSpec({ code: '-TT --unzip-command', value: '-b -n -x -i -P --password -t -tt -O' }),
  commands: { '-TT': asIs, '--unzip-command': asIs },
};

/**
 * vim reads each option as a word of its own (-es is Ex mode silent, not -e -s), and -s is
 * "silent" in Ex mode, so it is not read as taking the script file it takes otherwise.
 */
const VIM: ExecTool = {
  options: optionSpec({ code: '-c --cmd', value: '-S -u -U -i -T -w -W -t -q --servername --remote --remote-send --remote-expr' }, { singleDash: true }),
  commands: { '-c': shellOut, '--cmd': shellOut, '--remote-send': shellOut },
  plusCommands: true,
};

/** gdb reads -opt and --opt alike, and never clusters: `-nx` is one option. */
const GDB: ExecTool = {
  options: optionSpec(
    { code: '-ex -eval-command -iex -init-eval-command', value: '-x -command -ix -init-command -p -pid -d -directory -cd' },
    { singleDash: true },
  ),
  commands: { '-ex': debuggerCommand, '-eval-command': debuggerCommand, '-iex': debuggerCommand, '-init-eval-command': debuggerCommand },
  scripts: ['-x', '-command', '-ix', '-init-command'],
};

/** man's pager and browser are commands it runs (man -P 'CMD' page). */
const MAN: ExecTool = {
  options: optionSpec({
    code: '-P --pager -H --html',
    value: '-M --manpath -S -s --sections -L --locale -m --systems -C --config-file -E --encoding -R --recode',
  }),
  commands: { '-P': asIs, '--pager': asIs, '-H': asIs, '--html': asIs },
};

/** scp and sftp run the program -S names in place of ssh. */
const SCP: ExecTool = {
  options: optionSpec({ code: '-S', value: '-c -D -F -i -J -l -o -P -X -B -b -R -s' }),
  // -o ProxyCommand=CMD: the command scp's ssh runs to reach the host.
  commands: { '-S': asIs, '-o': (v) => /^ProxyCommand\s*[= ]\s*(.+)$/is.exec(v)?.[1] ?? null },
};

const TOOLS: Readonly<Record<string, ExecTool>> = {
  man: MAN,
  scp: SCP,
  sftp: SCP,
  tar: TAR_TOOL,
  gtar: TAR_TOOL,
  bsdtar: TAR_TOOL,
  rsync: RSYNC_TOOL,
  zip: ZIP,
  vim: VIM,
  vi: VIM,
  nvim: VIM,
  ex: VIM,
  view: VIM,
  vimdiff: VIM,
  gdb: GDB,
};

export const EXEC_OPTION_TOOLS = Object.keys(TOOLS);

export function execOptionsNested({ name, args }: NormalisedCommand): NestedResult {
  const tool = own(TOOLS, name);
  if (!tool) return NONE;
  const nested: NestedResult['nested'] = [];
  let codeSource: NestedResult['codeSource'] = null;
  for (const tok of walkOptions(args, tool.options)) {
    if (tok.kind === 'end') break;
    if (tok.kind === 'operand') {
      // vim +CMD runs CMD once the file is loaded.
      const t = args[tok.at]!.text;
      const code = tool.plusCommands && t.startsWith('+') ? shellOut(t.slice(1)) : null;
      if (code) nested.push({ code, via: `${name} +` });
      continue;
    }
    if (tok.value === undefined) continue;
    if (tool.scripts?.includes(tok.name)) {
      codeSource = 'unknown';
      continue;
    }
    const toCommand = tool.commands[tok.name];
    if (!toCommand) continue;
    if (args[tok.at]!.dynamic || (tok.after > tok.at + 1 && args[tok.after - 1]?.dynamic)) {
      codeSource = 'unknown';
      continue;
    }
    const code = toCommand(tok.value);
    if (code) nested.push({ code, via: `${name} ${tok.name}` });
  }
  return nested.length > 0 || codeSource ? { nested, codeSource } : NONE;
}
