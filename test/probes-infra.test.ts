// The kube-target and terraform-state probes on real kubeconfig files and Terraform working
// directories made as fixtures: which cluster and namespace a kubectl or helm command hits,
// and how many resources a destroy would remove.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseArgs } from '../src/catalogue/args.js';
import { Budget } from '../src/context/probes/budget.js';
import { kubeTargetSentence } from '../src/context/probes/kube.js';
import { countManaged, terraformStateSentence } from '../src/context/probes/terraform.js';
import { literalArg } from '../src/shell/arg.js';
import { catalogueData, testEngine } from './helpers.js';

let dir = '';
let home = '';
let work = '';

/** Options as the real catalogue's spec for the tool reads them. */
const options = (tool: string, line: string) =>
  parseArgs(
    line
      .split(' ')
      .filter(Boolean)
      .map((w) => literalArg(w)),
    catalogueData().commands[tool],
  ).options;
const envOf =
  (vars: Record<string, string> = {}) =>
  (name: string): string | undefined =>
    vars[name];
const roomy = (): Budget => new Budget(5_000);

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const KUBECONFIG_YAML = [
  'apiVersion: v1',
  'kind: Config',
  'clusters:',
  '- cluster:',
  '    server: https://10.0.0.1',
  '  name: eu',
  'contexts:',
  '- context:',
  '    cluster: eu',
  '    namespace: payments',
  '    user: admin',
  '  name: prod-eu',
  '- context:',
  '    cluster: eu',
  '    user: admin',
  '  name: staging',
  'current-context: prod-eu',
  'users:',
  '- name: admin',
  '  user:',
  '    token: x',
  '',
].join('\n');

/** A v4 state: 42 managed instances over five types, plus what must not be counted. */
function stateV4(): string {
  const managed = (type: string, name: string, n: number, module?: string) => ({
    ...(module ? { module } : {}),
    mode: 'managed',
    type,
    name,
    provider: 'provider["registry.terraform.io/hashicorp/aws"]',
    instances: Array.from({ length: n }, (_, i) => ({ index_key: i, schema_version: 0, attributes: { id: `${name}-${i}` } })),
  });
  return JSON.stringify(
    {
      version: 4,
      terraform_version: '1.7.5',
      serial: 12,
      lineage: 'abc',
      outputs: {},
      resources: [
        managed('aws_instance', 'web', 15),
        managed('aws_instance', 'bastion', 2),
        managed('aws_s3_bucket', 'logs', 9, 'module.storage'),
        managed('aws_iam_role', 'svc', 8),
        managed('random_id', 'suffix', 5),
        managed('aws_vpc', 'main', 3),
        managed('aws_eip', 'spare', 0), // count = 0: nothing to destroy
        { mode: 'data', type: 'aws_ami', name: 'ubuntu', instances: [{ attributes: { id: 'ami-1' } }] },
        { mode: 'data', type: 'aws_caller_identity', name: 'me', instances: [{ attributes: {} }] },
      ],
    },
    null,
    2,
  );
}

