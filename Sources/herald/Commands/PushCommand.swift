import Foundation
import HeraldBroker
import HeraldClient
import HeraldCore
import HeraldWire
import TerminalKit

/// `herald push`: delivers an APNs payload (`xcrun simctl push` file format) locally.
enum PushCommand: HeraldCommand {
    static let name = "push"
    static let summary = "deliver an APNs payload (.apns / simctl push file) to an app"
    static let help = """
    Usage: herald push [--app BUNDLE | --token HEX] [--collapse-id ID] [--priority 10|5|1]
                       [--push-type alert|background] [--expiration UNIX-TIME]
                       [--broker URL [--broker-password-file FILE] [--broker-ca FILE] ...] (FILE | -)

    Delivers a remote notification without Apple's servers. FILE (or standard input for -) is
    what `xcrun simctl push` takes: a JSON object of at most 4096 bytes with an "aps"
    dictionary, custom keys beside it, and optionally "Simulator Target Bundle". The app is
    --app, else the app whose device token is --token (`herald app APP --token`), else the
    file's "Simulator Target Bundle" (--app wins). Prints the request identifier.

    "mutable-content": 1 runs the app's service extension (a connected Swift app's, or the
    command set with `herald app APP --service-extension CMD`). "content-available": 1 wakes a
    connected app's background handler and shows nothing.

    Invalid input is rejected with APNs's reason and a sentence, exit status 1:
      PayloadEmpty, PayloadTooLarge, BadPayload, MissingTopic, BadCollapseId, BadPriority,
      InvalidPushType, BadExpirationDate, BadDeviceToken, DeviceTokenNotForTopic

    With --broker the payload is published to the prefix's push topic (no local daemon needed)
    and every `herald daemon --broker` on it delivers it; the request identifier is --collapse-id
    or a new UUID, printed. --token, --priority, --push-type and --expiration are local only.

    Options:
      --collapse-id ID  apns-collapse-id: becomes the request identifier (64 bytes at most)
      --priority N      apns-priority
      --push-type T     apns-push-type
      --expiration T    apns-expiration (UNIX seconds)
    \(BrokerOptions.help)

    Examples:
      herald push --app com.example.app Assets/alert.apns
      echo '{"aps":{"alert":"Hi"}}' | herald push --app com.example.app -
      herald push --token "$(herald app com.example.app --token)" --collapse-id score Assets/badge.apns
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let app = try arguments.option("--app")
        let token = try arguments.option("--token")
        var headers = PushHeaders()
        headers.collapseID = try arguments.option("--collapse-id")
        headers.priority = try arguments.intOption("--priority")
        headers.pushType = try arguments.option("--push-type")
        headers.expiration = try arguments.intOption("--expiration")
        let broker = try BrokerOptions.parse(&arguments)
        let files = try arguments.positionals()
        guard files.count == 1 else { throw UsageError(files.isEmpty ? "give a payload FILE, or - for standard input" : "give one payload file") }
        if let token, DeviceToken.data(hex: token) == nil { throw UsageError("--token must be hex digits, not '\(token)'") }
        let data = try InputFile.read(files[0])
        guard let text = String(data: data, encoding: .utf8) else {
            printError("herald push: BadPayload: The payload is invalid: it is not UTF-8 text.")
            return ExitStatus.failure
        }
        if let broker {
            guard token == nil, headers.priority == nil, headers.pushType == nil, headers.expiration == nil else {
                throw UsageError("--token, --priority, --push-type and --expiration cannot go through --broker")
            }
            let identifier = headers.collapseID ?? UUID().uuidString
            // The receivers validate again; checking here gives the sender the same error as locally.
            do {
                let parsed = try PushPayload.parse(data)
                if app == nil && parsed.targetBundleIdentifier == nil { throw PushError.missingTopic }
                try PushOptions(collapseID: identifier).validate(for: parsed)
            } catch let error as PushError {
                printError("herald push: \(error.reason): \(error.message)")
                return ExitStatus.failure
            }
            let location = CenterLocation(context)
            let publisher = try await BrokerPublisher.connect(settings: broker, sender: try BrokerOptions.device(location))
            defer { publisher.close() }
            try await publisher.push(data, identifier: identifier, bundleIdentifier: app)
            print(TerminalText.sanitize(identifier))
            return ExitStatus.success
        }
        let client = try await CenterLocation(context).connect(role: .cli, client: "herald push")
        defer { client.close() }
        do {
            let result = try await client.call(Methods.push, PushParams(payload: text, bundleIdentifier: app,
                                                                        deviceToken: token, headers: headers))
            print(TerminalText.sanitize(result.identifier))
            return ExitStatus.success
        } catch let rejection as APNsRejection {
            printError("herald push: \(rejection.reason): \(rejection.explanation)")
            return ExitStatus.failure
        }
    }
}
