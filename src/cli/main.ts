// The `firebreak` binary. Every failure is one line on stderr and exit 1; a stack trace
// only with FIREBREAK_DEBUG=1.

import { fileURLToPath } from 'node:url';
import { loadBundle } from '../core/bundle.js';
import { loadCatalogue } from '../catalogue/load.js';
import { homedir } from 'node:os';
import { resolvePolicy } from '../policy/resolve.js';
import { EXIT, runCheck } from './check.js';
import type { Io } from '../terminal/out.js';
import { SyncOut } from '../terminal/out.js';
import { runHook } from '../hooks/run.js';
import { runAllow } from '../hooks/allow.js';
import { runInit } from '../shells/init.js';
import { runShellConnect } from '../shells/connect.js';
import { isShellName } from '../shells/definitions.js';
import { runShellHelper } from '../shells/helper.js';

declare const FIREBREAK_VERSION: string;
const VERSION = typeof FIREBREAK_VERSION === 'string' ? FIREBREAK_VERSION : 'dev';

const HELP = `firebreak ${VERSION} — how dangerous is a shell command, before it runs?

Usage:
  firebreak check [--format text|json] [--cwd DIR] -- <command>
  firebreak check --stdin [--format text|json]      one command per line
  firebreak mcp [init|--interactive]                the MCP server for coding agents (stdio)
  firebreak hook <agent>                            the pre-tool hook an agent runs (claude, codex, gemini, cursor, copilot)
  firebreak connect <agent>|--all [--scope project|user] [--dry-run] [--remove]
                                                    register the hook (and the MCP server) with an agent
  firebreak init bash|zsh|fish                      the shell plugin: eval "$(firebreak init bash)" in ~/.bashrc
  firebreak connect bash|zsh|fish [--remove]        add that line to your rc file (or take it out)
  firebreak doctor [agent|shell...]                 check every agent's hook and every shell's plugin, end to end
  firebreak allow CODE | --list                     let one command an agent was refused run once (in your own terminal)
  firebreak audit [stats] [--since 1d] [--decision deny]   what the agent-facing doors decided
  firebreak rules list|show ID|test FILE            browse the catalogue, test your own rules
  firebreak policy show|validate [FILE]|init        the effective policy, config checks, a starter policy
  firebreak --version

Run 'firebreak check --help' for details. Exit codes: 0 allow, 3 ask, 2 deny, 1 error.
`;

async function main(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '-h' || sub === '--help' || sub === 'help') {
    process.stdout.write(HELP);
    return sub === undefined ? EXIT.error : 0;
  }
  if (sub === '--version' || sub === '-v') {
    process.stdout.write(VERSION + '\n');
    return 0;
  }
  if (sub === 'hook') {
    // Everything, the catalogue's loading included, happens inside: every failure is an answer in the agent's format.
    const code = await runHook(rest, {
      loadCatalogue,
      stamp: (c) => `${VERSION}:${c.size}`,
      env: process.env,
      home: homedir(),
      cwd: process.cwd(),
      stdout: new SyncOut(1),
      stderr: new SyncOut(2),
    });
    // The answer is written (synchronously); a read of stdin the agent never closed must not keep the process alive.
    process.exit(code);
  }
  if (sub === 'connect' && isShellName(rest[0]))
    return runShellConnect(rest[0], rest.slice(1), { stdout: new SyncOut(1), stderr: new SyncOut(2) }, { env: (k) => process.env[k], home: homedir() });
  if (sub === 'init') return runInit(rest, { stdout: new SyncOut(1), stderr: new SyncOut(2) }, VERSION);
  if (sub === 'shell-helper')
    return runShellHelper(rest, {
      loadCatalogue,
      stamp: (c) => `${VERSION}:${c.size}`,
      env: process.env,
      home: homedir(),
      cwd: process.cwd(),
      stderr: new SyncOut(2),
    });
  if (sub === 'allow') return runAllow(rest, { env: process.env, home: homedir(), stdout: new SyncOut(1), stderr: new SyncOut(2) });
  const io: Io =
    sub === 'check'
      ? { stdin: () => process.stdin, stdout: new SyncOut(1), stderr: new SyncOut(2) }
      : { stdin: () => process.stdin, stdout: watchForClosedPipe(process.stdout), stderr: process.stderr };
  if (sub === 'rules' || sub === 'policy' || sub === 'audit' || sub === 'connect' || sub === 'doctor') {
    // A bundle of its own, loaded only here: it carries the YAML parser, the validator and cosmiconfig.
    const tools = loadBundle(fileURLToPath(new URL('./tools.cjs', import.meta.url))) as typeof import('./tools-bundle.js');
    if (sub === 'rules') return tools.runRules(rest, io);
    if (sub === 'policy') return tools.runPolicy(rest, io);
    if (sub === 'audit') return tools.runAudit(rest, io);
    if (sub === 'connect') return tools.runConnect(rest, io);
    // Agents and shells: both unless the names given are only one kind.
    const shells = rest.filter(isShellName);
    const agents = rest.filter((a) => !isShellName(a));
    if (rest.includes('--help') || rest.includes('-h')) return tools.runDoctor(rest, io);
    const agentsBad = shells.length > 0 && agents.length === 0 ? 0 : await tools.runDoctor(agents, io);
    const shellsBad = agents.length > 0 && shells.length === 0 ? 0 : tools.runShellDoctor(shells, io, { env: (k) => process.env[k], home: homedir() });
    return Math.max(agentsBad, shellsBad);
  }
  if (sub !== 'check' && sub !== 'mcp') {
    process.stderr.write(
      `firebreak: unknown command '${sub}' (available: check, hook, connect, init, doctor, allow, audit, mcp, rules, policy; see firebreak --help)\n`,
    );
    return EXIT.error;
  }
  const catalogue = loadCatalogue();
  if ('code' in catalogue) {
    process.stderr.write(`firebreak: ${catalogue.message}\n`);
    return EXIT.error;
  }
  const env = (name: string): string | undefined => process.env[name];
  // A cached policy is valid only for the firebreak and catalogue it was merged against.
  const stamp = `${VERSION}:${catalogue.size}`;
  if (sub === 'mcp') {
    // The MCP SDK is a bundle of its own: about 80 ms to load, paid only by the server.
    const mcp = loadBundle(fileURLToPath(new URL('./mcp.cjs', import.meta.url))) as typeof import('../mcp/server.js');
    return mcp.runMcp(rest, io, { catalogue, version: VERSION, stamp });
  }
  return runCheck(rest, { catalogue, policyFor: (cwd) => resolvePolicy({ cwd, home: homedir(), env, stamp }) }, io);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`firebreak: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    if (process.env.FIREBREAK_DEBUG === '1' && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    process.exitCode = EXIT.error;
  },
);

/** A closed pipe (firebreak rules list | head) is not an error worth a trace. */
function watchForClosedPipe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  return stream;
}
