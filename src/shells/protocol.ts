// What a shell plugin and its helper say to each other over two FIFOs: requests one field a
// line, answers one line each. Everything in a field is escaped so a line never breaks it:
// a backslash as \\, a newline as \n, a tab as \t, a carriage return as \r. The shells do
// this with their own string substitution (no process is started), and a shell reads the
// answer's text back with printf %b, which reverses exactly this escaping.
//
// A request, written by the shell in one go:
//   cwd<TAB>/home/me/project
//   env<TAB>KUBECONFIG=/home/me/.kube/prod      (one per variable that is set)
//   alias<TAB>k=kubectl                          (one per alias)
//   func<TAB>name<TAB>definition                 (one per function named on the line)
//   part<TAB>make                                (the line just typed, when earlier ones were read)
//   complete<TAB>1                               (the shell itself reads the text as whole)
//   continued<TAB>1                              (the earlier lines are surely still pending)
//   line<TAB>rm -rf build\nmake
//   go<TAB>17
// and after a prompt, what the person chose (for the audit log), with no answer:
//   done<TAB>17<TAB>ran|kept
// An answer: ID<TAB>decision<TAB>friction<TAB>token<TAB>text, where decision is allow, more (the
// line is incomplete: let the shell read the next one; its token says why, `open` or
// `heredoc`), ask, deny or error (the guard could not judge: run it, and say the guard is not
// working).

type AnswerDecision = 'allow' | 'more' | 'ask' | 'deny' | 'error';
/** How the shell stops the line: a y/N prompt, the verdict shown and the line run, or typing the target's name. */
export type Friction = 'none' | 'confirm' | 'warn' | 'type';

export interface ShellRequest {
  id: string;
  cwd: string;
  line: string;
  env: Record<string, string>;
  aliases: Map<string, string>;
  /** Function name to its definition, as the shell printed it. */
  functions: Map<string, string>;
  /** The line just typed, when earlier lines of the same command were read already. */
  part: string;
  /** The shell itself read the text as a whole command: it runs now, unfinished or not to firebreak's parser. */
  complete: boolean;
  /** The shell vouches that the earlier lines are still pending (no prompt was shown since): `part` need not stand alone. */
  continued: boolean;
}

export interface ShellAnswer {
  id: string;
  decision: AnswerDecision;
  friction: Friction;
  /** What the person types to run a denied line (friction type). */
  token: string;
  text: string;
}

type ShellMessage =
  | { kind: 'check'; request: ShellRequest }
  | { kind: 'done'; id: string; ran: boolean }
  /** A request that could not be read: answered with an error under its id. */
  | { kind: 'bad'; id: string; message: string };

export function escapeField(s: string): string {
  return s.replace(/[\\\n\t\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\t' ? '\\t' : '\\r'));
}

export function unescapeField(s: string): string {
  return s.replace(/\\([\\ntr])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : '\\'));
}

/** An empty field is written as `-`: shells split on tabs as whitespace, and would run two tabs together. */
export function formatAnswer(a: ShellAnswer): string {
  const field = (s: string): string => (s === '' ? '-' : escapeField(s));
  return `${[a.id, a.decision, a.friction, field(a.token), field(a.text)].join('\t')}\n`;
}

/** Most lines one request may hold (aliases and functions included): a request past it is refused, not read forever. */
const MAX_REQUEST_LINES = 4096;

/**
 * Reads requests line by line. A request's fields collect until its `go` line; a line that
 * fits no field spoils the request, which is then answered with an error under its id, so
 * one garbled write cannot turn into a verdict for a line nobody typed.
 */
export class RequestReader {
  private current: ShellRequest | null = null;
  private lines = 0;
  private spoiled: string | null = null;

  private fresh(): ShellRequest {
    return { id: '', cwd: '', line: '', env: {}, aliases: new Map(), functions: new Map(), part: '', complete: false, continued: false };
  }

  /** Feeds one line (without its newline); returns a message when one is complete. */
  push(raw: string): ShellMessage | null {
    const tab = raw.indexOf('\t');
    const key = tab < 0 ? raw : raw.slice(0, tab);
    const rest = tab < 0 ? '' : raw.slice(tab + 1);
    if (key === 'done') {
      const [id = '', what = ''] = rest.split('\t');
      return { kind: 'done', id, ran: what === 'ran' };
    }
    const r = (this.current ??= this.fresh());
    if (key === 'go') {
      r.id = rest;
      const spoiled = this.spoiled;
      this.current = null;
      this.lines = 0;
      this.spoiled = null;
      return spoiled ? { kind: 'bad', id: rest, message: `the shell plugin sent ${spoiled}` } : { kind: 'check', request: r };
    }
    if (this.spoiled) return null;
    if (++this.lines > MAX_REQUEST_LINES) {
      this.spoiled = `a request of more than ${MAX_REQUEST_LINES} lines`;
      return null;
    }
    switch (key) {
      case 'cwd':
        r.cwd = unescapeField(rest);
        return null;
      case 'line':
        r.line = unescapeField(rest);
        return null;
      case 'part':
        r.part = unescapeField(rest);
        return null;
      case 'complete':
        r.complete = rest === '1';
        return null;
      case 'continued':
        r.continued = rest === '1';
        return null;
      case 'env':
      case 'alias': {
        const text = unescapeField(rest);
        const eq = text.indexOf('=');
        if (eq <= 0) return null;
        if (key === 'env') r.env[text.slice(0, eq)] = text.slice(eq + 1);
        else r.aliases.set(text.slice(0, eq), text.slice(eq + 1));
        return null;
      }
      case 'func': {
        const t = rest.indexOf('\t');
        if (t > 0) r.functions.set(unescapeField(rest.slice(0, t)), unescapeField(rest.slice(t + 1)));
        return null;
      }
      default:
        this.spoiled = `an unknown field '${key.slice(0, 20)}'`;
        return null;
    }
  }
}
