// Redirections and here-documents: `2>&1`, `> file`, `<<EOF` whose body is read after the
// next newline. Split from the structural parser, which extends this class.

import type { Redirect, Word } from './ast.js';
import { WordReader } from './words.js';

const REDIRECT_OPS = ['&>>', '<<<', '<<-', '&>', '>>', '>|', '<>', '>&', '<&', '<<', '>', '<'];

interface PendingHeredoc {
  redirect: Redirect;
  delimiter: string;
  stripTabs: boolean;
  quoted: boolean;
}

export abstract class RedirectReader extends WordReader {
  private pending: PendingHeredoc[] = [];

  protected readRedirect(): Redirect | null {
    const start = this.pos;
    // An io-number (`2>`, `123>`: bash takes any descriptor) or bash's named one (`{fd}>`).
    const m = /^([0-9]{1,9}|\{[A-Za-z_][A-Za-z0-9_]{0,63}\})?/.exec(this.src.slice(this.pos, this.pos + 66));
    const prefix = m?.[1] ?? '';
    const digits = prefix.startsWith('{') ? '' : prefix;
    const at = this.pos + prefix.length;
    const c = this.src[at];
    if (c !== '<' && c !== '>' && !(c === '&' && this.src[at + 1] === '>')) return null;
    if ((c === '<' || c === '>') && this.src[at + 1] === '(') return null; // process substitution
    const op = REDIRECT_OPS.find((o) => this.src.startsWith(o, at));
    if (!op) return null;
    this.pos = at + op.length;
    this.skipBlanks();
    const target = this.readWord() ?? { parts: [], start: this.pos + this.offset, end: this.pos + this.offset };
    if (target.parts.length === 0) this.issue(`redirect '${op}' without a target`, start);
    const redirect: Redirect = { fd: digits ? Number(digits) : null, op, target, start: start + this.offset, end: this.pos + this.offset };
    if (op === '<<' || op === '<<-') {
      const raw = this.src.slice(target.start - this.offset, target.end - this.offset);
      const quoted = /['"\\]/.test(raw);
      const delimiter = target.parts.map((p) => (p.kind === 'literal' ? p.text : '')).join('');
      this.pending.push({ redirect, delimiter, stripTabs: op === '<<-', quoted });
    }
    return redirect;
  }

  /** Called just after a newline: reads the bodies of the here-documents opened on that line. */
  protected readHeredocs(): void {
    const docs = this.pending;
    this.pending = [];
    for (const doc of docs) {
      const bodyStart = this.pos;
      let bodyEnd = -1;
      while (!this.atEnd()) {
        let nl = this.src.indexOf('\n', this.pos);
        if (nl < 0) nl = this.src.length;
        let line = this.src.slice(this.pos, nl);
        if (doc.stripTabs) line = line.replace(/^\t+/, '');
        if (line === doc.delimiter) {
          bodyEnd = this.pos;
          this.pos = Math.min(nl + 1, this.src.length);
          break;
        }
        this.pos = Math.min(nl + 1, this.src.length);
      }
      if (bodyEnd < 0) {
        bodyEnd = this.src.length;
        this.issue(`here-document not ended by '${doc.delimiter}'`, bodyStart);
      }
      const text = this.src.slice(bodyStart, bodyEnd);
      let body: Word;
      if (doc.quoted) {
        body = { parts: [{ kind: 'literal', text, quoted: true }], start: bodyStart + this.offset, end: bodyEnd + this.offset };
      } else {
        const parts = this.parseApart(text, bodyStart, (sub) => sub.readDoubleQuotedBody(null), []);
        body = { parts, start: bodyStart + this.offset, end: bodyEnd + this.offset };
      }
      doc.redirect.heredoc = { body, quotedDelimiter: doc.quoted };
    }
  }
}
