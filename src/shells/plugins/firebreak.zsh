# firebreak @FIREBREAK_VERSION@: the guard for zsh. Load it from ~/.zshrc with
#   eval "$(firebreak init zsh)"
# It wraps accept-line (and the other widgets that run a line), chaining whatever was there
# before; zsh-autosuggestions and zsh-syntax-highlighting wrap it in turn. On Enter the whole
# command ($PREBUFFER$BUFFER) goes to a helper process this shell starts once; a line firebreak
# would stop is shown with why, and runs only when you say so. If firebreak is missing, broken
# or slow, the line runs and one warning says the guard is not working.
if [[ ( -o interactive || -n ${FIREBREAK_PLUGIN_FORCE-} ) && -z ${__firebreak_loaded-} ]]; then
typeset -g __firebreak_loaded=1
typeset -g __firebreak_node=@FIREBREAK_NODE@
typeset -g __firebreak_cli=@FIREBREAK_CLI@
typeset -ga __firebreak_envs=(@FIREBREAK_ENV_NAMES@)
typeset -gi __firebreak_seq=0
typeset -g __firebreak_dir= __firebreak_pid= __firebreak_q= __firebreak_a= __firebreak_down= __firebreak_e=
typeset -ga __firebreak_answer=()

# One line when the guard stops working, not one per Enter: it steps aside visibly, never
# silently, and says so again only after it has worked in between.
__firebreak_warn() {
  emulate -L zsh
  [[ -n $__firebreak_down ]] && return 0
  __firebreak_down=1
  print -r -- "firebreak: $1; commands in this shell run unchecked until it works again." >&2
}

