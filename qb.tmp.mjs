var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e2) {
    throw mod = 0, e2;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/shell-quote/quote.js
var require_quote = __commonJS({
  "node_modules/shell-quote/quote.js"(exports, module) {
    "use strict";
    var OPS = (
      /** @type {const} */
      [
        "||",
        "&&",
        ";;&",
        ";;",
        ";&",
        "|&",
        "<(",
        ">(",
        "<<<",
        "<<-",
        "<<",
        ">>",
        ">&",
        ">|",
        "&>>",
        "&>",
        "<&",
        "<>",
        "&",
        ";",
        "(",
        ")",
        "|",
        "<",
        ">"
      ]
    );
    var LINE_TERMINATORS = /[\n\r\u2028\u2029]/;
    var GLOB_SHELL_SPECIAL = /[\s#!"$&'():;<=>@\\^`|~]/g;
    module.exports = function quote2(xs) {
      var sawComment = false;
      return xs.map(function(s) {
        if (sawComment && typeof s === "string" && LINE_TERMINATORS.test(s)) {
          throw new TypeError("a token after a `comment` must not contain line terminators");
        }
        if (s === "") {
          return (
            /** @type {const} */
            "''"
          );
        }
        if (s && typeof s === "object") {
          if ("op" in s && s.op === "glob") {
            if (typeof s.pattern !== "string") {
              throw new TypeError("glob token requires a string `pattern`");
            }
            if (LINE_TERMINATORS.test(s.pattern)) {
              throw new TypeError("glob `pattern` must not contain line terminators");
            }
            if (s.pattern === "") {
              return (
                /** @type {const} */
                "''"
              );
            }
            return s.pattern.replace(GLOB_SHELL_SPECIAL, "\\$&");
          }
          if ("op" in s && typeof s.op === "string") {
            if (OPS.indexOf(s.op) < 0) {
              throw new TypeError("invalid `op` value: " + JSON.stringify(s.op));
            }
            return s.op.replace(/[\s\S]/g, "\\$&");
          }
          if ("comment" in s && typeof s.comment === "string") {
            if (LINE_TERMINATORS.test(s.comment)) {
              throw new TypeError("`comment` must not contain line terminators");
            }
            sawComment = true;
            return "#" + s.comment;
          }
          throw new TypeError("unrecognized object token shape");
        }
        if (/'/.test(s) && /!/.test(s)) {
          return "'" + s.replace(/'/g, `'"'"'`) + "'";
        }
        if (/["\s\\]/.test(s) && !/'/.test(s)) {
          return "'" + s + "'";
        }
        if (/["'\s]/.test(s)) {
          return '"' + s.replace(/(["\\$`])/g, "\\$1") + '"';
        }
        return String(s).replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}~])/g, "$1\\$2");
      }).join(" ");
    };
  }
});

// node_modules/shell-quote/parse.js
var require_parse = __commonJS({
  "node_modules/shell-quote/parse.js"(exports, module) {
    "use strict";
    var CONTROL = (
      /** @type {const} */
      "(?:" + /** @type {const} */
      [
        "\\|\\|",
        "\\&(?:\\&|>>?)",
        // `&&`, `&>`, and `&>>`
        ";;\\&?",
        // `;;` and `;;&`
        "[;|]\\&",
        // `;&` and `|&`
        "\\<\\(",
        "\\<\\<\\<",
        "\\<\\<-",
        "\\<\\<(?!\\()",
        // `<<(` stays `<` and `<(`, as zsh reads it; other shells reject it
        ">>",
        ">[&|(]",
        // `>&`, `>|`, and `>(`
        "<[&>]",
        // `<&` and `<>`
        "[&;()|<>]"
      ].join(
        /** @type {const} */
        "|"
      ) + /** @type {const} */
      ")"
    );
    var controlRE = new RegExp("^" + CONTROL + "$");
    var META = (
      /** @type {const} */
      "|&;()<> \\t"
    );
    var SINGLE_QUOTE = (
      /** @type {const} */
      "'([^']*?)'"
    );
    var ANSI_C_BODY = "(?:\\\\[\\s\\S]|[^\\\\'])*?";
    var ANSI_C_QUOTE = "\\$'" + ANSI_C_BODY + "'";
    var ansiCAt = new RegExp("\\$'" + ANSI_C_BODY + "(?:(')|\\\\?$)", "g");
    var ANSI_C_LETTERS = "abeEfnrtv";
    var ANSI_C_CHARS = "\x07\b\x1B\x1B\f\n\r	\v";
    var hash = /^#$/;
    var SQ = (
      /** @type {const} */
      "'"
    );
    var DQ = (
      /** @type {const} */
      '"'
    );
    var DS = (
      /** @type {const} */
      "$"
    );
    var TOKEN = "";
    var mult = (
      /** @type {const} */
      4294967296
    );
    for (i = 0; i < 4; i++) {
      TOKEN += (mult * Math.random()).toString(16);
    }
    var i;
    var startsWithToken = new RegExp("^" + TOKEN);
    function matchAll(s, r) {
      var origIndex = r.lastIndex;
      var matches = [];
      var matchObj;
      while (matchObj = r.exec(s)) {
        matches[matches.length] = matchObj;
        if (r.lastIndex === matchObj.index) {
          r.lastIndex += 1;
        }
      }
      r.lastIndex = origIndex;
      return matches;
    }
    function getVar(env, pre, key) {
      var r = typeof env === "function" ? env(key) : env[key];
      if (typeof r === "undefined" && key != "") {
        r = "";
      } else if (typeof r === "undefined") {
        r = "$";
      }
      if (typeof r === "object") {
        return pre + TOKEN + JSON.stringify(r) + TOKEN;
      }
      return pre + r;
    }
    var ansiCEscape = /\\([0-7]{1,3}|x[\dA-Fa-f]{1,2}|u[\dA-Fa-f]{1,4}|U[\dA-Fa-f]{1,8}|c(?:\\\\|[\s\S])|[abeEfnrtv\\'"?])/g;
    function expandAnsiCEscape(m, escape) {
      var kind = escape.charAt(0);
      if (kind === "c") {
        var ctrl = escape.charAt(1);
        return ctrl === "?" ? "\x7F" : String.fromCharCode(ctrl.charCodeAt(0) & 31);
      }
      if (kind === "x" || kind === "u" || kind === "U") {
        var cp = parseInt(escape.slice(1), 16);
        if (cp > 1114111) {
          return m;
        }
        return String.fromCharCode.apply(null, cp > 65535 ? [55232 + (cp >> 10), 56320 + (cp & 1023)] : [cp]);
      }
      if (kind >= "0" && kind <= "7") {
        return String.fromCharCode(parseInt(escape, 8) & 255);
      }
      var letter = ANSI_C_LETTERS.indexOf(escape);
      return letter < 0 ? escape : ANSI_C_CHARS.charAt(letter);
    }
    function expandAnsiC(body) {
      return body.replace(ansiCEscape, expandAnsiCEscape).split("\0")[0];
    }
    function closesAnsiC(s, i2) {
      ansiCAt.lastIndex = i2;
      return !!/** @type {RegExpExecArray} */
      ansiCAt.exec(s)[1];
    }
    function parseInternal(string, env, opts) {
      if (!opts) {
        opts = {};
      }
      var BS = opts.escape || "\\";
      var ifs = opts.splitUnquoted === true ? " 	\n" : typeof opts.splitUnquoted === "string" ? opts.splitUnquoted : "";
      var BAREWORD = "(\\" + BS + `['"$\\` + BS + META + "]|\\$\\$|\\$(?!" + ANSI_C_QUOTE.slice(2) + `)|[^\\s'"$` + META + "])+";
      var DOUBLE_QUOTE = '"(?:\\' + BS + '[\\s\\S]|[^"\\' + BS + '])*"';
      var chunker = new RegExp([
        "(" + CONTROL + ")",
        // control chars
        "(" + ANSI_C_QUOTE + "|" + BAREWORD + "|" + DOUBLE_QUOTE + "|" + SINGLE_QUOTE + ")+"
      ].join("|"), "g");
      var matches = matchAll(string, chunker);
      if (matches.length === 0) {
        return [];
      }
      if (!env) {
        env = {};
      }
      var commented = false;
      return matches.map(function(match) {
        var s = match[0];
        if (!s || commented) {
          return void 0;
        }
        if (controlRE.test(s)) {
          return (
            /** @type {ControlOperator} */
            { op: s }
          );
        }
        var quote2 = false;
        var esc = false;
        var out = "";
        var words = [];
        var sawQuote = false;
        var pendingNw = null;
        var isGlob = false;
        var i2;
        function parseEnvVar() {
          i2 += 1;
          var varend;
          var varname;
          var char = s.charAt(i2);
          if (char === "{") {
            i2 += 1;
            if (s.charAt(i2) === "}") {
              throw new Error("Bad substitution: " + s.slice(i2 - 2, i2 + 1));
            }
            var depth = 1;
            varend = i2;
            while (depth > 0 && varend < s.length) {
              if (s.charAt(varend) === "{" && s.charAt(varend - 1) === "$") {
                depth += 1;
              } else if (s.charAt(varend) === "}") {
                depth -= 1;
              }
              varend += 1;
            }
            if (depth !== 0) {
              throw new Error("Bad substitution: " + s.slice(i2));
            }
            varend -= 1;
            varname = s.slice(i2, varend);
            i2 = varend;
          } else if (/[*@#?$!-]/.test(char)) {
            varname = char;
          } else {
            var slicedFromI = s.slice(i2);
            varend = slicedFromI.match(/[^\w\d_]/);
            if (!varend) {
              varname = slicedFromI;
              i2 = s.length;
            } else {
              varname = slicedFromI.slice(0, varend.index);
              i2 += /** @type {number} */
              varend.index - 1;
            }
          }
          return getVar(
            /** @type {NonNullable<typeof env>} */
            env,
            "",
            varname
          );
        }
        function flushRun() {
          if (pendingNw === null) {
            return;
          }
          if (pendingNw === 0) {
            if (out !== "") {
              words[words.length] = out;
              out = "";
            }
          } else {
            words[words.length] = out;
            out = "";
            for (var fe = 1; fe < pendingNw; fe += 1) {
              words[words.length] = "";
            }
          }
          pendingNw = null;
        }
        for (i2 = 0; i2 < s.length; i2++) {
          var c = s.charAt(i2);
          if (ifs && c !== DS) {
            flushRun();
          }
          isGlob = isGlob || !quote2 && (c === "*" || c === "?");
          if (esc) {
            out += c;
            esc = false;
          } else if (quote2) {
            if (c === quote2) {
              quote2 = false;
            } else if (quote2 == SQ) {
              out += c;
            } else {
              if (c === BS) {
                i2 += 1;
                c = s.charAt(i2);
                if (c === DQ || c === BS || c === DS) {
                  out += c;
                } else {
                  out += BS + c;
                }
              } else if (c === DS) {
                out += parseEnvVar();
              } else {
                out += c;
              }
            }
          } else if (c === DQ || c === SQ) {
            quote2 = c;
            sawQuote = true;
          } else if (controlRE.test(c)) {
            return (
              /** @type {ControlOperator} */
              { op: s }
            );
          } else if (hash.test(c)) {
            commented = true;
            var commentObj = { comment: string.slice(match.index + i2 + 1) };
            if (out.length) {
              return (
                /** @type {const} */
                [out, commentObj]
              );
            }
            return (
              /** @type {const} */
              [commentObj]
            );
          } else if (c === BS) {
            esc = true;
          } else if (c === DS && s.charAt(i2 + 1) === SQ && closesAnsiC(s, i2)) {
            flushRun();
            sawQuote = true;
            out += expandAnsiC(s.slice(i2 + 2, ansiCAt.lastIndex - 1));
            i2 = ansiCAt.lastIndex - 1;
          } else if (c === DS) {
            var value2 = parseEnvVar();
            if (!ifs) {
              out += value2;
            } else {
              for (var vi = 0; vi < value2.length; vi += 1) {
                var vc = value2.charAt(vi);
                if (ifs.indexOf(vc) < 0) {
                  flushRun();
                  out += vc;
                } else if (pendingNw === null) {
                  pendingNw = vc === " " || vc === "	" || vc === "\n" ? 0 : 1;
                } else if (vc !== " " && vc !== "	" && vc !== "\n") {
                  pendingNw += 1;
                }
              }
            }
          } else {
            out += c;
          }
        }
        if (isGlob) {
          return (
            /** @type {GlobPattern} */
            { op: "glob", pattern: out }
          );
        }
        if (ifs) {
          if (pendingNw !== null && pendingNw > 0) {
            words[words.length] = out;
            out = "";
            for (var te = 1; te < pendingNw; te += 1) {
              words[words.length] = "";
            }
          }
          if (out !== "" || sawQuote && words.length === 0) {
            words[words.length] = out;
          }
          return words;
        }
        return out;
      }).reduce(
        function(prev, arg) {
          if (typeof arg === "undefined") {
            return prev;
          }
          [].concat(arg).forEach(function(entry) {
            prev[prev.length] = entry;
          });
          return prev;
        },
        /** @type {ParseEntry[]} */
        []
      );
    }
    module.exports = function parse(s, env, opts) {
      var mapped = parseInternal(s, env, opts);
      if (typeof env !== "function") {
        return mapped;
      }
      return mapped.reduce(
        function(acc, s2) {
          if (typeof s2 === "object") {
            acc[acc.length] = s2;
            return acc;
          }
          var xs = s2.split(RegExp("(" + TOKEN + ".*?" + TOKEN + ")", "g"));
          if (xs.length === 1) {
            acc[acc.length] = xs[0];
            return acc;
          }
          xs.filter(Boolean).forEach(function(x) {
            acc[acc.length] = startsWithToken.test(x) ? JSON.parse(x.split(TOKEN)[1]) : x;
          });
          return acc;
        },
        /** @type {ParseEntry[]} */
        []
      );
    };
  }
});

// node_modules/shell-quote/index.js
var require_shell_quote = __commonJS({
  "node_modules/shell-quote/index.js"(exports) {
    "use strict";
    exports.quote = require_quote();
    exports.parse = require_parse();
  }
});

// qb.tmp.ts
import { readFileSync as readFileSync2 } from "node:fs";

// src/core/severity.ts
var RANK = { Info: 0, Low: 1, Medium: 2, High: 3, Critical: 4 };
function severityRank(s) {
  return RANK[s];
}
function maxSeverity(a, b) {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}
function atLeast(s, threshold) {
  return s !== null && RANK[s] >= RANK[threshold];
}

// src/context/context.ts
import { statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, resolve } from "node:path";

// src/context/paths.ts
import { posix } from "node:path";
var SYSTEM_TOP = /* @__PURE__ */ new Set([
  "bin",
  "boot",
  "dev",
  "etc",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "opt",
  "proc",
  "root",
  "run",
  "sbin",
  "srv",
  "sys",
  "usr",
  "var",
  "mnt",
  "media",
  "snap",
  "home",
  "nix",
  "lost+found",
  "System",
  "Library",
  "Applications",
  "private",
  "Users",
  "Volumes",
  "cores"
]);
var DEVICE = /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|md\d|dm-\d|loop\d|sr\d|disk\d|rdisk\d|mapper\/|disk\/|nbd\d|zd\d|root$)/;
var NULL_DEVICES = /* @__PURE__ */ new Set(["/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/full", "/dev/random", "/dev/urandom"]);
var DISPOSABLE = /* @__PURE__ */ new Set([
  "node_modules",
  "bower_components",
  "dist",
  "build",
  "out",
  "target",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".output",
  ".turbo",
  ".parcel-cache",
  ".cache",
  ".vite",
  ".angular",
  ".expo",
  ".docusaurus",
  "storybook-static",
  "_site",
  ".sass-cache",
  ".venv",
  "venv",
  ".tox",
  ".nox",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  ".hypothesis",
  ".eggs",
  "coverage",
  ".coverage",
  ".nyc_output",
  "htmlcov",
  ".gradle",
  ".terraform",
  "tmp",
  ".tmp",
  "temp",
  "logs",
  ".DS_Store",
  ".dart_tool",
  ".build",
  "DerivedData",
  ".stack-work",
  "dist-newstyle",
  ".pnpm-store",
  ".yarn-cache",
  "obj",
  "cdk.out",
  ".serverless",
  ".aws-sam",
  ".webpack",
  "lib-cov",
  ".eslintcache",
  ".npm",
  "Pods",
  "elm-stuff",
  "_build",
  "deps"
]);
var DISPOSABLE_PATTERN = /(\.egg-info|\.pyc|\.pyo|\.o|\.class|\.log|\.tsbuildinfo|^cmake-build-.*)$/;
var LOCK_FILES = /* @__PURE__ */ new Set(["package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "bun.lock", "Cargo.lock", "poetry.lock", "Pipfile.lock", "composer.lock", "Gemfile.lock", "go.sum", "uv.lock", "pdm.lock", "mix.lock", "pubspec.lock", "Podfile.lock", "flake.lock"]);
var HOME_DISPOSABLE = /* @__PURE__ */ new Set([".cache", ".npm", ".yarn", ".pnpm-store", ".gradle", ".m2", ".cargo", ".rustup", ".pyenv", ".nvm", ".local", "Downloads", ".Trash"]);
var SYSTEM_CACHES = ["/var/cache", "/var/lib/apt/lists", "/usr/local/share/.cache"];
var ALL_GLOB = /^(\*|\.\*|\*\.\*|\*\*|\{\*,\.\*\}|\{\.\*,\*\}|\.\[!.\]\*|\.\?\*)$/;
function inside(child, parent) {
  return parent === "/" ? child !== "/" : child.startsWith(parent + "/");
}
function classifyPath(arg, ctx, cwd = null) {
  if (arg.guarded) return { cls: "guarded", path: arg.text };
  if (arg.dynamic && !arg.home) return { cls: "unknown", path: arg.text };
  let text = arg.text;
  if (text === "") return { cls: "unknown", path: text };
  if (arg.home) text = ctx.home + text.slice(1);
  else if (arg.dynamic) return { cls: "unknown", path: arg.text };
  if (arg.glob) {
    const parts = text.replace(/\/+$/, "").split("/");
    const last = parts.length - 1;
    if (last > 0 || parts[0] !== "") {
      if (ALL_GLOB.test(parts[last])) parts[last] = ".";
      for (let i = 0; i < parts.length; i++) if (/[*?[]/.test(parts[i])) parts[i] = parts[i].replace(/\[[^\]]*\]|[*?[]/g, "x");
      text = parts.join("/") || "/";
    }
  }
  let base = ctx.cwd;
  if (cwd && !text.startsWith("/")) {
    if (cwd.dynamic && !cwd.home) return { cls: "unknown", path: text };
    base = posix.resolve(ctx.cwd, cwd.home ? ctx.home + cwd.text.slice(1) : cwd.text);
  }
  const abs = posix.resolve(base, text);
  return { cls: classifyAbsolute(abs, ctx), path: abs };
}
function classifyAbsolute(abs, ctx) {
  if (abs === "/") return "root";
  if (NULL_DEVICES.has(abs) || abs.startsWith("/dev/fd/")) return "null_device";
  if (DEVICE.test(abs)) return "device";
  if (abs === ctx.home) return "home";
  const hasProject = ctx.projectRoot !== ctx.home && ctx.projectRoot !== "/";
  if (hasProject && abs === ctx.projectRoot) return "project_root";
  if (hasProject && inside(abs, ctx.projectRoot)) {
    const rel = abs.slice(ctx.projectRoot.length + 1).split("/");
    if (rel[0] === ".git") return "git_dir";
    if (rel.some((p) => DISPOSABLE.has(p) || DISPOSABLE_PATTERN.test(p)) || LOCK_FILES.has(rel[rel.length - 1])) return "disposable";
    return "project";
  }
  for (const t of ctx.tempDirs) {
    if (abs === t) return "temp_root";
    if (inside(abs, t)) return "temp";
  }
  const top = abs.split("/")[1];
  if (abs === "/" + top && SYSTEM_TOP.has(top)) return "system";
  if (hasProject && inside(ctx.projectRoot, abs)) return "ancestor";
  if (inside(abs, ctx.home)) {
    const first = abs.slice(ctx.home.length + 1).split("/")[0];
    if (HOME_DISPOSABLE.has(first)) return first === ".local" ? "home_sensitive" : "disposable";
    if (first.startsWith(".")) return "home_sensitive";
    return "outside_project";
  }
  if (SYSTEM_CACHES.some((c) => abs === c || inside(abs, c))) return "disposable";
  if (SYSTEM_TOP.has(top)) return "system";
  return "outside_project";
}

// src/context/context.ts
var cache = /* @__PURE__ */ new Map();
function findProjectRoot(dir) {
  let d = dir;
  for (let i = 0; i < 64; i++) {
    try {
      statSync(d + "/.git");
      return d;
    } catch {
      const up = dirname(d);
      if (up === d) return null;
      d = up;
    }
  }
  return null;
}
function detectContext(cwd, home = homedir()) {
  const abs = resolve(cwd);
  const key = abs + "\0" + home;
  const hit = cache.get(key);
  if (hit) return hit;
  const temps = /* @__PURE__ */ new Set(["/tmp", "/var/tmp", "/dev/shm", resolve(tmpdir())]);
  const ctx = { cwd: abs, home: resolve(home), projectRoot: findProjectRoot(abs) ?? abs, tempDirs: [...temps] };
  if (cache.size > 256) cache.clear();
  cache.set(key, ctx);
  return ctx;
}

// src/policy/policy.ts
var DEFAULT_POLICY = {
  thresholds: { ask: "Medium", deny: "High" },
  onError: "ask"
};

// src/shell/printed.ts
function unescape(s) {
  return s.replace(/\\(n|t|r|\\|x[0-9a-fA-F]{1,2}|0[0-7]{0,3})/g, (_m, e2) => {
    if (e2 === "n") return "\n";
    if (e2 === "t") return "	";
    if (e2 === "r") return "\r";
    if (e2 === "\\") return "\\";
    if (e2[0] === "x") return String.fromCharCode(parseInt(e2.slice(1), 16));
    return String.fromCharCode(parseInt(e2.slice(1) || "0", 8));
  });
}
function printedText(name, words) {
  if (name === "echo") {
    const rest = [...words];
    let interpret = false;
    let newline = true;
    while (rest[0] && /^-[neE]+$/.test(rest[0])) {
      if (rest[0].includes("e")) interpret = true;
      if (rest[0].includes("n")) newline = false;
      rest.shift();
    }
    const text = rest.join(" ") + (newline ? "\n" : "");
    return interpret ? unescape(text) : text;
  }
  if (name === "printf") {
    const [format2 = "", ...rest] = words[0] === "--" ? words.slice(1) : words;
    let k = 0;
    let out = unescape(format2.replace(/%%|%[-0-9.]*[sbdq]/g, (m) => m === "%%" ? "%" : rest[k++] ?? ""));
    while (k < rest.length && k > 0) out += unescape(format2.replace(/%%|%[-0-9.]*[sbdq]/g, (m) => m === "%%" ? "%" : rest[k++] ?? ""));
    return out;
  }
  return null;
}

// src/shell/commands.ts
var FLATTEN_LIMITS = {
  /** Simple commands taken from one line; the rest are not assessed and the line asks. */
  maxCommands: 1e3
};
function flattenScript(script) {
  const f = new Flattener();
  f.script(script, "line", 0);
  return { commands: f.out, truncated: f.truncated, stageText: f.stageText };
}
function splitFields(a) {
  if (!a.split) return [a];
  const { split: _split, ...rest } = a;
  return a.text.split(/\s+/).filter(Boolean).map((text, i) => ({ ...rest, text, home: i === 0 && a.home }));
}
function splitAssignment(arg) {
  const eq = arg.text.indexOf("=");
  const name = arg.text.slice(0, eq).replace(/\+$/, "");
  const value2 = arg.text.slice(eq + 1);
  return { name, value: { ...arg, text: value2, home: value2.startsWith("~") } };
}
var DECLARE = /* @__PURE__ */ new Set(["export", "declare", "typeset", "local", "readonly"]);
var Flattener = class {
  out = [];
  truncated = false;
  /** Variables with a literal value assigned earlier in the line. */
  vars = /* @__PURE__ */ new Map();
  pipeId = 0;
  cwd = null;
  /** What a compound pipeline stage made only of echo/printf prints: `{ echo a; echo b; } | sh`. */
  stageText = /* @__PURE__ */ new Map();
  script(s, origin, depth) {
    for (const item of s.items) {
      const id = this.pipeId++;
      item.pipeline.commands.forEach((cmd, index) => {
        const from = this.out.length;
        this.command(cmd, origin, depth, { id, index });
        if (cmd.type !== "simple" && index < item.pipeline.commands.length - 1) {
          const texts = this.out.slice(from).map((c) => c.argv.every((a) => !a.dynamic) ? printedText(c.argv[0]?.text ?? "", c.argv.slice(1).map((a) => a.text)) : null);
          if (texts.length > 0 && texts.every((t) => t !== null)) this.stageText.set(`${id}:${index}`, texts.join(""));
        }
      });
    }
  }
  /** A subshell or substitution runs in a child process: its `cd` does not last. */
  isolated(fn) {
    const saved = this.cwd;
    fn();
    this.cwd = saved;
  }
  command(c, origin, depth, pipe) {
    if (this.out.length >= FLATTEN_LIMITS.maxCommands) {
      this.truncated = true;
      return;
    }
    switch (c.type) {
      case "simple": {
        const assignments = c.assignments.map((w) => this.word(w, depth));
        const argv = c.words.flatMap((w) => splitFields(this.word(w, depth)));
        const redirects = c.redirects.map((r) => this.redirect(r, depth));
        this.out.push({ pipe, cwd: this.cwd, argv, assignments: assignments.map(splitAssignment), redirects, start: c.start, end: c.end, origin, depth });
        const name = argv[0]?.text;
        if (name === "cd" || name === "pushd") this.changeDirectory(argv.slice(1).filter((a) => !/^-[LPe@]+$/.test(a.text)));
        if (argv.length === 0) for (const a of assignments.map(splitAssignment)) this.setVar(a.name, a.value);
        else if (DECLARE.has(argv[0].text)) {
          for (const a of argv.slice(1)) {
            const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text);
            if (m) this.setVar(m[1], { ...a, text: m[2], home: m[2].startsWith("~") });
          }
        }
        return;
      }
      case "function":
        this.isolated(() => this.command(c.body, "function", depth + 1, pipe));
        return;
      default: {
        const inner = c.type === "subshell" ? "subshell" : c.type === "group" ? "group" : "compound";
        for (const w of c.words) this.word(w, depth);
        const body = () => {
          for (const b of c.bodies) this.script(b, inner, depth + 1);
        };
        if (c.type === "subshell") this.isolated(body);
        else body();
        for (const r of c.redirects) this.redirect(r, depth);
      }
    }
  }
  changeDirectory(args) {
    const dir = args[0];
    if (!dir) {
      this.cwd = { text: "~", quoted: false, glob: false, dynamic: false, home: true };
      return;
    }
    if (dir.text === "-" || dir.dynamic) {
      this.cwd = { ...dir, dynamic: true };
      return;
    }
    const prev = this.cwd;
    if (!prev || dir.home || dir.text.startsWith("/")) {
      this.cwd = dir;
      return;
    }
    this.cwd = { ...prev, text: `${prev.text.replace(/\/+$/, "")}/${dir.text}` };
  }
  setVar(name, value2) {
    if (value2.dynamic) this.vars.delete(name);
    else this.vars.set(name, value2);
  }
  redirect(r, depth) {
    const out = { fd: r.fd, op: r.op, target: this.word(r.target, depth) };
    if (r.heredoc) out.input = this.word(r.heredoc.body, depth).text;
    else if (r.op === "<<<") out.input = out.target.text;
    return out;
  }
  /** Expands a word; command substitutions inside it are flattened as commands of their own. */
  word(w, depth) {
    let text = "";
    let quoted = false;
    let glob = false;
    let dynamic = false;
    let home = false;
    let guarded = false;
    let split = false;
    const producers = [];
    const collect = (from) => {
      for (const c of this.out.slice(from)) if (c.argv[0] && !c.argv[0].dynamic) producers.push(c.argv[0].text.slice(c.argv[0].text.lastIndexOf("/") + 1));
    };
    w.parts.forEach((p, i) => {
      switch (p.kind) {
        case "literal":
          text += p.text;
          if (p.quoted) quoted = true;
          else if (/[*?[]/.test(p.text)) glob = true;
          return;
        case "tilde":
          if (i === 0 && p.user === "") {
            home = true;
            text += "~";
          } else {
            text += "~" + p.user;
            dynamic = true;
          }
          return;
        case "param": {
          if (p.quoted) quoted = true;
          for (const sub of p.operandScripts ?? []) {
            const from = this.out.length;
            this.isolated(() => this.script(sub, "command-substitution", depth + 1));
            collect(from);
          }
          const atStart = i === 0 || /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(text);
          const plain = p.op === "" || p.op === ":?" || p.op === "?";
          const fallback = (p.op === ":-" || p.op === "-" || p.op === ":=" || p.op === "=") && !/[$`]/.test(p.operand);
          const known = plain || fallback ? this.vars.get(p.name) : void 0;
          if (known) {
            text += known.text;
            if (atStart && known.home) home = true;
            if (known.glob && !p.quoted) glob = true;
            if (!p.quoted && /\s/.test(known.text)) split = true;
          } else if (p.name === "HOME" && plain && atStart) {
            home = true;
            text += "~";
          } else if (fallback && !this.vars.has(p.name)) {
            text += p.operand;
            if (atStart && p.operand.startsWith("~")) home = true;
          } else {
            text += p.op || p.operand ? `\${${p.name}${p.op}${p.operand}}` : `$${p.name}`;
            dynamic = true;
            if (i === 0 && (p.op === ":?" || p.op === "?")) guarded = true;
          }
          return;
        }
        case "command-sub": {
          const from = this.out.length;
          this.isolated(() => this.script(p.script, "command-substitution", depth + 1));
          collect(from);
          const only = this.out.length === from + 1 ? this.out[from] : null;
          const output = only && only.argv.every((a) => !a.dynamic) && only.redirects.length === 0 ? printedText(only.argv[0]?.text ?? "", only.argv.slice(1).map((a) => a.text)) : null;
          if (output !== null) {
            text += output.replace(/\n+$/, "");
            if (!p.quoted) split = true;
            if (p.quoted) quoted = true;
            return;
          }
          text += "$(\u2026)";
          dynamic = true;
          if (p.quoted) quoted = true;
          return;
        }
        case "process-sub": {
          const from = this.out.length;
          this.isolated(() => this.script(p.script, "process-substitution", depth + 1));
          collect(from);
          text += `${p.direction}(\u2026)`;
          dynamic = true;
          return;
        }
        case "arith":
          text += p.text;
          dynamic = true;
          return;
      }
    });
    const arg = { text, quoted, glob, dynamic, home };
    if (producers.length > 0) arg.producers = producers;
    if (guarded) arg.guarded = true;
    if (split) arg.split = true;
    return arg;
  }
};

// src/shell/code-literals.ts
var COMMON_ESCAPES = { n: "\n", t: "	", r: "\r", "\\": "\\", "'": "'", '"': '"', "\n": "" };
var OWN_ESCAPES = {
  python: { a: "\x07", b: "\b", f: "\f", v: "\v" },
  node: { b: "\b", f: "\f", v: "\v" },
  perl: { a: "\x07", e: "\x1B", f: "\f" },
  ruby: { a: "\x07", b: "\b", e: "\x1B", f: "\f", v: "\v", s: " " },
  php: { e: "\x1B", f: "\f", v: "\v", $: "$" }
};
var KEEPS_UNKNOWN_ESCAPES = /* @__PURE__ */ new Set(["python", "php"]);
var ID_START = /[A-Za-z_\u0080-\uffff]/;
var ID_CHAR = /[\w\u0080-\uffff]/;
var OPERATOR = /=>|->|::|\.\.\.|\?\.|&\.|\*\*|===?|!==?|<=>|<=|>=|&&|\|\||\/\/|<<|>>|[-+*/%.&|^~<>]=/y;
var BEFORE_OPERAND = /* @__PURE__ */ new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
  "and",
  "or",
  "not",
  "if",
  "unless",
  "while",
  "until",
  "split",
  "grep",
  "map",
  "when",
  "x",
  "lt",
  "gt",
  "le",
  "ge",
  "eq",
  "ne",
  "cmp"
]);
var PY_STRING_START = /([rRbBuUfF]{0,2})('''|"""|'|")/y;
var PY_PREFIX_START = new Set("rRbBuUfF");
var PERL_QUOTES = /* @__PURE__ */ new Set(["q", "qq", "qw", "qx", "m", "qr", "s", "tr", "y"]);
var CLOSING = { "(": ")", "[": "]", "{": "}", "<": ">" };
var INTERPOLATION_STARTS = { python: "{}", node: "$", perl: "$@", ruby: "#", php: "{$" };
var plainRuns = /* @__PURE__ */ new Map();
function plainRun(spec2) {
  const special = "\\" + spec2.close[0] + (spec2.open ?? "") + (spec2.singleLine ? "\n" : "") + (spec2.interp ? INTERPOLATION_STARTS[spec2.interp] : "");
  let re = plainRuns.get(special);
  if (!re) {
    re = new RegExp(`[^${special.replace(/[\]\\^-]/g, "\\$&")}]+`, "y");
    plainRuns.set(special, re);
  }
  return re;
}
function tokenize(lang, src) {
  return new Lexer(lang, src).run();
}
var Lexer = class {
  constructor(lang, src) {
    this.lang = lang;
    this.src = src;
  }
  lang;
  src;
  pos = 0;
  out = [];
  /** Open ( and [: a newline inside them does not end a statement. */
  nesting = 0;
  /** Tokens are never changed once made: one object per distinct name, so long inputs make little garbage. */
  names = /* @__PURE__ */ new Map();
  /** A `/` before here has been found not to open a regex; do not look again. */
  noRegexBefore = -1;
  run() {
    const s = this.src;
    if (s.startsWith("#!")) this.skipLine();
    while (this.pos < s.length) {
      const c = s[this.pos];
      const lineStart = (c === "_" || c === "=") && (this.pos === 0 || s[this.pos - 1] === "\n");
      if (c === "\n") {
        if (this.nesting === 0 && this.out.at(-1)?.t !== "nl") this.out.push(NEWLINE);
        this.pos++;
      } else if (c === " " || c === "	" || c === "\r" || c === "\f" || c === "\v") this.pos++;
      else if (lineStart && this.endsProgram()) break;
      else if (lineStart && c === "=" && (this.lang === "perl" || this.lang === "ruby") && /[A-Za-z]/.test(s[this.pos + 1] ?? "")) this.skipDocBlock();
      else if (this.comment(c)) continue;
      else if (!this.literal(c)) this.word(c);
    }
    return this.out;
  }
  endsProgram() {
    return (this.lang === "perl" || this.lang === "ruby") && /^__(END|DATA)__\b/.test(this.src.slice(this.pos, this.pos + 9));
  }
  /** POD (=pod ... =cut) and =begin ... =end are documentation. */
  skipDocBlock() {
    const end = this.lang === "perl" ? "\n=cut" : "\n=end";
    const at = this.src.indexOf(end, this.pos);
    this.pos = at < 0 ? this.src.length : at + end.length;
    this.skipLine();
  }
  skipLine() {
    const nl = this.src.indexOf("\n", this.pos);
    this.pos = nl < 0 ? this.src.length : nl;
  }
  comment(c) {
    const n = this.src[this.pos + 1];
    const hashComments = this.lang !== "node";
    const slashComments = this.lang === "node" || this.lang === "php";
    if (c === "#" && hashComments || c === "/" && n === "/" && slashComments) {
      this.skipLine();
      return true;
    }
    if (c === "/" && n === "*" && slashComments) {
      const end = this.src.indexOf("*/", this.pos + 2);
      this.pos = end < 0 ? this.src.length : end + 2;
      return true;
    }
    return false;
  }
  operandExpected() {
    const last = this.out.at(-1);
    if (!last || last.t === "nl") return true;
    if (last.t === "op") return last.v !== ")" && last.v !== "]" && last.v !== "}";
    return last.t === "id" && BEFORE_OPERAND.has(last.v);
  }
  /** Strings, commands and regexes that start at pos; false when none does. */
  literal(c) {
    const lang = this.lang;
    const interp = lang === "python" ? null : lang;
    if (lang === "python") return this.pythonString(c);
    if (c === "'") return this.quoted("str", { close: "'", escapes: lang === "node" ? "full" : "quote", interp: null, singleLine: lang === "node" }, 1);
    if (c === '"') return this.quoted("str", { close: '"', escapes: "full", interp: lang === "node" ? null : interp, singleLine: lang === "node" }, 1);
    if (c === "`") {
      if (lang === "node") return this.quoted("str", { close: "`", escapes: "full", interp }, 1, true);
      return this.quoted("cmd", { close: "`", escapes: "full", interp }, 1);
    }
    if (c === "/" && lang !== "php" && this.pos > this.noRegexBefore && this.operandExpected()) return this.regex();
    if (c === "%" && lang === "ruby" && (this.operandExpected() || this.out.at(-1)?.t === "id" && / /.test(this.src[this.pos - 1] ?? "") && !/[\s=]/.test(this.src[this.pos + 1] ?? ""))) return this.rubyPercent();
    return false;
  }
  pythonString(c) {
    if (c !== "'" && c !== '"' && !PY_PREFIX_START.has(c)) return false;
    const m = PY_STRING_START;
    m.lastIndex = this.pos;
    const found = m.exec(this.src);
    if (!found) return false;
    const prefix = found[1].toLowerCase();
    if (prefix.length === 2 && !/^(rb|br|fr|rf)$/.test(prefix)) return false;
    const quote2 = found[2];
    return this.quoted("str", {
      close: quote2,
      escapes: prefix.includes("r") ? "raw" : "full",
      interp: prefix.includes("f") ? "python" : null,
      singleLine: quote2.length === 1
    }, found[0].length);
  }
  quoted(t, spec2, skip, template = false) {
    this.pos += skip;
    const parts = this.readQuoted(spec2);
    this.out.push(t === "cmd" ? { t, parts } : template ? { t, parts, template } : { t, parts });
    return true;
  }
  /** Reads up to the closing delimiter (consumed); an unclosed literal runs to the end. */
  readQuoted(spec2) {
    const s = this.src;
    const parts = [];
    let text = "";
    let level = 0;
    const plain = plainRun(spec2);
    while (this.pos < s.length) {
      plain.lastIndex = this.pos;
      if (plain.test(s)) {
        text += s.slice(this.pos, plain.lastIndex);
        this.pos = plain.lastIndex;
        continue;
      }
      const c = s[this.pos];
      if (spec2.open !== void 0 && c === spec2.open) level++;
      else if (s.startsWith(spec2.close, this.pos) && level-- === 0) {
        this.pos += spec2.close.length;
        break;
      }
      if (c === "\n" && spec2.singleLine) break;
      if (c === "\\") {
        text += this.escape(spec2);
        continue;
      }
      const hole = spec2.interp ? this.hole(spec2, c) : null;
      if (hole !== null) {
        if (text) parts.push(text);
        text = "";
        parts.push({ hole });
        continue;
      }
      text += c;
      this.pos++;
    }
    if (text) parts.push(text);
    return parts;
  }
  /** Decodes the escape at pos and moves past it. */
  escape(spec2) {
    const s = this.src;
    const n = s[this.pos + 1] ?? "";
    this.pos += 2;
    if (spec2.escapes === "raw") return "\\" + n;
    if (spec2.escapes === "quote") return n === "\\" || n === spec2.close || n === spec2.open ? n : "\\" + n;
    if (n === spec2.close) return n;
    const simple = COMMON_ESCAPES[n] ?? OWN_ESCAPES[this.lang][n];
    if (simple !== void 0) return simple;
    let m;
    const rest = s.slice(this.pos, this.pos + 10);
    if ((n === "x" || n === "u") && (m = /^\{([0-9a-fA-F]{1,6})\}/.exec(rest))) return this.codePoint(m[1], m[0].length);
    if (n === "x" && (m = /^[0-9a-fA-F]{1,2}/.exec(rest))) return this.codePoint(m[0], m[0].length);
    if (n === "u" && (m = /^[0-9a-fA-F]{4}/.exec(rest))) return this.codePoint(m[0], 4);
    if (n === "U" && (m = /^[0-9a-fA-F]{8}/.exec(rest))) return this.codePoint(m[0], 8);
    if (/[0-7]/.test(n)) {
      m = /^[0-7]{0,2}/.exec(rest);
      this.pos += m[0].length;
      return String.fromCharCode(parseInt(n + m[0], 8) & 255);
    }
    return KEEPS_UNKNOWN_ESCAPES.has(this.lang) ? "\\" + n : n;
  }
  codePoint(hex, length) {
    this.pos += length;
    const code = parseInt(hex, 16);
    return code <= 1114111 ? String.fromCodePoint(code) : "\uFFFD";
  }
  /** An interpolation starting at pos: returns its expression's source and moves past it, or null. */
  hole(spec2, c) {
    const s = this.src;
    const n = s[this.pos + 1] ?? "";
    switch (spec2.interp) {
      case "python":
        if ((c === "{" || c === "}") && n === c) {
          this.pos++;
          return null;
        }
        return c === "{" ? this.braced(this.pos + 1, spec2) : null;
      case "node":
        return c === "$" && n === "{" ? this.braced(this.pos + 2, spec2) : null;
      case "ruby":
        if (c !== "#") return null;
        if (n === "{") return this.braced(this.pos + 2, spec2);
        return n === "@" || n === "$" ? this.variable(this.pos + 1, false) : null;
      case "php":
        if (c === "{" && n === "$") return this.braced(this.pos + 1, spec2);
        if (c === "$" && n === "{") return this.braced(this.pos + 2, spec2);
        return c === "$" && /[A-Za-z_]/.test(n) ? this.variable(this.pos, true) : null;
      case "perl":
        return (c === "$" || c === "@") && /[A-Za-z_{:]/.test(n) ? this.variable(this.pos, true) : null;
      default:
        return null;
    }
  }
  /** From just inside `{` to the matching `}`, skipping quoted text; bounded by the string's own end. */
  braced(from, spec2) {
    const s = this.src;
    let level = 0;
    let i = from;
    let closed = false;
    for (; i < s.length; i++) {
      const c = s[i];
      if (c === "\n" && spec2.singleLine) break;
      if (c === "{") level++;
      else if (c === "}" && level-- === 0) {
        closed = true;
        break;
      } else if (c === "\\") i++;
      else if (c === "'" || c === '"' || c === "`") {
        if (c === spec2.close && spec2.singleLine) break;
        const end = s.indexOf(c, i + 1);
        if (end < 0) {
          i = s.length;
          break;
        }
        i = end;
      }
    }
    this.pos = Math.min(closed ? i + 1 : i, s.length);
    return s.slice(from, i);
  }
  /** A sigil variable with its subscripts: $x, @x, $ENV{HOME}, $a[0], $o->name. */
  variable(from, subscripts) {
    const s = this.src;
    const m = /[$@]{1,2}(?:\{[^}\n]{0,200}\}|[A-Za-z_][\w]*(?:::\w+)*)/y;
    m.lastIndex = from;
    const found = m.exec(s);
    let i = found ? from + found[0].length : from + 1;
    while (subscripts && i < s.length) {
      const arrow = s.startsWith("->", i) ? 2 : 0;
      const open = s[i + arrow];
      if (arrow && open !== void 0 && /[A-Za-z_]/.test(open) && this.lang === "php") {
        i += 2;
        while (ID_CHAR.test(s[i] ?? "")) i++;
        continue;
      }
      if (open !== "[" && open !== "{") break;
      const close = s.slice(i + arrow, i + arrow + 200).indexOf(CLOSING[open]);
      if (close < 0) break;
      i += arrow + close + 1;
    }
    this.pos = i;
    return s.slice(from, i);
  }
  regex() {
    const s = this.src;
    let inClass = false;
    for (let i = this.pos + 1; i < s.length; i++) {
      const c = s[i];
      if (c === "\n") break;
      if (c === "\\") i++;
      else if (c === "[") inClass = true;
      else if (c === "]") inClass = false;
      else if (c === "/" && !inClass) {
        this.pos = i + 1;
        while (/[a-z]/.test(s[this.pos] ?? "")) this.pos++;
        this.out.push(operatorToken("regex"));
        return true;
      }
    }
    this.noRegexBefore = s.indexOf("\n", this.pos);
    if (this.noRegexBefore < 0) this.noRegexBefore = s.length;
    return false;
  }
  rubyPercent() {
    const m = /%([qQwWiIxrs]?)([^\w\s])/y;
    m.lastIndex = this.pos;
    const found = m.exec(this.src);
    if (!found) return false;
    const kind = found[1];
    const d = found[2];
    const spec2 = { close: CLOSING[d] ?? d, escapes: /[qwi]/.test(kind) ? "quote" : "full", interp: /[qwi]/.test(kind) ? null : "ruby" };
    if (CLOSING[d]) spec2.open = d;
    this.pos += found[0].length;
    const parts = this.readQuoted(spec2);
    if (kind === "x") this.out.push({ t: "cmd", parts });
    else if (/[wWiI]/.test(kind)) this.out.push({ t: "str", parts, words: true });
    else if (kind === "r" || kind === "s") this.out.push(operatorToken("regex"));
    else this.out.push({ t: "str", parts });
    return true;
  }
  /** q qq qw qx m qr s tr y: returns false when the word is only a name (a hash key, `-s $file`). */
  perlQuote(word2) {
    const s = this.src;
    let i = this.pos;
    while (s[i] === " " || s[i] === "	") i++;
    const d = s[i];
    if (d === void 0 || /[\w\s=,;)}]/.test(d) || d === "#" && i > this.pos || s[this.pos - word2.length - 1] === "-") return false;
    this.pos = i + 1;
    const bracket = CLOSING[d];
    const spec2 = (escapes, interp, open = d) => bracket ? { close: CLOSING[open], open, escapes, interp } : { close: d, escapes, interp };
    if (word2 === "q" || word2 === "qw") this.out.push({ t: "str", parts: this.readQuoted(spec2("quote", null)), words: word2 === "qw" });
    else if (word2 === "qq") this.out.push({ t: "str", parts: this.readQuoted(spec2("full", "perl")) });
    else if (word2 === "qx") this.out.push({ t: "cmd", parts: this.readQuoted(spec2(d === "'" ? "quote" : "full", d === "'" ? null : "perl")) });
    else {
      this.readQuoted(spec2("raw", null));
      if (word2 === "s" || word2 === "tr" || word2 === "y") {
        if (bracket) {
          while (/\s/.test(s[this.pos] ?? "")) this.pos++;
          const second = s[this.pos] ?? "";
          this.pos++;
          this.readQuoted(CLOSING[second] ? spec2("raw", null, second) : { close: second, escapes: "raw", interp: null });
        } else this.readQuoted(spec2("raw", null));
      }
      while (/[a-z]/.test(s[this.pos] ?? "")) this.pos++;
      this.out.push(operatorToken("regex"));
    }
    return true;
  }
  word(c) {
    const s = this.src;
    const lang = this.lang;
    const start = this.pos;
    const code = c.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      while (/[\w.]/.test(s[this.pos] ?? "") && !(s[this.pos] === "." && s[this.pos + 1] === ".")) this.pos++;
      this.out.push(NUMBER);
      return;
    }
    const sigil = c === "$" && lang !== "python" && lang !== "node" || c === "@" && (lang === "perl" || lang === "ruby");
    const hashOrSub = lang === "perl" && (c === "%" || c === "&") && /[A-Za-z_]/.test(s[this.pos + 1] ?? "") && this.operandExpected();
    const letter = code >= 97 && code <= 122 || code >= 65 && code <= 90 || code === 95 || code >= 128;
    if (sigil || hashOrSub || letter || lang === "node" && c === "$" || lang === "php" && c === "\\" && ID_START.test(s[this.pos + 1] ?? "")) {
      this.pos++;
      if (sigil) {
        while (s[this.pos] === c || s[this.pos] === "$" || s[this.pos] === "#") this.pos++;
        if (/[!@/\\,;.&+?^<>|-]/.test(s[this.pos] ?? "") && !ID_CHAR.test(s[this.pos - 1])) this.pos++;
      }
      for (let k = s.charCodeAt(this.pos); isIdCode(k) || lang === "node" && k === 36; k = s.charCodeAt(this.pos)) this.pos++;
      if (lang === "ruby" && /[?!]/.test(s[this.pos] ?? "") && s[this.pos + 1] !== "=") this.pos++;
      let name = s.slice(start, this.pos);
      if (hashOrSub && c === "&") name = name.slice(1);
      if (lang === "php" && name.startsWith("\\")) name = name.slice(1);
      if (lang === "perl" && PERL_QUOTES.has(name) && this.perlQuote(name)) return;
      let id = this.names.get(name);
      if (!id) {
        id = { t: "id", v: name };
        this.names.set(name, id);
      }
      this.out.push(id);
      return;
    }
    const m = OPERATOR;
    m.lastIndex = this.pos;
    const op = m.exec(s)?.[0] ?? c;
    this.pos += op.length;
    if (op === "(" || op === "[") this.nesting++;
    else if ((op === ")" || op === "]") && this.nesting > 0) this.nesting--;
    this.out.push(operatorToken(normaliseOperator(lang, op)));
  }
};
function isIdCode(k) {
  return k >= 97 && k <= 122 || k >= 65 && k <= 90 || k >= 48 && k <= 57 || k === 95 || k >= 128;
}
var NEWLINE = { t: "nl" };
var NUMBER = { t: "num" };
var OPERATORS = /* @__PURE__ */ new Map();
function operatorToken(v) {
  let t = OPERATORS.get(v);
  if (!t) {
    t = { t: "op", v };
    if (OPERATORS.size < 256) OPERATORS.set(v, t);
  }
  return t;
}
function normaliseOperator(lang, op) {
  if (op === "?." || op === "&.") return ".";
  if (op === "::" && lang !== "python" && lang !== "node") return ".";
  if (op === "->" && (lang === "perl" || lang === "php")) return ".";
  if (op === "." && (lang === "perl" || lang === "php")) return "+";
  return op;
}
var SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;
function shellWord(text) {
  if (SAFE_WORD.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// src/shell/code-values.ts
var MAX_PARTS = 32;
var HOME = { hole: "home" };
var UNK = { hole: "unknown" };
var UNKNOWN = { k: "unknown" };
var UNKNOWN_WORD = '"$UNKNOWN"';
var str = (parts) => ({ k: "str", parts });
function partsOf(v) {
  if (v?.k === "str" || v?.k === "path") return v.parts;
  if (v?.k === "ref" && HOME_REFS.has(v.name)) return [HOME];
  return null;
}
function literal(v) {
  const p = partsOf(v);
  return p && p.every((x) => typeof x === "string") ? p.join("") : null;
}
function word(v) {
  const parts = partsOf(v);
  if (!parts) return UNKNOWN_WORD;
  const home = parts[0] === HOME;
  const rest = home ? parts.slice(1) : parts;
  if (!rest.every((x) => typeof x === "string")) return UNKNOWN_WORD;
  const text = rest.join("");
  if (!home) return shellWord(text);
  if (text === "" || text === "/") return "~" + text;
  return text.startsWith("/") ? "~/" + shellWord(text.slice(1)) : UNKNOWN_WORD;
}
function argvLine(vals) {
  if (vals.length === 0) return null;
  return vals.map((v, i) => {
    const w = word(v);
    return i === 0 && /^[^']*=/.test(w) ? `'${w}'` : w;
  }).join(" ");
}
function shellLine(v) {
  if (v?.k === "list") return argvLine(v.items) ?? UNKNOWN_WORD;
  const parts = partsOf(v);
  if (!parts || parts.every((p) => p === UNK)) return UNKNOWN_WORD;
  return parts.map((p) => p === HOME ? "$HOME" : p === UNK ? "${UNKNOWN}" : p).join("");
}
var TOO_MANY = [UNK];
function concatParts(a, b) {
  if (a === TOO_MANY || b === TOO_MANY || a.length + b.length > MAX_PARTS) return TOO_MANY;
  if (a.length === 0) return b;
  const out = a.slice();
  for (const p of b) {
    const last = out.at(-1);
    if (typeof p === "string" && typeof last === "string") out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}
function concat(a, b) {
  if (a.k === "list" && b.k === "list") return { k: "list", items: a.items.concat(b.items) };
  return str(concatParts(partsOf(a) ?? [UNK], partsOf(b) ?? [UNK]));
}
function joinPaths(vals) {
  let out = [];
  for (const v of vals) {
    const p = partsOf(v) ?? [UNK];
    const first = p[0];
    if (p[0] === HOME || typeof first === "string" && first.startsWith("/")) out = p.slice();
    else if (out.length === 0) out = p.slice();
    else out = concatParts(out, typeof out.at(-1) === "string" && out.at(-1).endsWith("/") ? p : ["/", ...p]);
  }
  return out;
}
function expandUser(v) {
  const p = partsOf(v);
  const first = p?.[0];
  if (!p || typeof first !== "string" || !/^~(\/|$)/.test(first)) return p ? str(p) : UNKNOWN;
  return str(concatParts([HOME], [first.slice(1), ...p.slice(1)].filter((x) => x !== "")));
}
function format(template, args, braces, kw) {
  let n = 0;
  const field = (ph) => {
    const name = /^\{([^!:}]*)/.exec(ph)?.[1] ?? "";
    const v = !braces || name === "" ? args[n++] : /^\d+$/.test(name) ? args[Number(name)] : kw?.get(name);
    return partsOf(v) ?? [UNK];
  };
  const pattern = braces ? /\{\{|\}\}|\{[^{}]{0,64}\}/g : /%%|%(?:\([^)]{0,64}\))?[-#+ ]*\d*(?:\.\d*)?[a-zA-Z]/g;
  let out = [];
  for (const p of template) {
    if (typeof p !== "string") {
      out = concatParts(out, [p]);
      continue;
    }
    let at = 0;
    for (const m of p.matchAll(pattern)) {
      const ph = m[0];
      out = concatParts(out, [p.slice(at, m.index), ...ph === "{{" || ph === "}}" || ph === "%%" ? [ph[0]] : field(ph)]);
      at = m.index + ph.length;
    }
    out = concatParts(out, [p.slice(at)]);
  }
  return str(out.filter((x) => x !== ""));
}
var sh = (i = 0) => (c) => c.args[i] ? shellLine(c.args[i]) : null;
var verb = (cmd, paths) => [cmd, ...(paths.length > 0 ? paths : [UNKNOWN]).map(word)].join(" ");
var delFirst = (cmd) => (c) => verb(cmd, c.args.slice(0, 1));
var delAll = (cmd) => (c) => verb(cmd, c.args.flatMap((v) => v.k === "list" ? v.items : [v]).filter((v) => v.k !== "obj" && v.k !== "num" && v.k !== "bool"));
var withRecursive = (yes, no) => (c) => {
  const o = c.args[1];
  const r = o?.k === "obj" ? o.props.get("recursive") : void 0;
  const recursive = o?.k === "obj" ? r !== void 0 && !(r.k === "bool" && !r.v) : o?.k === "ref";
  return verb(recursive ? yes : no, c.args.slice(0, 1));
};
var vector = (file, list, dropFirst) => argvLine([file ?? UNKNOWN, ...list?.k === "list" ? list.items.slice(dropFirst ? 1 : 0) : list ? [UNKNOWN] : []]);
var systemLike = (c) => {
  const args = c.args.filter((v, i) => v.k !== "obj" || i > 0 && i < c.args.length - 1);
  return args.length === 1 ? shellLine(args[0]) : argvLine(args);
};
var popen = (c) => {
  const a = c.args[0] ?? c.kw.get("args");
  const shell = c.kw.get("shell");
  if (a?.k === "list" && shell && !(shell.k === "bool" && !shell.v)) return shellLine(a.items[0]);
  return a ? shellLine(a) : null;
};
var spawnLike = (c) => {
  const second = c.args[1];
  const opts = second?.k === "obj" ? second : c.args[2];
  const list = second?.k === "list" ? second.items : second?.k === "ref" ? [UNKNOWN] : [];
  const shell = opts?.k === "obj" ? opts.props.get("shell") : void 0;
  if (shell && !(shell.k === "bool" && !shell.v)) return [c.args[0], ...list].map(shellLine).join(" ");
  return argvLine([c.args[0] ?? UNKNOWN, ...list]);
};
var listOrCmd = (key) => (c) => {
  const a = c.args[0];
  const cmd = a?.k === "obj" ? a.props.get(key) : a;
  return cmd ? shellLine(cmd.k === "list" ? cmd : { k: "list", items: [cmd] }) : null;
};
var pipeOpen = (modeAt) => (c) => {
  const mode = modeAt === null ? null : literal(c.args[modeAt]);
  if (mode === "-|" || mode === "|-") return systemLike({ args: c.args.slice(modeAt + 1), kw: c.kw });
  const p = partsOf(c.args[modeAt === null ? 0 : modeAt]);
  const first = p?.[0];
  const last = p?.at(-1);
  if (!p) return null;
  if (typeof first === "string" && first.trimStart().startsWith("|")) return shellLine(str([first.trimStart().slice(1).trimStart(), ...p.slice(1)]));
  if (typeof last === "string" && last.trimEnd().endsWith("|")) return shellLine(str([...p.slice(0, -1), last.trimEnd().slice(0, -1).trimEnd()]));
  return null;
};
var table = (entries) => new Map(entries);
var each = (names, action) => names.split(" ").map((n) => [n, action]);
var PYTHON = table([
  ...each("os.system os.popen commands.getoutput commands.getstatusoutput subprocess.getoutput subprocess.getstatusoutput asyncio.create_subprocess_shell", sh()),
  ...each("subprocess.run subprocess.call subprocess.check_call subprocess.check_output subprocess.Popen pty.spawn", popen),
  ["asyncio.create_subprocess_exec", (c) => argvLine(c.args)],
  ...each("os.posix_spawn os.posix_spawnp", (c) => vector(c.args[0], c.args[1], true)),
  ...["", "e", "p", "pe"].flatMap((x) => [
    [`os.execv${x}`, (c) => vector(c.args[0], c.args[1], true)],
    [`os.spawnv${x}`, (c) => vector(c.args[1], c.args[2], true)],
    [`os.execl${x}`, (c) => argvLine([c.args[0] ?? UNKNOWN, ...c.args.slice(2, x.endsWith("e") ? -1 : void 0)])],
    [`os.spawnl${x}`, (c) => argvLine([c.args[1] ?? UNKNOWN, ...c.args.slice(3, x.endsWith("e") ? -1 : void 0)])]
  ]),
  ["shutil.rmtree", delFirst("rm -rf")],
  ...each("os.remove os.unlink", delFirst("rm -f")),
  ["os.rmdir", delFirst("rmdir")],
  ["os.removedirs", delFirst("rmdir -p")]
]);
var NODE = table([
  ...each("child_process.exec child_process.execSync execa.command execa.commandSync execa.execaCommand execa.execaCommandSync execaCommand execaCommandSync", sh()),
  ...each("child_process.execFile child_process.execFileSync child_process.spawn child_process.spawnSync execa execaSync execa.execa execa.execaSync execa.sync", spawnLike),
  ...each("Bun.spawn Bun.spawnSync", listOrCmd("cmd")),
  ["Deno.run", listOrCmd("cmd")],
  ["Deno.Command", (c) => {
    const o = c.args[1];
    return vector(c.args[0], o?.k === "obj" ? o.props.get("args") : void 0, false);
  }],
  ...each("fs.rmSync fs.rm fs.promises.rm Deno.remove Deno.removeSync", withRecursive("rm -rf", "rm -f")),
  ...each("fs.rmdirSync fs.rmdir fs.promises.rmdir", withRecursive("rm -rf", "rmdir")),
  ...each("fs.unlinkSync fs.unlink fs.promises.unlink", delFirst("rm -f")),
  ...each("rimraf rimraf.sync rimrafSync rimraf.rimraf rimraf.rimrafSync rimraf.native rimraf.manual fs.remove fs.removeSync", delAll("rm -rf"))
]);
var PERL = table([
  ...each("system exec", systemLike),
  ["open", pipeOpen(1)],
  ["unlink", delAll("rm -f")],
  ["rmdir", delFirst("rmdir")],
  ...each("rmtree remove_tree File.Path.rmtree File.Path.remove_tree", delAll("rm -rf"))
]);
var RUBY = table([
  ...each("system exec spawn Process.spawn Process.exec IO.popen PTY.spawn Open3.capture2 Open3.capture2e Open3.capture3 Open3.popen2 Open3.popen2e Open3.popen3 Open3.pipeline", systemLike),
  ...each("open Kernel.open", pipeOpen(null)),
  ...each("FileUtils.rm_rf FileUtils.rm_r FileUtils.rmtree FileUtils.remove_dir FileUtils.remove_entry FileUtils.remove_entry_secure", delAll("rm -rf")),
  ...each("FileUtils.rm FileUtils.rm_f FileUtils.remove FileUtils.remove_file FileUtils.safe_unlink File.delete File.unlink", delAll("rm -f")),
  ...each("Dir.rmdir Dir.delete Dir.unlink FileUtils.rmdir", delAll("rmdir"))
]);
var PHP = table([
  ...each("system exec shell_exec passthru popen proc_open", sh()),
  ["pcntl_exec", (c) => vector(c.args[0], c.args[1], false)],
  ["unlink", delFirst("rm -f")],
  ["rmdir", delFirst("rmdir")]
]);
var ACTIONS = { python: PYTHON, node: NODE, perl: PERL, ruby: RUBY, php: PHP };
var EVALS = {
  python: /* @__PURE__ */ new Set(["exec", "eval", "builtins.exec", "builtins.eval"]),
  node: /* @__PURE__ */ new Set(["eval", "Function", "vm.runInThisContext", "vm.runInNewContext", "vm.runInContext", "vm.Script"]),
  perl: /* @__PURE__ */ new Set(["eval"]),
  ruby: /* @__PURE__ */ new Set(["eval", "Kernel.eval", "instance_eval", "class_eval", "module_eval"]),
  php: /* @__PURE__ */ new Set(["eval"])
};
var TAGGED = /* @__PURE__ */ new Set(["$", "zx.$", "Bun.$", "execa", "execa.$", "execa.execa"]);
var DEFAULT_ALIASES = {
  node: new Map([
    ["cp", "child_process"],
    ["childProcess", "child_process"],
    ["child", "child_process"],
    ["fsp", "fs.promises"],
    ["fse", "fs"],
    ...["exec", "execSync", "execFile", "execFileSync", "spawn", "spawnSync"].map((n) => [n, `child_process.${n}`]),
    ...["rmSync", "unlinkSync", "rmdirSync"].map((n) => [n, `fs.${n}`])
  ])
};
var HOME_REFS = /* @__PURE__ */ new Set(["process.env.HOME", "Bun.env.HOME", "Dir.home"]);
var ENVIRONMENTS = /* @__PURE__ */ new Set(["os.environ", "process.env", "Bun.env", "ENV", "$ENV", "%ENV", "$_SERVER", "$_ENV"]);
var HOME_CALLS = /* @__PURE__ */ new Set(["os.homedir", "Dir.home"]);
var ENV_GETTERS = /* @__PURE__ */ new Set(["os.getenv", "os.environ.get", "getenv", "Deno.env.get", "ENV.fetch"]);
var PATH_MAKERS = /* @__PURE__ */ new Set(["Path", "pathlib.Path", "PosixPath", "pathlib.PosixPath", "PurePath", "pathlib.PurePath", "Pathname", "Pathname.new", "Bun.file"]);
var JOINERS = /* @__PURE__ */ new Set(["os.path.join", "path.join", "path.resolve", "path.posix.join", "File.join", "os.path.abspath", "os.path.realpath", "os.path.normpath", "path.normalize"]);
var LOADERS = /* @__PURE__ */ new Set(["require", "__import__", "importlib.import_module"]);
function moduleName(spec2) {
  const m = spec2.replace(/^node:/, "");
  return m === "fs/promises" ? "fs.promises" : m === "fs-extra" ? "fs" : m === "bun" ? "Bun" : m.replace(/\//g, ".");
}
function canonical(lang, name) {
  if (lang === "perl") return name.replace(/^(CORE\.GLOBAL\.|CORE\.|main\.)/, "");
  if (lang === "ruby") return name.replace(/^Kernel\.(?=system|exec|spawn|open|eval)/, "");
  return name;
}

// src/shell/normalise.ts
var WRAPPERS = {
  sudo: {
    valueOptions: ["-u", "--user", "-g", "--group", "-C", "--close-from", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "--role", "-t", "--type", "-U", "--other-user", "-T", "--command-timeout", "-R", "--chroot"],
    shortValueLetters: "ugCDhprtUTR",
    noCommandOptions: ["-l", "--list", "-v", "--validate", "-k", "--reset-timestamp", "-K", "--remove-timestamp", "-e", "--edit", "-V", "--version"]
  },
  doas: { valueOptions: ["-u", "-C"], shortValueLetters: "uC" },
  env: { valueOptions: ["-u", "--unset", "-C", "--chdir", "-S", "--split-string"], shortValueLetters: "uCS", assignments: true, splitString: ["-S", "--split-string"] },
  nohup: { valueOptions: [] },
  nice: { valueOptions: ["-n", "--adjustment"], shortValueLetters: "n" },
  time: { valueOptions: ["-f", "--format", "-o", "--output"], shortValueLetters: "fo" },
  timeout: { valueOptions: ["-s", "--signal", "-k", "--kill-after"], shortValueLetters: "sk", leadingOperands: 1 },
  stdbuf: { valueOptions: ["-i", "--input", "-o", "--output", "-e", "--error"], shortValueLetters: "ioe" },
  ionice: { valueOptions: ["-c", "--class", "-n", "--classdata"], shortValueLetters: "cn", noCommandOptions: ["-p", "--pid", "-P", "--pgid", "-u", "--uid"] },
  exec: { valueOptions: ["-a"], shortValueLetters: "a" },
  command: { valueOptions: [], noCommandOptions: ["-v", "-V"] },
  builtin: { valueOptions: [] },
  nocorrect: { valueOptions: [] },
  noglob: { valueOptions: [] },
  chronic: { valueOptions: [] },
  unbuffer: { valueOptions: [] },
  busybox: { valueOptions: [] },
  coproc: { valueOptions: [] },
  toybox: { valueOptions: [] },
  setsid: { valueOptions: [] },
  fakeroot: { valueOptions: ["-l", "--lib", "--faked", "-s", "-i"] },
  chroot: { valueOptions: ["--userspec", "--groups"], leadingOperands: 1 },
  "systemd-run": { valueOptions: ["-p", "--property", "-u", "--unit", "-E", "--setenv", "-M", "--machine", "--description", "--slice", "--uid", "--gid", "--working-directory", "-H", "--host"] },
  strace: { valueOptions: ["-o", "-e", "-p", "-s", "-u", "-a", "-I", "-O", "-P", "-S", "-X"], shortValueLetters: "oepsuaIOPSX" },
  ltrace: { valueOptions: ["-o", "-e", "-p", "-s", "-u", "-a", "-n", "-l", "-A", "-D"] },
  torsocks: { valueOptions: ["-u", "-p", "-a", "-P"] },
  proxychains: { valueOptions: ["-f"] },
  proxychains4: { valueOptions: ["-f"] },
  caffeinate: { valueOptions: ["-t", "-w"] },
  "xvfb-run": { valueOptions: ["-n", "--server-num", "-s", "--server-args", "-e", "--error-file", "-f", "--auth-file", "-p", "--xauth-protocol"] },
  "dbus-run-session": { valueOptions: ["--config-file", "--dbus-daemon"] }
};
var MAX_WRAPPERS = 16;
function basename(name) {
  const slash = name.lastIndexOf("/");
  return slash >= 0 ? name.slice(slash + 1) : name;
}
function normaliseCommand(cmd) {
  let argv = cmd.argv;
  const wrappers = [];
  const assignments = [...cmd.assignments];
  for (let n = 0; n < MAX_WRAPPERS && argv.length > 0; n++) {
    const head2 = argv[0];
    if (head2.dynamic) break;
    const name = basename(head2.text);
    const spec2 = WRAPPERS[name];
    if (!spec2) break;
    const rest = stripWrapper(argv.slice(1), spec2, assignments);
    if (rest === null) return null;
    wrappers.push(name);
    argv = rest;
  }
  argv = unwrapDistribution(argv, wrappers);
  const common = {
    redirects: cmd.redirects,
    wrappers,
    assignments,
    start: cmd.start,
    end: cmd.end,
    origin: cmd.origin,
    depth: cmd.depth,
    pipe: cmd.pipe,
    cwd: cmd.cwd,
    segment: "",
    via: [],
    remote: null,
    codeSource: null
  };
  if (argv.length === 0) {
    if (cmd.redirects.length === 0) return null;
    return { ...common, name: "", args: [], dynamicName: false };
  }
  const head = argv[0];
  return { ...common, name: head.dynamic ? head.text : basename(head.text), args: argv.slice(1), dynamicName: head.dynamic };
}
function stripWrapper(args, spec2, assignments) {
  let i = 0;
  let operands = spec2.leadingOperands ?? 0;
  while (i < args.length) {
    const w = args[i].text;
    if (w === "--") {
      i++;
      break;
    }
    if (w.startsWith("-") && w.length > 1 && !args[i].dynamic) {
      if (/^-[0-9]+$/.test(w)) {
        i++;
        continue;
      }
      const eq = w.indexOf("=");
      const opt = eq > 0 ? w.slice(0, eq) : w;
      if (spec2.noCommandOptions?.includes(opt)) return null;
      if (spec2.splitString?.includes(opt)) {
        const value2 = eq > 0 ? w.slice(eq + 1) : args[i + 1]?.text ?? "";
        const words = value2.split(/\s+/).filter(Boolean).map((text) => ({ text, quoted: true, glob: false, dynamic: false, home: false }));
        return [...words, ...args.slice(eq > 0 ? i + 1 : i + 2)];
      }
      if (spec2.valueOptions.includes(opt) && eq < 0) {
        i += 2;
        continue;
      }
      if (!w.startsWith("--") && spec2.shortValueLetters) {
        const letters = w.slice(1);
        const at = [...letters].findIndex((l) => spec2.shortValueLetters.includes(l));
        if (at >= 0 && spec2.noCommandOptions?.some((o) => o.length === 2 && letters.slice(0, at).includes(o[1]))) return null;
        if (at >= 0) {
          i += at === letters.length - 1 ? 2 : 1;
          continue;
        }
        if (spec2.noCommandOptions?.some((o) => o.length === 2 && letters.includes(o[1]))) return null;
      }
      i++;
      continue;
    }
    if (spec2.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
      const eq = w.indexOf("=");
      assignments.push({ name: w.slice(0, eq), value: { ...args[i], text: w.slice(eq + 1) } });
      i++;
      continue;
    }
    if (operands > 0) {
      operands--;
      i++;
      continue;
    }
    break;
  }
  return args.slice(i);
}
var DISTRIBUTION_TOOLS = {
  microk8s: ["kubectl", "helm", "helm3", "ctr"],
  k3s: ["kubectl", "crictl", "ctr"],
  minikube: ["kubectl"]
};
function unwrapDistribution(argv, wrappers) {
  const head = argv[0];
  const next = argv[1];
  if (!head || !next || head.dynamic) return argv;
  const name = basename(head.text);
  const tools = DISTRIBUTION_TOOLS[name];
  if (!tools?.includes(next.text)) return argv;
  wrappers.push(name);
  const rest = argv.slice(1);
  if (name === "minikube" && rest[1]?.text === "--") rest.splice(1, 1);
  return rest.map((a, i) => i === 0 && a.text === "helm3" ? { ...a, text: "helm" } : a);
}

// src/shell/interpreters.ts
var LIMITS = {
  /** Brackets and assignments nested deeper than this are skipped over, not followed. */
  maxDepth: 64,
  /** Code inside code (eval of a literal, an interpolated expression) is read this deep. */
  maxNesting: 3,
  maxEquivalents: 64,
  /** Items a list or an argument list keeps; the rest are read for their calls, then stand as one unknown. */
  maxItems: 256
};
var PREFIXES = /* @__PURE__ */ new Set(["new", "await", "not", "typeof", "void", "delete", "yield", "return", "my", "our", "local", "const", "let", "var", "async", "do", "then", "else"]);
var ENDS_BARE_ARGS = /* @__PURE__ */ new Set(["if", "unless", "while", "until", "or", "and", "do", "then", "for", "foreach", "x", "eq", "ne", "lt", "gt", "le", "ge", "cmp"]);
var LITERAL_WORDS = /* @__PURE__ */ new Map([["true", { k: "bool", v: true }], ["True", { k: "bool", v: true }], ["false", { k: "bool", v: false }], ["False", { k: "bool", v: false }]]);
var CLOSE = /* @__PURE__ */ new Map([["(", ")"], ["[", "]"], ["{", "}"]]);
var PATH_DELETES = /* @__PURE__ */ new Map([["unlink", "rm -f"], ["delete", "rm -f"], ["rmdir", "rmdir"], ["rmtree", "rm -rf"]]);
var Reader = class _Reader {
  constructor(st, toks, nest) {
    this.st = st;
    this.toks = toks;
    this.nest = nest;
    this.lang = st.lang;
  }
  st;
  toks;
  nest;
  i = 0;
  lang;
  run() {
    while (this.i < this.toks.length) {
      const at = this.i;
      this.expr(0);
      if (this.i === at) this.i++;
    }
  }
  /** The value of a snippet that is one expression (an interpolation); anything more makes it unknown. */
  value() {
    const v = this.expr(0);
    const whole = this.i >= this.toks.length;
    this.run();
    return whole ? v : UNKNOWN;
  }
  emit(line2) {
    if (line2 !== null && this.st.out.length < LIMITS.maxEquivalents && !this.st.out.includes(line2)) this.st.out.push(line2);
  }
  peek(k = 0) {
    return this.toks[this.i + k];
  }
  isOp(v, k = 0) {
    const t = this.peek(k);
    return t?.t === "op" && t.v === v;
  }
  isId(v) {
    const t = this.peek();
    return t?.t === "id" && t.v === v;
  }
  nested(code) {
    return this.nest < LIMITS.maxNesting ? new _Reader(this.st, tokenize(this.lang, code), this.nest + 1) : null;
  }
  parts(raw) {
    if (raw.every((r) => typeof r === "string")) return raw;
    let out = [];
    for (const r of raw) out = concatParts(out, typeof r === "string" ? [r] : partsOf(this.nested(r.hole)?.value()) ?? [UNK]);
    return out;
  }
  expr(d) {
    if (d > LIMITS.maxDepth) {
      this.i++;
      return UNKNOWN;
    }
    let v = this.postfix(d);
    for (; ; ) {
      const t = this.peek();
      if (t?.t !== "op") return v;
      if (t.v === "+") {
        this.i++;
        v = concat(v, this.postfix(d));
      } else if (t.v === "/" && this.lang === "python") {
        this.i++;
        const r = this.postfix(d);
        v = v.k === "path" ? { k: "path", parts: joinPaths([v, r]) } : UNKNOWN;
      } else if (t.v === "%" && (this.lang === "python" || this.lang === "ruby") && v.k === "str") {
        this.i++;
        const r = this.postfix(d);
        v = format(v.parts, r.k === "list" ? r.items : [r], false);
      } else if (t.v === "=" && (v.k === "ref" || v.k === "obj")) {
        this.i++;
        const r = this.expr(d + 1);
        this.assign(v, r);
        v = r;
      } else return v;
    }
  }
  /** Remembers names bound to modules and functions: cp = require('child_process'), { execSync: run } = ... */
  assign(target, v) {
    if (target.k === "ref" && target.local) {
      if (v.k === "ref") this.st.aliases.set(target.local, v.name);
      else this.st.aliases.delete(target.local);
    } else if (target.k === "obj" && v.k === "ref") {
      for (const [key, local] of target.props) if (local.k === "ref" && local.local) this.st.aliases.set(local.local, `${v.name}.${key}`);
    }
  }
  postfix(d) {
    while (this.peek()?.t === "id" && PREFIXES.has(this.peek().v)) this.i++;
    let v = this.primary(d);
    const bare = v.k === "ref" && (this.lang === "perl" || this.lang === "ruby");
    for (; ; ) {
      const t = this.peek();
      if (t?.t === "op" && t.v === "(") v = this.call(v, this.args(")", d + 1));
      else if (t?.t === "op" && t.v === "." && this.peek(1)?.t === "id") {
        const name = this.peek(1).v;
        this.i += 2;
        v = v.k === "ref" ? { k: "ref", name: `${v.name}.${name}` } : { k: "meth", recv: v, name };
        if (this.lang === "ruby" && v.k === "meth" && !this.isOp("(")) v = this.call(v, { args: [], kw: /* @__PURE__ */ new Map() });
      } else if (t?.t === "op" && t.v === "." && (this.isOp("[", 1) || this.isOp("{", 1))) this.i++;
      else if (t?.t === "op" && t.v === "[") v = this.index(v, this.args("]", d + 1).args[0]);
      else if (t?.t === "op" && t.v === "{" && this.lang === "perl" && v.k === "ref" && /^[$%]/.test(v.name)) {
        const key = this.peek(1);
        if (key?.t === "id" && this.isOp("}", 2)) {
          this.i += 3;
          v = this.index(v, str([key.v]));
        } else v = this.index(v, this.args("}", d + 1).args[0]);
      } else if (t?.t === "str" && t.template && v.k === "ref") {
        this.i++;
        if (TAGGED.has(v.name)) this.emit(shellLine(str(this.parts(t.parts))));
        v = UNKNOWN;
      } else if (bare && v.k === "ref" && this.startsBareArgs() && this.knows(v.name)) v = this.call(v, this.args("", d + 1));
      else if (this.lang === "perl" && v.k === "ref" && (v.name === "system" || v.name === "exec") && this.isOp("{")) {
        const program = this.args("}", d + 1).args[0] ?? UNKNOWN;
        this.emit(argvLine([program, ...this.args("", d + 1).args.slice(1)]));
        v = UNKNOWN;
      } else return v;
    }
  }
  knows(name) {
    const n = canonical(this.lang, name);
    return ACTIONS[this.lang].has(n) || EVALS[this.lang].has(n);
  }
  startsBareArgs() {
    const t = this.peek();
    if (t?.t === "str" || t?.t === "cmd") return true;
    if (t?.t === "id") return !ENDS_BARE_ARGS.has(t.v);
    return this.lang === "ruby" && this.isOp("[");
  }
  primary(d) {
    const t = this.peek();
    if (!t || t.t === "nl") return UNKNOWN;
    if (t.t === "str") {
      this.i++;
      if (t.words) return { k: "list", items: this.parts(t.parts).filter((p) => typeof p === "string").join(" ").split(/\s+/).filter(Boolean).map((w) => str([w])) };
      let parts = this.parts(t.parts);
      for (let n = this.peek(); this.lang === "python" && n?.t === "str"; n = this.peek()) {
        this.i++;
        parts = concatParts(parts, this.parts(n.parts));
      }
      return str(parts);
    }
    if (t.t === "cmd") {
      this.i++;
      this.emit(shellLine(str(this.parts(t.parts))));
      return UNKNOWN;
    }
    if (t.t === "num") {
      this.i++;
      return { k: "num" };
    }
    if (t.t === "id") return this.name(t.v);
    const close = CLOSE.get(t.v);
    if (close === void 0) {
      if (t.v !== ")" && t.v !== "]" && t.v !== "}" && t.v !== "," && t.v !== ";") this.i++;
      return UNKNOWN;
    }
    const c = this.args(close, d + 1);
    if (t.v === "{") {
      for (const a of c.args) if (a.k === "ref" && a.local) c.kw.set(a.local, a);
      return { k: "obj", props: c.kw };
    }
    return t.v === "(" && c.args.length === 1 && c.kw.size === 0 ? c.args[0] : { k: "list", items: c.args };
  }
  name(w) {
    this.i++;
    const lit = LITERAL_WORDS.get(w);
    if (lit) return lit;
    if (w === "import" && this.lang === "node") return this.isOp("(") ? { k: "ref", name: "require" } : this.jsImport();
    if ((w === "import" || w === "from") && this.lang === "python") return this.pythonImport(w);
    if (w === "include" && this.lang === "ruby" && this.peek()?.t === "id") {
      this.st.stars.push(this.peek().v);
      this.i++;
      return UNKNOWN;
    }
    const local = this.lang === "php" && !w.startsWith("$") ? w.toLowerCase() : w;
    const known = this.st.aliases.get(local) ?? DEFAULT_ALIASES[this.lang]?.get(local);
    const star = known || this.st.stars.length === 0 ? void 0 : this.st.stars.map((m) => `${m}.${local}`).find((n) => this.knows(n));
    return { k: "ref", name: known ?? star ?? local, local };
  }
  dotted() {
    const segs = [];
    while (this.peek()?.t === "id") {
      segs.push(this.peek().v);
      this.i++;
      if (!this.isOp(".") || this.peek(1)?.t !== "id") break;
      this.i++;
    }
    return segs.join(".");
  }
  /** import a.b as c; from m import x as y, (z); from m import * */
  pythonImport(kw) {
    const from = kw === "from" ? this.dotted() : "";
    if (kw === "from") {
      if (!this.isId("import")) return UNKNOWN;
      this.i++;
    }
    if (this.isOp("*")) {
      this.i++;
      this.st.stars.push(from);
      return UNKNOWN;
    }
    if (this.isOp("(")) this.i++;
    for (; ; ) {
      const name = this.dotted();
      if (!name) break;
      const target = from ? `${from}.${name}` : name;
      if (this.isId("as") && this.peek(1)?.t === "id") {
        this.st.aliases.set(this.peek(1).v, target);
        this.i += 2;
      } else if (from) this.st.aliases.set(name, target);
      if (!this.isOp(",")) break;
      this.i++;
    }
    if (this.isOp(")")) this.i++;
    return UNKNOWN;
  }
  /** import x from 'm'; import * as x from 'm'; import { a, b as c } from 'm' */
  jsImport() {
    const binds = [];
    for (let guard = 0; guard < 1e3 && this.i < this.toks.length; guard++) {
      const t = this.peek();
      if (t?.t === "id" && t.v === "from") {
        this.i++;
        break;
      }
      if (t?.t === "id") {
        if (t.v !== "as") binds.push([t.v, null]);
      } else if (this.isOp("{")) {
        this.i++;
        while (this.peek()?.t === "id") {
          const member = this.peek().v;
          this.i++;
          if (this.isId("as") && this.peek(1)?.t === "id") {
            binds.push([this.peek(1).v, member]);
            this.i += 2;
          } else binds.push([member, member]);
          if (this.isOp(",")) this.i++;
        }
      } else if (!this.isOp("*") && !this.isOp(",")) return UNKNOWN;
      this.i++;
    }
    const spec2 = this.peek();
    if (spec2?.t !== "str") return UNKNOWN;
    const mod = moduleName(literal(str(this.parts(spec2.parts))) ?? "");
    for (const [local, member] of binds) this.st.aliases.set(local, member ? `${mod}.${member}` : mod);
    this.i++;
    return UNKNOWN;
  }
  /** Arguments up to `close` (the opener is at i), or, with close '', a call written without parentheses. */
  args(close, d) {
    const bare = close === "";
    if (!bare) this.i++;
    const out = { args: [], kw: /* @__PURE__ */ new Map() };
    for (; ; ) {
      const t = this.peek();
      if (!t) return out;
      if (!bare && t.t === "op" && t.v === close) {
        this.i++;
        return out;
      }
      if (this.endsList(t, bare)) return out;
      if (t.t === "nl" || t.t === "op" && (t.v === "," || t.v === ";")) {
        this.i++;
        continue;
      }
      const key = this.key(close);
      const splat = key === null && t.t === "op" && (t.v === "*" || t.v === "**" || t.v === "...");
      if (splat) this.i++;
      let v = this.expr(d);
      if (!this.atItemEnd(close, bare)) {
        v = UNKNOWN;
        while (!this.atItemEnd(close, bare)) {
          const at = this.i;
          this.expr(d);
          if (this.i === at) this.i++;
        }
      }
      if (key !== null) out.kw.set(key, v);
      else if (v.k === "list" && (splat || this.lang === "perl")) for (const item of v.items) this.push(out.args, item);
      else this.push(out.args, splat ? UNKNOWN : v);
    }
  }
  push(items, v) {
    if (items.length < LIMITS.maxItems) items.push(v);
    else if (items.length === LIMITS.maxItems) items.push(UNKNOWN);
  }
  endsList(t, bare) {
    if (t.t === "op" && (t.v === ")" || t.v === "]" || t.v === "}")) return true;
    if (!bare) return false;
    return t.t === "nl" || t.t === "op" && (t.v === ";" || t.v === "||" || t.v === "&&" || t.v === "?" || t.v === ":") || t.t === "id" && ENDS_BARE_ARGS.has(t.v);
  }
  atItemEnd(close, bare) {
    const t = this.peek();
    if (!t || this.endsList(t, bare) || t.t === "op" && (t.v === close || t.v === ",")) return true;
    return !bare && (t.t === "nl" || t.t === "op" && t.v === ";");
  }
  /** `name=`, `name:`, `'name' =>` at the start of an argument: a keyword argument or an object key. */
  key(close) {
    const t = this.peek();
    const n = this.peek(1);
    if (n?.t !== "op" || !(n.v === ":" || n.v === "=>" || n.v === "=" && close === ")" && this.lang === "python")) return null;
    const name = t?.t === "id" ? t.v : t?.t === "str" && t.parts.every((p) => typeof p === "string") ? t.parts.join("") : null;
    if (name !== null) this.i += 2;
    return name;
  }
  index(v, key) {
    const k = key?.k === "ref" ? key.local : literal(key);
    return v.k === "ref" && ENVIRONMENTS.has(v.name) && k === "HOME" ? str([HOME]) : UNKNOWN;
  }
  call(fn, c) {
    if (fn.k === "meth") return this.method(fn.recv, fn.name, c);
    if (fn.k !== "ref") return UNKNOWN;
    const name = canonical(this.lang, fn.name);
    const a0 = c.args[0];
    const action = ACTIONS[this.lang].get(name);
    if (action) {
      this.emit(action(c));
      return UNKNOWN;
    }
    if (EVALS[this.lang].has(name)) {
      const code = literal(name === "Function" ? c.args.at(-1) : a0);
      if (code !== null) this.nested(code)?.run();
      return UNKNOWN;
    }
    if (LOADERS.has(name)) {
      const m = literal(a0);
      return m === null ? UNKNOWN : { k: "ref", name: moduleName(m) };
    }
    if (HOME_CALLS.has(name)) return str([HOME]);
    if (name === "Path.home" || name === "pathlib.Path.home") return { k: "path", parts: [HOME] };
    if (ENV_GETTERS.has(name)) return literal(a0) === "HOME" ? str([HOME]) : UNKNOWN;
    if (name === "glob" && this.lang === "perl") return /[*?[{]/.test(literal(a0) ?? "*") ? UNKNOWN : expandUser(a0);
    if (name === "os.path.expanduser" || name === "File.expand_path") return expandUser(a0);
    if (PATH_MAKERS.has(name)) return { k: "path", parts: joinPaths(c.args) };
    if (JOINERS.has(name)) return str(joinPaths(c.args));
    return UNKNOWN;
  }
  method(recv, name, c) {
    if (recv.k === "path") {
      const del = PATH_DELETES.get(name);
      if (del) {
        this.emit(verb(del, [recv]));
        return UNKNOWN;
      }
      if (name === "expanduser") {
        const v = expandUser(recv);
        return v.k === "str" ? { k: "path", parts: v.parts } : v;
      }
      if (name === "joinpath") return { k: "path", parts: joinPaths([recv, ...c.args]) };
      return name === "resolve" || name === "absolute" ? recv : UNKNOWN;
    }
    if (recv.k === "str" && name === "format" && this.lang === "python") return format(recv.parts, c.args, true, c.kw);
    const list = recv.k === "list" ? recv : c.args[0]?.k === "list" ? c.args[0] : null;
    const sep = recv.k === "list" ? literal(c.args[0]) ?? "," : literal(recv);
    if (name === "join" && list && sep !== null) return list.items.reduce((acc, v, i) => concat(i === 0 ? acc : concat(acc, str([sep])), v), str([]));
    return UNKNOWN;
  }
};
function shellEquivalents(language, code) {
  const st = { lang: language, out: [], aliases: /* @__PURE__ */ new Map(), stars: [] };
  new Reader(st, tokenize(language, code), 0).run();
  return st.out;
}
var NODE_LONG = {
  "--eval": "code",
  "--print": "code",
  "--require": "value",
  "--import": "value",
  "--loader": "value",
  "--experimental-loader": "value",
  "--conditions": "value",
  "--input-type": "value",
  "--env-file": "value",
  "--title": "value",
  "--preload": "value",
  "--cwd": "value",
  "--config": "value",
  "--help": "noStdin",
  "--version": "noStdin",
  "--check": "noStdin",
  "--test": "program",
  "--run": "program"
};
var spec = (language, s) => ({ language, code: "", glued: true, valued: "", glueOnly: "", digits: "", program: "", noStdin: "", long: {}, codeEnds: false, ...s });
var PYTHON_ARGV = spec("python", { code: "c", valued: "WX", program: "m", noStdin: "hV", long: { "--help": "noStdin", "--version": "noStdin", "--check-hash-based-pycs": "value" }, codeEnds: true });
var NODE_ARGV = spec("node", { code: "ep", glued: false, valued: "rC", noStdin: "vhc", long: NODE_LONG });
var BUN_ARGV = spec("node", { code: "ep", glued: false, valued: "rc", noStdin: "vh", long: NODE_LONG });
var PERL_ARGV = spec("perl", { code: "eE", glueOnly: "iIMmxdDFCV", digits: "l0", noStdin: "vhV" });
var RUBY_ARGV = spec("ruby", { code: "e", valued: "rICE", glueOnly: "ixFWKT", digits: "0", noStdin: "h", long: { "--help": "noStdin", "--version": "noStdin" } });
var PHP_ARGV = spec("php", { code: "rBRE", valued: "dcztS", program: "f", noStdin: "vhilmS", long: { "--help": "noStdin", "--version": "noStdin" } });
function specFor(name) {
  if (/^(python|pypy)[0-9.]*$/.test(name)) return PYTHON_ARGV;
  if (name === "node" || name === "nodejs") return NODE_ARGV;
  if (name === "bun") return BUN_ARGV;
  if (name === "deno") return "deno";
  if (/^perl[0-9.]*$/.test(name)) return PERL_ARGV;
  if (/^ruby[0-9.]*$/.test(name)) return RUBY_ARGV;
  return /^php[0-9.]*$/.test(name) ? PHP_ARGV : null;
}
function readInvocation(argv) {
  const s = specFor(basename(argv[0] ?? ""));
  if (s === null || s === "deno") return null;
  const inv = { spec: s, code: [], program: false, noStdin: false };
  let i = 1;
  const take = () => {
    const v = argv[i++];
    if (v === void 0) inv.noStdin = true;
    else inv.code.push(v);
  };
  while (i < argv.length && !(s.codeEnds && inv.code.length > 0)) {
    const a = argv[i++];
    if (a === "-") break;
    if (a === "--" || !a.startsWith("-")) {
      inv.program = a !== "--" || argv[i] !== void 0 && argv[i] !== "-";
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const kind = s.long[eq < 0 ? a : a.slice(0, eq)];
      if (kind === "code") {
        if (eq >= 0) inv.code.push(a.slice(eq + 1));
        else take();
      } else if (kind === "value" && eq < 0) i++;
      else if (kind === "noStdin") inv.noStdin = true;
      else if (kind === "program") {
        inv.program = true;
        break;
      }
      continue;
    }
    let pending = false;
    for (let j = 1; j < a.length; j++) {
      const l = a[j];
      const rest = a.slice(j + 1);
      if (s.noStdin.includes(l)) inv.noStdin = true;
      if (s.code.includes(l)) {
        if (s.glued && rest) {
          inv.code.push(rest);
          break;
        }
        pending = true;
      } else if (s.program.includes(l)) {
        inv.program = true;
        return inv;
      } else if (s.valued.includes(l)) {
        if (!rest) i++;
        break;
      } else if (s.glueOnly.includes(l)) break;
      else if (s.digits.includes(l)) j += /^(x[0-9a-fA-F]+|[0-7]*)/.exec(rest)[0].length;
    }
    if (pending) take();
  }
  return inv;
}
function denoEval(argv) {
  if (argv[1] !== "eval") return null;
  const valued = /* @__PURE__ */ new Set(["--ext", "--config", "-c", "--import-map", "--location", "--seed", "--cert", "--log-level", "-L"]);
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") return argv[i + 1] ?? null;
    if (!a.startsWith("-")) return a;
    if (valued.has(a)) i++;
  }
  return null;
}
function inlineCode(argv) {
  if (basename(argv[0] ?? "") === "deno") {
    const code = denoEval(argv);
    return code === null ? null : { language: "node", code };
  }
  const inv = readInvocation(argv);
  return inv && inv.code.length > 0 ? { language: inv.spec.language, code: inv.code.join("\n") } : null;
}
function stdinInterpreter(argv) {
  const name = basename(argv[0] ?? "");
  if (name === "bun") return null;
  const inv = readInvocation(argv);
  if (!inv || inv.code.length > 0 || inv.program || inv.noStdin) return null;
  return inv.spec.language;
}

// src/shell/quote.ts
var import_shell_quote = __toESM(require_shell_quote(), 1);
var SAFE_WORD2 = /^[A-Za-z0-9_\-+=.,/:@%^][A-Za-z0-9_\-+=.,/:@%^~]*$/;
function quoteText(w) {
  if (w === "") return "''";
  return SAFE_WORD2.test(w) ? w : (0, import_shell_quote.quote)([w]);
}
function quoteArg(a) {
  if (a.dynamic) return /[\s'"\\]/.test(a.text) || a.quoted ? `"${a.text.replace(/(["\\`])/g, "\\$1")}"` : a.text;
  if (a.home && (a.text === "~" || a.text.startsWith("~/"))) return "~" + (a.text.length > 1 ? quoteText(a.text.slice(1)) : "");
  if (a.glob && !/[\s'"\\;&|<>()$`]/.test(a.text)) return a.text;
  return quoteText(a.text);
}

// src/shell/nested.ts
var SHELLS = /* @__PURE__ */ new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "csh", "tcsh", "fish", "rbash"]);
var DOWNLOADERS = /* @__PURE__ */ new Set(["curl", "wget", "fetch", "http", "https", "xh", "aria2c", "lwp-request", "GET", "lynx", "links", "nc", "ncat", "socat", "gh", "invoke-webrequest", "iwr"]);
var DECODERS = /* @__PURE__ */ new Set(["base64", "base32", "basenc", "xxd", "openssl", "gunzip", "zcat", "gzip", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "zstd", "unzstd", "uudecode", "rev", "tr", "gpg", "age", "unzip", "tar"]);
var MAX_ITEMS = 32;
var NONE = { nested: [], codeSource: null };
function sourceOfWord(a) {
  if (!a.dynamic) return null;
  if (a.producers?.some((p) => DOWNLOADERS.has(p))) return "download";
  if (a.producers?.some((p) => DECODERS.has(p))) return "decoded";
  if (!a.producers && /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(a.text)) return "unknown";
  return null;
}
function worst(a, b) {
  const rank = { download: 3, decoded: 2, unknown: 1 };
  if (!a) return b;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}
function shellInvocation(args) {
  let c = false;
  let s = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    const t = a.text;
    if (a.dynamic) break;
    if (t === "-") return { code: null, script: null, readsStdin: true };
    if (t === "--") {
      i++;
      break;
    }
    if (t === "-o" || t === "+o" || t === "-O" || t === "+O" || t === "--rcfile" || t === "--init-file") {
      i++;
      continue;
    }
    if (t.startsWith("--")) {
      if (t === "--command") c = true;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t[0] === "-" && t.includes("c")) c = true;
      if (t[0] === "-" && t.includes("s")) s = true;
      continue;
    }
    break;
  }
  const first = args[i] ?? null;
  if (c) return { code: first, script: null, readsStdin: false };
  if (first && !s) return { code: null, script: first, readsStdin: first.text === "/dev/stdin" || first.text === "-" };
  return { code: null, script: null, readsStdin: true };
}
function afterOptions(args, valueOptions, stopAtDoubleDash = true) {
  const options = /* @__PURE__ */ new Map();
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i].text;
    if (t === "--" && stopAtDoubleDash) {
      i++;
      break;
    }
    if (args[i].dynamic || !t.startsWith("-") || t === "-") break;
    const eq = t.indexOf("=");
    if (t.startsWith("--") && eq > 0) {
      options.set(t.slice(0, eq), t.slice(eq + 1));
      continue;
    }
    if (valueOptions.has(t)) {
      options.set(t, args[i + 1]?.text ?? "");
      i++;
      continue;
    }
    const short = t.slice(0, 2);
    if (!t.startsWith("--") && t.length > 2 && valueOptions.has(short)) {
      options.set(short, t.slice(2));
      continue;
    }
    options.set(t, "");
  }
  return { options, rest: args.slice(i) };
}
var line = (words) => words.map(quoteArg).join(" ");
function stdinItems(stdin, byLine = false) {
  if (stdin?.kind === "text") return stdin.text.split(byLine ? /\n/ : /\s+/).filter((x) => x.trim()).slice(0, MAX_ITEMS).map(quoteText);
  if (stdin?.kind === "find") return stdin.items;
  return ['"$STDIN_ITEM"'];
}
function findItems(args) {
  const starts = [];
  let i = 0;
  while (i < args.length && /^-[HLP]$/.test(args[i].text)) i++;
  for (; i < args.length; i++) {
    const a = args[i];
    if (!a.dynamic && /^[-(!)]/.test(a.text) && a.text !== "-") break;
    starts.push(quoteArg(a));
  }
  if (starts.length === 0) starts.push(".");
  const k = args.findIndex((a) => a.text === "-name" || a.text === "-iname");
  const name = k >= 0 ? args[k + 1]?.text : void 0;
  if (!name) return starts.slice(0, MAX_ITEMS);
  const leaf = quoteText(name.replace(/\[[^\]]*\]|[*?[]/g, "x"));
  return starts.slice(0, MAX_ITEMS).map((s) => `${s.replace(/\/+$/, "")}/${leaf}`);
}
function fillWord(w, placeholder, item) {
  if (!w.text.includes(placeholder)) return quoteArg(w);
  return w.text.split(placeholder).map((part) => part ? quoteText(part) : "").join(item);
}
function withItems(words, items, placeholder, perItem = false) {
  const ph = placeholder ?? "{}";
  if (words.some((w) => w.text.includes(ph))) return items.map((it) => words.map((w) => fillWord(w, ph, it)).join(" "));
  const base = words.map(quoteArg).join(" ");
  if (placeholder) return [base];
  return perItem ? items.map((it) => `${base} ${it}`) : [`${base} ${items.join(" ")}`];
}
var XARGS_VALUES = /* @__PURE__ */ new Set(["-I", "-n", "-L", "-l", "-P", "-s", "-d", "-E", "-e", "-a", "--arg-file", "--delimiter", "--max-args", "--max-procs", "--replace", "--max-lines", "--eof", "--max-chars", "--process-slot-var"]);
var SSH_VALUES = /* @__PURE__ */ new Set(["-b", "-B", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q", "-R", "-S", "-W", "-w"]);
var EXEC_VALUES = /* @__PURE__ */ new Set(["-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys", "--index", "-c", "--container", "-n", "--namespace", "--context", "--kubeconfig", "--pod-running-timeout"]);
var RUN_VALUES = /* @__PURE__ */ new Set([...EXEC_VALUES, "-v", "--volume", "-p", "--publish", "--name", "--network", "--net", "--entrypoint", "-l", "--label", "--mount", "--cpus", "-m", "--memory", "--platform", "--restart", "-h", "--hostname", "--add-host", "--device", "--cap-add", "--cap-drop", "--log-driver", "--log-opt", "--pull", "--gpus", "--ipc", "--pid", "--shm-size", "--tmpfs", "--ulimit", "--security-opt", "--stop-signal", "--dns", "--expose", "--link", "--runtime", "--image", "--overrides", "--env-from", "--cidfile", "--health-cmd", "--userns", "--uts", "--volumes-from", "--workdir", "--group-add", "--cgroupns", "--label-file", "--mac-address", "--ip", "--ip6", "--network-alias", "--storage-opt", "--sysctl", "--attach", "-a"]);
var GIT_VALUES = /* @__PURE__ */ new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix"]);
var WATCH_VALUES = /* @__PURE__ */ new Set(["-n", "--interval", "-q", "--equexit"]);
var PARALLEL_VALUES = /* @__PURE__ */ new Set(["-j", "--jobs", "-S", "--sshlogin", "-a", "--arg-file", "-d", "--delimiter", "--colsep", "-C", "-I", "--replace", "-N", "-n", "--max-args", "-L", "--max-lines", "--halt", "--joblog", "--results", "--timeout", "--delay", "--retries", "--tag-string", "-E", "--eof", "--workdir", "--wd", "--tmpdir", "--load", "--memfree", "--transfer-file", "--return", "--basefile", "--env"]);
function nestedOf(cmd, stdin) {
  const { name, args } = cmd;
  if (SHELLS.has(name)) return shellNested(name, args, stdin);
  switch (name) {
    case "eval": {
      if (args.length === 0) return NONE;
      let source = null;
      for (const a of args) source = worst(source, sourceOfWord(a));
      return { nested: [{ code: args.map((a) => a.text).join(" "), via: "eval" }], codeSource: source };
    }
    case "source":
    case ".": {
      const script = args[0];
      if (!script) return NONE;
      if (script.text === "/dev/stdin" || script.text === "-") return fromStdin(name, stdin);
      return { nested: [], codeSource: sourceOfWord(script) };
    }
    case "su":
    case "runuser":
    case "flock":
    case "script": {
      const k = args.findIndex((a) => a.text === "-c" || a.text === "--command");
      const inline2 = args.find((a) => a.text.startsWith("--command="));
      const code = k >= 0 ? args[k + 1] : inline2 ? { ...inline2, text: inline2.text.slice("--command=".length) } : void 0;
      return code ? { nested: [{ code: code.text, via: `${name} -c` }], codeSource: sourceOfWord(code) } : NONE;
    }
    case "xargs": {
      const { options, rest } = afterOptions(args, XARGS_VALUES, false);
      const words = rest.length > 0 ? rest : [{ text: "echo", quoted: false, glob: false, dynamic: false, home: false }];
      const old = [...options.keys()].find((k) => /^-i/.test(k));
      const placeholder = options.get("-I") || options.get("--replace") || (old !== void 0 ? old.slice(2) || "{}" : null);
      return { nested: withItems(words, stdinItems(stdin, placeholder !== null), placeholder).map((code) => ({ code, via: "xargs" })), codeSource: null };
    }
    case "find":
      return findNested(args);
    case "trap": {
      const code = args[0];
      if (!code || args.length < 2 || code.text === "-" || /^-/.test(code.text) || /^[0-9]+$/.test(code.text)) return NONE;
      return { nested: [{ code: code.text, via: "trap" }], codeSource: sourceOfWord(code) };
    }
    case "parallel":
      return parallelNested(args, stdin);
    case "watch": {
      const { options, rest } = afterOptions(args, WATCH_VALUES);
      if (rest.length === 0) return NONE;
      const code = options.has("-x") || options.has("--exec") ? line(rest) : rest.map((a) => a.text).join(" ");
      return { nested: [{ code, via: "watch" }], codeSource: null };
    }
    case "ssh":
      return sshNested(args, stdin);
    case "docker":
    case "podman":
    case "nerdctl":
    case "docker-compose":
      return containerNested(name, args);
    case "kubectl":
    case "oc":
      return kubectlNested(name, args);
    case "git":
      return gitAliasNested(args);
    default:
      break;
  }
  const argv = [name, ...args.map((a) => a.text)];
  const inline = inlineCode(argv);
  if (inline) {
    const codeArg = args.find((a) => a.text === inline.code);
    return { nested: shellEquivalents(inline.language, inline.code).map((code) => ({ code, via: `${name} inline code` })), codeSource: codeArg ? sourceOfWord(codeArg) : null };
  }
  const language = stdinInterpreter(argv);
  if (language) {
    if (stdin?.kind === "text") return { nested: shellEquivalents(language, stdin.text).map((code) => ({ code, via: `${name} reading stdin` })), codeSource: null };
    if (stdin && stdin.kind !== "find") return { nested: [], codeSource: stdin.kind };
  }
  const procSub = args.find((a) => a.text.startsWith("<(") && a.producers);
  if (procSub && ["python", "python3", "python2", "node", "perl", "ruby", "php", "deno", "bun"].some((p) => name === p || name.startsWith(p + "."))) {
    return { nested: [], codeSource: sourceOfWord(procSub) };
  }
  return NONE;
}
function fromStdin(name, stdin) {
  if (!stdin) return NONE;
  if (stdin.kind === "text") return { nested: [{ code: stdin.text, via: `${name} reading stdin` }], codeSource: null };
  if (stdin.kind === "find") return { nested: [], codeSource: "unknown" };
  return { nested: [], codeSource: stdin.kind };
}
function shellNested(name, args, stdin) {
  const inv = shellInvocation(args);
  if (inv.code) return { nested: [{ code: inv.code.text, via: `${name} -c` }], codeSource: sourceOfWord(inv.code) };
  if (inv.script && !inv.readsStdin) return { nested: [], codeSource: sourceOfWord(inv.script) };
  return fromStdin(name, stdin);
}
function findNested(args) {
  const nested = [];
  const items = findItems(args);
  for (let i = 0; i < args.length; i++) {
    const t = args[i].text;
    if (t !== "-exec" && t !== "-execdir" && t !== "-ok" && t !== "-okdir") continue;
    const words = [];
    let j = i + 1;
    for (; j < args.length && args[j].text !== ";" && args[j].text !== "+"; j++) words.push(args[j]);
    i = j;
    if (words.length > 0) for (const code of withItems(words, items, null)) nested.push({ code, via: `find ${t}` });
  }
  return { nested, codeSource: null };
}
function parallelNested(args, stdin) {
  const { rest } = afterOptions(args, PARALLEL_VALUES, false);
  const sep = rest.findIndex((a) => /^:::+\+?$/.test(a.text));
  const template = sep >= 0 ? rest.slice(0, sep) : rest;
  const itemArgs = sep >= 0 ? rest.slice(sep + 1).filter((a) => !/^:::+\+?$/.test(a.text)).slice(0, MAX_ITEMS) : [];
  if (template.length === 0) {
    const lines2 = sep >= 0 ? itemArgs.map((a) => a.text) : stdin?.kind === "text" ? stdin.text.split("\n").filter((l) => l.trim()) : [];
    return { nested: lines2.slice(0, MAX_ITEMS).map((code) => ({ code, via: "parallel" })), codeSource: sep < 0 && stdin && stdin.kind !== "text" && stdin.kind !== "find" ? stdin.kind : null };
  }
  const words = template.length === 1 && /\s/.test(template[0].text) ? [{ ...template[0], dynamic: true, quoted: false }] : template;
  const items = sep >= 0 ? itemArgs.map(quoteArg) : stdinItems(stdin, true);
  const codes = words === template ? withItems(words, items, null, true) : items.map((it) => words[0].text.split("{}").join(it) + (words[0].text.includes("{}") ? "" : ` ${it}`));
  return { nested: codes.map((code) => ({ code, via: "parallel" })), codeSource: null };
}
function sshNested(args, stdin) {
  const { options, rest } = afterOptions(args, SSH_VALUES);
  if (options.has("-N") || rest.length === 0) return NONE;
  const host = rest[0].text.replace(/^[^@]*@/, "");
  const words = rest.slice(1);
  const remote = `ssh ${host}`;
  const code = words.map((a) => a.text).join(" ");
  const remoteShell = words.length === 0 || words.length <= 2 && SHELLS.has(words[0].text);
  if (remoteShell && stdin) {
    if (stdin.kind === "text") return { nested: [{ code: stdin.text, via: remote, remote: host }], codeSource: null };
    if (stdin.kind !== "find") return { nested: [], codeSource: stdin.kind };
  }
  if (words.length === 0) return NONE;
  return { nested: [{ code, via: remote, remote: host }], codeSource: words.length === 1 ? sourceOfWord(words[0]) : null };
}
var CONTAINER_GLOBAL_VALUES = /* @__PURE__ */ new Set(["-H", "--host", "--context", "-c", "--config", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey", "--url", "--connection", "--identity", "--root", "--runroot", "--storage-driver", "--cgroup-manager", "-f", "--file", "-p", "--project-name", "--project-directory", "--env-file", "--profile"]);
function containerNested(tool, args) {
  let k = 0;
  while (k < args.length && args[k].text.startsWith("-")) k += CONTAINER_GLOBAL_VALUES.has(args[k].text) ? 2 : 1;
  let words = args.slice(k);
  if (tool !== "docker-compose" && words[0]?.text === "compose") {
    words = words.slice(1);
    let j = 0;
    while (j < words.length && words[j].text.startsWith("-")) j += CONTAINER_GLOBAL_VALUES.has(words[j].text) ? 2 : 1;
    words = words.slice(j);
  }
  if (words[0]?.text === "container") words = words.slice(1);
  const sub = words[0]?.text;
  if (sub !== "exec" && sub !== "run") return NONE;
  const { rest } = afterOptions(words.slice(1), sub === "run" ? RUN_VALUES : EXEC_VALUES);
  const target = rest[0];
  if (!target || rest.length < 2) return NONE;
  const where = `container ${target.text}`;
  return { nested: [{ code: line(rest.slice(1)), via: `${tool} ${sub} ${target.text}`, remote: where }], codeSource: null };
}
function kubectlNested(tool, args) {
  const dash = args.findIndex((a) => a.text === "--");
  const positional = [];
  const head = args.slice(0, dash < 0 ? args.length : dash);
  for (let i = 0; i < head.length; i++) {
    const t = head[i].text;
    if (!t.startsWith("-")) positional.push(head[i]);
    else if (EXEC_VALUES.has(t) || RUN_VALUES.has(t) || t === "--cluster" || t === "--user" || t === "-s" || t === "--server") i++;
  }
  const sub = positional[0]?.text;
  if (sub !== "exec" && sub !== "run" && sub !== "debug" || dash < 0 || dash === args.length - 1) return NONE;
  const pod = positional[1]?.text ?? "pod";
  return { nested: [{ code: line(args.slice(dash + 1)), via: `${tool} ${sub} ${pod}`, remote: `pod ${pod}` }], codeSource: null };
}
function gitAliasNested(args) {
  const aliases = /* @__PURE__ */ new Map();
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i].text;
    if (!t.startsWith("-")) break;
    if (t === "-c" && args[i + 1]) {
      const m = /^alias\.([^=]+)=(.*)$/s.exec(args[i + 1].text);
      if (m) aliases.set(m[1], m[2]);
    }
    if (GIT_VALUES.has(t)) i++;
  }
  const sub = args[i]?.text;
  const body = sub !== void 0 ? aliases.get(sub) : void 0;
  if (body === void 0) return NONE;
  const rest = args.slice(i + 1).map(quoteArg).join(" ");
  const code = body.startsWith("!") ? `${body.slice(1)} ${rest}` : `git ${body} ${rest}`;
  return { nested: [{ code: code.trim(), via: `git alias ${sub}` }], codeSource: null };
}

// src/shell/words.ts
var LIMITS2 = {
  /** Deepest nesting of $( ), subshells, groups and compound commands. */
  maxDepth: 32
};
var C_NEWLINE = 10;
var C_SPACE = 32;
var C_TAB = 9;
function isMeta(c) {
  return c === " " || c === "	" || c === "\n" || c === ";" || c === "&" || c === "|" || c === "(" || c === ")" || c === "<" || c === ">";
}
var ANSI_C = { n: "\n", t: "	", r: "\r", a: "\x07", b: "\b", e: "\x1B", E: "\x1B", f: "\f", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?" };
var WordReader = class {
  constructor(src, offset = 0) {
    this.src = src;
    this.offset = offset;
  }
  src;
  offset;
  pos = 0;
  depth = 0;
  issues = [];
  issue(message, at = this.pos) {
    if (this.issues.length < 20) this.issues.push({ message, position: at + this.offset });
  }
  peek(n = 0) {
    return this.src[this.pos + n];
  }
  atEnd() {
    return this.pos >= this.src.length;
  }
  /** Skips blanks and backslash-newline continuations (not newlines). */
  skipBlanks() {
    const s = this.src;
    for (; ; ) {
      const c = s.charCodeAt(this.pos);
      if (c === C_SPACE || c === C_TAB || c === 13) this.pos++;
      else if (c === 92 && s.charCodeAt(this.pos + 1) === C_NEWLINE) this.pos += 2;
      else break;
    }
  }
  skipComment() {
    if (this.peek() !== "#") return;
    while (!this.atEnd() && this.src.charCodeAt(this.pos) !== C_NEWLINE) this.pos++;
  }
  /** Reads one word starting at pos; returns null when pos is not at a word. */
  readWord(extraStop) {
    const start = this.pos;
    const parts = [];
    let lit = "";
    const flush = () => {
      if (lit) parts.push({ kind: "literal", text: lit, quoted: false });
      lit = "";
    };
    while (!this.atEnd()) {
      const c = this.src[this.pos];
      if (isMeta(c) || extraStop !== void 0 && extraStop.includes(c)) {
        if ((c === "<" || c === ">") && this.peek(1) === "(") {
          flush();
          parts.push(this.readProcessSub());
          continue;
        }
        break;
      }
      if (c === "\\") {
        const n = this.peek(1);
        if (n === "\n") {
          this.pos += 2;
          continue;
        }
        flush();
        if (n === void 0) {
          this.pos++;
          parts.push({ kind: "literal", text: "\\", quoted: false });
          continue;
        }
        parts.push({ kind: "literal", text: n, quoted: true });
        this.pos += 2;
        continue;
      }
      if (c === "'") {
        flush();
        parts.push(this.readSingleQuoted());
        continue;
      }
      if (c === '"') {
        flush();
        parts.push(...this.readDoubleQuoted());
        continue;
      }
      if (c === "`") {
        flush();
        parts.push(this.readBacktick(false));
        continue;
      }
      if (c === "$") {
        const n = this.peek(1);
        if (n === "'") {
          flush();
          parts.push(this.readAnsiC());
          continue;
        }
        if (n === '"') {
          this.pos++;
          continue;
        }
        const exp = this.readDollar(false);
        if (exp) {
          flush();
          parts.push(exp);
          continue;
        }
      }
      if (c === "~" && this.pos === start) {
        const m = /^~([A-Za-z0-9._-]*)/.exec(this.src.slice(this.pos, this.pos + 64));
        const user = m?.[1] ?? "";
        const after = this.src[this.pos + 1 + user.length];
        if (after === void 0 || after === "/" || isMeta(after) || after === ":") {
          parts.push({ kind: "tilde", user });
          this.pos += 1 + user.length;
          continue;
        }
      }
      lit += c;
      this.pos++;
      if (c === "=" && this.peek() === "(" && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(lit) && parts.length === 0) {
        lit += this.readBalancedRaw("(", ")");
      }
    }
    flush();
    if (this.pos === start) return null;
    return { parts, start: start + this.offset, end: this.pos + this.offset };
  }
  /** Reads from an opening bracket to its match, raw, honouring quotes. */
  readBalancedRaw(open, close) {
    const start = this.pos;
    let level = 0;
    while (!this.atEnd()) {
      const c = this.src[this.pos];
      if (c === "\\") {
        this.pos += 2;
        continue;
      }
      if (c === "'") {
        const e2 = this.src.indexOf("'", this.pos + 1);
        this.pos = e2 < 0 ? this.src.length : e2 + 1;
        continue;
      }
      if (c === open) level++;
      else if (c === close && --level === 0) {
        this.pos++;
        return this.src.slice(start, this.pos);
      }
      this.pos++;
    }
    this.issue(`unclosed ${open}`, start);
    return this.src.slice(start);
  }
  readSingleQuoted() {
    const open = this.pos;
    const end = this.src.indexOf("'", this.pos + 1);
    if (end < 0) {
      this.issue("unterminated single quote", open);
      this.pos = this.src.length;
      return { kind: "literal", text: this.src.slice(open + 1), quoted: true };
    }
    this.pos = end + 1;
    return { kind: "literal", text: this.src.slice(open + 1, end), quoted: true };
  }
  readAnsiC() {
    const open = this.pos;
    this.pos += 2;
    let out = "";
    while (!this.atEnd()) {
      const c = this.src[this.pos];
      if (c === "'") {
        this.pos++;
        return { kind: "literal", text: out, quoted: true };
      }
      if (c !== "\\") {
        out += c;
        this.pos++;
        continue;
      }
      const n = this.peek(1) ?? "";
      this.pos += 2;
      const simple = ANSI_C[n];
      if (simple !== void 0) {
        out += simple;
        continue;
      }
      const rest = this.src.slice(this.pos, this.pos + 8);
      let m;
      if (n === "x" && (m = /^[0-9a-fA-F]{1,2}/.exec(rest))) {
        out += String.fromCharCode(parseInt(m[0], 16));
        this.pos += m[0].length;
        continue;
      }
      if ((n === "u" || n === "U") && (m = /^[0-9a-fA-F]{1,8}/.exec(rest))) {
        const code = parseInt(m[0].slice(0, n === "u" ? 4 : 8), 16);
        out += code <= 1114111 ? String.fromCodePoint(code) : "";
        this.pos += Math.min(m[0].length, n === "u" ? 4 : 8);
        continue;
      }
      if (/[0-7]/.test(n)) {
        m = /^[0-7]{0,2}/.exec(rest);
        out += String.fromCharCode(parseInt(n + (m?.[0] ?? ""), 8) & 255);
        this.pos += m?.[0].length ?? 0;
        continue;
      }
      if (n === "c") {
        const ch = this.peek() ?? "@";
        out += String.fromCharCode(ch.charCodeAt(0) & 31);
        this.pos++;
        continue;
      }
      out += "\\" + n;
    }
    this.issue("unterminated $'...' quote", open);
    return { kind: "literal", text: out, quoted: true };
  }
  /** Reads "..." and returns its parts, each marked quoted. */
  readDoubleQuoted() {
    const open = this.pos;
    this.pos++;
    const parts = this.readDoubleQuotedBody('"');
    if (this.peek() === '"') this.pos++;
    else this.issue("unterminated double quote", open);
    return parts;
  }
  /**
   * The inside of a double-quoted string, up to `terminator` (or the end of input for a
   * here-document, where terminator is null): literal text, $-expansions and backticks.
   */
  readDoubleQuotedBody(terminator) {
    const parts = [];
    let lit = "";
    const flush = () => {
      if (lit) parts.push({ kind: "literal", text: lit, quoted: true });
      lit = "";
    };
    while (!this.atEnd()) {
      const c = this.src[this.pos];
      if (c === terminator) break;
      if (c === "\\") {
        const n = this.peek(1);
        if (n === "\n") {
          this.pos += 2;
          continue;
        }
        if (n === "$" || n === "`" || n === "\\" || n === '"' && terminator === '"') {
          lit += n;
          this.pos += 2;
          continue;
        }
        lit += c;
        this.pos++;
        continue;
      }
      if (c === "`") {
        flush();
        parts.push(this.readBacktick(true));
        continue;
      }
      if (c === "$") {
        const exp = this.readDollar(true);
        if (exp) {
          flush();
          parts.push(exp);
          continue;
        }
      }
      lit += c;
      this.pos++;
    }
    flush();
    if (parts.length === 0) parts.push({ kind: "literal", text: "", quoted: true });
    return parts;
  }
  /** Reads a $-expansion at pos, or returns null when the $ is literal. */
  readDollar(quoted) {
    const n = this.peek(1);
    if (n === "(") {
      if (this.peek(2) === "(") {
        const start = this.pos;
        this.pos += 1;
        const raw = this.readBalancedRaw("(", ")");
        return { kind: "arith", text: raw.length > 0 ? this.src.slice(start, this.pos) : raw };
      }
      this.pos += 2;
      const script = this.nested(")");
      return { kind: "command-sub", script, quoted };
    }
    if (n === "{") {
      this.pos++;
      const raw = this.readBalancedRaw("{", "}");
      const inner = raw.slice(1, -1);
      const m2 = /^([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(.*)$/s.exec(inner);
      const name = m2?.[2] ?? inner;
      const rest = m2?.[3] ?? "";
      const op = /^(:?[-=?+]|##?|%%?|\/\/?|:|\^\^?|,,?|\[)/.exec(rest)?.[0] ?? "";
      const operand = rest.slice(op.length);
      const part = { kind: "param", name: (m2?.[1] === "#" ? "#" : "") + name, op, operand, quoted };
      if (/\$\(|`/.test(operand)) {
        const scripts = [];
        for (const sub of this.parseOperand(operand)) if (sub.kind === "command-sub" || sub.kind === "process-sub") scripts.push(sub.script);
        if (scripts.length > 0) part.operandScripts = scripts;
      }
      return part;
    }
    const m = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(this.src.slice(this.pos, this.pos + 256));
    if (!m) return null;
    this.pos += m[0].length;
    return { kind: "param", name: m[1], op: "", operand: "", quoted };
  }
  readBacktick(quoted) {
    const open = this.pos;
    this.pos++;
    let inner = "";
    let closed = false;
    while (!this.atEnd()) {
      const c = this.src[this.pos];
      if (c === "\\") {
        const n = this.peek(1) ?? "";
        inner += n === "`" || n === "\\" || n === "$" ? n : c + n;
        this.pos += 2;
        continue;
      }
      if (c === "`") {
        this.pos++;
        closed = true;
        break;
      }
      inner += c;
      this.pos++;
    }
    if (!closed) this.issue("unterminated backquote", open);
    return { kind: "command-sub", script: this.parseDetached(inner, open + 1), quoted };
  }
  readProcessSub() {
    const direction = this.src[this.pos];
    this.pos += 2;
    return { kind: "process-sub", direction, script: this.nested(")") };
  }
  /** Parses a nested script up to `)` and consumes the `)`. */
  nested(stop2) {
    const open = this.pos;
    const script = this.parseNested(stop2);
    if (this.peek() === ")") this.pos++;
    else this.issue("unclosed $( or (", open);
    return script;
  }
};

// src/shell/parser.ts
function parseShell(line2) {
  const p = new Parser(line2);
  const script = p.parseTop();
  return { script, issues: p.issues };
}
var REDIRECT_OPS = ["&>>", "<<<", "<<-", "&>", ">>", ">|", "<>", ">&", "<&", "<<", ">", "<"];
var CLOSERS = /* @__PURE__ */ new Set(["then", "fi", "do", "done", "else", "elif", "esac", "}", "in"]);
var Parser = class _Parser extends WordReader {
  pending = [];
  /** Shared with detached sub-parsers so limits hold for the whole line. */
  constructor(src, offset = 0, depth = 0) {
    super(src, offset);
    this.depth = depth;
  }
  parseTop() {
    const script = this.parseScript(/* @__PURE__ */ new Set(), null);
    while (!this.atEnd()) {
      const at = this.pos;
      const word2 = this.peekReservedWord();
      this.issue(`unexpected '${word2 ?? this.peek()}'`, at);
      this.pos += word2 ? word2.length : 1;
      const more = this.parseScript(/* @__PURE__ */ new Set(), null);
      script.items.push(...more.items);
      script.end = more.end;
    }
    return script;
  }
  parseNested(stop2) {
    return this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(), stop2));
  }
  parseDetached(text, at) {
    if (this.depth >= LIMITS2.maxDepth) {
      this.issue(`nesting deeper than ${LIMITS2.maxDepth} levels`, at);
      return { items: [], start: at, end: at };
    }
    const sub = new _Parser(text, this.offset + at, this.depth + 1);
    const script = sub.parseTop();
    for (const i of sub.issues) this.issue(i.message, i.position - this.offset);
    return script;
  }
  parseOperand(text) {
    if (this.depth >= LIMITS2.maxDepth) return [];
    const sub = new _Parser(text, this.offset + this.pos, this.depth + 1);
    const parts = sub.readDoubleQuotedBody(null);
    for (const i of sub.issues) this.issue(i.message, i.position - this.offset);
    return parts;
  }
  withDepth(fn) {
    if (this.depth >= LIMITS2.maxDepth) {
      this.issue(`nesting deeper than ${LIMITS2.maxDepth} levels`);
      const start = this.pos;
      this.pos = this.src.length;
      return { items: [], start: start + this.offset, end: this.pos + this.offset };
    }
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }
  /** A reserved word at pos, if the next word is exactly one. */
  peekReservedWord() {
    const m = /^(then|fi|do|done|else|elif|esac|in|\{|\}|if|for|while|until|case|function|select|!)(?=$|[\s;&|()<>])/.exec(this.src.slice(this.pos, this.pos + 10));
    return m ? m[1] : null;
  }
  parseScript(stopWords, stopChar) {
    const items = [];
    const start = this.pos;
    for (; ; ) {
      this.skipSeparators(items);
      if (this.atEnd()) break;
      const c = this.peek();
      if (c === ")") {
        if (stopChar === ")") break;
        if (this.depth === 0 && stopWords.size === 0) break;
        break;
      }
      if (c === ";" && this.peek(1) === ";") break;
      const rw = this.peekReservedWord();
      if (rw && (stopWords.has(rw) || CLOSERS.has(rw))) break;
      const pipeline = this.parseAndOr(items);
      if (!pipeline) break;
    }
    return { items, start: start + this.offset, end: this.pos + this.offset };
  }
  /** Skips blanks, comments, newlines and lone ; & between commands. */
  skipSeparators(items) {
    for (; ; ) {
      this.skipBlanks();
      this.skipComment();
      const c = this.peek();
      if (c === "\n") {
        this.pos++;
        this.readHeredocs();
        this.setLastNext(items, "\n");
        continue;
      }
      if (c === ";" && this.peek(1) !== ";") {
        this.pos++;
        this.setLastNext(items, ";");
        continue;
      }
      if (c === "&" && this.peek(1) !== "&" && this.peek(1) !== ">") {
        this.pos++;
        this.setLastNext(items, "&");
        continue;
      }
      return;
    }
  }
  setLastNext(items, op) {
    const last = items[items.length - 1];
    if (last && last.next === null) last.next = op;
  }
  /** pipeline { (&& | ||) pipeline }, appended to items. */
  parseAndOr(items) {
    let first = true;
    for (; ; ) {
      const pipeline = this.parsePipeline();
      if (!pipeline) return !first;
      first = false;
      items.push({ pipeline, next: null });
      this.skipBlanks();
      const two = this.src.slice(this.pos, this.pos + 2);
      if (two === "&&" || two === "||") {
        items[items.length - 1].next = two;
        this.pos += 2;
        this.skipLinebreaks();
        continue;
      }
      return true;
    }
  }
  skipLinebreaks() {
    for (; ; ) {
      this.skipBlanks();
      this.skipComment();
      if (this.peek() === "\n") {
        this.pos++;
        this.readHeredocs();
        continue;
      }
      return;
    }
  }
  parsePipeline() {
    this.skipBlanks();
    const start = this.pos;
    let negated = false;
    if (this.peekReservedWord() === "!") {
      negated = true;
      this.pos++;
      this.skipBlanks();
    }
    const commands = [];
    for (; ; ) {
      const cmd = this.parseCommand();
      if (!cmd) break;
      commands.push(cmd);
      this.skipBlanks();
      if (this.peek() === "|" && this.peek(1) !== "|") {
        this.pos += this.peek(1) === "&" ? 2 : 1;
        this.skipLinebreaks();
        continue;
      }
      break;
    }
    if (commands.length === 0) {
      if (negated) return { negated, commands, start: start + this.offset, end: this.pos + this.offset };
      return null;
    }
    return { negated, commands, start: start + this.offset, end: this.pos + this.offset };
  }
  parseCommand() {
    this.skipBlanks();
    const start = this.pos;
    const c = this.peek();
    if (c === void 0) return null;
    if (c === "(") {
      if (this.peek(1) === "(") return this.compound("arith-command", start, () => {
        this.readRawUntil("))");
        return { bodies: [], words: [] };
      });
      return this.compound("subshell", start, () => {
        this.pos++;
        const body = this.parseNested(")");
        if (this.peek() === ")") this.pos++;
        else this.issue("unclosed '('", start);
        return { bodies: [body], words: [] };
      });
    }
    const rw = this.peekReservedWord();
    switch (rw) {
      case "{":
        return this.compound("group", start, () => {
          this.pos++;
          const body = this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["}"]), null));
          this.expectWord("}", start);
          return { bodies: [body], words: [] };
        });
      case "if":
        return this.compound("if", start, () => this.parseIf());
      case "while":
      case "until":
        return this.compound("loop", start, () => {
          this.pos += rw.length;
          const cond = this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["do"]), null));
          this.expectWord("do", start);
          const body = this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["done"]), null));
          this.expectWord("done", start);
          return { bodies: [cond, body], words: [] };
        });
      case "for":
      case "select":
        return this.compound("loop", start, () => this.parseFor(rw.length));
      case "case":
        return this.compound("case", start, () => this.parseCase());
      case "function":
        return this.parseFunctionKeyword(start);
      default:
        break;
    }
    if (this.src.startsWith("[[", this.pos) && isMeta(this.src[this.pos + 2] ?? " ")) {
      return this.compound("conditional", start, () => this.parseConditional());
    }
    return this.parseSimple();
  }
  compound(type, start, body) {
    const { bodies, words } = body();
    const redirects = [];
    for (; ; ) {
      this.skipBlanks();
      const r = this.readRedirect();
      if (!r) break;
      redirects.push(r);
    }
    return { type, bodies, words, redirects, start: start + this.offset, end: this.pos + this.offset };
  }
  expectWord(word2, openedAt) {
    this.skipSeparators([]);
    if (this.peekReservedWord() === word2) this.pos += word2.length;
    else this.issue(`missing '${word2}'`, openedAt);
  }
  readRawUntil(end) {
    const start = this.pos;
    const i = this.src.indexOf(end, this.pos + 2);
    this.pos = i < 0 ? this.src.length : i + end.length;
    if (i < 0) this.issue(`missing '${end}'`, start);
    return this.src.slice(start, this.pos);
  }
  parseIf() {
    const start = this.pos;
    this.pos += 2;
    const bodies = [];
    for (; ; ) {
      bodies.push(this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["then"]), null)));
      this.expectWord("then", start);
      bodies.push(this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["elif", "else", "fi"]), null)));
      this.skipSeparators([]);
      const rw = this.peekReservedWord();
      if (rw === "elif") {
        this.pos += 4;
        continue;
      }
      if (rw === "else") {
        this.pos += 4;
        bodies.push(this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["fi"]), null)));
      }
      this.expectWord("fi", start);
      return { bodies, words: [] };
    }
  }
  parseFor(keywordLength) {
    const start = this.pos;
    this.pos += keywordLength;
    this.skipBlanks();
    const words = [];
    if (this.src.startsWith("((", this.pos)) {
      this.readRawUntil("))");
    } else {
      this.readWord();
      this.skipLinebreaks();
      if (this.peekReservedWord() === "in") {
        this.pos += 2;
        for (; ; ) {
          this.skipBlanks();
          const w = this.readWord();
          if (!w) break;
          words.push(w);
        }
      }
    }
    this.skipSeparators([]);
    this.expectWord("do", start);
    const body = this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["done"]), null));
    this.expectWord("done", start);
    return { bodies: [body], words };
  }
  parseCase() {
    const start = this.pos;
    this.pos += 4;
    this.skipBlanks();
    const words = [];
    const subject = this.readWord();
    if (subject) words.push(subject);
    this.skipLinebreaks();
    if (this.peekReservedWord() === "in") this.pos += 2;
    else this.issue("missing 'in'", start);
    const bodies = [];
    for (; ; ) {
      this.skipLinebreaks();
      if (this.atEnd() || this.peekReservedWord() === "esac") break;
      if (this.peek() === "(") this.pos++;
      for (; ; ) {
        this.skipBlanks();
        const w = this.readWord("|");
        if (w) words.push(w);
        this.skipBlanks();
        if (this.peek() === "|") {
          this.pos++;
          continue;
        }
        break;
      }
      if (this.peek() === ")") this.pos++;
      else {
        this.issue("missing ')' in case pattern", start);
        break;
      }
      bodies.push(this.withDepth(() => this.parseScript(/* @__PURE__ */ new Set(["esac"]), null)));
      const term = /^;;&|^;;|^;&/.exec(this.src.slice(this.pos, this.pos + 3));
      if (term) this.pos += term[0].length;
    }
    this.expectWord("esac", start);
    return { bodies, words };
  }
  parseConditional() {
    this.pos += 2;
    const words = [];
    const start = this.pos;
    for (; ; ) {
      this.skipBlanks();
      if (this.atEnd() || this.peek() === "\n") {
        this.issue("missing ']]'", start);
        break;
      }
      if (this.src.startsWith("]]", this.pos) && isMeta(this.src[this.pos + 2] ?? " ")) {
        this.pos += 2;
        break;
      }
      const op = /^(&&|\|\||[()<>!])/.exec(this.src.slice(this.pos, this.pos + 2));
      if (op) {
        this.pos += op[0].length;
        continue;
      }
      const w = this.readWord();
      if (!w) {
        this.pos++;
        continue;
      }
      words.push(w);
    }
    return { bodies: [], words };
  }
  parseFunctionKeyword(start) {
    this.pos += "function".length;
    this.skipBlanks();
    const nameWord = this.readWord();
    this.skipBlanks();
    if (this.src.startsWith("()", this.pos)) this.pos += 2;
    return this.functionBody(nameWord ? this.src.slice(nameWord.start - this.offset, nameWord.end - this.offset) : "", start);
  }
  functionBody(name, start) {
    this.skipLinebreaks();
    const body = this.parseCommand();
    if (!body) {
      this.issue(`function '${name}' has no body`, start);
      return null;
    }
    return { type: "function", name, body, start: start + this.offset, end: this.pos + this.offset };
  }
  parseSimple() {
    const start = this.pos;
    const assignments = [];
    const words = [];
    const redirects = [];
    let end = this.pos;
    for (; ; ) {
      this.skipBlanks();
      if (this.atEnd()) break;
      const c = this.peek();
      if (c === "#" && words.length + assignments.length + redirects.length > 0) {
        this.skipComment();
        break;
      }
      const r = this.readRedirect();
      if (r) {
        redirects.push(r);
        end = this.pos;
        continue;
      }
      if (c === "\n" || c === ";" || c === "&" || c === "|" || c === ")") break;
      if (c === "(") {
        if (words.length === 1 && assignments.length === 0 && this.src.startsWith("()", this.pos)) {
          this.pos += 2;
          const w2 = words[0];
          return this.functionBody(this.src.slice(w2.start - this.offset, w2.end - this.offset), start);
        }
        this.issue("unexpected '('");
        this.pos++;
        continue;
      }
      const w = this.readWord();
      if (!w) {
        this.issue(`unexpected '${c}'`);
        this.pos++;
        continue;
      }
      if (words.length === 0 && isAssignment(w)) assignments.push(w);
      else words.push(w);
      end = this.pos;
    }
    if (this.pos === start) return null;
    const node = { type: "simple", assignments, words, redirects, start: start + this.offset, end: end + this.offset };
    return node;
  }
  readRedirect() {
    const start = this.pos;
    const m = /^([0-9]{1,2})?/.exec(this.src.slice(this.pos, this.pos + 2));
    const digits = m?.[1] ?? "";
    const at = this.pos + digits.length;
    const c = this.src[at];
    if (c !== "<" && c !== ">" && !(c === "&" && this.src[at + 1] === ">")) return null;
    if ((c === "<" || c === ">") && this.src[at + 1] === "(") return null;
    const op = REDIRECT_OPS.find((o) => this.src.startsWith(o, at));
    if (!op) return null;
    this.pos = at + op.length;
    this.skipBlanks();
    const target = this.readWord() ?? { parts: [], start: this.pos + this.offset, end: this.pos + this.offset };
    if (target.parts.length === 0) this.issue(`redirect '${op}' without a target`, start);
    const redirect = { fd: digits ? Number(digits) : null, op, target, start: start + this.offset, end: this.pos + this.offset };
    if (op === "<<" || op === "<<-") {
      const raw = this.src.slice(target.start - this.offset, target.end - this.offset);
      const quoted = /['"\\]/.test(raw);
      const delimiter = target.parts.map((p) => p.kind === "literal" ? p.text : "").join("");
      this.pending.push({ redirect, delimiter, stripTabs: op === "<<-", quoted });
    }
    return redirect;
  }
  /** Called just after a newline: reads the bodies of the here-documents opened on that line. */
  readHeredocs() {
    const docs = this.pending;
    this.pending = [];
    for (const doc of docs) {
      const bodyStart = this.pos;
      let bodyEnd = -1;
      while (!this.atEnd()) {
        let nl = this.src.indexOf("\n", this.pos);
        if (nl < 0) nl = this.src.length;
        let line2 = this.src.slice(this.pos, nl);
        if (doc.stripTabs) line2 = line2.replace(/^\t+/, "");
        if (line2 === doc.delimiter) {
          bodyEnd = this.pos;
          this.pos = Math.min(nl + 1, this.src.length);
          break;
        }
        this.pos = Math.min(nl + 1, this.src.length);
      }
      if (bodyEnd < 0) {
        bodyEnd = this.src.length;
        this.issue(`here-document not ended by '${doc.delimiter}'`, bodyStart);
      }
      const text = this.src.slice(bodyStart, bodyEnd);
      let body;
      if (doc.quoted) {
        body = { parts: [{ kind: "literal", text, quoted: true }], start: bodyStart + this.offset, end: bodyEnd + this.offset };
      } else {
        const sub = new _Parser(text, this.offset + bodyStart, this.depth + 1);
        const parts = sub.readDoubleQuotedBody(null);
        for (const i of sub.issues) this.issue(i.message, i.position - this.offset);
        body = { parts, start: bodyStart + this.offset, end: bodyEnd + this.offset };
      }
      doc.redirect.heredoc = { body, quotedDelimiter: doc.quoted };
    }
  }
};
function isAssignment(w) {
  const first = w.parts[0];
  return first !== void 0 && first.kind === "literal" && !first.quoted && /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(first.text);
}

