# firebreak @FIREBREAK_VERSION@: the guard for fish. Load it from ~/.config/fish/config.fish with
#   firebreak init fish | source
# Enter is bound (in every key-binding mode, again before each prompt, so switching to vi
# bindings does not drop it) to a function that sends the whole command line to a helper
# process this shell starts once. fish can neither keep a descriptor open nor wait on a read
# with a time limit, so each exchange goes through a small bash that can. A line firebreak
# would stop is shown with why, and runs only when you say so. If firebreak is missing, broken
# or slow, the line runs and one warning says the guard is not working.
if status is-interactive; or set -q FIREBREAK_PLUGIN_FORCE
and not set -q __firebreak_loaded
    set -g __firebreak_loaded 1
    set -g __firebreak_node @FIREBREAK_NODE@
    set -g __firebreak_cli @FIREBREAK_CLI@
    set -g __firebreak_envs @FIREBREAK_ENV_NAMES@
    set -g __firebreak_seq 0
    set -g __firebreak_backoff 0
    set -g __firebreak_timeouts 0
    set -g __firebreak_dir ''
    set -g __firebreak_pid ''
    set -g __firebreak_down ''
    set -g __firebreak_answer
    set -g __firebreak_bash (command -s bash)[1]

    # One line when the guard stops working, not one per Enter: it steps aside visibly, never
    # silently, and says so again only after it has worked in between.
    function __firebreak_warn
        test -n "$__firebreak_down"; and return 0
        set -g __firebreak_down 1
        echo "firebreak: $argv[1]; commands in this shell run unchecked until it works again." >&2
    end

    # Escapes its arguments (lines), joined into one field. Never without arguments: fish's
    # string would then read the terminal.
    function __firebreak_esc
        set -q argv[1]; or return 0
        string replace -a -- '\\' '\\\\' $argv | string replace -a -- \t '\t' | string replace -a -- \r '\r' | string join -- '\n'
    end

    function __firebreak_start
        __firebreak_stop
        test -x "$__firebreak_node" -a -r "$__firebreak_cli" -a -n "$__firebreak_bash"; or return 1
        set -l base $XDG_RUNTIME_DIR
        test -n "$base" -a -d "$base" -a -w "$base"; or set base $TMPDIR
        test -n "$base" -a -d "$base" -a -w "$base"; or set base /tmp
        set -g __firebreak_dir (command mktemp -d (string trim -r -c / -- $base)/firebreak-shell.XXXXXXXX 2>/dev/null)
        or begin
            set -g __firebreak_dir ''
            return 1
        end
        command mkfifo -m 600 $__firebreak_dir/q $__firebreak_dir/a 2>/dev/null; or return 1
        # The helper is started by bash, in the background, so fish keeps no job for it.
        set -g __firebreak_pid ($__firebreak_bash --noprofile --norc -c 'NODE_OPTIONS= "$1" "$2" shell-helper --shell fish --shell-pid "$3" --dir "$4" </dev/null >/dev/null 2>>"$4/log" & printf "%s" "$!"' _ $__firebreak_node $__firebreak_cli $fish_pid $__firebreak_dir)
    end

    function __firebreak_stop
        test -n "$__firebreak_pid"; and command kill $__firebreak_pid 2>/dev/null
        test -n "$__firebreak_dir" -a -d "$__firebreak_dir"; and command rm -rf -- $__firebreak_dir
        set -g __firebreak_dir ''
        set -g __firebreak_pid ''
        return 0
    end

    # Sends a command to the helper; the answer lands in __firebreak_answer (decision friction token text).
    function __firebreak_judge
        set -l line $argv[1]
        # After a helper that did not answer, half a minute without one (the warning said so).
        if test $__firebreak_backoff -gt 0; and test (date +%s) -lt $__firebreak_backoff
            set -g __firebreak_answer error none '' 'firebreak did not answer within 1 s'
            return 0
        end
        if test -z "$__firebreak_dir" -o ! -p "$__firebreak_dir/q"
            if not __firebreak_start
                set -g __firebreak_answer error none '' 'firebreak could not start its helper (is it still installed?)'
                return 0
            end
        end
        set -g __firebreak_seq (math $__firebreak_seq + 1)
        set -l req "cwd"\t(__firebreak_esc $PWD)
        for k in $__firebreak_envs
            set -q $k; and set -a req "env"\t(__firebreak_esc "$k=$$k")
        end
        # Functions the line reaches (fish's aliases are functions too), named on it or in such a
        # function's body; not fish's own (ls, history, help), which are what fish is.
        set -l words (__firebreak_words $line)
        set -l sent
        set -l n 0
        set -l nf 0
        # Every word of the line is looked at; what the definitions add, up to a bound.
        set -l last (math (count $words) + 4096)
        while test $n -lt (count $words); and test $n -lt $last
            set n (math $n + 1)
            set -l w $words[$n]
            contains -- $w $sent; and continue
            set -a sent $w
            functions -q -- $w; or continue
            builtin -q -- $w; and continue
            set -l file (functions --details -- $w)
            string match -q -- "$__fish_data_dir/*" $file; and continue
            set -l def (functions -- $w)
            # A large library is not judged through: its size would only end in a limit.
            test (math (string join + -- (string length -- $def) 0)) -le 16384; or continue
            set nf (math $nf + 1)
            test $nf -le 64; or continue
            set -a req "func"\t$w\t(__firebreak_esc $def)
            set -a words (__firebreak_words $def)
        end
        set -a req "line"\t(__firebreak_esc $line) "go"\t$__firebreak_seq
        # bash writes the request and waits at most a second for the answer with this id.
        set -l answer (printf '%s\n' $req | $__firebreak_bash --noprofile --norc -c '
            exec 3<>"$1/q" 4<>"$1/a" || exit 1
            IFS= read -r -d "" req
            printf "%s" "$req" >&3 || exit 1
            while IFS= read -r -t 1 -u 4 a; do
              [[ ${a%%$'"'"'\t'"'"'*} == "$2" ]] && { printf "%s\n" "$a"; exit 0; }
            done
            exit 1' _ $__firebreak_dir $__firebreak_seq)
        if test $status -ne 0 -o -z "$answer"
            # A helper that hangs or died is replaced on the next Enter; when that one does not
            # answer either, lines run unchecked for half a minute instead of waiting a second each.
            __firebreak_stop
            set -g __firebreak_timeouts (math $__firebreak_timeouts + 1)
            test $__firebreak_timeouts -gt 1; and set -g __firebreak_backoff (math (date +%s) + 30)
            set -g __firebreak_answer error none '' 'firebreak did not answer within 1 s'
            return 0
        end
        set -l parts (string split -- \t $answer[1])
        for i in 4 5
            test "$parts[$i]" = -; and set parts[$i] ''
        end
        set -g __firebreak_answer $parts[2] $parts[3] $parts[4] $parts[5]
        set -g __firebreak_timeouts 0
    end

    function __firebreak_words
        string split -n -- ' ' (string replace -ra -- '[;|&()<>{}"\'\\n\\t]' ' ' $argv)
    end

    # What fish runs for an abbreviation that matches this token (by name, or by its --regex):
    # its expansion, or what its --function prints. Status 1 when none matches.
    function __firebreak_abbr
        # Only the listing lines that can match: this name's, and those with a --regex (one
        # filter over the listing, not a pattern match per abbreviation on every Enter).
        set -l candidates (abbr --show | string match -e -- ' --regex ')
        abbr --query -- $argv[1] 2>/dev/null; and set -p candidates (abbr --show | string match -e -- " -- $argv[1]")
        for l in $candidates
            set -l m (string match -r -- '^abbr -a (.*?)-- (\S+)(?: (.*))?$' $l)
            set -q m[3]; or continue
            set -l re (string match -r -- '--regex (\S+)' $m[2])[2]
            if test -n "$re"
                set re (eval "printf '%s' $re")
                string match -qr -- "^(?:$re)\$" $argv[1]; or continue
            else
                test "$m[3]" = "$argv[1]"; or continue
            end
            set -l fn (string match -r -- '--function (\S+)' $m[2])[2]
            if test -n "$fn"
                $fn $argv[1]
            else
                eval "printf '%s\n' $m[4]"
            end
            return 0
        end
        return 1
    end

    # Shows the verdict and asks on the terminal; true when the person chose to run the line.
    # The answer is read by bash in the terminal's own line mode: fish's read, nested inside a
    # key binding, leaves its prompt behind in the editor's.
    function __firebreak_confirm
        set -l f $__firebreak_answer[2]
        set -l token (printf '%b' $__firebreak_answer[3])
        echo >/dev/tty
        printf '%b\n' $__firebreak_answer[4] >/dev/tty
        test "$f" = warn; and return 0
        set -l question 'Run it anyway? [y/N] '
        test "$f" = type; and set question "Type '$token' to run it anyway (Enter keeps the line to edit): "
        set -l reply ($__firebreak_bash --noprofile --norc -c '
            while IFS= read -r -s -n 1 -t 0.02 _ </dev/tty 2>/dev/null; do :; done
            saved=$(stty -g </dev/tty 2>/dev/null)
            stty sane </dev/tty 2>/dev/null
            printf "%s" "$1" >/dev/tty || exit 1
            IFS= read -r r </dev/tty
            [ -n "$saved" ] && stty "$saved" </dev/tty 2>/dev/null
            printf "%s" "$r"' _ $question)
        or return 1
        if test "$f" = type
            test "$reply" = "$token"
        else
            string match -qir '^(y|yes)$' -- "$reply"
        end
    end

    function __firebreak_done
        test -n "$__firebreak_dir" -a -p "$__firebreak_dir/q"; or return 0
        printf 'done\t%s\t%s\n' $__firebreak_seq $argv[1] | $__firebreak_bash --noprofile --norc -c 'exec 3<>"$1/q" && cat >&3' _ $__firebreak_dir 2>/dev/null
        return 0
    end

    # Bound to Enter: an incomplete line gets its new line as usual; a complete one is judged first.
    function __firebreak_enter
        set -l lines (commandline)
        if test -z (string trim -- (string join ' ' -- $lines))
            commandline -f execute
            return
        end
        # Unfinished (2): Enter adds a line. A syntax error (1): fish refuses the whole line itself.
        commandline --is-valid
        if test $status -ne 0
            commandline -f execute
            return
        end
        # One string with its newlines: a command substitution would split it again.
        set -l full (string join \n -- $lines | string collect)
        # An abbreviation under the cursor is expanded as the line runs: judge what it becomes
        # (wherever that word stands on the line).
        set -l judged $full
        set -l tok (commandline -t)
        if test -n "$tok"
            set -l exp (__firebreak_abbr $tok)
            and set judged (string replace -ra -- '(?<![^\s;|&(])'(string escape --style=regex -- $tok)'(?![^\s;|&)])' (string join ' ' -- $exp | string replace -a -- '$' '$$') $full | string collect)
        end
        __firebreak_judge "$judged"
        test "$__firebreak_answer[1]" != error; and set -g __firebreak_down ''
        switch "$__firebreak_answer[1]"
            case ask deny
                if __firebreak_confirm
                    __firebreak_done ran
                else
                    __firebreak_done kept
                    commandline -f repaint
                    return
                end
            case error
                __firebreak_warn $__firebreak_answer[4]
        end
        commandline -f execute
    end

    # Every key that runs the line (Enter, fish's own Ctrl+Enter and Shift+Enter, and any binding
    # whose command executes it) in every mode goes through the guard; looked at again before each
    # prompt, and rebound whenever the bindings changed since.
    set -g __firebreak_bindings ''
    function __firebreak_bind --on-event fish_prompt --on-variable fish_key_bindings
        set -l all (bind -a 2>/dev/null | string collect)
        test "$all" = "$__firebreak_bindings"; and return
        for mode in default insert replace replace_one visual
            bind -M $mode \r __firebreak_enter 2>/dev/null
            bind -M $mode \n __firebreak_enter 2>/dev/null
        end
        for b in (bind -a 2>/dev/null | string match -r -- '.*\bexecute\b.*')
            string match -q -- '*__firebreak_enter*' $b; and continue
            # The key and mode as listed, its command replaced by the guard.
            set -l head (string match -r -- '^bind (?:--preset )?((?:-M \S+ )?(?:-m \S+ )?(?:-k )?\S+) ' $b)[2]
            test -n "$head"; and eval "bind $head __firebreak_enter" 2>/dev/null
        end
        set -g __firebreak_bindings (bind -a 2>/dev/null | string collect)
    end
    __firebreak_bind
    __firebreak_start; or __firebreak_warn 'firebreak could not start its helper'
end
