import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import TerminalKit

/// `herald app`: one app's token, authorization and service extension.
enum AppCommand: HeraldCommand {
    static let name = "app"
    static let summary = "show or change one app: device token, allow/deny, sounds, service extension"
    static let help = """
    Usage: herald app BUNDLE [--token] [--allow | --deny] [--sounds on|off]
                      [--service-extension CMD | --no-service-extension]

    Without options, prints what the center knows about the app. The app is created (as a
    command-line app, authorized) when the center has not seen it.

    Options:
      --token        print the app's device token: 32 bytes as lower-case hex, stable per app
                     (use it with `herald push --token`)
      --allow        allow notifications again (Settings › Notifications › Allow); an app
                     denied at its permission prompt becomes authorized
      --deny         stop the app's notifications; revokes a command-line app's authorization
      --sounds on|off   play the app's sounds or not (Settings › Sounds; `s` in the UI too)
      --service-extension CMD   run CMD (via /bin/sh -c) as the app's notification service
                     extension for pushes with "mutable-content": 1. It gets the request as
                     JSON on standard input ({"identifier":…,"content":{"title":…,…}}) and
                     prints the content to deliver as JSON (keys left out stay as they were),
                     within 30 s; if it fails, the original content is delivered.
      --no-service-extension   remove the command

    Examples:
      herald app com.example.app --token
      herald app make --deny
      herald app com.example.app --service-extension 'jq -c ".content | .title |= ascii_upcase"'
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let token = arguments.flag("--token")
        let allow = arguments.flag("--allow")
        let deny = arguments.flag("--deny")
        let command = try arguments.option("--service-extension")
        let noCommand = arguments.flag("--no-service-extension")
        let sounds = try arguments.option("--sounds").map { value -> Bool in
            switch value {
            case "on": return true
            case "off": return false
            default: throw UsageError("--sounds must be on or off, not '\(value)'")
            }
        }
        let names = try arguments.positionals()
        guard names.count == 1, let app = names.first, !app.isEmpty else { throw UsageError("give one app bundle identifier") }
        if allow && deny { throw UsageError("give --allow or --deny, not both") }
        if command != nil && noCommand { throw UsageError("give --service-extension or --no-service-extension, not both") }

        let client = try await CenterLocation(context).connect(role: .cli, client: "herald app")
        defer { client.close() }
        try await IPCServerRegistration.ensure(app, client: client)
        if allow || deny || sounds != nil {
            var record = try await client.call(Methods.appRecord, AppParams(bundleIdentifier: app))
            if allow || deny { record.settings.allowNotifications = allow }
            if let sounds { record.settings.sounds = sounds }
            _ = try await client.call(Methods.updateSettings, SettingsParams(bundleIdentifier: app, settings: record.settings))
        }
        if command != nil || noCommand {
            _ = try await client.call(Methods.setServiceExtensionCommand,
                                      ServiceExtensionCommandParams(bundleIdentifier: app, command: command))
        }
        if token {
            print(TerminalText.sanitize(try await client.call(Methods.deviceToken, AppParams(bundleIdentifier: app))))
            return ExitStatus.success
        }
        if allow || deny || sounds != nil || command != nil || noCommand { return ExitStatus.success }
        var record = try await client.call(Methods.appRecord, AppParams(bundleIdentifier: app))
        if let listed = try await client.call(Methods.apps, Empty()).first(where: { $0.bundleIdentifier == app }) {
            record = listed
        }
        // Every text the center holds passes the gate, each on its own line (a newline in a
        // name becomes a space, so it cannot fake a line of its own).
        let text = { (value: String) in TerminalText.sanitize(value) }
        print("""
        app:                \(text(record.bundleIdentifier)) (\(text(record.displayName)))
        authorization:      \(record.authorizationStatus)\(record.isCommandLineApp ? " (command-line app)" : "")
        notifications:      \(record.settings.allowNotifications ? "allowed" : "denied")
        sounds:             \(record.settings.sounds ? "on" : "off")
        badge:              \(record.badge)
        categories:         \(record.categories.count)
        service extension:  \(record.serviceExtensionCommand.map(text) ?? "none")
        device token:       \(record.deviceToken.map(DeviceToken.hex) ?? "(not made yet; --token makes it)")
        """)
        return ExitStatus.success
    }
}