// src/shell/stdin.ts
var STDIN_LIMITS = {
  /** Largest payload decoded from base64 found in the line. */
  maxDecodedBytes: 64 * 1024
};
var DOWNLOADERS2 = /* @__PURE__ */ new Set(["curl", "wget", "fetch", "http", "https", "xh", "aria2c", "lwp-request", "GET", "nc", "ncat", "socat", "invoke-webrequest", "iwr"]);
var DECODERS2 = /* @__PURE__ */ new Set(["base32", "basenc", "xxd", "openssl", "gunzip", "zcat", "gzip", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "zstd", "unzstd", "uudecode", "rev", "tr", "gpg", "age"]);
function printed(cmd) {
  if (cmd.args.some((a) => a.dynamic)) return null;
  return printedText(cmd.name, cmd.args.map((a) => a.text));
}
function decodeBase64(text, budget) {
  const clean = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return null;
  const bytes = Buffer.from(clean, "base64");
  if (bytes.length > STDIN_LIMITS.maxDecodedBytes || budget.decoded + bytes.length > STDIN_LIMITS.maxDecodedBytes * 4) return null;
  budget.decoded += bytes.length;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
function stdinOf(cmd, upstream, budget, depth = 0) {
  for (const r of cmd.redirects) {
    if (r.input !== void 0 && (r.op === "<<" || r.op === "<<-" || r.op === "<<<")) return { kind: "text", text: r.op === "<<<" ? r.input + "\n" : r.input };
  }
  if (cmd.redirects.some((r) => r.op === "<" && (r.fd === null || r.fd === 0))) {
    const file = cmd.redirects.find((r) => r.op === "<").target;
    return file.producers?.some((p) => DOWNLOADERS2.has(p)) ? { kind: "download" } : null;
  }
  const up = depth < 8 ? upstream(cmd) : null;
  if (up === null) return null;
  if (typeof up === "string") return up ? { kind: "text", text: up } : { kind: "unknown" };
  if (up.name === "echo" || up.name === "printf") {
    const text = printed(up);
    return text === null ? { kind: "unknown" } : { kind: "text", text };
  }
  if ((up.name === "cat" || up.name === "tee") && up.args.every((a) => a.text.startsWith("-"))) return stdinOf(up, upstream, budget, depth + 1) ?? { kind: "unknown" };
  if (DOWNLOADERS2.has(up.name)) return { kind: "download" };
  if (up.name === "base64" && up.args.some((a) => /^-(d|D|-decode)$/.test(a.text))) {
    const inner = stdinOf(up, upstream, budget, depth + 1);
    if (inner?.kind === "text") {
      const decoded = decodeBase64(inner.text, budget);
      return decoded === null ? { kind: "decoded" } : { kind: "text", text: decoded };
    }
    return inner?.kind === "download" ? inner : { kind: "decoded" };
  }
  if (DECODERS2.has(up.name) || up.name === "base64") {
    const inner = stdinOf(up, upstream, budget, depth + 1);
    return inner?.kind === "download" ? inner : { kind: "decoded" };
  }
  if (up.name === "find") return { kind: "find", items: findItems(up.args) };
  return { kind: "unknown" };
}

// src/shell/index.ts
var NESTED_LIMITS = {
  /** Levels of code inside code (bash -c inside ssh inside eval ...). */
  maxDepth: 8,
  /** Characters of nested code built from one line, all levels together. */
  maxNestedChars: 4 * 1024 * 1024
};
function parseCommandLine(line2) {
  const state = { commands: [], issues: [], truncated: false, limit: null, nestedChars: 0, budget: { decoded: 0 } };
  expand(line2, { depth: 0, via: [], remote: null, cwd: null }, state);
  return { commands: state.commands, issues: state.issues, truncated: state.truncated, limit: state.limit };
}
function stop(state, limit) {
  state.truncated = true;
  state.limit ??= limit;
}
function joinCwd(outer, inner) {
  if (!inner) return outer;
  if (!outer || inner.home || inner.dynamic || inner.text.startsWith("/")) return inner;
  return { ...outer, text: `${outer.text.replace(/\/+$/, "")}/${inner.text}` };
}
function expand(text, frame, state) {
  const { script, issues } = parseShell(text);
  const where = frame.via.at(-1);
  for (const i of issues) state.issues.push(where ? { message: `in ${where}: ${i.message}`, position: i.position } : i);
  const { commands: flat, truncated, stageText } = flattenScript(script);
  if (truncated) stop(state, "commands");
  const byPipe = /* @__PURE__ */ new Map();
  const mine = [];
  for (const c of flat) {
    const n = normaliseCommand(c);
    if (!n) continue;
    n.segment = text.slice(Math.max(0, c.start), Math.max(0, c.end)).trim() || text.trim();
    n.via = frame.via;
    n.remote = frame.remote;
    n.cwd = frame.remote ? n.cwd : joinCwd(frame.cwd, n.cwd);
    byPipe.set(`${c.pipe.id}:${c.pipe.index}`, n);
    mine.push(n);
  }
  const upstream = (n) => {
    if (n.pipe.index === 0) return null;
    const key = `${n.pipe.id}:${n.pipe.index - 1}`;
    return byPipe.get(key) ?? stageText.get(key) ?? "";
  };
  for (const n of mine) {
    if (state.commands.length >= FLATTEN_LIMITS.maxCommands) {
      stop(state, "commands");
      return;
    }
    state.commands.push(n);
    const { nested, codeSource } = nestedOf(n, stdinOf(n, upstream, state.budget));
    n.codeSource = codeSource;
    for (const inner of nested) {
      if (frame.depth + 1 > NESTED_LIMITS.maxDepth) {
        stop(state, "nesting");
        break;
      }
      state.nestedChars += inner.code.length;
      if (state.nestedChars > NESTED_LIMITS.maxNestedChars) {
        stop(state, "nested-size");
        break;
      }
      expand(inner.code, {
        depth: frame.depth + 1,
        via: [...frame.via, inner.via],
        remote: inner.remote ?? frame.remote,
        cwd: inner.remote ? null : n.cwd
      }, state);
    }
  }
}

// src/catalogue/args.ts
function parseArgs(args, spec2) {
  const positionals = [];
  const options = [];
  const valueOptions = spec2?.value_options;
  let endOfOptions = -1;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const w = a.text;
    if (endOfOptions >= 0 || a.dynamic || w.length < 2 || w[0] !== "-") {
      positionals.push(a);
      continue;
    }
    if (w === "--") {
      endOfOptions = i;
      continue;
    }
    if (w.startsWith("--")) {
      const eq2 = w.indexOf("=");
      if (eq2 > 0) {
        options.push({ name: w.slice(0, eq2), value: w.slice(eq2 + 1), index: i });
        continue;
      }
      if (valueOptions?.includes(w) && i + 1 < args.length) {
        options.push({ name: w, value: args[i + 1].text, index: i });
        i++;
        continue;
      }
      options.push({ name: w, value: null, index: i });
      continue;
    }
    if (/^-[0-9]+$/.test(w)) {
      positionals.push(a);
      continue;
    }
    if (valueOptions?.includes(w)) {
      options.push({ name: w, value: i + 1 < args.length ? args[i + 1].text : null, index: i });
      i++;
      continue;
    }
    const eq = w.indexOf("=");
    if (eq > 0) {
      options.push({ name: w.slice(0, eq), value: w.slice(eq + 1), index: i });
      continue;
    }
    options.push({ name: w, value: null, index: i });
    if (w.length > 2 && /^-[A-Za-z]+$/.test(w)) {
      for (let k = 1; k < w.length; k++) {
        const name = "-" + w[k];
        if (valueOptions?.includes(name)) {
          const rest = w.slice(k + 1);
          options.push({ name, value: rest || (i + 1 < args.length ? args[i + 1].text : null), index: i });
          if (!rest) i++;
          break;
        }
        options.push({ name, value: null, index: i });
      }
    } else if (w.length > 2 && /^-[A-Za-z]/.test(w) && valueOptions?.includes(w.slice(0, 2))) {
      options.push({ name: w.slice(0, 2), value: w.slice(2), index: i });
    }
  }
  return { positionals, options, endOfOptions };
}
function wordText(a) {
  return /\s/.test(a.text) ? a.text.replace(/\s/g, "\u2423") : a.text;
}
function isTruncatingRedirect(op, fd) {
  return (op === ">" || op === ">|" || op === "&>") && (fd === null || fd === 1 || fd === 2);
}
function normalisedText(cmd, spec2) {
  let words = cmd.args;
  if (spec2?.global_options_before_subcommand) {
    const valueOptions = spec2.value_options ?? [];
    let i = 0;
    while (i < words.length) {
      const w = words[i].text;
      if (w === "--" || w.length < 2 || w[0] !== "-" || words[i].dynamic) break;
      i += valueOptions.includes(w) ? 2 : 1;
    }
    if (i > 0) words = [...words.slice(i), ...words.slice(0, i)];
  }
  let text = cmd.name;
  for (const w of words) text += " " + wordText(w);
  for (const r of cmd.redirects) if (isTruncatingRedirect(r.op, r.fd)) text += " >" + wordText(r.target);
  return text;
}

