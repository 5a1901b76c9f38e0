# firebreak @FIREBREAK_VERSION@: the guard for bash. Load it from ~/.bashrc with
#   eval "$(firebreak init bash)"
# On Enter the whole line goes to a helper process this shell starts once; a line firebreak
# would stop is shown with why, and runs only when you say so. If firebreak is missing,
# broken or slow, the line runs and one warning says the guard is not working.
if [[ ($- == *i* || -n ${FIREBREAK_PLUGIN_FORCE-}) && -z ${__firebreak_loaded-} ]] && ((BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4))); then
__firebreak_loaded=1
__firebreak_node=@FIREBREAK_NODE@
__firebreak_cli=@FIREBREAK_CLI@
__firebreak_envs=(@FIREBREAK_ENV_NAMES@)
__firebreak_seq=0
__firebreak_dir=
__firebreak_pid=
__firebreak_q=
__firebreak_a=
__firebreak_down=
__firebreak_acc=
__firebreak_ps1=0
__firebreak_ps1_seen=0
__firebreak_backoff=0
__firebreak_timeouts=0
__firebreak_answer=()
__firebreak_e=

# One line when the guard stops working, not one per Enter: it steps aside visibly, never
# silently, and says so again only after it has worked in between.
__firebreak_warn() {
  [[ -n $__firebreak_down ]] && return 0
  __firebreak_down=1
  printf 'firebreak: %s; commands in this shell run unchecked until it works again.\n' "$1" >&2
}

