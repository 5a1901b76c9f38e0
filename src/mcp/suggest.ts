// suggest_alternative: the catalogue's alternatives for what the command matched, filled
// from the command itself, ranked by the caller's goal when one is given, plus a few
// well-known safe ways to reach common goals. A command that is allowed gets no invented
// alternative: it is said to be fine as it is.

import type { Alternative, RiskAssessment } from '../core/contracts.js';

interface Suggestion {
  command: string;
  decision: RiskAssessment['decision'];
  severity: RiskAssessment['severity'];
  safe: boolean;
  message: string;
  alternatives: Alternative[];
}

interface GoalHint {
  id: string;
  /** Words a goal must share with the hint (after lower-casing and light stemming). */
  words: string[];
  /** Only offered when the line runs one of these commands. */
  commands: string[];
  alternatives: Array<{ command: string; explanation: string }>;
}

/** Safe first steps toward common goals that dangerous commands are often used for. */
const GOAL_HINTS: GoalHint[] = [
  {
    id: 'disk-space',
    words: ['disk', 'space', 'free', 'full', 'storage'],
    commands: ['rm', 'find', 'docker', 'git'],
    alternatives: [
      { command: 'du -xh --max-depth=1 . | sort -h | tail -20', explanation: 'See what takes the space before deleting anything.' },
      {
        command: 'docker system df',
        explanation: 'See how much space images, containers, volumes and build cache hold; prune only what is listed as reclaimable.',
      },
    ],
  },
  {
    id: 'undo-commit',
    words: ['undo', 'revert', 'commit', 'last', 'mistake'],
    commands: ['git'],
    alternatives: [
      { command: 'git revert HEAD', explanation: 'Adds a commit that undoes the last one; history others have stays intact.' },
      { command: 'git reset --soft HEAD~1', explanation: 'Takes the last commit back into the index, keeping every change.' },
    ],
  },
  {
    id: 'discard-changes',
    words: ['discard', 'throw', 'clean', 'reset', 'local', 'change', 'start', 'over'],
    commands: ['git'],
    alternatives: [
      {
        command: "git stash push --include-untracked -m 'before discarding'",
        explanation: 'Puts every change aside instead of destroying it; git stash pop brings it back.',
      },
      { command: 'git clean -nd', explanation: 'Lists the untracked files a clean would delete, deleting nothing.' },
    ],
  },
  {
    id: 'update-remote',
    words: ['push', 'update', 'remote', 'sync', 'rebase', 'amend', 'branch'],
    commands: ['git'],
    alternatives: [{ command: 'git push --force-with-lease', explanation: 'Overwrites the remote branch only if nobody pushed to it since you last fetched.' }],
  },
  {
    id: 'restart-workload',
    words: ['restart', 'redeploy', 'refresh', 'reload', 'stuck', 'pod'],
    commands: ['kubectl', 'oc'],
    alternatives: [
      {
        command: 'kubectl rollout restart deployment/<name>',
        explanation: 'Replaces the pods one by one with the same spec; nothing is deleted and the rollout can be undone.',
      },
    ],
  },
  {
    id: 'preview-infra',
    words: ['infrastructure', 'tear', 'down', 'destroy', 'remove', 'cleanup', 'environment'],
    commands: ['terraform', 'tofu'],
    alternatives: [{ command: 'terraform plan -destroy', explanation: 'Shows every resource a destroy would remove, removing nothing.' }],
  },
  {
    id: 'backup-database',
    words: ['database', 'reset', 'drop', 'migrate', 'recreate', 'schema', 'table'],
    commands: ['psql', 'mysql', '@sql', 'rails', 'rake', 'mongosh', '@mongo'],
    alternatives: [
      { command: 'pg_dump --format=custom --file=backup.dump "$DATABASE_URL"', explanation: 'Take a dump first, so the data can be restored with pg_restore.' },
    ],
  },
  {
    id: 'stop-process',
    words: ['stop', 'kill', 'process', 'hung', 'port', 'terminate'],
    commands: ['kill', 'pkill', 'killall'],
    alternatives: [
      { command: 'kill -TERM <pid>', explanation: 'Asks the process to exit cleanly before anything forceful; find it with: ps aux | grep <name>.' },
    ],
  },
  {
    id: 'fix-permissions',
    words: ['permission', 'access', 'denied', 'fix', 'chmod', 'owner'],
    commands: ['chmod', 'chown'],
    alternatives: [
      {
        command: 'chmod -R u+rwX,go-w <dir>',
        explanation: 'Gives you read and write access and takes write access from others, without making anything world-writable.',
      },
    ],
  },
];

const STOP = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'and',
  'or',
  'in',
  'on',
  'my',
  'i',
  'want',
  'need',
  'this',
  'that',
  'it',
  'for',
  'with',
  'from',
  'all',
  'some',
  'is',
  'be',
]);

/** A light stemming, enough to match "changes" with "change" and "deleting" with "delete". */
const stem = (w: string): string => w.replace(/(ing|ed|es|e|s)$/, '') || w;

/** Lower-cased, stemmed content words. */
export function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (w.length < 2 || STOP.has(w)) continue;
    out.add(stem(w));
  }
  return out;
}

function overlap(goal: Set<string>, text: string): number {
  let n = 0;
  for (const w of words(text)) if (goal.has(w)) n++;
  return n;
}

export function suggest(a: RiskAssessment, commandNames: string[], goal: string | undefined): Suggestion {
  const base = { command: a.command, decision: a.decision, severity: a.severity };
  if (a.decision === 'allow') {
    return {
      ...base,
      safe: true,
      message: 'This command is allowed as it is: nothing in it is known to destroy data or change shared state, so there is no safer alternative to suggest.',
      alternatives: a.alternatives,
    };
  }
  let alternatives = [...a.alternatives];
  const goalWords = goal ? words(goal) : new Set<string>();
  if (goalWords.size > 0) {
    const seen = new Set(alternatives.map((x) => x.command));
    for (const h of GOAL_HINTS) {
      if (!h.commands.some((c) => commandNames.includes(c))) continue;
      if (!h.words.some((w) => goalWords.has(stem(w)))) continue;
      for (const alt of h.alternatives) {
        if (!seen.has(alt.command)) {
          seen.add(alt.command);
          alternatives.push({ ...alt, source: `goal:${h.id}` });
        }
      }
    }
    // Stable: equally relevant alternatives keep the catalogue's order (worst rule first).
    alternatives = alternatives
      .map((x, i) => ({ x, i, score: overlap(goalWords, `${x.command} ${x.explanation}`) }))
      .sort((p, q) => q.score - p.score || p.i - q.i)
      .map((p) => p.x);
  }
  const message =
    alternatives.length > 0
      ? `${a.decision === 'deny' ? 'Denied' : "Needs a human's approval"}: ${a.matched_rules[0]?.description ?? a.denial_reason ?? ''} Safer ways to get there are below${goal ? ', the most relevant to your goal first' : ''}.`
      : `${a.decision === 'deny' ? 'Denied' : "Needs a human's approval"}, and firebreak knows no safer equivalent: ask the person you work for before running it, and say what it would destroy.`;
  return { ...base, safe: false, message, alternatives };
}
