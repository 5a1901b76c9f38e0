// Commands that run a command for the items they read: xargs (with its real input) and GNU
// parallel (items after ::: or on stdin).

import type { Arg } from '../shell/arg.js';
import { literalArg } from '../shell/arg.js';
import type { NormalisedCommand } from '../shell/normalise.js';
import { quoteArg } from '../shell/quote.js';
import { PARALLEL, XARGS } from '../options/tools.js';
import { afterOptions, itemWord, MAX_ITEMS, stdinItems, withItems } from './items.js';
import type { NestedResult, Stdin } from './result.js';

export function xargsNested({ args, assignments }: NormalisedCommand, stdin: Stdin): NestedResult {
  const { options, rest } = afterOptions(args, XARGS);
  const words: Arg[] = rest.length > 0 ? rest : [literalArg('echo')];
  // -I R names the placeholder (and makes each line one item); -i[R] and --replace[=R] default it
  // to {}; BSD's -J R puts all the items where R stands.
  const optional = options.has('-i') ? options.get('-i') : options.get('--replace');
  const placeholder = options.get('-I') || options.get('-J') || (optional === undefined ? null : optional || '{}');
  // -0 and -d D split the input only at NUL or D: `echo 'rm -rf ~' | xargs -0 sh -c` is one item, the code.
  const delimiter = options.has('-0') || options.has('--null') ? '\0' : (options.get('-d') ?? options.get('--delimiter'));
  const items = delimiter !== undefined && stdin?.kind === 'text' ? delimited(stdin.text, delimiter) : stdinItems(stdin, placeholder !== null);
  // HOME=/tmp/x xargs claude: what xargs runs inherits the environment it was given.
  const env = assignments.map((a) => `${a.name}=${quoteArg(a.value)} `).join('');
  return { nested: withItems(words, items, placeholder).map((code) => ({ code: env + code, via: 'xargs' })), codeSource: null };
}

/** Items of input split only at a delimiter (the trailing newline echo adds stays in the last one). */
function delimited(text: string, delimiter: string): string[] {
  const d = delimiter === '\\n' ? '\n' : delimiter === '\\0' ? '\0' : delimiter.slice(0, 1) || '\0';
  const items = text.split(d);
  // The input's own end (echo's newline, printf's last NUL) is not an item.
  if (items.at(-1) === '' || items.at(-1) === '\n') items.pop();
  return items.slice(0, MAX_ITEMS).map(itemWord);
}

export function parallelNested({ args }: NormalisedCommand, stdin: Stdin): NestedResult {
  const { rest } = afterOptions(args, PARALLEL);
  const sep = rest.findIndex((a) => /^:::+\+?$/.test(a.text));
  const template = sep >= 0 ? rest.slice(0, sep) : rest;
  const itemArgs =
    sep >= 0
      ? rest
          .slice(sep + 1)
          .filter((a) => !/^:::+\+?$/.test(a.text))
          .slice(0, MAX_ITEMS)
      : [];
  // With no command, each item is itself a command line: parallel ::: 'make a' 'make b'.
  if (template.length === 0) {
    const lines = sep >= 0 ? itemArgs.map((a) => a.text) : stdin?.kind === 'text' ? stdin.text.split('\n').filter((l) => l.trim()) : [];
    return {
      nested: lines.slice(0, MAX_ITEMS).map((code) => ({ code, via: 'parallel' })),
      codeSource: sep < 0 && stdin && stdin.kind !== 'text' && stdin.kind !== 'find' ? stdin.kind : null,
    };
  }
  // parallel hands the template to a shell: a single word holding spaces is code.
  const words = template.length === 1 && /\s/.test(template[0]!.text) ? [{ ...template[0]!, dynamic: true, quoted: false }] : template;
  const items = sep >= 0 ? itemArgs.map(quoteArg) : stdinItems(stdin, true);
  const codes =
    words === template
      ? withItems(words, items, null, true)
      : items.map((it) => words[0]!.text.split('{}').join(it) + (words[0]!.text.includes('{}') ? '' : ` ${it}`));
  return { nested: codes.map((code) => ({ code, via: 'parallel' })), codeSource: null };
}
