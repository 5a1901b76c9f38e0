// The tools bundle (dist/cli/tools.cjs): everything that needs the YAML parser, the schema
// validator or cosmiconfig, loaded only by `firebreak rules`, `firebreak policy` and a
// check whose config files are new or changed. A plain check never pays for it.

export { runRules } from './rules.js';
export { runPolicy } from './policy.js';
export { runAudit } from '../audit/cli.js';
export { buildPolicy } from '../policy/build-policy.js';
export { runConnect } from '../hooks/connect.js';
export { runDoctor } from '../hooks/doctor.js';
export { runShellDoctor } from '../shells/doctor.js';
