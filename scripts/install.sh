#!/usr/bin/env bash
# Builds the release `herald` and puts it on the PATH; optionally installs and starts the
# systemd user units (herald.service, herald.socket) so the center runs from login, and the D-Bus
# service file that starts it for org.freedesktop.Notifications.
#
#   scripts/install.sh                      # ~/.local/bin/herald
#   scripts/install.sh --prefix /usr/local  # /usr/local/bin/herald (may need sudo)
#   scripts/install.sh --systemd            # also herald.service and herald.socket in ~/.config/systemd/user,
#                                           # enabled and started, and ~/.local/share/dbus-1/services/
#                                           # org.freedesktop.Notifications.service
#   scripts/install.sh --uninstall [--systemd]
#
# Options for packagers and tests: --binary PATH installs PATH instead of building; --unit-dir
# DIR puts the units there; --dbus-dir DIR the D-Bus service file; --no-start installs them
# without systemctl. Without a running systemd user manager the units are installed and the
# command that starts them is printed.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
systemd=false
uninstall=false
binary=""
start=true
unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
dbus_dir="${XDG_DATA_HOME:-$HOME/.local/share}/dbus-1/services"

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --systemd) systemd=true; shift ;;
        --uninstall) uninstall=true; shift ;;
        --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
        --unit-dir) unit_dir="${2:?--unit-dir needs a directory}"; shift 2 ;;
        --dbus-dir) dbus_dir="${2:?--dbus-dir needs a directory}"; shift 2 ;;
        --no-start) start=false; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

bin_dir="$prefix/bin"
target="$bin_dir/herald"
assets_dir="$prefix/share/herald/assets"
unit="$unit_dir/herald.service"
socket_unit="$unit_dir/herald.socket"
dbus_service="$dbus_dir/org.freedesktop.Notifications.service"
units="herald.socket herald.service"
start_hint="systemctl --user daemon-reload && systemctl --user enable --now $units"
# systemctl, and a systemd user manager answering it (none in a container, over a bare ssh
# login without lingering, or under another init).
have_user_manager() {
    $start && command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1
}

if $uninstall; then
    if $systemd; then
        if [ -f "$unit" ] || [ -f "$socket_unit" ]; then
            if have_user_manager; then systemctl --user disable --now $units || true; fi
            rm -f "$unit" "$socket_unit"
            if have_user_manager; then systemctl --user daemon-reload || true; fi
            echo "removed $unit and $socket_unit"
        fi
        if [ -f "$dbus_service" ]; then rm -f "$dbus_service"; echo "removed $dbus_service"; fi
    fi
    rm -f "$target"
    rm -rf "$assets_dir"
    rmdir "$prefix/share/herald" 2>/dev/null || true
    echo "removed $target (your notifications stay in ${HERALD_HOME:-${XDG_STATE_HOME:-$HOME/.local/state}/herald})"
    exit 0
fi

if [ -z "$binary" ]; then
    # The release build links the Swift runtime and Foundation statically (Package.swift), so
    # the installed binary starts in a few milliseconds and needs no Swift libraries at run time.
    echo "building the release binary (swift build -c release --product herald, Swift runtime linked in)…"
    swift build -c release --product herald
    binary="$(swift build -c release --show-bin-path)/herald"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }

mkdir -p "$bin_dir"
install -m 0755 "$binary" "$target"
# The demo's pictures, where the installed `herald demo` looks for them (PREFIX/share/herald/assets).
mkdir -p "$assets_dir"
install -m 0644 Assets/* "$assets_dir/"
echo "installed $target ($("$target" --version))"
case ":$PATH:" in
    *":$bin_dir:"*) ;;
    *) echo "note: $bin_dir is not on your PATH; add it, e.g. echo 'export PATH=\"$bin_dir:\$PATH\"' >> ~/.bashrc" ;;
esac

if $systemd; then
    mkdir -p "$unit_dir" "$dbus_dir"
    sed "s|^ExecStart=.*|ExecStart=$target daemon|" scripts/herald.service > "$unit"
    cp scripts/herald.socket "$socket_unit"
    echo "installed $unit and $socket_unit"
    # The package's file when there is one (same name), with this binary's path.
    sed "s|^Exec=.*|Exec=$target daemon --on-demand|" scripts/org.freedesktop.Notifications.service > "$dbus_service"
    echo "installed $dbus_service (D-Bus starts the center for org.freedesktop.Notifications)"
    if ! have_user_manager; then
        $start && echo "no systemd user manager answers here (systemctl --user)."
        echo "start it with: $start_hint"
    elif systemctl --user daemon-reload && systemctl --user enable --now $units; then
        echo "herald.socket and herald.service are enabled and running (systemctl --user status herald)"
    else
        echo "systemctl could not enable them (above); start it with: $start_hint"
    fi
fi
