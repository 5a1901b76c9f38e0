// A position in a token list, and the small looks ahead every reader of code makes.

import type { Token } from './lexer.js';

export class Cursor {
  i = 0;

  constructor(readonly toks: Token[]) {}

  peek(k = 0): Token | undefined {
    return this.toks[this.i + k];
  }

  isOp(v: string, k = 0): boolean {
    const t = this.peek(k);
    return t?.t === 'op' && t.v === v;
  }

  isId(v: string): boolean {
    const t = this.peek();
    return t?.t === 'id' && t.v === v;
  }

  /** The identifier `k` tokens ahead, or null. */
  idAt(k = 0): string | null {
    const t = this.peek(k);
    return t?.t === 'id' ? t.v : null;
  }
}
