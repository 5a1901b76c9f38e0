// Reading the agent's payload from stdin without trusting it: at most a size, within a
// time, and never in a way that keeps the process alive after it has answered. (A read on
// libuv's thread pool cannot be abandoned: the process would wait for it at exit, for as
// long as the agent keeps the pipe open.) By what stdin is:
//   a regular file or /dev/null: read to the end, at most the size;
//   a pipe: opened again through /proc/self/fd/0 with O_NONBLOCK (a description of its own),
//     and read until end of file, waiting a millisecond whenever nothing has come yet;
//   anything else (a socket, or a system without /proc): Node's stream, with a timer.
// The first two cost tens of microseconds; the stream about 3 ms of module loading.

import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';

export type Input = { ok: true; bytes: Buffer } | { ok: false; code: 'too-large' | 'timeout' | 'unreadable'; message: string };

const tooLarge = (max: number): Input => ({
  ok: false,
  code: 'too-large',
  message: `the payload is over the ${Math.round(max / (1024 * 1024))} MiB firebreak reads`,
});
const timedOut = (ms: number): Input => ({ ok: false, code: 'timeout', message: `the agent did not finish sending its payload within ${ms} ms` });

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Reads fd to its end; EAGAIN waits a millisecond, up to the timeout. */
function drain(fd: number, maxBytes: number, timeoutMs: number): Input {
  const started = Date.now();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(64 * 1024);
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN') return { ok: false, code: 'unreadable', message: `stdin could not be read (${code ?? (e as Error).message})` };
      if (Date.now() - started >= timeoutMs) return timedOut(timeoutMs);
      Atomics.wait(pause, 0, 0, 1);
      continue;
    }
    if (n === 0) return { ok: true, bytes: Buffer.concat(chunks, total) };
    total += n;
    if (total > maxBytes) return tooLarge(maxBytes);
    chunks.push(buf.subarray(0, n));
  }
}

function viaStream(maxBytes: number, timeoutMs: number): Promise<Input> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const stdin = process.stdin;
    const finish = (r: Input): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stdin.pause();
      stdin.removeAllListeners('data');
      resolve(r);
    };
    const timer = setTimeout(() => finish(timedOut(timeoutMs)), timeoutMs);
    stdin.on('data', (d: Buffer) => {
      total += d.length;
      if (total > maxBytes) finish(tooLarge(maxBytes));
      else chunks.push(d);
    });
    stdin.once('end', () => finish({ ok: true, bytes: Buffer.concat(chunks, total) }));
    stdin.once('error', (e: NodeJS.ErrnoException) => finish({ ok: false, code: 'unreadable', message: `stdin could not be read (${e.code ?? e.message})` }));
  });
}

export async function readInput(maxBytes: number, timeoutMs: number): Promise<Input> {
  let st: ReturnType<typeof fstatSync>;
  try {
    st = fstatSync(0);
  } catch (e) {
    return { ok: false, code: 'unreadable', message: `stdin could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  if (st.isFile()) return st.size > maxBytes ? tooLarge(maxBytes) : drain(0, maxBytes, timeoutMs);
  if (st.isCharacterDevice() && st.rdev === statSync('/dev/null').rdev) return { ok: true, bytes: Buffer.alloc(0) };
  if (st.isFIFO() && process.platform === 'linux') {
    let fd: number | null = null;
    try {
      fd = openSync('/proc/self/fd/0', constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      /* no /proc: the stream below */
    }
    if (fd !== null) {
      try {
        return drain(fd, maxBytes, timeoutMs);
      } finally {
        closeSync(fd);
      }
    }
  }
  return viaStream(maxBytes, timeoutMs);
}
