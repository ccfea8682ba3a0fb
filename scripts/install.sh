#!/usr/bin/env bash
# Builds the release `herald` and puts it on the PATH; optionally installs and starts the
# systemd user service (herald.service) so the center runs from login.
#
#   scripts/install.sh                      # ~/.local/bin/herald
#   scripts/install.sh --prefix /usr/local  # /usr/local/bin/herald (may need sudo)
#   scripts/install.sh --systemd            # also ~/.config/systemd/user/herald.service, enabled and started
#   scripts/install.sh --uninstall [--systemd]
#
# Options for packagers and tests: --binary PATH installs PATH instead of building;
# --unit-dir DIR puts the unit there; --no-start installs the unit without systemctl.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
systemd=false
uninstall=false
binary=""
start=true
unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --systemd) systemd=true; shift ;;
        --uninstall) uninstall=true; shift ;;
        --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
        --unit-dir) unit_dir="${2:?--unit-dir needs a directory}"; shift 2 ;;
        --no-start) start=false; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

bin_dir="$prefix/bin"
target="$bin_dir/herald"
assets_dir="$prefix/share/herald/assets"
unit="$unit_dir/herald.service"
have_systemctl() { $start && command -v systemctl >/dev/null 2>&1; }

if $uninstall; then
    if $systemd && [ -f "$unit" ]; then
        if have_systemctl; then systemctl --user disable --now herald.service || true; fi
        rm -f "$unit"
        if have_systemctl; then systemctl --user daemon-reload || true; fi
        echo "removed $unit"
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
    mkdir -p "$unit_dir"
    sed "s|^ExecStart=.*|ExecStart=$target daemon|" scripts/herald.service > "$unit"
    echo "installed $unit"
    if have_systemctl; then
        systemctl --user daemon-reload
        systemctl --user enable --now herald.service
        echo "herald.service is enabled and running (systemctl --user status herald)"
    else
        echo "start it with: systemctl --user daemon-reload && systemctl --user enable --now herald.service"
    fi
fi
