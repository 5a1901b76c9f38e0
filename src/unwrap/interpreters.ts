// Code in other languages that a command runs: SQL and MongoDB given to a database
// client, interpreters' inline code (python -c, node -e, ...) and code they read on stdin,
// said as the shell commands it amounts to; and a script fed through <(curl ...).

import { inlineCode, isInterpreter, stdinInterpreter } from '../code/interpreter-argv.js';
import { shellEquivalents } from '../code/equivalents.js';
import { databaseCode } from '../databases/clients.js';
import { mongoEquivalents } from '../databases/mongo.js';
import { sqlEquivalents } from '../databases/sql.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { NONE, sourceOfWord, type NestedResult, type Stdin } from './result.js';

export function codeInside({ name, args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const argv = [name, ...args.map((a) => a.text)];
  // SQL and mongo code given to a database client, inline or on stdin: its destructive statements.
  const db = databaseCode(argv);
  const dbCode = db ? (db.code ?? (db.readsStdin && stdin?.kind === 'text' ? stdin.text : null)) : null;
  if (db && dbCode !== null) {
    const lines = db.kind === 'sql' ? sqlEquivalents(dbCode) : mongoEquivalents(dbCode);
    return { nested: lines.map((code) => ({ code, via: `${name} ${db.kind}` })), codeSource: null };
  }
  const inline = inlineCode(argv);
  if (inline) {
    const codeArg = args.find((a) => a.text === inline.code);
    const lines = shellEquivalents(inline.language, inline.code);
    // os.system(cmd) with cmd not a literal: a program runs that the line does not name.
    const opaque = lines.some((l) => l.startsWith('"$UNKNOWN"')) ? 'unknown' : null;
    return { nested: lines.map((code) => ({ code, via: `${name} inline code` })), codeSource: (codeArg ? sourceOfWord(codeArg) : null) ?? opaque };
  }
  const language = stdinInterpreter(argv);
  if (language) {
    if (stdin?.kind === 'text')
      return { nested: shellEquivalents(language, stdin.text).map((code) => ({ code, via: `${name} reading stdin` })), codeSource: null };
    if (stdin && stdin.kind !== 'find') return { nested: [], codeSource: stdin.kind };
  }
  // A script handed to an interpreter through <(curl ...).
  const procSub = args.find((a) => a.text.startsWith('<(') && a.producers);
  if (procSub && isInterpreter(name)) {
    return { nested: [], codeSource: sourceOfWord(procSub) };
  }
  return NONE;
}
