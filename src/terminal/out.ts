// Standard input, output and error as a door uses them. A check writes with writeSync:
// creating process.stdout for a pipe (what an agent or a shell plugin reads from) loads
// Node's stream machinery, about 3 ms, a fifth of a check's whole start-up.

import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';

// node:tty loads net and the stream machinery: asked for only when a door wants to know
// whether to colour its text, never by a hook or a JSON answer.
const require = createRequire(import.meta.url);

/** What a door is given to talk through: tests pass their own. */
export interface Io {
  /** A getter: touching process.stdin sets up a stream, which a single check never needs. */
  stdin: () => AsyncIterable<Buffer>;
  stdout: Out;
  stderr: Out;
}

/** What a door needs of an output stream; process.stdout and process.stderr are ones too. */
export interface Out {
  write(text: string): boolean;
  readonly isTTY?: boolean;
  once(event: 'drain', listener: () => void): unknown;
}

export class SyncOut implements Out {
  private tty: boolean | null = null;

  constructor(private readonly fd: number) {}

  get isTTY(): boolean {
    this.tty ??= (require('node:tty') as typeof import('node:tty')).isatty(this.fd);
    return this.tty;
  }

  write(text: string): boolean {
    let buf = Buffer.from(text, 'utf8');
    while (buf.length > 0) {
      try {
        buf = buf.subarray(writeSync(this.fd, buf));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // A non-blocking pipe that is full: wait a moment and go on.
        if (code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
          continue;
        }
        // The reader is gone (firebreak check --stdin | head): nothing more to say.
        if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
        throw e;
      }
    }
    return true;
  }

  /** Writes finish before write returns, so there is never a drain to wait for. */
  once(): this {
    return this;
  }
}

/**
 * Gathers many small pieces of text and writes them in large ones, waiting when the stream
 * asks to: a stream of verdicts or log lines is one write per 64 KiB, not one per line.
 */
export class BatchedWriter {
  private pending = '';

  constructor(
    private readonly out: Out,
    private readonly batch = 64 * 1024,
  ) {}

  async add(text: string): Promise<void> {
    this.pending += text;
    if (this.pending.length > this.batch) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.pending) return;
    const ok = this.out.write(this.pending);
    this.pending = '';
    if (!ok) await new Promise<void>((r) => this.out.once('drain', () => r()));
  }
}
