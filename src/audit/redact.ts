// Secrets taken out of a command line before it is written to the audit log: the log is
// kept for months and read by people who must not learn a database password from it.
// What is kept is what an audit needs: the command, the option or variable that held the
// secret, and the kind of token (`ghp_[REDACTED]`); the value itself is gone.
//
// Judging a name (TOKEN_COUNT=3 is not a secret, GITHUB_TOKEN=… is) goes by its LAST word:
// TOKEN_COUNT, MAX_TOKENS, PASSWORD_FILE, --token-file, --password-stdin are kept as they
// are; *_TOKEN, *_PASSWORD, *_SECRET, *_API_KEY, PGPASSWORD, --auth-token are redacted.
// A value is one shell word (a quoted string, or a run up to whitespace or a shell
// operator), so a redaction never swallows the `&& rm -rf ~` after a password. A value that
// is only a variable reference ($TOKEN, "${PW}", $(cat f)) holds no secret and is kept.
//
// These run on every logged command, some of them a megabyte of hostile text, in a hook
// whose budget is milliseconds. JavaScript regexes backtrack, so each one is built to stay
// linear: no nested unbounded quantifiers, and every pattern that starts with a run of some
// characters is preceded by a lookbehind that refuses to start inside such a run. A failed
// attempt then never re-scans the text the previous attempt scanned
// (test/audit-redact.test.ts times every pattern on 1 MiB hostile lines).

const R = '[REDACTED]';

/**
 * One shell word: quoted (to the closing quote, or the end when it has none), or bare. A
 * bare word does not go on into a quote (abc"def"): that quote may as well be the one that
 * closes the string the word sits in (-H 'x-api-key: abc' https://x).
 */
const QUOTED = String.raw`'[^']*'?|"(?:[^"\\]|\\[\s\S])*"?`;
const BARE = String.raw`[^\s'"\`;&|<>()]+`;
const VALUE = String.raw`(?:\$\([^()]*\)?|${BARE}|${QUOTED})`;

