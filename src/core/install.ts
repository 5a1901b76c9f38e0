// Where this installation of firebreak is, for the lines other programs run it by: the hook
// command in an agent's settings, the helper a shell plugin starts.

import { fileURLToPath } from 'node:url';

/** The bin script that runs this build (from the sources and from the bundle alike, two levels up). */
export function firebreakBin(): string {
  return fileURLToPath(new URL('../../bin/firebreak.cjs', import.meta.url));
}
