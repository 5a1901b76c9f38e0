// copilot end to end through firebreak's hook: the cases are in ./harness.ts.

import { agentSuite, copilot } from './harness.js';

agentSuite(copilot);
