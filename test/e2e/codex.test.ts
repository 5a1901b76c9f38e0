// codex end to end through firebreak's hook: the cases are in ./harness.ts.

import { agentSuite, codex } from './harness.js';

agentSuite(codex);
