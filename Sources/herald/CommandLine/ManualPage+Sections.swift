/// The sections of herald(1) after the commands: what no single command's `--help` says.
extension ManualPage {
    static let environment: [(String, String)] = [
        ("HERALD_HOME", "The state directory (database, attachments, logs); else $XDG_STATE_HOME/herald, else "
            + "~/.local/state/herald. Created with mode 0700; --home DIR wins over it."),
        ("HERALD_SOCKET", "The daemon's socket; else DIR/herald.sock when a state directory is chosen, else "
            + "$XDG_RUNTIME_DIR/herald/herald.sock, else herald.sock in the state directory."),
        ("HERALD_CONFIG", "The configuration file; else $XDG_CONFIG_HOME/herald/config, else ~/.config/herald/config."),
        ("HERALD_APP", "The app herald post, badge and remove speak for when no --app or --new-app is given "
            + "(else the calling script's name)."),
        ("HERALD_BUNDLE_ID", "The app identity of a Swift program using UserNotifications."),
        ("HERALD_EXECUTABLE", "The herald a Swift program starts when no daemon runs (else herald on PATH)."),
        ("HERALD_NO_SPAWN", "When set, clients never start a daemon in the background."),
        ("HERALD_UI_BANNER_SECONDS", "How long banners stay on screen (default 5)."),
        ("HERALD_UI_MUTE", "1 silences the terminal bell."),
        ("HERALD_SOUND", "How herald daemon sounds notifications: auto (through the sound server when there is one, "
            + "else the terminal bell), bell (always the bell), off (no sound, no bell); overrides [daemon] sound."),
        ("HERALD_PREVIEW_SYMBOLS", "Characters of attachment pictures: block, quadrant (default), sextant."),
        ("HERALD_BROKER", "herald daemon's MQTT broker URL when --broker is not given."),
        ("HERALD_BROKER_PASSWORD", "The broker password when no --broker-password-file is given."),
        ("HERALD_ASSETS", "Where herald demo finds its pictures; else share/herald/assets beside the executable's bin "
            + "directory (/usr/share/herald/assets for /usr/bin/herald), else the Assets folder of a source checkout."),
        ("NO_COLOR", "Any value turns colours (and attachment pictures) off."),
        ("DBUS_SESSION_BUS_ADDRESS", "The session bus where herald daemon serves org.freedesktop.Notifications."),
    ]

    static let files: [(String, String)] = [
        ("~/.config/herald/config", "The configuration file (herald config checks it; "
            + "/usr/share/doc/herald/CONFIGURATION.md lists every setting)."),
        ("~/.local/state/herald/herald.sqlite", "History, pending requests, apps and their settings."),
        ("$XDG_RUNTIME_DIR/herald/herald.sock", "The daemon's socket (/usr/share/doc/herald/PROTOCOL.md)."),
        ("/usr/lib/systemd/user/herald.service", "The systemd user unit: systemctl --user enable --now herald.service "
            + "starts the daemon with your session."),
        ("/usr/share/dbus-1/services/", "The D-Bus activation file: a libnotify client starts herald.service "
            + "when no notification server runs."),
        ("/usr/share/herald/assets/", "The demo's pictures and sample push payloads (*.apns) for herald push."),
    ]

    static let exitStatus: [(String, String)] = [
        ("0", "Success."),
        ("1", "Failure: the center could not be reached, a file could not be read, the configuration has mistakes."),
        ("2", "Usage error: wrong or missing arguments."),
        ("3", "Something named does not exist: an unknown --app, an identifier remove did not find."),
        ("4", "herald post --wait --timeout ran out of time."),
        ("5", "herald post: the app's notifications are off."),
    ]

    /// ENVIRONMENT, FILES, EXIT STATUS and SEE ALSO in roff.
    static var appendix: String {
        func list(_ title: String, _ items: [(String, String)]) -> String {
            ".SH \(title)\n" + items.map { ".TP\n\\fB\(escape($0.0))\\fR\n\(escape($0.1))\n" }.joined()
        }
        return list("ENVIRONMENT", environment) + list("FILES", files) + list("EXIT STATUS", exitStatus)
            + ".SH SEE ALSO\n"
            + "\\fBnotify\\-send\\fR(1), \\fBsystemctl\\fR(1), \\fBtmux\\fR(1).\n"
            + ".PP\n"
            + escape("/usr/share/doc/herald/: README.md (the guide) and the documents it links: COMMANDS.md, "
                     + "CONFIGURATION.md, KEYS.md, DBUS.md, PROTOCOL.md (the socket's wire protocol), BROKER.md (MQTT), "
                     + "RELIABILITY.md (limits and promises).") + "\n"
    }
}
