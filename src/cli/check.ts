// `firebreak check`: one command from the arguments, or one command per stdin line.

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Decision, RiskAssessment } from '../core/contracts.js';
import { checkInput, Engine, INPUT_LIMITS } from '../assess/engine.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Audience } from '../policy/policy.js';
import type { PolicyOutcome } from '../policy/resolve.js';
import { currentUid } from '../context/signals.js';
import { currentContainer } from '../context/container.js';
import { readLines } from './lines.js';
import { BatchedWriter, type Io } from '../terminal/out.js';
import { renderLine, renderText } from '../terminal/assessment-text.js';
import { styleFor } from '../terminal/text.js';

export const EXIT = { allow: 0, error: 1, deny: 2, ask: 3 } as const;

const CHECK_HELP = `Usage:
  firebreak check [--format text|json] [--cwd DIR] [--for agent|human] -- <command>
  firebreak check --stdin [--format text|json] [--cwd DIR] [--for agent|human] < commands.txt

Assesses a shell command before it runs: how dangerous it is, what it would destroy,
and what to run instead. Quote the command as one argument to keep its quoting:
  firebreak check -- 'git push --force origin main'

Options:
  --format text|json  text for people (default), json for a RiskAssessment object
  --json              same as --format json
  --cwd DIR           assess as if run in DIR (default: the current directory)
  --stdin             read one command per line; write one result per line, in order
  --for agent|human   whose thresholds decide (default agent: the policy's stricter audience
                      unless configured otherwise; shell plugins pass human)

The policy is read from your user config and the project's .firebreak.yaml (see
'firebreak policy show'); an invalid config is an error (exit 1) naming file, line and key.

Exit codes: 0 allow, 3 ask (needs a human), 2 deny, 1 usage or internal error.
With --stdin the exit code is that of the worst verdict in the stream.
`;

interface CheckArgs {
  format: 'text' | 'json';
  audience: Audience;
  cwd: string;
  stdin: boolean;
  command: string | null;
}

type Parsed = { ok: true; args: CheckArgs } | { ok: false; message: string } | { ok: 'help' };

function parseCheckArgs(argv: string[]): Parsed {
  const args: CheckArgs = { format: 'text', audience: 'agent', cwd: process.cwd(), stdin: false, command: null };
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (words.length > 0) {
      words.push(a);
      continue;
    }
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | null => (inline !== undefined ? inline : i + 1 < argv.length ? argv[++i]! : null);
    switch (flag) {
      case '-h':
      case '--help':
        return { ok: 'help' };
      case '--json':
        args.format = 'json';
        break;
      case '--stdin':
        args.stdin = true;
        break;
      case '--format': {
        const v = value();
        if (v !== 'text' && v !== 'json') return { ok: false, message: `--format takes 'text' or 'json', not ${v === null ? 'nothing' : `'${v}'`}` };
        args.format = v;
        break;
      }
      case '--for': {
        const v = value();
        if (v !== 'agent' && v !== 'human') return { ok: false, message: `--for takes 'agent' or 'human', not ${v === null ? 'nothing' : `'${v}'`}` };
        args.audience = v;
        break;
      }
      case '--cwd': {
        const v = value();
        if (!v) return { ok: false, message: '--cwd needs a directory' };
        let isDir = false;
        try {
          isDir = statSync(v).isDirectory();
        } catch {
          /* reported below */
        }
        if (!isDir) return { ok: false, message: `--cwd ${v}: no such directory` };
        args.cwd = resolve(v);
        break;
      }
      default:
        if (a.startsWith('-') && a !== '-')
          return { ok: false, message: `unknown option '${a}' (put the command after --, as in: firebreak check -- 'rm -rf build')` };
        words.push(a);
    }
  }
  if (args.stdin && words.length > 0) return { ok: false, message: 'give the command either as arguments or with --stdin, not both' };
  if (!args.stdin) {
    if (words.length === 0) return { ok: false, message: "no command given; try: firebreak check -- 'git push --force origin main'" };
    // Several words are joined as the shell would have received them unquoted.
    args.command = words.join(' ');
  }
  return { ok: true, args };
}

interface CheckDeps {
  catalogue: Catalogue;
  /** The policy that applies in a directory, or why none can be used. */
  policyFor(cwd: string): PolicyOutcome;
}

export async function runCheck(argv: string[], deps: CheckDeps, io: Io): Promise<number> {
  const parsed = parseCheckArgs(argv);
  if (parsed.ok === 'help') {
    io.stdout.write(CHECK_HELP);
    return 0;
  }
  if (!parsed.ok) {
    io.stderr.write(`firebreak check: ${parsed.message}\n`);
    return EXIT.error;
  }
  const { args } = parsed;
  const policy = deps.policyFor(args.cwd);
  if (!policy.ok) {
    io.stderr.write(`firebreak check: ${policy.error.message}\n`);
    return EXIT.error;
  }
  const engine = new Engine(deps.catalogue, policy.resolved.policy);
  if (!args.stdin) {
    const line = args.command!;
    // Node turns bytes that are not UTF-8 in argv into U+FFFD; no real command needs it.
    const bad = line.includes('\uFFFD') ? { message: 'the command is not valid UTF-8' } : checkInput(line);
    if (bad) {
      io.stderr.write(`firebreak check: ${bad.message}\n`);
      return EXIT.error;
    }
    const a = engine.assess(line, { cwd: args.cwd, env: process.env, uid: currentUid(), container: currentContainer(), probe: true, audience: args.audience });
    if (args.format === 'json') io.stdout.write(JSON.stringify(a) + '\n');
    else {
      const files = policy.resolved.files;
      // Which config judged the command, so a surprising verdict can be traced to its file.
      io.stdout.write(renderText(a, styleFor(io.stdout)) + (files.length > 0 ? `  Policy: ${files.map((f) => `${f.scope} ${f.path}`).join(', ')}\n` : ''));
    }
    return EXIT[a.decision];
  }
  return checkStream(args, engine, io);
}

const RANK: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

async function checkStream(args: CheckArgs, engine: Engine, io: Io): Promise<number> {
  const style = styleFor(io.stdout);
  let worst: Decision = 'allow';
  const out = new BatchedWriter(io.stdout);
  const uid = currentUid();
  // One plain copy for the whole stream: each read of process.env is a call into the runtime.
  const env = { ...process.env };
  for await (const line of readLines(io.stdin(), INPUT_LIMITS.maxLength * 4)) {
    let a: RiskAssessment;
    if (!line.ok) a = engine.failClosed('', { code: line.code, message: line.message });
    else if (line.text.trim() === '') a = engine.nothingToRun(line.text);
    else {
      // One line's failure is that line's fail-closed verdict; the stream goes on.
      try {
        a = engine.assess(line.text, { cwd: args.cwd, env, uid, container: currentContainer(), audience: args.audience });
      } catch (e) {
        a = engine.failClosed(line.text, { code: 'internal', message: `internal error: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
    if (RANK[a.decision] > RANK[worst]) worst = a.decision;
    await out.add(args.format === 'json' ? JSON.stringify(a) + '\n' : renderLine(a, style));
  }
  await out.flush();
  return EXIT[worst];
}