// src/assess/match.ts
var asList = (v) => Array.isArray(v) ? v : [v];
function hasFlag(parsed, names) {
  return parsed.options.some((o) => names.includes(o.name));
}
function flagValues(parsed, names) {
  const out = [];
  for (const o of parsed.options) if (names.includes(o.name)) out.push(o.value ?? "");
  return out;
}
function holds(p, cmd, parsed, cat2, ctx) {
  if ("flag" in p) return hasFlag(parsed, asList(p.flag));
  if ("flag_value" in p) {
    const re = cat2.regex(p.flag_value.value);
    return flagValues(parsed, asList(p.flag_value.flag)).some((v) => re.test(v));
  }
  if ("positional" in p) {
    const a = parsed.positionals[p.positional.index];
    return a !== void 0 && cat2.regex(p.positional.value).test(a.text);
  }
  if ("any_positional" in p) {
    const re = cat2.regex(p.any_positional.value);
    return parsed.positionals.slice(p.any_positional.from ?? 0).some((a) => re.test(a.text));
  }
  if ("positional_count" in p) {
    const n = parsed.positionals.length;
    return n >= (p.positional_count.min ?? 0) && n <= (p.positional_count.max ?? Infinity);
  }
  if ("redirect" in p) {
    const classes = p.redirect.class;
    return cmd.redirects.some((r) => isTruncatingRedirect(r.op, r.fd) && classes.includes(classifyPath(r.target, ctx, cmd.cwd).cls));
  }
  if ("code_from" in p) return cmd.codeSource !== null && p.code_from.includes(cmd.codeSource);
  return false;
}
function selectTargets(spec2, cmd, parsed) {
  switch (spec2.select) {
    case "positionals":
      return parsed.positionals.slice(spec2.from ?? 0);
    case "last_positional": {
      const last = parsed.positionals[parsed.positionals.length - 1];
      return last && parsed.positionals.length > (spec2.from ?? 0) ? [last] : [];
    }
    case "leading_operands": {
      const out = [];
      let i = 0;
      while (i < cmd.args.length && /^-[HLPO]/.test(cmd.args[i].text) && cmd.args[i].text.length <= 3) i++;
      for (; i < cmd.args.length; i++) {
        const a = cmd.args[i];
        if (!a.dynamic && /^[-(!)]/.test(a.text) && a.text !== "-") break;
        out.push(a);
      }
      if (out.length === 0 && (spec2.from ?? 0) === 0) out.push({ text: ".", quoted: false, glob: false, dynamic: false, home: false });
      return out.slice(spec2.from ?? 0);
    }
    case "key_value": {
      const prefix = `${spec2.key}=`;
      return cmd.args.filter((a) => a.text.startsWith(prefix)).map((a) => ({ ...a, text: a.text.slice(prefix.length), home: a.text.startsWith(prefix + "~") }));
    }
    case "option_value": {
      const names = spec2.options ?? [];
      return parsed.options.filter((o) => names.includes(o.name) && o.value !== null).map((o) => {
        const a = cmd.args[o.index];
        return { ...a, text: o.value, home: o.value.startsWith("~") };
      });
    }
    case "redirects":
      return cmd.redirects.filter((r) => isTruncatingRedirect(r.op, r.fd)).map((r) => r.target);
  }
}
var CLASS_SCOPE = {
  root: "MACHINE",
  system: "MACHINE",
  device: "MACHINE",
  null_device: "RESOURCE",
  home: "MACHINE",
  home_sensitive: "MACHINE",
  outside_project: "MACHINE",
  ancestor: "MACHINE",
  project_root: "PROJECT",
  git_dir: "PROJECT",
  project: "PROJECT",
  disposable: "RESOURCE",
  temp_root: "MACHINE",
  temp: "RESOURCE",
  guarded: "PROJECT",
  unknown: "MACHINE"
};
function matchRule(rule, cmd, cat2, ctx, parsedCache) {
  let parsed = parsedCache.get(cmd);
  if (!parsed) {
    parsed = parseArgs(cmd.args, cat2.specFor(cmd.name));
    parsedCache.set(cmd, parsed);
  }
  for (const p of rule.when) if (!holds(p, cmd, parsed, cat2, ctx)) return null;
  for (const p of rule.unless) if (holds(p, cmd, parsed, cat2, ctx)) return null;
  if (!rule.targets) {
    return { rule, command: cmd, parsed, severity: rule.severity ?? "Medium", targets: [], scope: rule.blast_radius.scope };
  }
  const hits = [];
  for (const arg of selectTargets(rule.targets, cmd, parsed)) {
    const { cls, path } = classifyPath(arg, ctx, cmd.cwd);
    const sev = rule.targets.severity[cls];
    if (sev) hits.push({ arg, cls, path, severity: sev });
  }
  if (hits.length === 0) return null;
  hits.sort((a, b) => atLeast(a.severity, b.severity) ? a.severity === b.severity ? 0 : -1 : 1);
  let severity = null;
  for (const h of hits) severity = maxSeverity(severity, h.severity);
  const worst2 = hits[0];
  return { rule, command: cmd, parsed, severity, targets: hits, scope: rule.blast_radius.scope ?? CLASS_SCOPE[worst2.cls] };
}

