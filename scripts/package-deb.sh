#!/usr/bin/env bash
# Builds the Debian package herald_<version>_<arch>.deb with dpkg-deb from the release build:
# the stripped binary, its manual page and shell completions (made by the binary from its own
# --help texts), the systemd user units, the D-Bus activation file, the demo's pictures, docs.
#
#   scripts/package-deb.sh                  # builds the release herald, writes .build/debian/herald_<version>_<arch>.deb
#   scripts/package-deb.sh --binary PATH    # packages PATH instead of building (CI reuses its release build)
#   scripts/package-deb.sh --output DIR     # writes the .deb (and the detached debug info) to DIR
#
# Install it with: sudo apt install ./.build/debian/herald_<version>_<arch>.deb
# Needs dpkg-dev (dpkg-shlibdeps), binutils (strip, objcopy) and gzip; lintian checks the result.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
output=".build/debian"
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
        --output) output="${2:?--output needs a directory}"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "package-deb.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
for tool in dpkg-deb dpkg-shlibdeps strip objcopy gzip; do
    command -v "$tool" >/dev/null 2>&1 || { echo "package-deb.sh: $tool is missing (apt-get install dpkg-dev binutils gzip)" >&2; exit 1; }
done

if [ -z "$binary" ]; then
    echo "building the release binary (swift build -c release --product herald)…"
    swift build -c release --product herald
    binary="$(swift build -c release --show-bin-path)/herald"
fi
[ -x "$binary" ] || { echo "package-deb.sh: $binary is not an executable" >&2; exit 1; }

version="$("$binary" --version | awk '{ print $2 }')"
arch="$(dpkg --print-architecture)"
name="herald_${version}_${arch}"
# Dates in the package (manual page, changelog, file times) come from the last commit, so the
# same commit packs the same way.
# The maintainer: $DEBFULLNAME <$DEBEMAIL> as for Debian's own tools, else the author of the
# commit being packed.
maintainer_name="${DEBFULLNAME:-$(git log -1 --format=%an 2>/dev/null || true)}"
maintainer_email="${DEBEMAIL:-$(git log -1 --format=%ae 2>/dev/null || true)}"
if [ -z "$maintainer_name" ] || [ -z "$maintainer_email" ]; then
    echo "package-deb.sh: no maintainer: set DEBFULLNAME and DEBEMAIL (outside a git checkout there is no commit author)" >&2
    exit 1
fi
maintainer="$maintainer_name <$maintainer_email>"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
mkdir -p "$output"
output="$(cd "$output" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/$name"
doc="$root/usr/share/doc/herald"
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$doc"

# The binary, stripped; its debug info goes beside the .deb (herald_<version>_<arch>.debug,
# linked by --add-gnu-debuglink, for gdb with `symbol-file`), not into the package.
objcopy --only-keep-debug "$binary" "$output/$name.debug"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$root/usr/bin/herald" "$binary"
(cd "$output" && objcopy --add-gnu-debuglink="$name.debug" "$root/usr/bin/herald")
chmod 0755 "$root/usr/bin/herald"

# What the binary makes from its own --help texts.
install -d "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
    "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d"
"$root/usr/bin/herald" manpage | gzip -9n > "$root/usr/share/man/man1/herald.1.gz"
"$root/usr/bin/herald" completions bash > "$root/usr/share/bash-completion/completions/herald"
"$root/usr/bin/herald" completions zsh > "$root/usr/share/zsh/vendor-completions/_herald"
"$root/usr/bin/herald" completions fish > "$root/usr/share/fish/vendor_completions.d/herald.fish"

# The login units: herald.service (and herald.socket when the repository has it), started by
# the user (`systemctl --user enable --now herald.service`), by D-Bus activation, or by a client.
# The repository's header comments speak of install.sh; the package's say where they come from.
units="herald.service"
[ -f scripts/herald.socket ] && units="herald.socket herald.service"
install_unit() {
    local source="$1" target="$2"
    {
        echo "# Installed by the herald package. Start the center with your session: systemctl --user enable --now $units"
        grep -v '^#' "$source" | sed 's|^ExecStart=[^ ]*/herald |ExecStart=/usr/bin/herald |'
    } > "$target"
    chmod 0644 "$target"
}
install -d "$root/usr/lib/systemd/user" "$root/usr/share/dbus-1/services"
install_unit scripts/herald.service "$root/usr/lib/systemd/user/herald.service"
if [ -f scripts/herald.socket ]; then
    install_unit scripts/herald.socket "$root/usr/lib/systemd/user/herald.socket"
