// What a command in a pipeline reads on stdin, as far as the line shows: the text of an
// echo, printf, here-document or here-string upstream (decoded when it is base64 the line
// itself holds), a download, an encoded payload, or something unknown.

import { printedBy } from '../code/equivalents.js';
import { inlineCode } from '../code/interpreter-argv.js';
import { literalArg } from '../shell/arg.js';
import { pathOutput } from '../shell/expansions.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import type { Stdin } from './result.js';
import { findItems } from './items.js';
import { printedText } from '../shell/printed.js';
import { DECODERS, DOWNLOADERS } from './code-sources.js';

/** Text tools whose output is their program's making: piped into a shell, it is code computed out of sight. */
const COMPUTERS = new Set(['awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed', 'perl', 'jq', 'yq']);

export const STDIN_LIMITS = {
  /** Largest payload decoded from base64 found in the line. */
  maxDecodedBytes: 64 * 1024,
} as const;

/** The text an echo or printf prints, when every word of it is literal. */
function printed(cmd: NormalisedCommand): string | null {
  if (cmd.args.some((a) => a.dynamic)) return null;
  return printedText(
    cmd.name,
    cmd.args.map((a) => a.text),
  );
}

function decodeBase64(text: string, budget: { decoded: number }): string | null {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return null;
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length > STDIN_LIMITS.maxDecodedBytes || budget.decoded + bytes.length > STDIN_LIMITS.maxDecodedBytes * 4) return null;
  budget.decoded += bytes.length;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * `upstream` finds the command before a given one in its pipeline; the chain is followed
 * back through decoders so that `echo PAYLOAD | base64 -d | sh` reads as the payload.
 */
export function stdinOf(
  cmd: NormalisedCommand,
  upstream: (c: NormalisedCommand) => NormalisedCommand | string | null,
  budget: { decoded: number },
  depth = 0,
): Stdin {
  for (const r of cmd.redirects) {
    if (r.input === undefined || (r.op !== '<<' && r.op !== '<<-' && r.op !== '<<<')) continue;
    // sh <<< "$(rev <<< '…')", sh <<< "$(curl …)": the text is what a decoder or a download made.
    if (r.op === '<<<' && r.target.dynamic && r.target.producers?.some((p) => DOWNLOADERS.has(p))) return { kind: 'download' };
    if (r.op === '<<<' && r.target.dynamic && r.target.producers?.some((p) => DECODERS.has(p))) return { kind: 'decoded' };
    return { kind: 'text', text: r.op === '<<<' ? r.input + '\n' : r.input };
  }
  if (cmd.redirects.some((r) => r.op === '<' && (r.fd === null || r.fd === 0))) {
    const file = cmd.redirects.find((r) => r.op === '<')!.target;
    if (file.output !== undefined) return { kind: 'text', text: file.output };
    if (file.producers?.some((p) => DOWNLOADERS.has(p))) return { kind: 'download' };
    // < <(…): the output of a command the line runs, which it does not show.
    return file.text === '<(…)' ? { kind: 'unknown' } : null;
  }
  const up = depth < 8 ? upstream(cmd) : null;
  if (up === null) return null;
  // A compound stage: its printed text when known, otherwise something unknown.
  if (typeof up === 'string') return up ? { kind: 'text', text: up } : { kind: 'unknown' };
  if (up.name === 'echo' || up.name === 'printf') {
    const text = printed(up);
    return text === null ? { kind: 'unknown' } : { kind: 'text', text };
  }
  if ((up.name === 'cat' || up.name === 'tee') && up.args.every((a) => a.text.startsWith('-')))
    return stdinOf(up, upstream, budget, depth + 1) ?? { kind: 'unknown' };
  if (DOWNLOADERS.has(up.name)) return { kind: 'download' };
  if (up.name === 'base64' && up.args.some((a) => /^-(d|D|-decode)$/.test(a.text))) {
    const inner = stdinOf(up, upstream, budget, depth + 1);
    if (inner?.kind === 'text') {
      const decoded = decodeBase64(inner.text, budget);
      return decoded === null ? { kind: 'decoded' } : { kind: 'text', text: decoded };
    }
    return inner?.kind === 'download' ? inner : { kind: 'decoded' };
  }
  if (DECODERS.has(up.name) || up.name === 'base64') {
    const inner = stdinOf(up, upstream, budget, depth + 1);
    return inner?.kind === 'download' ? inner : { kind: 'decoded' };
  }
  if (up.name === 'find') return { kind: 'find', items: findItems(up.args) };
  // git ls-files [PATHSPEC…] | xargs rm: the files the repository tracks there.
  if (up.name === 'git' && up.args[0]?.text === 'ls-files') {
    const specs = up.args.slice(1).filter((a) => !a.text.startsWith('-'));
    return { kind: 'find', items: specs.length > 0 ? specs.map((a) => a.text) : ['*'] };
  }
  // readlink -f ~/.ssh/id_ed25519 | xargs rm: a path the line determines.
  const path = up.args.length > 0 ? pathOutput([literalArg(up.name), ...up.args]) : undefined;
  if (path) return { kind: 'text', text: `${path.text}\n` };
  // python3 -c 'print("…")': what inline code prints, when the code shows it. Code the line
  // holds that computes what it prints (a reversed string, rot13, a join) is a payload
  // hidden the way an encoded one is; so is what awk or sed make of their input.
  const inline = inlineCode([up.name, ...up.args.map((a) => a.text)]);
  const text = inline ? printedBy(inline.language, inline.code) : null;
  if (text !== null) return { kind: 'text', text };
  return inline || COMPUTERS.has(up.name) ? { kind: 'decoded' } : { kind: 'unknown' };
}
