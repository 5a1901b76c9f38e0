// Files that run what they hold later, by themselves, and how to read the code out of each:
// shell startup files and git hooks hold shell; a Makefile, recipes; Python's sitecustomize,
// usercustomize and .pth files run Python at every interpreter start; an editor's workspace
// tasks and terminal profiles and a dev container's lifecycle commands hold shell lines inside
// JSON. Text written into one is code, judged as if it ran now.

import { shellEquivalents } from '../code/equivalents.js';
import { singleQuote } from '../shell/quote.js';
import { makefileCommands } from './make.js';

type Reader = (text: string) => string[];

/**
 * Code that runs later, with each program it starts from a temporary directory said as
 * `firebreak-run-from-temp -- PATH` as well: anyone on the machine can put a file there, so a
 * startup file or a scheduled job that runs one hands the account to whoever does.
 */
export function withTempPrograms(code: string): string[] {
  const found = new Set<string>();
  for (const m of code
    .slice(0, 65536)
    .matchAll(/(?:^|[;&|(`\n]|\b(?:nohup|exec|setsid|sh|bash|then|do))[ \t]*((?:\/tmp|\/var\/tmp|\/dev\/shm)\/[\w./-]{1,200})/g)) {
    found.add(m[1]!);
    if (found.size >= 8) break;
  }
  return [code, ...[...found].map((p) => `firebreak-run-from-temp -- ${singleQuote(p)}`)];
}

const shell: Reader = withTempPrograms;

/** JSON string values under the keys that hold commands ("command", "postCreateCommand", …) and shell -c arguments. */
function jsonCommands(keys: RegExp): Reader {
  return (whole) => {
    // Bounded: a settings file is small, and each string is read at most this far.
    const text = whole.slice(0, 65536);
    const out: string[] = [];
    const str = '"((?:[^"\\\\]|\\\\.){0,1024})"';
    for (const m of text.matchAll(new RegExp(`"(${keys.source})"\\s*:\\s*${str}`, 'g'))) out.push(unjson(m[2]!));
    // "args": ["-c", "curl … | sh; exec bash"]: what a shell given -c runs.
    for (const m of text.matchAll(new RegExp(`"-c"\\s*,\\s*${str}`, 'g'))) out.push(unjson(m[1]!));
    return out.slice(0, 64);
  };
}

function unjson(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}

/** A .pth file runs its lines that start with `import`. */
const pth: Reader = (text) =>
  shellEquivalents(
    'python',
    text
      .split('\n')
      .filter((l) => /^import[ \t]/.test(l))
      .join('\n'),
  );

const LATER: ReadonlyArray<[RegExp, Reader]> = [
  [
    /(^|\/)\.(bashrc|bash_profile|bash_login|bash_aliases|profile|bash_logout|zshrc|zprofile|zshenv|zlogin|zlogout|kshrc|mkshrc|xprofile|xinitrc|xsessionrc|ssh\/rc)$|(^|\/)\.envrc$|^~\/\.config\/fish\/(config\.fish|conf\.d\/[^/]+\.fish)$|^\/etc\/(profile|bash\.bashrc|zsh\/zshrc|profile\.d\/[^/]+)$|(^|\/)\.git\/hooks\/[^/]+$/,
    shell,
  ],
  [/(^|\/)(GNUmakefile|[Mm]akefile)$/, makefileCommands],
  [/(^|\/)(sitecustomize|usercustomize)\.py$/, (text) => shellEquivalents('python', text)],
  [/(^|\/)[^/]+\.pth$/, pth],
  [/(^|\/)\.vscode\/tasks\.json$/, jsonCommands(/command/)],
  [/(^|\/)\.vscode\/settings\.json$|\.code-workspace$/, jsonCommands(/terminal\.integrated\.automationShell\.[a-z]+/)],
  [
    /(^|\/)\.?devcontainer(\/[^/]*)?\.json$/,
    jsonCommands(/initializeCommand|onCreateCommand|updateContentCommand|postCreateCommand|postStartCommand|postAttachCommand/),
  ],
];

/** How to read the code out of a file that runs later, or null for any other file. */
export function laterReader(path: string): Reader | null {
  const p = path.replace(/^\.\//, '');
  for (const [re, read] of LATER) if (re.test(p)) return read;
  return null;
}