/** A reference to a variable or a command's output is not the secret itself; nor is what an earlier pass redacted. */
const REFERENCE = /^(?:("?)\$(?:[A-Za-z_]\w*|\{[^}]*\}|\([^)]*\))\1$|\[REDACTED\])/;

/** Last words of a name that mark a secret: GITHUB_TOKEN, --db-password, apiKey. */
const SECRET_WORDS = new Set(['token', 'password', 'passwd', 'pass', 'secret', 'passphrase', 'apikey', 'auth', 'bearer']);
/** The same words glued to the one before: PGPASSWORD, npmtoken, clientsecret. */
const GLUED = ['password', 'passwd', 'token', 'secret', 'apikey', 'passphrase'];
/** An option named *-key holds a secret only after one of these (--ssh-key and --sort-key are paths and names). */
const KEY_QUALIFIERS = new Set([
  'api',
  'secret',
  'access',
  'private',
  'auth',
  'account',
  'master',
  'encryption',
  'signing',
  'license',
  'app',
  'client',
  'subscription',
  'service',
  'admin',
  'deploy',
  'consumer',
  'storage',
  'shared',
  'session',
  'webhook',
]);

/**
 * Whether a variable, option or key name holds a secret. Variables named *_KEY and *_PWD
 * are secrets by convention (STRIPE_KEY, MYSQL_PWD); an option named *-key only with a
 * qualifier, since --key and --sort-key usually name a file or a field.
 */
export function isSecretName(name: string, kind: 'variable' | 'option'): boolean {
  // -pSup3rSecret is mysql's -p and its value, not an option named p-sup3r-secret: a
  // single-dash name is read as written, without glued or camel-case words.
  const short = kind === 'option' && /^-[^-]/.test(name);
  const words = (short ? name : name.replace(/([a-z0-9])([A-Z])/g, '$1-$2'))
    .toLowerCase()
    .split(/[-_.:/]+/)
    .filter((w) => w !== '');
  const last = words[words.length - 1];
  if (last === undefined) return false;
  if (SECRET_WORDS.has(last) || (!short && GLUED.some((g) => last.endsWith(g)))) return true;
  if (last === 'pwd') return words.length > 1;
  if (last === 'key') return kind === 'variable' ? words.length > 1 : KEY_QUALIFIERS.has(words[words.length - 2] ?? '');
  return false;
}

const keep = (value: string): boolean => REFERENCE.test(value);

type Replacer = (match: string, ...groups: string[]) => string;

/**
 * A regex built the first time a command needs it: a hook process logs one command, and
 * parsing and compiling thirty patterns it does not need cost it about two milliseconds
 * (measured), against some 0.1 ms for `npm test` when only the passes whose words occur run.
 */
class Lazy {
  private re: RegExp | null = null;
  constructor(
    readonly source: string,
    readonly flags: string,
  ) {}
  get(): RegExp {
    return (this.re ??= new RegExp(this.source, this.flags));
  }
}

/** A pass runs only when the lower-cased command holds one of its words, which every match of it holds too. */
interface Pass {
  when: readonly string[];
  re: Lazy;
  fn: Replacer;
}

/** The value of a secret-named key, option or variable is redacted; anything else is left alone. */
const named =
  (kind: 'variable' | 'option'): Replacer =>
  (m, name, sep, value) =>
    isSecretName(name!, kind) && !keep(value!) ? `${name}${sep}${R}` : m;

/** Every name isSecretName accepts holds one of these. */
const SECRET_NAME_WORDS = ['token', 'pass', 'secret', 'auth', 'bearer', 'pwd', 'key'];

/**
 * Commands whose own short options carry a password, found by the command word and
 * applied to the first such option in the rest of that simple command: `-p` means a
 * password to mysql and a port to ssh, so it is redacted only after mysql.
 */
const CLIENTS: Array<{ names: string; flag: Lazy }> = [
  // mysql -psecret; a bare -p prompts, and the word after it is the database.
  {
    names:
      'mysql|mariadb|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlpump|mysqlbinlog|mysqlslap|mariadb-dump|mariadb-admin|mariadb-import|mariadb-check|mariadb-show|7z|7za|7zz|rar|unrar',
    flag: new Lazy(String.raw`(\s-p)(${VALUE})`, ''),
  },
  {
    names: String.raw`sshpass|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|mongostat|mongotop|(?:docker|podman|nerdctl|buildah|skopeo|oras|helm\s+registry)\s+login`,
    flag: new Lazy(String.raw`(\s(?:-p|--password)(?:[ \t]+|=)?)((?!-)${VALUE})`, ''),
  },
  { names: 'redis-cli|valkey-cli|keydb-cli', flag: new Lazy(String.raw`(\s(?:-a|--pass)(?:[ \t]+|=)?)((?!-)${VALUE})`, '') },
  {
    names: 'ldapsearch|ldapadd|ldapmodify|ldapdelete|ldapwhoami|ldappasswd|ldapcompare|ldapmodrdn',
    flag: new Lazy(String.raw`(\s-w[ \t]*)((?!-)${VALUE})`, ''),
  },
  { names: 'zip|unzip|zipcloak', flag: new Lazy(String.raw`(\s-P[ \t]*)((?!-)${VALUE})`, '') },
  // curl -u user:pw keeps the user; -u user alone prompts.
  { names: 'curl|http|https|xh', flag: new Lazy(String.raw`(\s(?:-u|--user|-U|--proxy-user|-a|--auth)(?:[ \t]+|=)?['"]?[^\s:'"]*:)([^\s'"]+)`, '') },
  { names: String.raw`gh\s+secret\s+set`, flag: new Lazy(String.raw`(\s(?:-b|--body)(?:[ \t]+|=)?)((?!-)${VALUE})`, '') },
  {
    names: String.raw`(?:kubectl|oc|microk8s\s+kubectl)\s+create\s+secret`,
    flag: new Lazy(String.raw`(--from-literal(?:[ \t]+|=)['"]?[^\s='"]+=)(${VALUE})`, 'g'),
  },
];
const CLIENT_WORDS = ['mysql', 'mariadb', '7z', 'rar', 'sshpass', 'mongo', 'login', '-cli', 'ldap', 'zip', 'curl', 'http', 'xh', 'secret'];
const CLIENT_NAMES = CLIENTS.map((c) => ({ re: new Lazy(`^(?:${c.names})$`, ''), flag: c.flag }));
// A command word (a path is fine: /usr/bin/mysql) followed by a blank.
const CLIENT = new Lazy(String.raw`(?<![\w.-])(?:${CLIENTS.map((c) => c.names).join('|')})(?=\s|$)`, 'g');
const CLIENT_ANY = new Lazy(CLIENT.source, '');

/**
 * Each client's option is looked for from its name to the next client's name or the end
 * of its simple command, so `sshpass -p pw ssh db 'mysql -ppw2'` loses both passwords, and
 * every character is looked at once.
 */
function redactClients(text: string): string {
  if (!CLIENT_ANY.get().test(text)) return text;
  return text
    .split(/([;&|\n]+)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const found = [...part.matchAll(CLIENT.get())];
      if (found.length === 0) return part;
      let out = part.slice(0, found[0]!.index);
      found.forEach((m, k) => {
        const end = k + 1 < found.length ? found[k + 1]!.index : part.length;
        const rest = part.slice(m.index + m[0].length, end);
        const flag = CLIENT_NAMES.find((c) => c.re.get().test(m[0]))?.flag.get();
        out += m[0] + (flag ? rest.replace(flag, (whole: string, head: string, value: string) => (keep(value) ? whole : head + R)) : rest);
      });
      return out;
    })
    .join('');
}

const pass = (when: readonly string[], source: string, flags: string, fn: Replacer): Pass => ({ when, re: new Lazy(source, flags), fn });
const prefix: Replacer = (_m, p) => p + R;

const PASSES: Pass[] = [
  // PEM private keys, to their END line; to the closing quote or the end when there is none.
  pass(
    ['private key'],
    `(-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)[^'"]*?(-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|(?=['"])|$)`,
    'g',
    (_m, begin, end) => `${begin}${R}${end}`,
  ),
  // Authorization and API-key headers (curl -H, wget --header, git -c http.extraHeader).
  pass(
    ['authorization', 'key', 'token'],
    String.raw`(?<![\w-])((?:proxy-)?authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|private-token|job-token|x-vault-token|x-goog-api-key|x-figma-token|x-shopify-access-token|x-gitlab-token)([ \t]*:[ \t]*)((?:bearer|basic|token|digest|bot|apikey|sso-key|negotiate)[ \t]+)?([^\s'"]+)`,
    'gi',
    (m, name, sep, scheme, value) => (keep(value!) ? m : `${name}${sep}${scheme ?? ''}${R}`),
  ),
  // A cookie header inside quotes runs to the closing quote; a bare one, to the next shell operator.
  pass(['cookie'], String.raw`(['"])(Cookie[ \t]*:[ \t]*)[^'"\n]+`, 'gi', (_m, q, head) => `${q}${head}${R}`),
  pass(['cookie'], String.raw`(?<![\w'"-])(Cookie[ \t]*:[ \t]*)[^\s'"\n;&|]+`, 'gi', (_m, head) => `${head}${R}`),
  pass(['bearer'], String.raw`(?<![\w-])(Bearer[ \t]+)([A-Za-z0-9._~+/-]{8,}=*)`, 'g', (_m, head) => `${head}${R}`),
  // user:password@ in a URL; the password may itself hold an unescaped @.
  pass(['@'], String.raw`(?<![\w+.-])([A-Za-z][\w+.-]*:\/\/)([^\s:/@'"]*):([^\s/'"]+)@`, 'g', (m, scheme, user, pw) =>
    keep(pw!) ? m : `${scheme}${user}:${R}@`,
  ),
  // Query parameters that carry a key or a signature under a name that does not say so.
  pass(
    ['key=', 'sig=', 'signature=', 'code='],
    String.raw`([?&](?:key|sig|signature|code|X-Amz-Signature|X-Goog-Signature)=)([^\s&#'"]+)`,
    'g',
    (_m, head) => `${head}${R}`,
  ),
  // openssl -pass pass:secret (env:VAR and file:path name where the secret is, and stay).
  pass(['pass:'], String.raw`(?<![\w-])(pass:)([^\s'"]+)`, 'g', (_m, head) => `${head}${R}`),
  // --token abc, --api-key=abc, -password abc; a value cannot start with '-' (that is the next option).
  pass(SECRET_NAME_WORDS, String.raw`(?<![\w-])(--?[A-Za-z][\w-]*)(=|[ \t]+(?!-))(${VALUE})`, 'g', named('option')),
  // git config github.token abc, aws configure set aws_secret_access_key abc, npm config set _authToken abc.
  pass(
    SECRET_NAME_WORDS,
    String.raw`(?<![\w.:/@=-])((?:config|set)[ \t]+(?:--?[\w.=-]+[ \t]+)?)([\w/][\w.:/@-]*)([ \t]+)((?!-)${VALUE})`,
    'g',
    (m, head, name, sep, value) => (isSecretName(name!, 'variable') && !keep(value!) ? `${head}${name}${sep}${R}` : m),
  ),
  // GITHUB_TOKEN=abc, export PGPASSWORD=abc, -e API_KEY=abc, --set db.password=abc, password=abc in a libpq string.
  pass(SECRET_NAME_WORDS, String.raw`(?<![\w.$-])([A-Za-z_][\w.-]*)(=)(${VALUE})`, 'g', named('variable')),
  // "password": "abc" in JSON, also escaped inside a shell string ({\"password\":\"abc\"}).
  pass(
    SECRET_NAME_WORDS,
    String.raw`(?<![\w.\\-])(\\?["'])([A-Za-z_][\w.-]*)\1([ \t]*:[ \t]*)(\\"(?:[^"\\]|\\[^"])*|${VALUE})`,
    'g',
    (m, q, name, sep, value) => (isSecretName(name!, 'variable') && !keep(value!) ? `${q}${name}${q}${sep}${value!.startsWith('\\"') ? '\\"' : ''}${R}` : m),
  ),
  // password: abc in YAML; the blank after the colon keeps grep "password:" file.yml as it is.
  pass(SECRET_NAME_WORDS, String.raw`(?<![\w.\\-])([A-Za-z_][\w.-]*)(:[ \t]+)(${VALUE})`, 'g', named('variable')),
];

/** Token formats recognised on their own, wherever they appear; the prefix (the kind of token) is kept. */
const TOKENS: Pass[] = [
  pass(['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], String.raw`(?<![\w-])(gh[pousr]_)[A-Za-z0-9]{20,}`, 'g', prefix),
  pass(['github_pat_'], String.raw`(?<![\w-])(github_pat_)\w{20,}`, 'g', prefix),
  pass(
    ['pat', 'dt', 'rt', 'ptt', 'cbt', 'oas', 'soat', 'ffct', 'imt', 'agent'].map((k) => `gl${k}-`),
    String.raw`(?<![\w-])(gl(?:pat|dt|rt|ptt|cbt|oas|soat|ffct|imt|agent)-)[\w-]{20,}`,
    'g',
    prefix,
  ),
  pass(['xox', 'xapp-'], String.raw`(?<![\w-])(xox[abposr]-|xapp-)[A-Za-z0-9-]{10,}`, 'g', prefix),
  // OpenAI and Anthropic keys are random: a digit and a capital, unlike a branch named sk-feature-x.
  pass(['sk-'], String.raw`(?<![\w-])(sk-(?:ant-(?:api|admin)\d\d-|proj-|svcacct-|admin-)?)([\w-]{20,})`, 'g', (m, p, body) =>
    /\d/.test(body!) && /[A-Z]/.test(body!) ? p + R : m,
  ),
  pass(['akia', 'asia', 'abia', 'acca'], `(?<![A-Za-z0-9])(AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])`, 'g', prefix),
  pass(['npm_'], String.raw`(?<![\w-])(npm_)[A-Za-z0-9]{30,}`, 'g', prefix),
  pass(['eyj'], String.raw`(?<![\w-])eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]*`, 'g', () => R),
  pass(['aiza'], String.raw`(?<![\w-])(AIza)[\w-]{35}(?![\w-])`, 'g', prefix),
  pass(['sk_', 'rk_', 'whsec_'], String.raw`(?<![\w-])((?:sk|rk)_(?:live|test)_|whsec_)[A-Za-z0-9]{10,}`, 'g', prefix),
  pass(['hf_'], String.raw`(?<![\w-])(hf_)[A-Za-z0-9]{30,}`, 'g', prefix),
  pass(['pypi-'], String.raw`(?<![\w-])(pypi-)AgE[\w-]{50,}`, 'g', prefix),
  pass(['dckr_pat_'], String.raw`(?<![\w-])(dckr_pat_)[\w-]{20,}`, 'g', prefix),
];

/** Every regex this module runs, for the tests that time them on hostile input. */
export function redactionPatterns(): RegExp[] {
  return [...PASSES, ...TOKENS].map((p) => p.re.get()).concat(CLIENT.get(), ...CLIENTS.map((c) => c.flag.get()));
}

const run = (text: string, lower: string, passes: Pass[]): string => {
  let out = text;
  for (const p of passes) if (p.when.some((w) => lower.includes(w))) out = out.replace(p.re.get(), p.fn);
  return out;
};

/** The command line with every secret it recognises replaced by [REDACTED]. */
export function redactSecrets(text: string): string {
  // A command holding none of the passes' words (git status, npm test) costs a few string
  // searches and builds no regex at all.
  const lower = text.toLowerCase();
  let out = run(text, lower, PASSES);
  if (CLIENT_WORDS.some((w) => lower.includes(w))) out = redactClients(out);
  return run(out, lower, TOKENS);
}