// src/catalogue/types.ts
var PLACEHOLDER = /\{(command|args|target|targets|target_path|class|pos[0-9]+|opt:[^}|]+|optflag:[^}|]+)(?:\|([^}]*))?\}/g;

// src/assess/template.ts
var CLASS_WORDS = {
  root: "the root filesystem",
  system: "a system directory",
  device: "a disk device",
  null_device: "a null device",
  home: "your home directory",
  home_sensitive: "credentials or configuration in your home directory",
  outside_project: "a directory outside this project",
  ancestor: "a directory that contains this project",
  project_root: "the whole project",
  git_dir: "the repository's history (.git)",
  project: "project files",
  disposable: "build output or a cache",
  guarded: "a path behind a ${VAR:?} guard",
  temp_root: "the shared temp directory",
  temp: "a temp path",
  unknown: "a path that depends on an unset variable"
};
var shellWord2 = quoteArg;
function value(name, m) {
  const cmd = m.command;
  switch (name) {
    case "command":
      return [cmd.name, ...cmd.args.map(shellWord2)].join(" ");
    case "args":
      return cmd.args.map(shellWord2).join(" ");
    case "target":
      return m.targets[0] ? shellWord2(m.targets[0].arg) : null;
    case "targets":
      return m.targets.length ? m.targets.map((t) => shellWord2(t.arg)).join(" ") : null;
    case "target_path":
      return m.targets[0]?.path ?? null;
    case "class":
      return m.targets[0] ? CLASS_WORDS[m.targets[0].cls] ?? m.targets[0].cls : null;
  }
  if (name.startsWith("pos")) {
    const a = m.parsed.positionals[Number(name.slice(3))];
    return a ? shellWord2(a) : null;
  }
  if (name.startsWith("opt:") || name.startsWith("optflag:")) {
    const names = name.slice(name.indexOf(":") + 1).split(",");
    const o = m.parsed.options.find((x) => names.includes(x.name) && x.value !== null);
    if (!o) return name.startsWith("optflag:") ? "" : null;
    return name.startsWith("optflag:") ? `${o.name} ${quoteText(o.value)}` : quoteText(o.value);
  }
  return null;
}
function fill(template, m, prose = false) {
  let missing = false;
  const out = template.replace(PLACEHOLDER, (_all, name, fallback) => {
    const v = value(name, m);
    if (v !== null && v !== "") return v;
    if (fallback !== void 0) return fallback;
    missing = true;
    return "";
  });
  if (missing) return null;
  const tidy = out.replace(/ {2,}/g, " ").trim();
  return prose ? tidy.replace(/ ([.,;:)])(?=\s|$)/g, "$1") : tidy;
}
function transform(spec2, m, subcommandTool) {
  const replace = spec2.replace_flags ?? {};
  const remove = new Set(spec2.remove_flags ?? []);
  const out = [];
  const end = m.parsed.endOfOptions;
  m.command.args.forEach((a, i) => {
    const w = a.text;
    if (a.dynamic || end >= 0 && i >= end || !w.startsWith("-")) {
      out.push(shellWord2(a));
      return;
    }
    const eq = w.indexOf("=");
    const name = eq > 0 ? w.slice(0, eq) : w;
    if (remove.has(name)) return;
    const rep = replace[name];
    if (rep !== void 0) {
      out.push(rep + (eq > 0 && rep.startsWith("--") ? w.slice(eq) : ""));
      return;
    }
    if (!w.startsWith("--") && /^-[A-Za-z]{2,}$/.test(w)) {
      let kept = "";
      const replaced = [];
      for (const letter of w.slice(1)) {
        const short = "-" + letter;
        if (remove.has(short)) continue;
        const r = replace[short];
        if (r !== void 0) {
          if (!replaced.includes(r)) replaced.push(r);
          continue;
        }
        kept += letter;
      }
      if (kept) out.push("-" + kept);
      out.push(...replaced);
      return;
    }
    out.push(shellWord2(a));
  });
  const added = (spec2.add_flags ?? []).filter((f) => !out.includes(f));
  const sub = m.parsed.positionals[0];
  const afterSub = subcommandTool ? out.findIndex((w) => sub !== void 0 && w === shellWord2(sub)) + 1 : 0;
  out.splice(afterSub, 0, ...added);
  return [m.command.name, ...out].join(" ");
}
function alternativesFor(m, subcommandTool) {
  const out = [];
  for (const spec2 of m.rule.alternatives) {
    const command = spec2.transform ? transform(spec2.transform, m, subcommandTool) : spec2.command ? fill(spec2.command, m) : null;
    if (command) out.push({ command, explanation: spec2.explanation, source: `catalogue:${m.rule.id}` });
  }
  return out;
}
function blastDetail(m) {
  return fill(m.rule.blast_radius.detail, m, true) ?? m.rule.blast_radius.detail.replace(PLACEHOLDER, (_a, _n, fb) => fb ?? "the target");
}

