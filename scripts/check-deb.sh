#!/usr/bin/env bash
# Checks the Debian package end to end, as root on a Debian machine (CI): builds it from a
# release binary, runs lintian, installs it with dpkg -i (apt-get install -f for its
# dependencies), uses the installed herald — --version, man -w, a completion script through
# bash -n, D-Bus activation by notify-send, herald post --wait answered in the terminal UI in
# tmux — then removes it with dpkg -r and checks that none of its files is left.
#
#   scripts/check-deb.sh .build/release/herald
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:?usage: scripts/check-deb.sh RELEASE-BINARY}"
step() { echo "check-deb: $*"; }
fail() { echo "check-deb: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (dpkg -i)"
if dpkg -s herald >/dev/null 2>&1; then fail "a herald package is installed already; remove it first (dpkg -r herald)"; fi

output="$(mktemp -d)"
home="$(mktemp -d)"
tmux_socket="herald-check-deb-$$"
daemon_pid=""
bus_pid=""
installed=false
cleanup() {
    # A check that failed half-way leaves no package behind either.
    if $installed; then dpkg -r herald >/dev/null 2>&1 || true; fi
    tmux -L "$tmux_socket" kill-server 2>/dev/null || true
    [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null || true
    [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null || true
    rm -rf "$output" "$home"
}
trap cleanup EXIT

scripts/package-deb.sh --binary "$binary" --output "$output"
deb="$(ls "$output"/herald_*.deb)"
step "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB; $(dpkg-deb -f "$deb" Installed-Size) KiB installed"
step "Depends: $(dpkg-deb -f "$deb" Depends)"
step "Recommends: $(dpkg-deb -f "$deb" Recommends)"

step "lintian (every tag it may still report is explained in scripts/debian/herald.lintian-overrides)"
# (--show-overrides makes --fail-on count the overridden tags too: the gate reads the report.)
report="$(lintian --fail-on none --display-info --show-overrides "$deb" 2>&1)" || fail "lintian: $report"
echo "$report" | grep -v -e '^N: ' -e 'root privileges' || true
if echo "$report" | grep -q '^[EW]: '; then fail "lintian reports errors or warnings no override explains"; fi

step "dpkg -i, then apt-get install -f for the dependencies"
installed=true
if ! dpkg -i "$deb"; then
    DEBIAN_FRONTEND=noninteractive apt-get install -f -y -qq || fail "apt-get install -f"
fi
dpkg -s herald | grep -q '^Status: install ok installed' || fail "herald is not installed"
files="$(dpkg -L herald)"

step "the installed herald: $(/usr/bin/herald --version)"
[ "$(/usr/bin/herald --version)" = "herald $(dpkg-deb -f "$deb" Version)" ] || fail "herald --version does not match the package"
page="$(man -w herald)" || fail "man -w herald"
step "man -w herald: $page"
[ -z "$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)" ] || fail "man --warnings on $page"
bash -n /usr/share/bash-completion/completions/herald || fail "bash -n on the bash completion"
step "bash -n /usr/share/bash-completion/completions/herald: ok"
offered="$(bash -c 'source /usr/share/bash-completion/completions/herald; COMP_WORDS=(herald post --le); COMP_CWORD=2; _herald; echo "${COMPREPLY[*]}"')"
[ "$offered" = "--level" ] || fail "bash completes 'herald post --le' to '$offered', not --level"
step "bash completes 'herald post --le' to $offered"
[ -f /usr/share/herald/assets/jim@2x.png ] || fail "the demo's pictures are not installed"
grep -q '^ExecStart=/usr/bin/herald daemon' /usr/lib/systemd/user/herald.service || fail "herald.service does not run /usr/bin/herald"

# The installed daemon, started the way a desktop starts it: a session bus activates
# org.freedesktop.Notifications from the installed service file when notify-send posts.
export HERALD_HOME="$home" HERALD_NO_SPAWN=1
unset HERALD_SOCKET HERALD_APP
if command -v dbus-daemon >/dev/null && command -v notify-send >/dev/null; then
    mkdir -p "$home/services"
    cp /usr/share/dbus-1/services/org.freedesktop.Notifications.herald.service "$home/services/"
    cat > "$home/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$home/bus</listen>
  <servicedir>$home/services</servicedir>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
EOF
    dbus-daemon --config-file="$home/bus.conf" --nofork --nopidfile >"$home/bus.log" 2>&1 &
    bus_pid=$!
    export DBUS_SESSION_BUS_ADDRESS="unix:path=$home/bus"
    for _ in $(seq 100); do [ -S "$home/bus" ] && break; sleep 0.1; done
    timeout 60 notify-send --app-name=package-check "Activated" "by D-Bus" || fail "notify-send (D-Bus activation of herald daemon): $(cat "$home/bus.log" "$home/daemon.log" 2>/dev/null)"
    /usr/bin/herald history | grep -q Activated || fail "the D-Bus notification is not in history"
    step "notify-send activated /usr/bin/herald daemon through the installed D-Bus service file"
else
    /usr/bin/herald daemon --no-dbus 2>"$home/daemon.log" &
fi
for _ in $(seq 100); do [ -S "$home/herald.sock" ] && [ -s "$home/herald.lock" ] && break; sleep 0.1; done
daemon_pid="$(awk '{ print $1; exit }' "$home/herald.lock")"
[ -n "$daemon_pid" ] || fail "no herald daemon holds $home/herald.lock"

step "herald post --wait answered in the installed terminal UI (tmux)"
tmux -L "$tmux_socket" new-session -d -x 120 -y 30 \
    "env HERALD_HOME=$home HERALD_NO_SPAWN=1 HERALD_UI_MUTE=1 LANG=C.UTF-8 TERM=xterm-256color /usr/bin/herald ui"
/usr/bin/herald post --new-app ci.package --title "Installed from the package?" \
    --action yes:Yes --action no:No --wait --timeout 120 > "$home/answer" &
post_pid=$!
for _ in $(seq 600); do
    tmux -L "$tmux_socket" capture-pane -p | grep -q '\[1 Yes\]' && break
    sleep 0.1
done
tmux -L "$tmux_socket" capture-pane -p | grep -q '\[1 Yes\]' || fail "the banner never showed: $(tmux -L "$tmux_socket" capture-pane -p)"
tmux -L "$tmux_socket" send-keys 1
wait "$post_pid" || fail "herald post --wait exited with $?"
[ "$(cat "$home/answer")" = yes ] || fail "herald post --wait printed '$(cat "$home/answer")', not yes"
step "herald post --wait printed: $(cat "$home/answer")"
tmux -L "$tmux_socket" kill-server 2>/dev/null || true
kill "$daemon_pid"; daemon_pid=""
[ -n "$bus_pid" ] && { kill "$bus_pid"; bus_pid=""; }

step "dpkg -r herald"
dpkg -r herald
installed=false
dpkg -s herald >/dev/null 2>&1 && fail "dpkg still knows herald: $(dpkg -s herald | grep Status)"
left=""
while IFS= read -r path; do
    [ -n "$path" ] && [ ! -d "$path" ] && [ -e "$path" ] && left="$left $path"
done <<< "$files"
for directory in /usr/share/herald /usr/share/doc/herald; do [ -e "$directory" ] && left="$left $directory"; done
[ -z "$left" ] || fail "left behind:$left"
step "removed: none of its $(echo "$files" | grep -c .) paths is left"