fi
# The D-Bus activation file: the repository's scripts/org.freedesktop.Notifications.service (the
# one install.sh installs) with Exec naming /usr/bin/herald, else the same three lines written
# here. Installed under a name of its own, as other notification servers' are (dunst's is
# org.knopwob.dunst.service), so several can be installed side by side.
dbus_service="$root/usr/share/dbus-1/services/org.freedesktop.Notifications.herald.service"
if [ -f scripts/org.freedesktop.Notifications.service ]; then
    sed 's|^Exec=[^ ]*/herald |Exec=/usr/bin/herald |' scripts/org.freedesktop.Notifications.service > "$dbus_service"
else
    printf '%s\n' "# D-Bus activation of Herald as the desktop notification server (installed by the herald package)." \
        "[D-BUS Service]" "Name=org.freedesktop.Notifications" "Exec=/usr/bin/herald daemon" \
        "SystemdService=herald.service" > "$dbus_service"
fi
chmod 0644 "$dbus_service"
grep -q '^Exec=/usr/bin/herald daemon' "$dbus_service" || { echo "package-deb.sh: the D-Bus service file does not run /usr/bin/herald daemon" >&2; exit 1; }

# The demo's pictures and the sample push payloads (herald push --app APP FILE.apns).
install -d "$root/usr/share/herald/assets"
install -m 0644 Assets/* "$root/usr/share/herald/assets/"

# Docs, copyright, changelog, lintian's notes on what it reports and why it stays.
# (INSTALL.md says how to install; an installed package has no use for it.)
install -m 0644 README.md $(ls docs/*.md | grep -v '/INSTALL.md$') "$doc/"
install -m 0644 scripts/debian/copyright "$doc/copyright"
printf 'herald (%s) unstable; urgency=medium\n\n  * Herald %s, packaged by scripts/package-deb.sh.\n\n -- %s  %s\n' \
    "$version" "$version" "$maintainer" \
    "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" | gzip -9n > "$doc/changelog.gz"
install -d "$root/usr/share/lintian/overrides"
install -m 0644 scripts/debian/herald.lintian-overrides "$root/usr/share/lintian/overrides/herald"

# Depends: what the binary links dynamically (dpkg-shlibdeps reads its NEEDED entries; the Swift
# runtime, Foundation, SQLite and ncurses are linked in). Recommends/Suggests: what it opens at
# run time with dlopen when present — libdbus (notify-send reaches Herald), the image decoders
# and libchafa (attachment pictures), libcanberra with its PulseAudio driver and the sound theme
# (sounds through the sound server), libmosquitto (the MQTT broker door).
mkdir -p "$work/shlibs/debian"
printf 'Source: herald\n\nPackage: herald\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends="$(cd "$work/shlibs" && dpkg-shlibdeps -O -e "$root/usr/bin/herald" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "package-deb.sh: dpkg-shlibdeps found no dependencies for $binary" >&2; exit 1; }
installed_size="$(du -sk --apparent-size "$root" | awk '{ print $1 }')"
cat > "$root/DEBIAN/control" <<EOF
Package: herald
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: libdbus-1-3, libpng16-16, libturbojpeg0, libgif7, libchafa0, libcanberra0, libcanberra-pulse, sound-theme-freedesktop
Suggests: libmosquitto1, libnotify-bin, tmux, xdg-utils
Section: utils
Priority: optional
Description: terminal notification center with Apple's UserNotifications API
 Herald shows desktop-style notifications in a terminal: banners with action
 buttons and text replies, history with search, per-app settings, Focus and
 do-not-disturb. A daemon keeps them in SQLite and serves a Unix socket that
 the herald command (herald post --wait asks a question from a script), the
 terminal UI and Swift programs using the UserNotifications API talk to.
 .
 The daemon also serves org.freedesktop.Notifications on the session bus,
 so notify-send and libnotify programs post to it, and can take
 notifications from an MQTT broker. herald demo runs three sample apps.
EOF

find "$root" -type d -exec chmod 0755 {} +
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"
find "$root" -exec touch --no-dereference -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$output/$name.deb" >/dev/null
echo "built $output/$name.deb ($(du -k "$output/$name.deb" | awk '{ print $1 }') KiB; herald $(du -k "$root/usr/bin/herald" | awk '{ print $1 }') KiB stripped, $(du -k "$binary" | awk '{ print $1 }') KiB before; debug info in $output/$name.debug)"
