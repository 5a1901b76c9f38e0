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
__firebreak_judge() {
  local line=$1 id req k w rid d f t x
  if [[ -z $__firebreak_pid || ! -p $__firebreak_dir/q ]] || ! kill -0 "$__firebreak_pid" 2>/dev/null; then
    __firebreak_start || { __firebreak_answer=(error none '' 'firebreak could not start its helper (is it still installed?)'); return 0; }
  fi
  id=$((++__firebreak_seq))
  __firebreak_esc "$PWD"
  req="cwd"$'\t'"$__firebreak_e"$'\n'
  for k in "${__firebreak_envs[@]}"; do
    [[ -n ${!k+set} ]] && __firebreak_esc "$k=${!k}" && req+="env"$'\t'"$__firebreak_e"$'\n'
  done
  for k in "${!BASH_ALIASES[@]}"; do
    __firebreak_esc "$k=${BASH_ALIASES[$k]}"
    req+="alias"$'\t'"$__firebreak_e"$'\n'
  done
  # Functions named on the line: their definitions (the only part that starts a process).
  local IFS=$' \t\n;|&()<>{}`$"\'' words=()
  [[ $- == *f* ]] && words=($line) || { set -f; words=($line); set +f; }
  for w in "${words[@]:0:64}"; do
    if [[ $w == [A-Za-z_]* ]] && declare -F -- "$w" >/dev/null 2>&1; then
      __firebreak_esc "$(declare -f -- "$w")"
      req+="func"$'\t'"$w"$'\t'"$__firebreak_e"$'\n'
    fi
  done
  __firebreak_esc "$line"
  req+="line"$'\t'"$__firebreak_e"$'\n'"go"$'\t'"$id"$'\n'
  printf '%s' "$req" >&"$__firebreak_q" 2>/dev/null || { __firebreak_answer=(error none '' 'firebreak could not reach its helper'); return 0; }
  while IFS=$'\t' read -r -t 1 -u "$__firebreak_a" rid d f t x; do
    if [[ $rid == "$id" ]]; then
      [[ $t == - ]] && t=
      [[ $x == - ]] && x=
      __firebreak_answer=("$d" "$f" "$t" "$x")
      return 0
    fi
  done
  __firebreak_answer=(error none '' 'firebreak did not answer within 1 s')
  # A helper that hangs is replaced on the next Enter, not waited for again.
  __firebreak_stop
}

# Shows the verdict and asks on the terminal; true when the person chose to run the line.
__firebreak_confirm() {
  local f=${__firebreak_answer[1]} text token reply saved ok=1
  printf -v text '%b' "${__firebreak_answer[3]}"
  printf -v token '%b' "${__firebreak_answer[2]}"
  { printf '\n%s\n' "$text" >/dev/tty; } 2>/dev/null || return 1
  [[ $f == warn ]] && return 0
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
  local accept=${1:-accept-line} line=$READLINE_LINE full
  bind "\"\\e[9102~\": redraw-current-line"
  if [[ -z $__firebreak_acc && $line =~ ^[[:space:]]*$ ]]; then
    bind "\"\\e[9102~\": $accept"
    return
  fi
  full=$line
  [[ -n $__firebreak_acc ]] && full=$__firebreak_acc$'\n'$line
  ((${#__firebreak_acc} > 65536)) && __firebreak_acc= full=$line
  __firebreak_judge "$full"
  case ${__firebreak_answer[0]} in
    more)
      __firebreak_acc=$full
      __firebreak_down=
      ;;
    ask | deny)
      __firebreak_down=
      if __firebreak_confirm; then
        __firebreak_done ran
        __firebreak_acc=
      else
        __firebreak_done kept
        history -s -- "$full"
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
unset __firebreak_map
__firebreak_start || __firebreak_warn 'firebreak could not start its helper'
fi
