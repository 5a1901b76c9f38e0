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
typeset -gi __firebreak_seq=0 __firebreak_backoff=0 __firebreak_inside=0 __firebreak_timeouts=0
typeset -g __firebreak_dir= __firebreak_pid= __firebreak_q= __firebreak_a= __firebreak_down= __firebreak_e=
typeset -ga __firebreak_answer=()
# What each wrapped widget was: the builtin itself (.accept-line), or a copy of the person's.
typeset -gA __firebreak_orig=()

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
  local line=$1 part=${2-} complete=${3-} id req k w rid d f t x n=0 nf=0
  local -a words
  local -A sent
  # After a helper that did not answer, half a minute without one (the warning said so).
  if (( SECONDS < __firebreak_backoff )); then
    __firebreak_answer=(error none '' 'firebreak did not answer within 1 s')
    return 0
  fi
  if [[ -z $__firebreak_pid || ! -p $__firebreak_dir/q ]] || ! kill -0 $__firebreak_pid 2>/dev/null; then
    __firebreak_start || { __firebreak_answer=(error none '' 'firebreak could not start its helper (is it still installed?)'); return 0 }
  fi
  id=$(( ++__firebreak_seq ))
  __firebreak_esc "$PWD"
  req="cwd"$'\t'"$__firebreak_e"$'\n'
  for k in $__firebreak_envs; do
    (( ${+parameters[$k]} )) && __firebreak_esc "$k=${(P)k}" && req+="env"$'\t'"$__firebreak_e"$'\n'
  done
  # Aliases and functions the line reaches: named on it, in an alias it uses, or in such a
  # function's body; split into words as zsh itself would.
  # Every word of the line is looked at; what the definitions add, up to a bound.
  words=(${(z)line})
  local first=$#words
  while (( n < $#words && n < first + 4096 )); do
    w=$words[++n]
    [[ $w == [A-Za-z_]* && -z ${sent[$w]-} ]] || continue
    sent[$w]=1
    if (( ${+aliases[$w]} )); then
      __firebreak_esc "$w=${aliases[$w]}"
      req+="alias"$'\t'"$__firebreak_e"$'\n'
      words+=(${(z)aliases[$w]})
    fi
    # An autoloaded function not called yet is a stub: load its body (without running it).
    [[ ${functions[$w]-} == *'builtin autoload -X'* ]] && autoload +X -- $w 2>/dev/null
    # A large library (nvm) is not judged through: its size would only end in a limit.
    if (( ${+functions[$w]} && ${#functions[$w]} <= 16384 && nf++ < 64 )); then
      __firebreak_esc "${functions[$w]}"
      req+="func"$'\t'"$w"$'\t'"$__firebreak_e"$'\n'
      words+=(${(z)functions[$w]})
    fi
  done
  if [[ -n $part ]]; then
    __firebreak_esc "$part"
    req+="part"$'\t'"$__firebreak_e"$'\n'
  fi
  [[ -n $complete ]] && req+="complete"$'\t'"1"$'\n'
  # zsh's own $PREBUFFER: the earlier lines are pending by definition.
  [[ -n $part ]] && req+="continued"$'\t'"1"$'\n'
  __firebreak_esc "$line"
  req+="line"$'\t'"$__firebreak_e"$'\n'"go"$'\t'"$id"$'\n'
  print -rn -- "$req" >&$__firebreak_q 2>/dev/null || { __firebreak_answer=(error none '' 'firebreak could not reach its helper'); return 0 }
  while IFS=$'\t' read -r -t 1 -u $__firebreak_a rid d f t x; do
    if [[ $rid == $id ]]; then
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
  (( ++__firebreak_timeouts > 1 )) && __firebreak_backoff=$(( SECONDS + 30 ))
  return 0
}

# Whether zsh itself reads this text as a whole command (it would run it now, not ask for more).
__firebreak_whole() {
  command zsh -f -n -c "$1" 2>/dev/null
}

# What zsh will run for r / fc -s [PREFIX]: the newest history line that starts with PREFIX.
__firebreak_repeated() {
  emulate -L zsh
  local k
  for k in ${(Onk)history}; do
    [[ -z $1 || $history[$k] == $1* ]] && { REPLY=$history[$k]; return 0 }
  done
  return 1
}

# Shows the verdict and asks on the terminal; true when the person chose to run the line.
__firebreak_confirm() {
  emulate -L zsh
  local f=$__firebreak_answer[2] text token reply saved ok=1
  text=${(g::)__firebreak_answer[4]}
  token=${(g::)__firebreak_answer[3]}
  { print -r -- "$text" >/dev/tty } 2>/dev/null || return 1
  [[ $f == warn ]] && return 0
  # Keys typed ahead (or pasted without bracketed paste) must not answer a question not yet asked.
  while read -r -s -k 1 -t 0.02 _ </dev/tty 2>/dev/null; do :; done
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
  local widget=$1 full judged part= REPLY
  shift
  # A wrapper of ours inside another (a widget of the person's wrapped around ours, wrapped
  # again at the next prompt): the outer one has judged.
  if (( __firebreak_inside )); then
    zle $__firebreak_orig[$widget] "$@"
    return
  fi
  # What zsh will run: history expanded in the editor (!!, !rm, ^a^b), r and fc -s said as the
  # line they repeat.
  if [[ -o banghist ]] && [[ $BUFFER == *${histchars[1]}* || $BUFFER == ${histchars[2]}* ]]; then
    zle expand-history
  fi
  full=$PREBUFFER$BUFFER
  [[ -n $PREBUFFER ]] && part=$BUFFER
  judged=$full
  # r / fc -e - [--] [OLD=NEW...] [PREFIX]: the newest line starting with PREFIX, with OLD made NEW.
  if [[ $BUFFER =~ '^[[:space:]]*(r|fc[[:space:]]+-s|fc[[:space:]]+-e[[:space:]]+-)([[:space:]].*)?$' ]]; then
    local -a rargs=(${(z)match[2]}) subs=()
    local a prefix=
    for a in $rargs; do
      [[ $a == -- ]] && continue
      [[ $a == *=* ]] && subs+=($a) || prefix=$a
    done
    if __firebreak_repeated "$prefix"; then
      for a in $subs; do REPLY=${REPLY//${a%%=*}/${a#*=}}; done
      judged=$PREBUFFER$REPLY
    else
      judged=$PREBUFFER"fc -e - $match[2]"
    fi
  fi
  # With correct on, zsh offers to run a command it does not find under the name of one it does:
  # an unknown command name is judged as any of the dangerous commands it could become.
  if [[ -o correct || -o correctall ]]; then
    local -a ctoks=(${(z)judged})
    local c at=1 changed=
    for c in $ctoks; do
      if (( at )) && [[ $c != *=* ]]; then
        (( $+reswords[$c] )) || at=0
        if [[ $c != */* && $c != [\;\|\&\(\)]* ]] && ! (( $+commands[$c] || $+functions[$c] || $+aliases[$c] || $+builtins[$c] || $+reswords[$c] )); then
          ctoks[${ctoks[(i)$c]}]='"$__firebreak_corrected"'
          changed=1
        fi
      fi
      [[ $c == (\;|\||\|\||\&\&|\&|\(|\|\&) ]] && at=1
    done
    [[ -n $changed ]] && judged=${(j: :)ctoks}
  fi
  # Without interactive_comments a # is a word, not a comment: say it so to the judge.
  if [[ ! -o interactivecomments && $judged == *'#'* ]]; then
    local -a toks=(${(z)judged})
    judged=${(j: :)${toks/#\#/\\#}}
  fi
  if [[ -n ${full//[[:space:]]/} ]]; then
    __firebreak_judge "$judged" "$part"
    # The helper's parser says the command goes on: zsh must agree, or it would run it now.
    if [[ $__firebreak_answer[1] == more && $__firebreak_answer[3] != heredoc ]] && __firebreak_whole "$judged"; then
      __firebreak_judge "$judged" "$part" 1
    fi
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
  __firebreak_inside=1
  {
    zle $__firebreak_orig[$widget] "$@"
  } always {
    __firebreak_inside=0
  }
}

# Wraps widget $1, keeping what it was (a plugin's wrapper, or the builtin): the builtin is called by its dot name (a copy of it
# under another name would confuse zsh-syntax-highlighting, which calls builtins that way).
__firebreak_wrap() {
  if [[ ${widgets[$1]-builtin} == builtin ]]; then
    __firebreak_orig[$1]=.$1
  else
    zle -A $1 __firebreak_orig_$1
    __firebreak_orig[$1]=__firebreak_orig_$1
  fi
  zle -N $1 __firebreak_w_$1
}
for __firebreak_w in accept-line accept-and-hold accept-line-and-down-history accept-and-infer-next-history; do
  eval "__firebreak_w_$__firebreak_w() { __firebreak_guard $__firebreak_w \"\$@\" }"
  __firebreak_wrap $__firebreak_w
done
unset __firebreak_w
# Tab and the other expanding widgets run a word's command substitution to expand it: a line
# holding one is judged first, and stays as it is when the person says no.
__firebreak_expand_guard() {
  emulate -L zsh
  local widget=$1
  shift
  if [[ $BUFFER == *'$('* || $BUFFER == *'`'* ]] && (( ! __firebreak_inside )); then
    __firebreak_judge "$PREBUFFER$BUFFER"
    case $__firebreak_answer[1] in
      (ask|deny)
        zle -I
        __firebreak_confirm || { __firebreak_done kept; return 0 }
        __firebreak_done ran
        ;;
    esac
  fi
  zle $__firebreak_orig[$widget] "$@"
}
typeset -ga __firebreak_expanding=(expand-or-complete expand-or-complete-prefix expand-word complete-word menu-complete menu-expand-or-complete)
for __firebreak_w in $__firebreak_expanding; do
  eval "__firebreak_w_$__firebreak_w() { __firebreak_expand_guard $__firebreak_w \"\$@\" }"
  __firebreak_wrap $__firebreak_w
done
unset __firebreak_w

# Enter in an incremental search (^R) runs the found line through the builtin; a widget of
# our own there ends the search and runs the line through the guard.
zle -N __firebreak_search_accept __firebreak_w_accept-line
bindkey -M isearch '^M' __firebreak_search_accept
bindkey -M isearch '^J' __firebreak_search_accept

# A widget the person (or a plugin) puts on accept-line later replaces ours: wrap again, around
# it, before the next prompt. zsh-autosuggestions and zsh-syntax-highlighting wrap whatever is
# there (ours included) and would wrap ours again at every prompt: theirs are left alone.
__firebreak_rewrap() {
  emulate -L zsh
  local w
  for w in accept-line accept-and-hold accept-line-and-down-history accept-and-infer-next-history $__firebreak_expanding; do
    [[ ${widgets[$w]-} == user:(__firebreak_w_|_zsh_autosuggest_bound_|_zsh_highlight_widget_)* ]] && continue
    __firebreak_wrap $w
  done
}
autoload -Uz add-zsh-hook && add-zsh-hook precmd __firebreak_rewrap
__firebreak_start || __firebreak_warn 'firebreak could not start its helper'
fi
