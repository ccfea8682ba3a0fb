import Foundation

/// An APNs payload (the `xcrun simctl push` file format) turned into notification content.
///
/// `aps` keys fill the content (`alert` → title/subtitle/body/launch image, `badge`, `sound`,
/// `thread-id`, `category`, `target-content-id`, `interruption-level`, `relevance-score`,
/// `filter-criteria`); the whole payload, `aps` included, becomes `userInfo`, as on a device.
/// `*-loc-key` strings are used as their own format (there is no `Localizable.strings`), with `%@`
/// and `%n$@` replaced by the `*-loc-args`.
///
/// ```swift
/// let payload = try PushPayload.parse(Data(#"{"aps":{"alert":"Hi","badge":1}}"#.utf8))
/// payload.content.body   // "Hi"
/// payload.content.badge  // 1
/// ```
public struct PushPayload: Sendable, Hashable {
    /// The largest payload APNs accepts for an alert or background push.
    public static let maximumSize = 4096
    /// The top-level key that names the target app in a `.apns` file.
    public static let targetBundleKey = "Simulator Target Bundle"

    /// The content a notification built from the payload shows.
    public var content: ContentRecord
    /// The payload's `Simulator Target Bundle`, if any.
    public var targetBundleIdentifier: String?
    /// `content-available: 1`: wakes the app in the background.
    public var contentAvailable: Bool
    /// `mutable-content: 1`: goes through the app's service extension.
    public var mutableContent: Bool
    /// The whole payload.
    public var dictionary: [String: JSONValue]

    /// Whether the payload shows anything: alert text, a badge or a sound.
    public var isVisible: Bool { content.hasUserVisibleContent }
    /// A silent push: `content-available` and nothing to show.
    public var isBackgroundOnly: Bool { contentAvailable && !isVisible }

    /// Parses and checks a payload. Throws `PushError` (`payloadEmpty`, `payloadTooLarge`, `badPayload`).
    public static func parse(_ data: Data) throws -> PushPayload {
        guard !data.isEmpty, !data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw PushError.payloadEmpty
        }
        guard data.count <= maximumSize else {
            throw PushError.payloadTooLarge(size: data.count, limit: maximumSize)
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw PushError.badPayload("it is not valid JSON")
        }
        guard case .object(let top) = value else {
            throw PushError.badPayload("the top level must be a JSON object")
        }
        guard let apsValue = top["aps"] else {
            throw PushError.badPayload("there is no \"aps\" dictionary")
        }
        guard case .object(let aps) = apsValue else {
            throw PushError.badPayload("\"aps\" must be a dictionary")
        }
        var target: String?
        if let bundle = top[targetBundleKey] {
            guard let string = bundle.stringValue else {
                throw PushError.badPayload("\"\(targetBundleKey)\" must be a string")
            }
            target = string.isEmpty ? nil : string
        }