// src/assess/engine.ts
var INPUT_LIMITS = {
  /** Longest command line assessed, in UTF-16 code units (about 1 MiB of ASCII). */
  maxLength: 1024 * 1024
};
var REMOTE_CONTEXT = { cwd: "/home/remote", home: "/home/remote", projectRoot: "/home/remote", tempDirs: ["/tmp", "/var/tmp", "/dev/shm"] };
function checkInput(line2) {
  if (line2.trim() === "") return { code: "empty", message: "the command is empty; give the command line to check" };
  if (line2.includes("\0")) return { code: "nul-byte", message: "the command contains a NUL byte, which no shell command line can hold" };
  if (!line2.isWellFormed()) return { code: "invalid-text", message: "the command is not valid Unicode text" };
  if (line2.length > INPUT_LIMITS.maxLength) {
    return { code: "too-long", message: `the command is ${line2.length.toLocaleString("en-US")} characters, over the limit of ${INPUT_LIMITS.maxLength.toLocaleString("en-US")}; it was not assessed` };
  }
  return null;
}
var Engine = class {
  constructor(catalogue, policy = DEFAULT_POLICY) {
    this.catalogue = catalogue;
    this.policy = policy;
  }
  catalogue;
  policy;
  /** Every rule that matches a line, without the decision; what the examples test. */
  matchLine(line2, ctx) {
    const parsed = parseCommandLine(line2);
    const matches = [];
    const parsedArgs = /* @__PURE__ */ new Map();
    for (const cmd of parsed.commands) {
      if (asksForHelp(cmd)) continue;
      const where = cmd.remote ? REMOTE_CONTEXT : ctx;
      for (const { rule } of this.catalogue.candidates(cmd)) {
        const m = matchRule(rule, cmd, this.catalogue, where, parsedArgs);
        if (m) matches.push(m);
      }
    }
    matches.sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || a.command.start - b.command.start);
    return { parsed, matches };
  }
  assess(line2, opts = {}) {
    const bad = checkInput(line2);
    if (bad) return this.failClosed(line2, bad);
    const ctx = opts.context ?? detectContext(opts.cwd ?? process.cwd(), opts.home);
    const { parsed, matches } = this.matchLine(line2, ctx);
    const labels = [];
    const problems = [];
    if (parsed.issues.length > 0) {
      labels.push("parse-error");
      problems.push(`the line could not be fully parsed (${parsed.issues[0].message})`);
    }
    if (parsed.truncated) {
      labels.push(`limit=${parsed.limit ?? "commands"}`);
      problems.push(LIMIT_WORDS[parsed.limit ?? "commands"] ?? "a limit was reached");
    }
    const label = (l) => {
      if (!labels.includes(l)) labels.push(l);
    };
    for (const c of parsed.commands) {
      for (const w of c.wrappers) if (w === "sudo" || w === "doas") label(w);
      if (c.remote) label(`remote=${c.remote}`);
    }
    const severity = matches[0]?.severity ?? null;
    let decision = this.decide(severity);
    if (problems.length > 0 && decision === "allow") decision = this.policy.onError;
    if (problems.length > 0 && decision === "ask" && this.policy.onError === "deny") decision = "deny";
    const matched_rules = matches.map((m) => ({
      id: m.rule.id,
      group: m.rule.group,
      description: m.rule.description,
      severity: m.severity,
      segment: m.command.segment,
      blast_radius_scope: m.scope,
      blast_radius_detail: (m.command.remote ? `On ${m.command.remote}: ` : "") + blastDetail(m)
    }));
    const alternatives = [];
    const seen = /* @__PURE__ */ new Set();
    for (const m of matches) {
      for (const a of alternativesFor(m, !!this.catalogue.specFor(m.command.name)?.global_options_before_subcommand)) {
        if (!seen.has(a.command)) {
          seen.add(a.command);
          alternatives.push(a);
        }
      }
    }
    const worst2 = matched_rules[0];
    return {
      command: line2,
      allowed: decision === "allow",
      decision,
      severity,
      risk_level: "Normal",
      context: { risk_level: "Normal", labels },
      matched_rules,
      alternatives,
      requires_human_approval: decision === "ask",
      denial_reason: this.reason(decision, worst2, problems),
      blast_radius_scope: worst2?.blast_radius_scope ?? null,
      blast_radius_detail: worst2?.blast_radius_detail ?? null
    };
  }
  decide(severity) {
    if (atLeast(severity, this.policy.thresholds.deny)) return "deny";
    if (atLeast(severity, this.policy.thresholds.ask)) return "ask";
    return "allow";
  }
  /** A blank line in a stream: nothing runs, so nothing is at risk. */
  nothingToRun(line2) {
    return {
      command: line2,
      allowed: true,
      decision: "allow",
      severity: null,
      risk_level: "Normal",
      context: { risk_level: "Normal", labels: [] },
      matched_rules: [],
      alternatives: [],
      requires_human_approval: false,
      denial_reason: null,
      blast_radius_scope: null,
      blast_radius_detail: null
    };
  }
  /** The documented verdict for input that cannot be assessed: the policy's failure mode. */
  failClosed(line2, error) {
    const decision = this.policy.onError;
    return {
      command: line2.length > 4096 ? line2.slice(0, 4096) + "\u2026" : line2,
      allowed: false,
      decision,
      severity: null,
      risk_level: "Normal",
      context: { risk_level: "Normal", labels: [`error=${error.code}`] },
      matched_rules: [],
      alternatives: [],
      requires_human_approval: decision === "ask",
      denial_reason: `Not assessed: ${error.message}.`,
      blast_radius_scope: null,
      blast_radius_detail: null
    };
  }
  reason(decision, worst2, problems) {
    if (decision === "allow") return null;
    const parts = [];
    if (worst2) parts.push(`${worst2.description} [${worst2.id}, ${worst2.severity}: ${worst2.segment}]`);
    if (problems.length > 0) parts.push(`Fails closed because ${problems.join(" and ")}.`);
    const lead = decision === "deny" ? "Denied" : "Needs a human's approval";
    return `${lead}: ${parts.join(" ")}`;
  }
};
var LIMIT_WORDS = {
  commands: "the line holds more simple commands than firebreak assesses",
  nesting: "code is nested deeper than firebreak follows",
  "nested-size": "the nested code built from the line is larger than firebreak assesses"
};
function asksForHelp(cmd) {
  for (const a of cmd.args) {
    if (a.text === "--") return false;
    if (a.text === "--help" && !a.dynamic) return true;
  }
  return false;
}

