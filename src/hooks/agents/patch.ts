// The files a patch in Codex's apply_patch format touches: its headers name each one.
//   *** Begin Patch
//   *** Update File: src/app.ts
//   *** Move to: src/main.ts
//   *** Add File: docs/x.md
//   *** Delete File: old.txt
//   *** End Patch

const HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+?)\s*$/;

export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split('\n')) {
    const m = HEADER.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (m && !paths.includes(m[1]!)) paths.push(m[1]!);
  }
  return paths;
}