const oneInstance = JSON.stringify({ version: 4, resources: [{ mode: 'managed', type: 'aws_instance', name: 'a', instances: [{ attributes: {} }] }] });

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'firebreak-probes-infra-'));
  home = join(dir, 'home');
  work = join(dir, 'work');
  write(join(home, '.kube', 'config'), KUBECONFIG_YAML);
  write(join(work, 'kc', 'empty.yaml'), 'apiVersion: v1\ncontexts: []\n');
  write(
    join(work, 'kc', 'ci.yaml'),
    ['contexts:', '- context:', '    cluster: ci', '    namespace: builds', '  name: ci-runner', 'current-context: ci-runner', ''].join('\n'),
  );
  write(join(work, 'kc', 'dev.json'), JSON.stringify({ 'current-context': 'dev', contexts: [{ name: 'dev', context: { namespace: 'sandbox' } }] }));
  write(join(work, 'kc', 'nocurrent.yaml'), ['contexts:', '- context:', '    cluster: x', '  name: lonely', ''].join('\n'));
  write(join(work, 'kc', 'dangling.yaml'), ['contexts:', '- context:', '    cluster: x', '  name: lonely', 'current-context: gone', ''].join('\n'));

  // Terraform working directories, one per situation.
  write(join(work, 'infra', 'main.tf'), '');
  write(join(work, 'infra', 'terraform.tfstate'), stateV4());
  write(join(work, 'ws', '.terraform', 'environment'), 'staging\n');
  write(join(work, 'ws', 'terraform.tfstate'), stateV4());
  write(join(work, 'ws', 'terraform.tfstate.d', 'staging', 'terraform.tfstate'), oneInstance);
  write(
    join(work, 'remote', '.terraform', 'terraform.tfstate'),
    JSON.stringify({ version: 3, backend: { type: 's3', config: { bucket: 'tf-state', key: 'prod.tfstate' }, hash: 1 } }),
  );
  write(join(work, 'remote', 'terraform.tfstate'), stateV4()); // left over from before the migration: not what destroy reads
  write(
    join(work, 'localpath', '.terraform', 'terraform.tfstate'),
    JSON.stringify({ version: 3, backend: { type: 'local', config: { path: 'state/main.tfstate', workspace_dir: null } } }),
  );
  write(join(work, 'localpath', 'state', 'main.tfstate'), oneInstance);
  write(join(work, 'broken', 'terraform.tfstate'), '{"version": 4, "resources": [');
  write(join(work, 'old', 'terraform.tfstate'), JSON.stringify({ version: 3, modules: [{ path: ['root'], resources: { 'aws_instance.a': {} } }] }));
  write(
    join(work, 'sealed', 'terraform.tfstate'),
    JSON.stringify({ serial: 1, lineage: 'x', meta: { key_provider: 'pbkdf2' }, encrypted_data: 'AAAA', encryption_version: 'v0' }),
  );
  write(join(work, 'empty', 'terraform.tfstate'), JSON.stringify({ version: 4, resources: [{ mode: 'data', type: 'aws_ami', name: 'u', instances: [{}] }] }));
  write(join(work, 'datadir', 'tfdata', 'environment'), 'staging');
  write(join(work, 'datadir', 'terraform.tfstate.d', 'staging', 'terraform.tfstate'), oneInstance);
  write(join(work, 'huge', 'terraform.tfstate'), '');
  truncateSync(join(work, 'huge', 'terraform.tfstate'), 64 * 1024 * 1024 + 1); // sparse: costs no disk
  mkdirSync(join(work, 'none'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('kube-target: the context and namespace from the kubeconfig and the flags', () => {
  const kube = (line: string, vars: Record<string, string> = {}, tool = 'kubectl') =>
    kubeTargetSentence(tool, options(tool, line), { cwd: work, home, env: envOf(vars) });

  test('current context and its namespace from ~/.kube/config', () => {
    assert.equal(kube('delete deploy web'), 'Runs against context prod-eu, namespace payments (current context in ~/.kube/config).');
  });
  test('-n, --namespace=, and a glued -nNAME override the context namespace; the last one wins', () => {
    assert.equal(kube('-n web delete deploy api'), 'Runs against context prod-eu, namespace web (current context in ~/.kube/config; namespace from -n).');
    assert.equal(
      kube('delete pvc data --namespace=db'),
      'Runs against context prod-eu, namespace db (current context in ~/.kube/config; namespace from --namespace).',
    );
    assert.equal(kube('delete pod x -nshop'), 'Runs against context prod-eu, namespace shop (current context in ~/.kube/config; namespace from -n).');
    assert.equal(kube('-n a delete pod x -n b'), 'Runs against context prod-eu, namespace b (current context in ~/.kube/config; namespace from -n).');
  });
  test('-A and --all-namespaces mean every namespace; --all-namespaces=false does not', () => {
    assert.equal(kube('delete pods --all -A'), 'Runs against context prod-eu, every namespace (current context in ~/.kube/config).');
    assert.equal(kube('delete pods --all --all-namespaces'), 'Runs against context prod-eu, every namespace (current context in ~/.kube/config).');
    assert.equal(kube('delete pods --all --all-namespaces=false'), 'Runs against context prod-eu, namespace payments (current context in ~/.kube/config).');
  });
  test('--context picks another context, with its own namespace (default when it sets none)', () => {
    assert.equal(
      kube('--context staging delete ns old'),
      'Runs against context staging, namespace default (context from --context, defined in ~/.kube/config).',
    );
    assert.equal(
      kube('--context=staging -n web delete deploy x'),
      'Runs against context staging, namespace web (context from --context, defined in ~/.kube/config; namespace from -n).',
    );
  });
  test('a context no file defines fails before reaching a cluster', () => {
    assert.equal(
      kube('--context prod-us delete ns x'),
      'Context prod-us is not defined in ~/.kube/config, so the command would fail before reaching a cluster.',
    );
    assert.equal(
      kube('delete ns x', { KUBECONFIG: 'kc/dangling.yaml' }),
      'Context gone is not defined in ./kc/dangling.yaml, so the command would fail before reaching a cluster.',
    );
  });
  test('KUBECONFIG replaces ~/.kube/config; relative entries are read from where the command runs', () => {
    assert.equal(kube('delete ns x', { KUBECONFIG: 'kc/ci.yaml' }), 'Runs against context ci-runner, namespace builds (current context in ./kc/ci.yaml).');
  });
  test('with several files, the first that sets current-context wins and is the one named', () => {
    assert.equal(
      kube('delete ns x', { KUBECONFIG: ['kc/missing.yaml', 'kc/empty.yaml', 'kc/ci.yaml', join(home, '.kube', 'config')].join(':') }),
      'Runs against context ci-runner, namespace builds (current context in ./kc/ci.yaml).',
    );
    assert.equal(
      kube('--context staging delete ns x', { KUBECONFIG: ['kc/ci.yaml', join(home, '.kube', 'config')].join(':') }),
      'Runs against context staging, namespace default (context from --context, defined in ~/.kube/config).',
    );
  });
  test('--kubeconfig beats KUBECONFIG; a JSON kubeconfig is read too', () => {
    assert.equal(
      kube('--kubeconfig kc/dev.json delete ns x', { KUBECONFIG: 'kc/ci.yaml' }),
      'Runs against context dev, namespace sandbox (current context in ./kc/dev.json).',
    );
    assert.equal(kube('delete ns x --kubeconfig=~/.kube/config'), 'Runs against context prod-eu, namespace payments (current context in ~/.kube/config).');
  });
  test('a --kubeconfig that is not there stops the command', () => {
    assert.equal(
      kube('--kubeconfig kc/nope.yaml delete ns x'),
      'The kubeconfig ./kc/nope.yaml does not exist, so the command would fail before reaching a cluster.',
    );
  });
  test('no current context, and no kubeconfig at all', () => {
    assert.equal(
      kube('delete ns x', { KUBECONFIG: 'kc/nocurrent.yaml' }),
      'No current context is set in ./kc/nocurrent.yaml, so the cluster it would reach is not known.',
    );
    assert.equal(kube('delete ns x', { KUBECONFIG: 'kc/missing.yaml' }), null);
    assert.equal(kubeTargetSentence('kubectl', [], { cwd: work, home: join(dir, 'nobody'), env: envOf() }), null);
  });
  test('helm: --kube-context, and HELM_KUBECONTEXT and HELM_NAMESPACE from the environment', () => {
    assert.equal(kube('uninstall web', {}, 'helm'), 'Runs against context prod-eu, namespace payments (current context in ~/.kube/config).');
    assert.equal(
      kube('--kube-context staging uninstall web -n shop', {}, 'helm'),
      'Runs against context staging, namespace shop (context from --kube-context, defined in ~/.kube/config; namespace from -n).',
    );
    assert.equal(
      kube('uninstall web', { HELM_KUBECONTEXT: 'staging', HELM_NAMESPACE: 'cart' }, 'helm'),
      'Runs against context staging, namespace cart (context from HELM_KUBECONTEXT, defined in ~/.kube/config; namespace from HELM_NAMESPACE).',
    );
    assert.equal(
      kube('uninstall web -n shop', { HELM_NAMESPACE: 'cart' }, 'helm'),
      'Runs against context prod-eu, namespace shop (current context in ~/.kube/config; namespace from -n).',
    );
  });
  test('oc reads the same flags; other tools get no sentence', () => {
    assert.equal(
      kube('delete project billing -n x', {}, 'oc'),
      'Runs against context prod-eu, namespace x (current context in ~/.kube/config; namespace from -n).',
    );
    assert.equal(kubeTargetSentence('velero', [], { cwd: work, home, env: envOf() }), null);
  });
});

describe('terraform-state: what a destroy removes, from the local state', () => {
  const tf = (line: string, cwd = work, vars: Record<string, string> = {}, budget = roomy(), tool = 'terraform') =>
    terraformStateSentence(tool, options(tool, line), { cwd, env: envOf(vars) }, budget);

  test('managed instances are counted by type; data sources and count = 0 are not', () => {
    assert.deepEqual(countManaged(JSON.parse(stateV4())), {
      total: 42,
      byType: [
        ['aws_instance', 17],
        ['aws_s3_bucket', 9],
        ['aws_iam_role', 8],
        ['random_id', 5],
        ['aws_vpc', 3],
      ],
    });
    assert.equal(
      tf('destroy', join(work, 'infra')),
      'Destroys 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from terraform.tfstate.',
    );
  });
  test('-chdir chooses the directory; apply -destroy and tofu read the same state', () => {
    const expected = 'Destroys 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from infra/terraform.tfstate.';
    assert.equal(tf('-chdir=infra destroy'), expected);
    assert.equal(tf('-chdir=infra apply -destroy -auto-approve'), expected);
    assert.equal(tf('-chdir=infra destroy', work, {}, roomy(), 'tofu'), expected);
  });
  test('the workspace in .terraform/environment reads terraform.tfstate.d/<workspace>; TF_WORKSPACE overrides it', () => {
    assert.equal(
      tf('destroy', join(work, 'ws')),
      'Destroys 1 resource (1 aws_instance) in workspace staging, from terraform.tfstate.d/staging/terraform.tfstate.',
    );
    assert.equal(
      tf('-chdir=ws destroy', work, { TF_WORKSPACE: 'default' }),
      'Destroys 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from ws/terraform.tfstate.',
    );
  });
  test('TF_DATA_DIR moves .terraform', () => {
    assert.equal(
      tf('destroy', join(work, 'datadir'), { TF_DATA_DIR: 'tfdata' }),
      'Destroys 1 resource (1 aws_instance) in workspace staging, from terraform.tfstate.d/staging/terraform.tfstate.',
    );
  });
  test('a remote backend is named, not counted, even beside a stale local state file', () => {
    assert.equal(tf('-chdir=remote destroy'), 'State is in the s3 backend; resources not counted.');
    assert.equal(
      tf('-chdir=remote destroy -target=aws_instance.web'),
      'State is in the s3 backend; resources not counted. The destroy is limited to -target aws_instance.web and what depends on it.',
    );
  });
  test("the local backend's configured path is followed; -state names a file directly", () => {
    assert.equal(tf('-chdir=localpath destroy'), 'Destroys 1 resource (1 aws_instance) in workspace default, from localpath/state/main.tfstate.');
    assert.equal(
      tf('destroy -state=infra/terraform.tfstate'),
      'Destroys 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from infra/terraform.tfstate.',
    );
  });
  test('-target and -exclude limit the destroy; the state total is still given', () => {
    assert.equal(
      tf('-chdir=infra destroy -target=aws_instance.web'),
      'The state holds 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from infra/terraform.tfstate; the destroy is limited to -target aws_instance.web and what depends on it.',
    );
    assert.equal(
      tf('-chdir=infra destroy -target aws_instance.web -target=module.storage'),
      'The state holds 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from infra/terraform.tfstate; the destroy is limited to -target aws_instance.web, module.storage and what depends on them.',
    );
    assert.equal(
      tf('-chdir=infra destroy -exclude=aws_vpc.main'),
      'The state holds 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from infra/terraform.tfstate; the destroy spares -exclude aws_vpc.main.',
    );
    assert.equal(
      tf('-chdir=infra destroy -target=module.storage -exclude=aws_s3_bucket.keep'),
      'The state holds 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from infra/terraform.tfstate; the destroy is limited to -target module.storage and what depends on it and spares -exclude aws_s3_bucket.keep.',
    );
  });
  test('malformed, old-format and encrypted state files are reported, not counted', () => {
    assert.equal(tf('-chdir=broken destroy'), 'State file broken/terraform.tfstate is not valid JSON; resources not counted.');
    assert.equal(tf('-chdir=old destroy'), 'State file old/terraform.tfstate is not a version 4 state; resources not counted.');
    assert.equal(tf('-chdir=sealed destroy', work, {}, roomy(), 'tofu'), 'State file sealed/terraform.tfstate is encrypted; resources not counted.');
  });
  test('no state file, or one with only data sources: nothing recorded to destroy', () => {
    assert.equal(tf('-chdir=none destroy'), 'No state file at none/terraform.tfstate for workspace default; nothing is recorded to destroy.');
    assert.equal(tf('-chdir=empty destroy'), 'No managed resources in workspace default, from empty/terraform.tfstate; nothing is recorded to destroy.');
  });
  test('a state file over 64 MiB is refused unread; one the budget cannot cover is refused too', () => {
    assert.equal(tf('-chdir=huge destroy'), 'State file huge/terraform.tfstate is too large to count (over 64 MiB).');
    assert.equal(tf('-chdir=infra destroy', work, {}, new Budget(0)), 'State file infra/terraform.tfstate is too large to count within the time budget.');
  });
  test('terragrunt keeps state elsewhere: no sentence', () => {
    assert.equal(tf('destroy', join(work, 'infra'), {}, roomy(), 'terragrunt'), null);
  });
});

describe('the engine puts the probe sentences first in the blast radius', () => {
  const engine = testEngine();
  const detail = (line: string, env: Record<string, string> = {}) => engine.assess(line, { cwd: work, home, env, probe: true }).blast_radius_detail ?? '';

  test('kubectl delete names the context and namespace from the kubeconfig', () => {
    assert.match(
      detail('kubectl delete ns payments'),
      /^Runs against context prod-eu, namespace payments \(current context in ~\/\.kube\/config\)\. Every object in the namespace/,
    );
  });
  test('KUBECONFIG set on the line itself is honoured', () => {
    assert.match(
      detail('KUBECONFIG=kc/ci.yaml kubectl -n web scale deploy api --replicas=0'),
      /^Runs against context ci-runner, namespace web \(current context in \.\/kc\/ci\.yaml; namespace from -n\)\. /,
    );
  });
  test('helm uninstall with HELM_NAMESPACE from the environment the command runs with', () => {
    assert.match(
      detail('helm uninstall web', { HELM_NAMESPACE: 'cart' }),
      /^Runs against context prod-eu, namespace cart \(current context in ~\/\.kube\/config; namespace from HELM_NAMESPACE\)\. /,
    );
  });
  test('terraform destroy after cd, and with -chdir', () => {
    const counted = 'Destroys 42 resources (17 aws_instance, 9 aws_s3_bucket, 8 aws_iam_role, …) in workspace default, from ';
    assert.ok(detail('cd infra && terraform destroy').startsWith(counted + 'terraform.tfstate. '));
    assert.ok(detail('terraform -chdir=infra destroy -auto-approve').startsWith(counted + 'infra/terraform.tfstate. '));
    assert.ok(detail('echo yes | tofu -chdir=remote destroy').startsWith('State is in the s3 backend; resources not counted. '));
  });
  test('without probe, only the static detail', () => {
    assert.doesNotMatch(engine.assess('terraform -chdir=infra destroy', { cwd: work, home }).blast_radius_detail ?? '', /Destroys 42/);
  });
});