// src/catalogue/load.ts
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// src/catalogue/catalogue.ts
import { createRequire } from "node:module";
var require2 = createRequire(import.meta.url);
var RE2 = null;
function re2() {
  RE2 ??= require2("re2");
  return RE2;
}
var SHARD_SIZE = 1e3;
var ANY_COMMAND = "*";
var Catalogue = class {
  rules;
  commands;
  groups;
  byName = /* @__PURE__ */ new Map();
  anyCommand = /* @__PURE__ */ new Set();
  shards = [];
  regexCache = /* @__PURE__ */ new Map();
  constructor(data) {
    this.rules = data.rules;
    this.commands = data.commands;
    this.groups = data.groups;
    data.rules.forEach((r, i) => {
      for (const name of r.commands) {
        if (name === ANY_COMMAND) {
          this.anyCommand.add(i);
          continue;
        }
        let s = this.byName.get(name);
        if (!s) this.byName.set(name, s = /* @__PURE__ */ new Set());
        s.add(i);
      }
    });
  }
  /**
   * Compiled on first use: a command that no rule names never pays for loading re2 and
   * compiling the Set, which is most of a routine `firebreak check`'s start-up.
   */
  sets() {
    if (this.shards.length === 0 && this.rules.length > 0) {
      const R = re2();
      for (let off = 0; off < this.rules.length; off += SHARD_SIZE) {
        const patterns = this.rules.slice(off, off + SHARD_SIZE).map((r) => r.pattern);
        this.shards.push({ set: new R.Set(patterns, "u"), offset: off });
      }
    }
    return this.shards;
  }
  specFor(name) {
    return this.commands[name];
  }
  /** An RE2 for a predicate's pattern, anchored to the whole value; compiled once. */
  regex(pattern) {
    let r = this.regexCache.get(pattern);
    if (!r) {
      r = new (re2())(`^(?:${pattern})$`, "u");
      this.regexCache.set(pattern, r);
    }
    return r;
  }
  /** Rules whose command and pattern match; their predicates are for the caller to test. */
  candidates(cmd) {
    const named = this.byName.get(cmd.name);
    const any = this.anyCommand.size > 0 && cmd.redirects.some((r) => isTruncatingRedirect(r.op, r.fd));
    if (!named && !any) return [];
    const text = normalisedText(cmd, this.commands[cmd.name]);
    const out = [];
    for (const { set, offset } of this.sets()) {
      for (const k of set.match(text)) {
        const i = k + offset;
        if (named?.has(i) || any && this.anyCommand.has(i)) out.push({ rule: this.rules[i], text });
      }
    }
    return out;
  }
};

