// claude end to end through firebreak's hook: the cases are in ./harness.ts.

import { agentSuite, claude } from './harness.js';

agentSuite(claude);
