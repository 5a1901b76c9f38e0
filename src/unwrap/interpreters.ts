// Code in other languages that a command runs: SQL and MongoDB given to a database
// client, interpreters' inline code (python -c, node -e, ...) and code they read on stdin,
// said as the shell commands it amounts to; and a script fed through <(curl ...).

import { inlineCode, isInterpreter, stdinInterpreter } from '../code/interpreter-argv.js';
import { shellEquivalents } from '../code/equivalents.js';
import { wordValue } from '../code/values.js';
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
    // sqlite's dot-commands .shell and .system run a command line.
    const shell = /^sqlite3?$/.test(name)
      ? [...dbCode.matchAll(/^[ \t]*\.(?:shell|system)[ \t]+(.+)$/gm)].map((m) => ({ code: m[1]!, via: `${name} .shell` }))
      : [];
    return { nested: [...lines.map((code) => ({ code, via: `${name} ${db.kind}` })), ...shell], codeSource: null };
  }
  const inline = inlineCode(argv);
  if (inline) {
    const codeArg = args.find((a) => a.text === inline.code);
    // The words after the code are its arguments (python3 -c CODE ~/x: sys.argv[1] is ~/x).
    // Python keeps a `--` in sys.argv; node, ruby, perl and php drop it.
    const after = codeArg ? args.slice(args.indexOf(codeArg) + 1).filter((a, i) => i > 0 || a.text !== '--' || inline.language === 'python') : [];
    const lines = shellEquivalents(inline.language, inline.code, after.map(wordValue));
    // os.system(cmd) with cmd not a literal: a program runs that the line does not name; one
    // built by decoding (fromhex, b64decode, Buffer.from(…, 'base64'), pack('H*')) is a hidden payload.
    const opaque = runsDecoded(inline.code) ? 'decoded' : lines.some((l) => l.startsWith('"$UNKNOWN"')) ? 'unknown' : null;
    return { nested: lines.map((code) => ({ code, via: `${name} inline code` })), codeSource: (codeArg ? sourceOfWord(codeArg) : null) ?? opaque };
  }
  const language = stdinInterpreter(argv);
  if (language) {
    if (stdin?.kind === 'text') {
      const lines = shellEquivalents(language, stdin.text);
      const opaque = runsDecoded(stdin.text) ? 'decoded' : lines.some((l) => l.startsWith('"$UNKNOWN"')) ? 'unknown' : null;
      return { nested: lines.map((code) => ({ code, via: `${name} reading stdin` })), codeSource: opaque };
    }
    if (stdin && stdin.kind !== 'find') return { nested: [], codeSource: stdin.kind };
  }
  // A script handed to an interpreter through <(curl ...).
  const procSub = args.find((a) => a.text.startsWith('<(') && a.producers);
  if (procSub && isInterpreter(name)) {
    return { nested: [], codeSource: sourceOfWord(procSub) };
  }
  return NONE;
}

/** Code that decodes a payload and runs or evaluates it: exec(bytes.fromhex(…)), system pack("H*", …), execSync(Buffer.from(…, 'base64')). */
function runsDecoded(code: string): boolean {
  const runs = /\b(exec|eval|system|popen|spawn|spawnSync|execSync|Popen|passthru|shell_exec|proc_open|os\.remove|unlink|rmtree|rmSync|rm_rf)\b|%x[({[]/.test(
    code,
  );
  // A decoder, or a string literal reversed (".reverse", "[::-1]"): a reversed list of results is not one.
  const decodes =
    /\b(fromhex|unhexlify|b64decode|b32decode|a85decode|decodebytes|base64_decode|hex2bin|str_rot13|strrev|gzinflate|atob|rot13)\b|pack\s*\(?\s*["']H|Buffer\.from\s*\([^)]{0,256}["'](base64|hex)["']|unpack1?\s*\(?\s*["'][mH]|["']\s*(\.reverse\b|\[::-1\])|codecs\.decode/.test(
      code,
    );
  return runs && decodes;
}
