// What a command writes on its stdout, as far as the line shows: the text of echo and
// printf with literal words, what cat passes on (its stdin, or files the line wrote), or
// where unknown output comes from (a download, a decoder, anything else).

import type { Arg } from '../shell/arg.js';
import type { CodeSource, NormalisedCommand } from '../shell/normalise.js';
import { printedText } from '../shell/printed.js';
import { DECODERS, DOWNLOADERS } from './code-sources.js';
import type { Stdin } from './result.js';

/** A file's or a stream's content when the line shows it, else where it came from. */
export type Content = { text: string } | { source: CodeSource };

export function stdinSource(stdin: Stdin): CodeSource {
  return stdin && stdin.kind !== 'text' && stdin.kind !== 'find' ? stdin.kind : 'unknown';
}

/** The output of a command; `fileContent` says what a file the line wrote holds. */
export function printedOutput(cmd: NormalisedCommand, stdin: Stdin, fileContent: (a: Arg) => Content | undefined = () => undefined): Content {
  if ((cmd.name === 'echo' || cmd.name === 'printf') && cmd.args.every((a) => !a.dynamic)) {
    const t = printedText(
      cmd.name,
      cmd.args.map((a) => a.text),
    );
    if (t !== null) return { text: t };
  }
  if (cmd.name === 'cat' || cmd.name === 'tee') {
    const files = cmd.name === 'cat' ? cmd.args.filter((a) => !a.text.startsWith('-') || a.text === '-') : [];
    if (files.length === 0) return stdin?.kind === 'text' ? { text: stdin.text } : { source: stdinSource(stdin) };
    const texts = files.map((f) => (f.dynamic ? undefined : fileContent(f)));
    if (texts.every((t) => t && 'text' in t)) return { text: texts.map((t) => (t as { text: string }).text).join('') };
  }
  if (DOWNLOADERS.has(cmd.name)) return { source: 'download' };
  if (DECODERS.has(cmd.name) || cmd.name === 'base64') return { source: 'decoded' };
  return { source: 'unknown' };
}
