// The shape of a parsed command line. Positions are UTF-16 offsets into the line that
// was parsed, so a consumer can show the exact text a finding came from.

interface Span {
  start: number;
  end: number;
}

export type WordPart =
  | { kind: 'literal'; text: string; quoted: boolean }
  | { kind: 'tilde'; user: string }
  | { kind: 'param'; name: string; op: string; operand: string; quoted: boolean; operandScripts?: Script[]; indirect?: boolean }
  | { kind: 'command-sub'; script: Script; quoted: boolean }
  /** $(( … )); `scripts` are the command substitutions inside it, which run before the arithmetic. */
  | { kind: 'arith'; text: string; scripts?: Script[] }
  | { kind: 'process-sub'; direction: '<' | '>'; script: Script };

export interface Word extends Span {
  parts: WordPart[];
}

export interface Redirect extends Span {
  fd: number | null;
  /** One of < > >> >| <> &> &>> >& <& << <<- <<< */
  op: string;
  target: Word;
  /** Present for << and <<-: the document's body, expanded like a double-quoted string unless the delimiter was quoted. */
  heredoc?: { body: Word; quotedDelimiter: boolean };
}

export interface SimpleCommandNode extends Span {
  type: 'simple';
  assignments: Word[];
  words: Word[];
  redirects: Redirect[];
}

export interface CompoundNode extends Span {
  type: 'subshell' | 'group' | 'if' | 'loop' | 'case' | 'arith-command' | 'conditional';
  /** Scripts the construct runs, in source order (conditions and bodies alike). */
  bodies: Script[];
  /** Words the construct expands (for-lists, case subjects and patterns, [[ ]] operands). */
  words: Word[];
  redirects: Redirect[];
  /** A for or select loop's variable, which takes each word of the list in turn. */
  loopVar?: string;
}

interface FunctionNode extends Span {
  type: 'function';
  name: string;
  body: Command;
}

export type Command = SimpleCommandNode | CompoundNode | FunctionNode;

export interface Pipeline extends Span {
  negated: boolean;
  commands: Command[];
}

export interface ListItem {
  pipeline: Pipeline;
  /** The operator that joins this pipeline to the next: ; & && || or newline. */
  next: string | null;
}

export interface Script extends Span {
  items: ListItem[];
}

export interface ParseIssue {
  message: string;
  position: number;
}
