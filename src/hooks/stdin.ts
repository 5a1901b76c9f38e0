// Reading the agent's payload from stdin without trusting it: at most a size, within a
// time. A blocking read runs on libuv's thread pool while a timer runs here, so a writer
// that never closes the pipe costs the timeout, not the agent's (longer) one. (Creating
// process.stdin would do the same through a stream, for about 3 ms more start-up.)

import { read } from 'node:fs';

export type Input = { ok: true; bytes: Buffer } | { ok: false; code: 'too-large' | 'timeout' | 'unreadable'; message: string };

export function readInput(fd: number, maxBytes: number, timeoutMs: number): Promise<Input> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (r: Input): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const timer = setTimeout(() => finish({ ok: false, code: 'timeout', message: `the agent did not finish sending its payload within ${timeoutMs} ms` }), timeoutMs);
    const next = (): void => {
      const buf = Buffer.allocUnsafe(64 * 1024);
      read(fd, buf, 0, buf.length, null, (err, n) => {
        if (done) return;
        if (err) {
          // A non-blocking pipe with nothing in it yet: try again shortly.
          if (err.code === 'EAGAIN') { setTimeout(next, 2); return; }
          finish({ ok: false, code: 'unreadable', message: `stdin could not be read (${err.code ?? err.message})` });
          return;
        }
        if (n === 0) { finish({ ok: true, bytes: Buffer.concat(chunks, total) }); return; }
        total += n;
        if (total > maxBytes) { finish({ ok: false, code: 'too-large', message: `the payload is over the ${Math.round(maxBytes / (1024 * 1024))} MiB firebreak reads` }); return; }
        chunks.push(buf.subarray(0, n));
        next();
      });
    };
    next();
  });
}