__firebreak_esc() {
  emulate -L zsh
  local s=${1//\\/\\\\}
  s=${s//$'\n'/\\n}
  s=${s//$'\t'/\\t}
  __firebreak_e=${s//$'\r'/\\r}
}

__firebreak_start() {
  emulate -L zsh
  __firebreak_stop
  [[ -x $__firebreak_node && -r $__firebreak_cli ]] || return 1
  local base=${XDG_RUNTIME_DIR:-${TMPDIR:-/tmp}}
  [[ -d $base && -w $base ]] || base=/tmp
  __firebreak_dir=$(command mktemp -d "${base%/}/firebreak-shell.XXXXXXXX" 2>/dev/null) || { __firebreak_dir=; return 1 }
  command mkfifo -m 600 "$__firebreak_dir/q" "$__firebreak_dir/a" 2>/dev/null || return 1
  local q a
  exec {q}<>"$__firebreak_dir/q" {a}<>"$__firebreak_dir/a" || return 1
  __firebreak_q=$q __firebreak_a=$a
  __firebreak_pid=$(
    NODE_OPTIONS= "$__firebreak_node" "$__firebreak_cli" shell-helper --shell zsh --shell-pid $$ --dir "$__firebreak_dir" </dev/null >/dev/null 2>>"$__firebreak_dir/log" &
    print -rn -- $!
  )
}

__firebreak_stop() {
  emulate -L zsh
  [[ -n $__firebreak_q ]] && exec {__firebreak_q}>&- {__firebreak_a}>&-
  [[ -n $__firebreak_pid ]] && kill $__firebreak_pid 2>/dev/null
  [[ -n $__firebreak_dir && -d $__firebreak_dir ]] && command rm -rf -- "$__firebreak_dir"
  __firebreak_q= __firebreak_a= __firebreak_dir= __firebreak_pid=
  return 0
}

# Sends a command to the helper; the answer lands in __firebreak_answer (decision friction token text).
__firebreak_judge() {
  emulate -L zsh
  local line=$1 id req k w rid d f t x
  if [[ -z $__firebreak_pid || ! -p $__firebreak_dir/q ]] || ! kill -0 $__firebreak_pid 2>/dev/null; then
    __firebreak_start || { __firebreak_answer=(error none '' 'firebreak could not start its helper (is it still installed?)'); return 0 }
  fi
  id=$(( ++__firebreak_seq ))
  __firebreak_esc "$PWD"
  req="cwd"$'\t'"$__firebreak_e"$'\n'
  for k in $__firebreak_envs; do
    (( ${+parameters[$k]} )) && __firebreak_esc "$k=${(P)k}" && req+="env"$'\t'"$__firebreak_e"$'\n'
  done
  for k in ${(k)aliases}; do
    __firebreak_esc "$k=${aliases[$k]}"
    req+="alias"$'\t'"$__firebreak_e"$'\n'
  done
  # Functions named on the line, split into words as zsh itself would.
  for w in ${${(z)line}[1,64]}; do
    if (( ${+functions[$w]} )); then
      __firebreak_esc "${functions[$w]}"
      req+="func"$'\t'"$w"$'\t'"$__firebreak_e"$'\n'
    fi
  done
  __firebreak_esc "$line"
  req+="line"$'\t'"$__firebreak_e"$'\n'"go"$'\t'"$id"$'\n'
  print -rn -- "$req" >&$__firebreak_q 2>/dev/null || { __firebreak_answer=(error none '' 'firebreak could not reach its helper'); return 0 }
  while IFS=$'\t' read -r -t 1 -u $__firebreak_a rid d f t x; do
    if [[ $rid == $id ]]; then
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
  emulate -L zsh
  local f=$__firebreak_answer[2] text token reply saved ok=1
  text=${(g::)__firebreak_answer[4]}
  token=${(g::)__firebreak_answer[3]}
  { print -r -- "$text" >/dev/tty } 2>/dev/null || return 1
  [[ $f == warn ]] && return 0
  saved=$(command stty -g </dev/tty 2>/dev/null)
  command stty sane </dev/tty 2>/dev/null
  if [[ $f == type ]]; then
    print -rn -- "Type '$token' to run it anyway (Enter keeps the line to edit): " >/dev/tty
    IFS= read -r reply </dev/tty && [[ $reply == "$token" ]] && ok=0
  else
    print -rn -- 'Run it anyway? [y/N] ' >/dev/tty
    IFS= read -r reply </dev/tty && [[ $reply == [yY] || $reply == [yY][eE][sS] ]] && ok=0
  fi
  [[ -n $saved ]] && command stty $saved </dev/tty 2>/dev/null
  return $ok
}

__firebreak_done() {
  [[ -n $__firebreak_q ]] && print -rn -- "done"$'\t'"$__firebreak_seq"$'\t'"$1"$'\n' >&$__firebreak_q 2>/dev/null
  return 0
}

# The wrapper of widget $1: judge the whole command, then run the widget that was there before.
__firebreak_guard() {
  emulate -L zsh -o extendedglob
  local widget=$1 full=$PREBUFFER$BUFFER
  shift
  if [[ -n ${full//[[:space:]]/} ]]; then
    __firebreak_judge "$full"
    [[ $__firebreak_answer[1] != error ]] && __firebreak_down=
    case $__firebreak_answer[1] in
      (ask|deny)
        zle -I
        if __firebreak_confirm; then
          __firebreak_done ran
        else
          __firebreak_done kept
          print -rs -- "$full"
          # A command of several lines comes back into the editor whole.
          [[ -n $PREBUFFER ]] && zle push-line-or-edit
          return 0
        fi
        ;;
      (error)
        zle -I
        __firebreak_warn "$__firebreak_answer[4]"
        ;;
    esac
  fi
  zle __firebreak_orig_$widget "$@"
}

# Wrap every widget that runs the line, keeping what it was (a plugin's wrapper, or the builtin).
for __firebreak_w in accept-line accept-and-hold accept-line-and-down-history accept-and-infer-next-history; do
  zle -A $__firebreak_w __firebreak_orig_$__firebreak_w
  eval "__firebreak_w_$__firebreak_w() { __firebreak_guard $__firebreak_w \"\$@\" }"
  zle -N $__firebreak_w __firebreak_w_$__firebreak_w
done
unset __firebreak_w
__firebreak_start || __firebreak_warn 'firebreak could not start its helper'
fi
