// Reading a small file that someone else may have put there. Only a regular file is read,
// and only up to a size: a FIFO named .git or package.json would otherwise block a check
// (and an MCP server's whole event loop) forever, and a huge file would be read to be refused.

import { readFileSync, statSync } from 'node:fs';

/** The text of a regular file of at most `maxBytes`, or null (missing, unreadable, not a file, too large). */
export function readSmallFile(path: string, maxBytes: number): string | null {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > maxBytes) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
