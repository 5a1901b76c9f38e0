// The shell grammar's entry points for the layers after it: the word and command types,
// and the grammar's limits. Reading a whole line, with the code nested in it, is the
// unwrap layer's (src/unwrap/index.ts).

export type { Arg, ArgRedirect } from './commands.js';
export type { ParseIssue } from './ast.js';
export type { CodeSource, NormalisedCommand } from './normalise.js';
export { FLATTEN_LIMITS } from './commands.js';
export { LIMITS as PARSE_LIMITS } from './words.js';