__firebreak_esc() {
  local s=${1//\\/\\\\}
  s=${s//$'\n'/\\n}
  s=${s//$'\t'/\\t}
  __firebreak_e=${s//$'\r'/\\r}
}

__firebreak_start() {
  __firebreak_stop
  [[ -x $__firebreak_node && -r $__firebreak_cli ]] || return 1
  local base=${XDG_RUNTIME_DIR:-${TMPDIR:-/tmp}}
  [[ -d $base && -w $base ]] || base=/tmp
  __firebreak_dir=$(command mktemp -d "${base%/}/firebreak-shell.XXXXXXXX" 2>/dev/null) || { __firebreak_dir=; return 1; }
  command mkfifo -m 600 "$__firebreak_dir/q" "$__firebreak_dir/a" 2>/dev/null || return 1
  exec {__firebreak_q}<>"$__firebreak_dir/q" {__firebreak_a}<>"$__firebreak_dir/a"
  __firebreak_pid=$(
    NODE_OPTIONS= "$__firebreak_node" "$__firebreak_cli" shell-helper --shell bash --shell-pid "$$" --dir "$__firebreak_dir" </dev/null >/dev/null 2>>"$__firebreak_dir/log" &
    printf '%s' "$!"
  )
}

__firebreak_stop() {
  [[ -n $__firebreak_q ]] && exec {__firebreak_q}>&- {__firebreak_a}>&-
  [[ -n $__firebreak_pid ]] && kill "$__firebreak_pid" 2>/dev/null
  [[ -n $__firebreak_dir && -d $__firebreak_dir ]] && command rm -rf -- "$__firebreak_dir"
  __firebreak_q= __firebreak_a= __firebreak_dir= __firebreak_pid=
  return 0
}

# Sends a line to the helper; the answer lands in __firebreak_answer (decision friction token text).
# $2: the line just typed, when earlier lines of the command were read already; $3: 1 when bash
# itself found the command complete.
__firebreak_judge() {
  local line=$1 part=${2-} complete=${3-} id req k w rid d f t x n=0 nf=0
  # After a helper that did not answer, half a minute without one (the warning said so).
  if ((SECONDS < __firebreak_backoff)); then
    __firebreak_answer=(error none '' 'firebreak did not answer within 1 s')
    return 0
  fi
  if [[ -z $__firebreak_pid || ! -p $__firebreak_dir/q ]] || ! kill -0 "$__firebreak_pid" 2>/dev/null; then
    __firebreak_start || { __firebreak_answer=(error none '' 'firebreak could not start its helper (is it still installed?)'); return 0; }
  fi
  id=$((++__firebreak_seq))
  __firebreak_esc "$PWD"
  req="cwd"$'\t'"$__firebreak_e"$'\n'
  for k in "${__firebreak_envs[@]}"; do
    [[ -n ${!k+set} ]] && __firebreak_esc "$k=${!k}" && req+="env"$'\t'"$__firebreak_e"$'\n'
  done
  # Aliases and functions the line reaches: named on it, in an alias it uses, or in such a
  # function's body (a function's definition is the only part that starts a process).
  local IFS=$' \t\n;|&()<>{}`$"\'' words=() def
  local -A sent=()
  [[ $- == *f* ]] && words=($line) || { set -f; words=($line); set +f; }
  # Every word of the line is looked at; what the definitions add, up to a bound.
  local first=${#words[@]}
  while ((n < ${#words[@]} && n < first + 4096)); do
    w=${words[n++]}
    [[ $w == [A-Za-z_]* && -z ${sent[$w]-} ]] || continue
    sent[$w]=1
    if [[ -n ${BASH_ALIASES[$w]+set} ]]; then
      __firebreak_esc "$w=${BASH_ALIASES[$w]}"
      req+="alias"$'\t'"$__firebreak_e"$'\n'
      [[ $- == *f* ]] && words+=(${BASH_ALIASES[$w]}) || { set -f; words+=(${BASH_ALIASES[$w]}); set +f; }
    fi
    if ((nf < 64)) && declare -F -- "$w" >/dev/null 2>&1; then
      def=$(declare -f -- "$w")
      # A large library (nvm) is not judged through: its size would only end in a limit.
      ((${#def} > 16384)) && continue
      ((nf++))
      __firebreak_esc "$def"
      req+="func"$'\t'"$w"$'\t'"$__firebreak_e"$'\n'
      [[ $- == *f* ]] && words+=($def) || { set -f; words+=($def); set +f; }
    fi
  done
  if [[ -n $part ]]; then
    __firebreak_esc "$part"
    req+="part"$'\t'"$__firebreak_e"$'\n'
  fi
  [[ -n $complete ]] && req+="complete"$'\t'"1"$'\n'
  # The earlier lines are surely pending while the prompt count in PS1 is there to tell.
  [[ -n $part && $PS1 == *__firebreak_ps1* ]] && req+="continued"$'\t'"1"$'\n'
  __firebreak_esc "$line"
  req+="line"$'\t'"$__firebreak_e"$'\n'"go"$'\t'"$id"$'\n'
  printf '%s' "$req" >&"$__firebreak_q" 2>/dev/null || { __firebreak_answer=(error none '' 'firebreak could not reach its helper'); return 0; }
  while IFS=$'\t' read -r -t 1 -u "$__firebreak_a" rid d f t x; do
    if [[ $rid == "$id" ]]; then
      [[ $t == - ]] && t=
      [[ $x == - ]] && x=
      __firebreak_answer=("$d" "$f" "$t" "$x")
      __firebreak_timeouts=0
      return 0
    fi
  done
  __firebreak_answer=(error none '' 'firebreak did not answer within 1 s')
  # A helper that hangs is replaced on the next Enter; when that one does not answer either,
  # lines run unchecked for half a minute instead of waiting a second each.
  __firebreak_stop
  ((++__firebreak_timeouts > 1)) && __firebreak_backoff=$((SECONDS + 30))
  return 0
}

# Whether bash itself reads this text as a whole command (it would run it now, not ask for more).
__firebreak_whole() {
  local out
  out=$(command bash --norc --noprofile -O extglob -n -c "$1" 2>&1) && [[ $out != *here-document* ]]
}

# Shows the verdict and asks on the terminal; true when the person chose to run the line.
__firebreak_confirm() {
  local f=${__firebreak_answer[1]} text token reply saved ok=1
  printf -v text '%b' "${__firebreak_answer[3]}"
  printf -v token '%b' "${__firebreak_answer[2]}"
  { printf '\n%s\n' "$text" >/dev/tty; } 2>/dev/null || return 1
  [[ $f == warn ]] && return 0
  # Keys typed ahead (or pasted without bracketed paste) must not answer a question not yet asked.
  while IFS= read -r -s -n 1 -t 0.02 _ </dev/tty 2>/dev/null; do :; done
  saved=$(command stty -g </dev/tty 2>/dev/null)
  command stty sane </dev/tty 2>/dev/null
  if [[ $f == type ]]; then
    printf "Type '%s' to run it anyway (Enter keeps the line to edit): " "$token" >/dev/tty
    IFS= read -r reply </dev/tty && [[ $reply == "$token" ]] && ok=0
  else
    printf 'Run it anyway? [y/N] ' >/dev/tty
    IFS= read -r reply </dev/tty && [[ $reply == [yY] || $reply == [yY][eE][sS] ]] && ok=0
  fi
  [[ -n $saved ]] && command stty "$saved" </dev/tty 2>/dev/null
  return $ok
}

__firebreak_done() {
  [[ -n $__firebreak_q ]] && printf 'done\t%s\t%s\n' "$__firebreak_seq" "$1" >&"$__firebreak_q" 2>/dev/null
  return 0
}

# Bound to Enter (through a macro): judges the line and sets what the macro's second key does,
# accept it (run) or leave it in the editor. $1 is the readline command that accepts.
__firebreak_guard() {
  local -
  set +euo pipefail +o errtrace
  local accept=${1:-accept-line} line=$READLINE_LINE full judged part=
  bind "\"\\e[9102~\": redraw-current-line"
  # Earlier lines are pending only while no new prompt was shown (PS1 counts its showings):
  # after Ctrl-C at a continuation prompt, this is a new command. (Where a prompt framework
  # rewrites PS1 the count stands still; the line just typed is then still judged alone.)
  ((__firebreak_ps1 != __firebreak_ps1_seen)) && __firebreak_acc=
  if [[ -z $__firebreak_acc && $line =~ ^[[:space:]]*$ ]]; then
    bind "\"\\e[9102~\": $accept"
    return
  fi
  full=$line
  if [[ -n $__firebreak_acc ]]; then
    full=$__firebreak_acc$'\n'$line
    part=$line
  fi
  ((${#__firebreak_acc} > 65536)) && __firebreak_acc= full=$line part=
  # What bash will run: history expanded (!!, !rm, ^a^b) and fc -s said as the line it repeats.
  judged=$full
  local hc=${histchars:-'!^#'}
  if [[ $- == *H* ]] && [[ $full == *"${hc:0:1}"* || $full == "${hc:1:1}"* ]]; then
    judged=$(history -p -- "$full" 2>/dev/null) || judged=$full
  fi
  if [[ $full =~ ^[[:space:]]*fc[[:space:]]+-s([[:space:]]+([^[:space:]=]+))?[[:space:]]*$ ]]; then
    judged=$(history -p -- "!${BASH_REMATCH[2]:-!}" 2>/dev/null) || judged=$full
  fi
  __firebreak_judge "$judged" "$part"
  # The helper's parser says the command goes on: bash must agree, or it would run it now.
  if [[ ${__firebreak_answer[0]} == more && ${__firebreak_answer[2]} != heredoc ]] && __firebreak_whole "$judged"; then
    __firebreak_judge "$judged" "$part" 1
  fi
  case ${__firebreak_answer[0]} in
    more)
      __firebreak_acc=$full
      __firebreak_ps1_seen=$__firebreak_ps1
      __firebreak_down=
      ;;
    ask | deny)
      __firebreak_down=
      # In history before the question: a Ctrl-C at the prompt must not lose it either.
      history -s -- "$full"
      if __firebreak_confirm; then
        history -d -1 2>/dev/null
        __firebreak_done ran
        __firebreak_acc=
      else
        __firebreak_done kept
        if [[ -n $__firebreak_acc ]]; then
          # Earlier lines of this command are read already: abandon the whole of it (as Ctrl-C
          # would); it is in history, one Up away.
          __firebreak_acc=
          printf 'firebreak: kept out of the way; the whole command is in history (Up to edit it).\n' >/dev/tty 2>/dev/null
          kill -INT $$
        fi
        return
      fi
      ;;
    error)
      __firebreak_acc=
      __firebreak_warn "${__firebreak_answer[3]}"
      ;;
    *) __firebreak_acc= ;;
  esac
  [[ ${__firebreak_answer[0]} != error ]] && __firebreak_down=
  bind "\"\\e[9102~\": $accept"
}

# shell-expand-line (M-C-e) runs the line's command substitutions to expand them: judged first.
__firebreak_expand() {
  local -
  set +euo pipefail +o errtrace
  bind "\"\\e[9102~\": redraw-current-line"
  if [[ $READLINE_LINE == *'$('* || $READLINE_LINE == *'`'* ]]; then
    __firebreak_judge "$READLINE_LINE"
    case ${__firebreak_answer[0]} in
      ask | deny)
        __firebreak_confirm || { __firebreak_done kept; return; }
        __firebreak_done ran
        ;;
    esac
  fi
  bind "\"\\e[9102~\": shell-expand-line"
}

# insert-comment (M-#) with an argument takes the comment sign off and runs the line: here it
# only takes it off, for Enter to judge; without one it comments the line out and accepts it.
__firebreak_comment() {
  local c=${COMMENT_BEGIN:-#}
  if [[ $READLINE_LINE == "$c"* ]]; then
    READLINE_LINE=${READLINE_LINE#"$c"}
    bind "\"\\e[9102~\": redraw-current-line"
  else
    READLINE_LINE=$c$READLINE_LINE
    bind "\"\\e[9102~\": accept-line"
  fi
}

# edit-and-execute-command (C-x C-e; v in vi mode) would run the edited text without coming
# back through Enter: the edit lands in the editor instead, for Enter to judge.
__firebreak_edit() {
  local f
  f=$(command mktemp "${TMPDIR:-/tmp}/firebreak-edit.XXXXXX") || return
  printf '%s\n' "$READLINE_LINE" >"$f"
  ${VISUAL:-${EDITOR:-vi}} "$f" </dev/tty >/dev/tty
  READLINE_LINE=$(<"$f")
  READLINE_POINT=${#READLINE_LINE}
  command rm -f -- "$f"
}

bind -x '"\e[9101~": __firebreak_guard accept-line' 2>/dev/null
bind -x '"\e[9103~": __firebreak_guard operate-and-get-next' 2>/dev/null
for __firebreak_map in emacs vi-insert vi-command; do
  bind -m "$__firebreak_map" -x '"\e[9101~": __firebreak_guard accept-line' 2>/dev/null
  bind -m "$__firebreak_map" -x '"\e[9103~": __firebreak_guard operate-and-get-next' 2>/dev/null
  bind -m "$__firebreak_map" '"\e[9102~": accept-line' 2>/dev/null
  bind -m "$__firebreak_map" '"\C-m": "\e[9101~\e[9102~"' 2>/dev/null
  bind -m "$__firebreak_map" '"\C-j": "\e[9101~\e[9102~"' 2>/dev/null
done
bind -m emacs '"\C-o": "\e[9103~\e[9102~"' 2>/dev/null
# Any other key the person bound to run the line goes through the guard too.
for __firebreak_map in emacs vi-insert vi-command; do
  while IFS= read -r __firebreak_key; do
    __firebreak_key=${__firebreak_key%%: *}
    case $__firebreak_key in '"\C-m"' | '"\C-j"' | '"\e[9102~"') continue ;; esac
    bind -m "$__firebreak_map" "$__firebreak_key"': "\e[9101~\e[9102~"' 2>/dev/null
  done < <(bind -m "$__firebreak_map" -p 2>/dev/null | command grep -E ': accept-line$')
  while IFS= read -r __firebreak_key; do
    bind -m "$__firebreak_map" -x "${__firebreak_key%%: *}"': __firebreak_edit' 2>/dev/null
  done < <(bind -m "$__firebreak_map" -p 2>/dev/null | command grep -E ': (vi-)?edit-and-execute-command$')
  bind -m "$__firebreak_map" -x '"\e[9107~": __firebreak_expand' 2>/dev/null
  bind -m "$__firebreak_map" -x '"\e[9108~": __firebreak_comment' 2>/dev/null
  while IFS= read -r __firebreak_key; do
    case $__firebreak_key in
      *shell-expand-line) bind -m "$__firebreak_map" "${__firebreak_key%%: *}"': "\e[9107~\e[9102~"' 2>/dev/null ;;
      *insert-comment) bind -m "$__firebreak_map" "${__firebreak_key%%: *}"': "\e[9108~\e[9102~"' 2>/dev/null ;;
    esac
  done < <(bind -m "$__firebreak_map" -p 2>/dev/null | command grep -E ': (shell-expand-line|insert-comment)$')
done
bind -m vi-command -x '"v": __firebreak_edit' 2>/dev/null
unset __firebreak_map __firebreak_key
# Counts prompts (a side effect of expanding PS1, which prints nothing and leaves $? and
# PIPESTATUS alone), so a command abandoned with Ctrl-C is not taken for the start of the next.
shopt -q promptvars && PS1='${__firebreak_nil[__firebreak_ps1+=1]-}'"$PS1"
__firebreak_start || __firebreak_warn 'firebreak could not start its helper'
fi
