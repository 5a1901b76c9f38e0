// npm run build: compile the rule catalogue, then bundle the CLI into one ESM file so a
// `firebreak check` loads one module instead of dozens (cold start is part of the product).

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildCatalogue } from './build-catalogue.js';
import { buildValidators } from './build-validators.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

if (!buildCatalogue()) process.exit(1);
buildValidators();
rmSync('dist/cli', { recursive: true, force: true });

/** Kept in step with bin/firebreak.cjs. */
const BUNDLE_END = '//# firebreak: end of bundle';

/** One CommonJS bundle of an entry point, minified, with import.meta.url mapped to the bundle's own file. */
function bundle(entry: string, outfile: string, define: Record<string, string> = {}): Promise<unknown> {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    // CommonJS, not ESM: Node's ESM loader alone adds about 5 ms to every start.
    format: 'cjs',
    target: 'node20',
    // re2 is a native addon, loaded from node_modules; cosmiconfig requires typescript only to
    // load a user's config.ts, and a compiler is never bundled.
    external: ['re2', 'typescript'],
    define: { ...define, 'import.meta.url': '__firebreakUrl' },
    banner: { js: "const __firebreakUrl = require('node:url').pathToFileURL(__filename).href;" },
    // The last line: bin/firebreak.cjs runs a bundle only when it is there, so one cut short
    // (an install or build interrupted, a full disk) fails, and the hook's fallback blocks,
    // instead of running nothing and exiting 0, which an agent reads as no objection.
    footer: { js: BUNDLE_END },
    legalComments: 'none',
    // Fully minified: V8 pre-parses the whole bundle at start-up, so every byte costs time.
    minify: true,
    logLevel: 'warning',
  });
}

await bundle('src/cli/main.ts', 'dist/cli/firebreak.cjs', { FIREBREAK_VERSION: JSON.stringify(pkg.version) });
// `firebreak rules|policy` and config loading in a bundle of their own: YAML, the schema
// validator and cosmiconfig stay out of a plain `check`.
await bundle('src/cli/tools-bundle.ts', 'dist/cli/tools.cjs');
// `firebreak mcp` in a third: the MCP SDK and zod load only for the server.
await bundle('src/mcp/server.ts', 'dist/cli/mcp.cjs');
console.error('firebreak build: bundled dist/cli/firebreak.cjs, dist/cli/tools.cjs and dist/cli/mcp.cjs');
// The shell plugins, as `firebreak init` prints them (src/shells/init.ts reads them here).
rmSync('dist/shells', { recursive: true, force: true });
cpSync('src/shells/plugins', 'dist/shells', { recursive: true });

// Warm V8's code cache with one run that takes the common paths (parser, matcher,
// templates, text output, finding and reading config files); bin/firebreak.cjs writes the
// cache when the run ends. The run happens in a throwaway home with a user config and a
// project policy, so the policy code is in the cache too.
const warm = mkdtempSync(join(tmpdir(), 'firebreak-warm-'));
mkdirSync(join(warm, '.config', 'firebreak'), { recursive: true });
mkdirSync(join(warm, 'project', '.git'), { recursive: true });
writeFileSync(join(warm, 'project', '.git', 'HEAD'), 'ref: refs/heads/main\n');
writeFileSync(join(warm, '.config', 'firebreak', 'config.yaml'), 'on_error: ask\n');
writeFileSync(join(warm, 'project', '.firebreak.yaml'), 'deny: [git:stash-clear]\n');
const warmEnv = { ...process.env, HOME: warm, XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '', FIREBREAK_CONFIG: '' };
for (let i = 0; i < 2; i++) {
  // The first run merges the policy and caches it; the second reads it back, as most checks do.
  if (i === 1) rmSync('dist/cli/firebreak.cjs.cache', { force: true });
  spawnSync(
    process.execPath,
    ['bin/firebreak.cjs', 'check', '--cwd', join(warm, 'project'), '--', "git status && git push --force origin main; rm -rf ~ && echo 'x' | bash"],
    { stdio: 'ignore', env: warmEnv },
  );
}
// Then a hook call of each kind of agent tool call (shell, file write), in the same cache:
// agents run a hook before every command, so its path is the hottest of all.
const hookPayloads = [
  {
    session_id: 'warm',
    cwd: join(warm, 'project'),
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'git status && rm -rf ~ && git push --force origin main' },
  },
  {
    session_id: 'warm',
    cwd: join(warm, 'project'),
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: join(warm, 'project', 'src', 'a.ts'), content: 'x' },
  },
];
for (const p of hookPayloads) {
  spawnSync(process.execPath, ['bin/firebreak.cjs', 'hook', 'claude'], {
    input: JSON.stringify(p),
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...warmEnv, FIREBREAK_WRITE_CODE_CACHE: '1' },
  });
}
// The MCP server's bundle, the same way: one session of an initialize and a few calls.
const session = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'build', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ...['check_command', 'suggest_alternative', 'explain_risk'].map((name, i) => ({
    jsonrpc: '2.0',
    id: 3 + i,
    method: 'tools/call',
    params: { name, arguments: { command: 'git push --force origin main && rm -rf build' } },
  })),
  { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_policy', arguments: {} } },
];
spawnSync(process.execPath, [join(process.cwd(), 'bin', 'firebreak.cjs'), 'mcp'], {
  cwd: join(warm, 'project'),
  input: session.map((m) => JSON.stringify(m)).join('\n') + '\n',
  stdio: ['pipe', 'ignore', 'ignore'],
  env: warmEnv,
});
rmSync(warm, { recursive: true, force: true });
console.error('firebreak build: code caches written next to the bundles in dist/cli/');
