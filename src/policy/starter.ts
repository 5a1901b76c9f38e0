// The commented starter policy `firebreak policy init` writes. It validates as it stands
// (a test keeps it so); the commented lines show every setting a project may use.

/** The custom rule the starter shows, as an item of `rules:`; tests run its examples. */
export const STARTER_RULE = `  - id: custom:deploy-prod
    description: Deploys to production from a laptop, bypassing the release pipeline.
    severity: High
    match:
      command: make
      pattern: '^make( .*)? deploy-prod( |$)'
    blast_radius: { scope: ACCOUNT, detail: 'Ships this working tree to production.' }
    alternatives:
      - command: make deploy-staging
        explanation: Deploy to staging; production releases go through the pipeline.
    examples:
      match: [make deploy-prod, make -j4 deploy-prod, make build deploy-prod]
      no_match: [make deploy-staging, make test, make deploy-production-docs]
`;

const commented = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `# ${l}`)
    .join('\n') + '\n';

export const STARTER_POLICY = `# firebreak project policy: how commands run in this repository are judged.
# Reference: schemas/config.schema.json in the firebreak package; check it with
#   firebreak policy validate .firebreak.yaml
# A project policy can only tighten what each person's own config allows: it may add
# rules, always deny rules, raise severities, lower thresholds and add protected branches
# or production words. Anything that would loosen is rejected with an error.
version: 1

# Branches whose history is shared: rewriting them (force push, reset) is raised a step.
# Added to the built-in list (main, master, develop, release/*, ...).
protected_branches:
  - main
  - release/*

# Words that mark production in a kube context or namespace, or in NODE_ENV and the like.
# Added to the built-in list (prod, production, prd, live).
# production_patterns: [payments-live]

# Severity at or above which a command needs a human (ask) or is refused (deny), for
# coding agents and for people at a shell. Severities: Info, Low, Medium, High, Critical.
# thresholds:
#   agent: { ask: Low, deny: High }
#   human: { ask: Medium, deny: Critical }

# What a line that cannot be assessed, or a broken config, turns into: ask or deny.
# on_error: deny

# Rules that are always denied here, by id or a whole group (firebreak rules list).
# deny:
#   - git:push-force
#   - database:*

# Raise a rule's severity in this repository.
# severity:
#   git:reset-hard: Critical

# Rules of your own, in the catalogue's format, each with examples that are tested.
# rules:
${commented(STARTER_RULE)}
# Every verdict given to a coding agent is written to each person's audit log (firebreak
# audit reads it), allowed commands included. A person may switch it off in their own
# config; this switches it back on here. Where the log is stays each person's choice.
# audit:
#   enabled: true
#   include_allowed: true
`;
