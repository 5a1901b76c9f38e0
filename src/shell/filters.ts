// What the small text filters print for known input: tr, rev and base64 -d. A command
// name computed as `$(echo UN | tr A-Z a-z)link` or `$(rev <<< mr)` is then a name the line
// determines, judged as the command it is rather than as an unknown one.

import type { Arg, ArgRedirect } from './arg.js';
import { printedText } from './printed.js';

/** Input a filter is given beyond this is not worked out (the name stays unknown). */
const MAX_INPUT = 4096;

/** tr's SET notation: ranges (a-z), escapes (\n, \\, \NNN) and the classes people use. */
function trSet(spec: string): string[] | null {
  const CLASSES: Record<string, string> = {
    '[:lower:]': 'abcdefghijklmnopqrstuvwxyz',
    '[:upper:]': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '[:digit:]': '0123456789',
    '[:space:]': ' \t\n\r\f\v',
    '[:blank:]': ' \t',
  };
  const chars: string[] = [];
  for (let i = 0; i < spec.length && chars.length <= 512; ) {
    const cls = Object.keys(CLASSES).find((k) => spec.startsWith(k, i));
    if (cls) {
      chars.push(...CLASSES[cls]!);
      i += cls.length;
      continue;
    }
    if (spec[i] === '[') return null; // [c*n] repeats and [=c=] are not worked out
    let c = spec[i]!;
    i++;
    if (c === '\\' && i < spec.length) {
      const oct = /^[0-7]{1,3}/.exec(spec.slice(i))?.[0];
      const esc: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\' };
      c = oct ? String.fromCharCode(parseInt(oct, 8)) : (esc[spec[i]!] ?? spec[i]!);
      i += oct ? oct.length : 1;
    }
    if (spec[i] === '-' && i + 1 < spec.length) {
      const end = spec[i + 1]!;
      const from = c.charCodeAt(0);
      const to = end.charCodeAt(0);
      if (to < from || to - from > 256) return null;
      for (let k = from; k <= to; k++) chars.push(String.fromCharCode(k));
      i += 2;
    } else chars.push(c);
  }
  return chars.length > 512 ? null : chars;
}

function tr(args: string[], input: string): string | null {
  const opts = args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join('');
  const sets = args.filter((a) => !/^-[a-zA-Z]+$/.test(a));
  if (/[^ds]/.test(opts.replace(/-/g, ''))) return null;
  const first = sets[0] === undefined ? null : trSet(sets[0]);
  if (!first) return null;
  if (opts.includes('d')) {
    if (sets.length !== 1 || opts.includes('s')) return null;
    const drop = new Set(first);
    return [...input].filter((c) => !drop.has(c)).join('');
  }
  const second = sets[1] === undefined ? null : trSet(sets[1]);
  if (!second || second.length === 0 || sets.length !== 2) return null;
  const map = new Map<string, string>();
  for (const [k, c] of first.entries()) map.set(c, second[Math.min(k, second.length - 1)]!);
  let out = [...input].map((c) => map.get(c) ?? c).join('');
  if (opts.includes('s')) {
    const squeeze = new Set(second);
    out = out.replace(/(.)\1+/gs, (run, c: string) => (squeeze.has(c) ? c : run));
  }
  return out;
}

/** What `name args` prints given `input`; null when it is not one of these filters or not worked out. */
export function filtered(name: string, args: string[], input: string): string | null {
  if (input.length > MAX_INPUT) return null;
  if (name === 'tr') return tr(args, input);
  if (name === 'rev' && args.length === 0)
    return input
      .split('\n')
      .map((l) => [...l].reverse().join(''))
      .join('\n');
  if (name === 'base64' && args.length > 0 && args.every((a) => a === '-d' || a === '--decode' || a === '-D' || a === '-i' || a === '-di')) {
    const clean = input.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
    return Buffer.from(clean, 'base64').toString('latin1');
  }
  return null;
}

/**
 * What a pipeline of known words prints: echo or printf (or a filter reading a here-string)
 * first, then filters: `echo UN | tr A-Z a-z`, `rev <<< mr`, `echo cm0= | base64 -d`.
 */
export function pipelineOutput(stages: ReadonlyArray<{ argv: readonly Arg[]; redirects: readonly ArgRedirect[] }>): string | null {
  let text: string | null = null;
  for (const [k, stage] of stages.entries()) {
    if (stage.argv.length === 0 || stage.argv.some((a) => a.dynamic)) return null;
    const [name, ...args] = stage.argv.map((a) => a.text);
    const fed = stage.redirects.find((r) => r.input !== undefined && r.op.startsWith('<<'));
    if (stage.redirects.some((r) => r !== fed)) return null;
    const input: string | null = fed?.input ?? (k === 0 ? null : text);
    text = input === null ? printedText(name!, args) : filtered(name!, args, input);
    if (text === null) return null;
  }
  return text;
}