        var content = ContentRecord()
        content.userInfo = top
        try applyAlert(aps["alert"], to: &content)
        if let badge = aps["badge"] {
            guard let number = badge.intValue, badge.boolValueIsNotBool, number >= 0, number <= RequestLimits.maximumBadge else {
                throw PushError.badPayload("\"aps.badge\" must be a number from 0 to \(RequestLimits.maximumBadge)")
            }
            content.badge = number
        }
        content.sound = try sound(aps["sound"])
        content.threadIdentifier = try string(aps, "thread-id") ?? ""
        content.categoryIdentifier = try string(aps, "category") ?? ""
        content.targetContentIdentifier = try string(aps, "target-content-id")
        content.filterCriteria = try string(aps, "filter-criteria")
        if let level = try string(aps, "interruption-level") {
            let levels: [String: UNNotificationInterruptionLevel] = [
                "passive": .passive, "active": .active, "time-sensitive": .timeSensitive, "critical": .critical,
            ]
            guard let parsed = levels[level] else {
                throw PushError.badPayload("\"aps.interruption-level\" must be passive, active, time-sensitive or critical, "
                                           + "not \"\(level)\"")
            }
            content.interruptionLevel = parsed
        }
        if let score = aps["relevance-score"] {
            guard let number = score.doubleValue, number >= 0, number <= 1 else {
                throw PushError.badPayload("\"aps.relevance-score\" must be a number (0 to 1)")
            }
            content.relevanceScore = number
        }
        let contentAvailable = try flag(aps, "content-available")
        let mutableContent = try flag(aps, "mutable-content")
        return PushPayload(content: content, targetBundleIdentifier: target, contentAvailable: contentAvailable,
                           mutableContent: mutableContent, dictionary: top)
    }

    /// Replaces `%@` (in order) and `%n$@` (by position) with the `*-loc-args`; `%%` is a percent
    /// sign; a placeholder with no argument stays as written.
    public static func format(_ format: String, arguments: [String]) -> String {
        NotificationFormat.format(format, arguments)
    }

    // MARK: Pieces

    private static func applyAlert(_ alert: JSONValue?, to content: inout ContentRecord) throws {
        guard let alert else { return }
        switch alert {
        case .string(let body):
            content.body = body
        case .object(let dictionary):
            content.title = try localized(dictionary, plain: "title", key: "title-loc-key", args: "title-loc-args")
            content.subtitle = try localized(dictionary, plain: "subtitle", key: "subtitle-loc-key",
                                             args: "subtitle-loc-args")
            content.body = try localized(dictionary, plain: "body", key: "loc-key", args: "loc-args")
            content.launchImageName = try string(dictionary, "launch-image", in: "aps.alert") ?? ""
        default:
            throw PushError.badPayload("\"aps.alert\" must be a string or a dictionary")
        }
    }

    /// `*-loc-key` (formatted with its args) wins over the plain key, as a localized string would.
    private static func localized(_ alert: [String: JSONValue], plain: String, key: String, args: String) throws -> String {
        let text = try string(alert, plain, in: "aps.alert") ?? ""
        guard let template = try string(alert, key, in: "aps.alert") else { return text }
        var arguments: [String] = []
        if let list = alert[args] {
            guard let array = list.arrayValue else {
                throw PushError.badPayload("\"aps.alert.\(args)\" must be an array of strings")
            }
            arguments = try array.map { item in
                switch item {
                case .string(let string): return string
                case .int, .double: return item.displayString
                default: throw PushError.badPayload("\"aps.alert.\(args)\" must be an array of strings")
                }
            }
        }
        return format(template, arguments: arguments)
    }

    private static func sound(_ value: JSONValue?) throws -> SoundRecord? {
        guard let value else { return nil }
        switch value {
        case .string(let name):
            if name.isEmpty { return nil }
            return name == "default" ? .default : SoundRecord(name: name)
        case .object(let dictionary):
            var sound = SoundRecord()
            if let critical = dictionary["critical"] {
                guard let number = critical.intValue else {
                    throw PushError.badPayload("\"aps.sound.critical\" must be a number (1 for critical)")
                }
                sound.isCritical = number == 1
            }
            if let name = try string(dictionary, "name", in: "aps.sound"), name != "default", !name.isEmpty {
                sound.name = name
            }
            if let volume = dictionary["volume"] {
                guard let number = volume.doubleValue, number >= 0, number <= 1 else {
                    throw PushError.badPayload("\"aps.sound.volume\" must be a number from 0 to 1")
                }
                sound.volume = Float(number)
            }
            return sound
        default:
            throw PushError.badPayload("\"aps.sound\" must be a string or a dictionary")
        }
    }

    private static func string(_ dictionary: [String: JSONValue], _ key: String, in parent: String = "aps") throws -> String? {
        guard let value = dictionary[key] else { return nil }
        guard let string = value.stringValue else {
            throw PushError.badPayload("\"\(parent).\(key)\" must be a string")
        }
        return string
    }

    private static func flag(_ aps: [String: JSONValue], _ key: String) throws -> Bool {
        guard let value = aps[key] else { return false }
        guard let number = value.intValue, value.boolValueIsNotBool else {
            throw PushError.badPayload("\"aps.\(key)\" must be a number (1 to turn it on)")
        }
        return number == 1
    }
}

extension JSONValue {
    /// JSON `true`/`false` decode as `.bool`; APNs number fields want numbers.
    fileprivate var boolValueIsNotBool: Bool {
        if case .bool = self { return false }
        return true
    }
}
