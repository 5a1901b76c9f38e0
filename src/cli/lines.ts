// Splitting a byte stream into command lines without trusting it: each line is checked
// for valid UTF-8 and for size on its own, so one bad line gets its own verdict and the
// rest are still assessed. Memory stays bounded whatever arrives.

type InputLine = { ok: true; text: string } | { ok: false; code: string; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

export async function* readLines(stream: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<InputLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overflow = false;
  const finish = (parts: Buffer[]): InputLine => {
    if (overflow) {
      overflow = false;
      return { ok: false, code: 'too-long', message: `the line is over the limit of ${maxBytes.toLocaleString('en-US')} bytes; it was not assessed` };
    }
    let buf = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    if (buf.length > 0 && buf[buf.length - 1] === 13) buf = buf.subarray(0, buf.length - 1);
    try {
      return { ok: true, text: decoder.decode(buf) };
    } catch {
      return { ok: false, code: 'invalid-utf8', message: 'the line is not valid UTF-8 (binary data?); it was not assessed' };
    }
  };
  for await (const chunk of stream) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      const end = nl < 0 ? chunk.length : nl;
      if (!overflow) {
        pending.push(chunk.subarray(start, end));
        pendingBytes += end - start;
        if (pendingBytes > maxBytes) {
          overflow = true;
          pending = [];
          pendingBytes = 0;
        }
      }
      if (nl < 0) break;
      yield finish(pending);
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
    }
  }
  if (pendingBytes > 0 || overflow) yield finish(pending);
}