// src/catalogue/load.ts
var CATALOGUE_PATH = fileURLToPath(new URL("../../dist/catalogue.json", import.meta.url));
function loadCatalogue(path = CATALOGUE_PATH) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { code: "no-catalogue", message: `the rule catalogue is missing at ${path}; run \`npm install\` or \`npm run build\` in the firebreak package to build it` };
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (e2) {
    return { code: "bad-catalogue", message: `the rule catalogue at ${path} is not valid JSON (${e2.message}); rebuild it with \`npm run build\`` };
  }
  if (data?.version !== 1 || !Array.isArray(data.rules)) {
    return { code: "bad-catalogue", message: `the rule catalogue at ${path} has an unknown format; rebuild it with \`npm run build\`` };
  }
  try {
    return new Catalogue(data);
  } catch (e2) {
    return { code: "bad-catalogue", message: `the rule catalogue at ${path} did not compile (${e2.message}); rebuild it with \`npm run build\`` };
  }
}

// qb.tmp.ts
var cat = loadCatalogue();
if ("code" in cat) throw 1;
var e = new Engine(cat);
var lines = readFileSync2("bench/corpus.txt", "utf8").split("\n").filter(Boolean);
function run(label, f) {
  for (let k = 0; k < 5; k++) for (const l of lines) f(l);
  const t = performance.now();
  let n = 0;
  while (performance.now() - t < 1500) {
    for (const l of lines) f(l);
    n += lines.length;
  }
  console.log(label, ((performance.now() - t) * 1e3 / n).toFixed(2), "\xB5s");
}
run("parse ", (l) => parseCommandLine(l));
run("assess", (l) => e.assess(l, { cwd: "/work/main" }));
