// gemini end to end through firebreak's hook: the cases are in ./harness.ts.

import { agentSuite, gemini } from './harness.js';

agentSuite(gemini);
