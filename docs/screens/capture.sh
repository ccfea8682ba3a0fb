#!/bin/sh
# Regenerates banner.txt and history.txt: the demo at 80x24 in a private tmux server.
# Run from the repository root after `swift build`:  sh docs/screens/capture.sh
set -eu
root=$(pwd)
out="$root/docs/screens"
home=$(mktemp -d)
sock="herald-screens-$$"
t() { tmux -L "$sock" "$@"; }
wait_for() {   # wait_for TEXT: poll the screen until TEXT shows (30 s at most)
    i=0
    until t capture-pane -p -t demo | grep -qF -- "$1"; do
        i=$((i + 1)); [ $i -lt 300 ] || { echo "timed out waiting for $1" >&2; exit 1; }
        sleep 0.1
    done
}
wait_gone() {
    i=0
    while t capture-pane -p -t demo | grep -qF -- "$1"; do
        i=$((i + 1)); [ $i -lt 300 ] || { echo "timed out waiting for $1 to go" >&2; exit 1; }
        sleep 0.1
    done
}
cmd() { t send-keys -t demo ":"; t send-keys -t demo -l "$1"; t send-keys -t demo Enter; }
trap 't kill-server 2>/dev/null; rm -rf "$home"' EXIT

start() {   # start BANNER_SECONDS [prompts]: the demo; answers the permission prompts when asked to
    t new-session -d -s demo -x 80 -y 24 \
        "env TERM=xterm-256color LANG=C.UTF-8 HERALD_UI_BANNER_SECONDS=$1 $root/.build/debug/herald --home $home demo"
    if [ "${2:-}" = prompts ]; then
        for app in Calendar Messages Reminders; do wait_for "“$app” would like"; t send-keys -t demo y; done
    fi
    wait_for "Reminders: requestAuthorization → granted"
}

# (a) The invitation banner with its actions.
start 60 prompts
cmd invite
wait_for "[1 Accept ↗] [2 Decline]"
t capture-pane -p -t demo > "$out/banner.txt"
t send-keys -t demo 1
wait_for "didReceive ACCEPT_INVITATION"
t send-keys -t demo q
t kill-server 2>/dev/null || true
sock="$sock-history"   # a new server: the old one may still be exiting

# (b) History: the same home, more notifications, banners gone.
start 1
cmd "message Anna Are we still on for lunch?";          wait_for "Anna — Are we"
cmd "message 王芳 明天见！";                             wait_for "王芳 — 明天见"
cmd "message Ben Can you send me the slides?";          wait_for "Ben — Can you"
cmd push;                                               wait_for "Dana [modified]"
cmd reminder;                                           wait_for "Reminders: scheduled"
cmd "move 52.5219,13.4132";                             wait_for "At the office"
wait_gone "╭─"
t send-keys -t demo g
sleep 0.5
t capture-pane -p -t demo > "$out/history.txt"
echo "wrote $out/banner.txt and $out/history.txt"
