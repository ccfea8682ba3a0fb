import Foundation

/// Bad input to the engine that Apple's API has no `UNError` code for. Every message names the
/// field and, where there is one, the limit.
///
/// ```swift
/// do { try await engine.add(request, bundleIdentifier: "com.example.app") }
/// catch let error as EngineError { print(error) }   // "identifier must not be empty"
/// ```
public enum EngineError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A request field is out of bounds.
    case invalidRequest(field: String, reason: String)
    /// A bundle identifier is empty or too long.
    case invalidBundleIdentifier(String, reason: String)
    /// No delivered notification has this id.
    case unknownDelivery(deliveryID: Int64)
    /// The action is not one of the notification's category's actions.
    case unknownAction(actionIdentifier: String, categoryIdentifier: String)
    /// A reply was given for an action that is not a text-input action.
    case notTextInputAction(actionIdentifier: String)
    /// The notification was shown but could not be kept in history (the store failed), so it is
    /// not acknowledged as delivered.
    case notStored(identifier: String, reason: String)
    /// The center already has as many apps as it keeps (`EngineConfiguration.appLimit`), and
    /// this one is not among them.
    case tooManyApps(bundleIdentifier: String, limit: Int)

    public var description: String {
        switch self {
        case .invalidRequest(let field, let reason):
            return "\(field) \(reason)"
        case .invalidBundleIdentifier(let identifier, let reason):
            return "bundle identifier \"\(identifier)\" \(reason)"
        case .unknownDelivery(let id):
            return "no delivered notification has the id \(id)"
        case .unknownAction(let action, let category):
            return category.isEmpty
                ? "action \"\(action)\" is not available: the notification has no category"
                : "action \"\(action)\" is not an action of the category \"\(category)\""
        case .notTextInputAction(let action):
            return "action \"\(action)\" is not a text-input action, so it takes no reply"
        case .notStored(let identifier, let reason):
            return "notification \"\(identifier)\" was not stored: \(reason)"
        case .tooManyApps(let identifier, let limit):
            return "the center already has \(limit) apps, its limit: no new app (\"\(identifier.prefix(80))\") "
                + "is added; the apps it has are served as before"
        }
    }

    public var errorDescription: String? { description }
}

/// The limits the engine enforces on requests (Apple documents none; these keep one request
/// from filling the store or the screen).
///
/// | Field | Limit |
/// |---|---|
/// | `identifier` | 1…1024 bytes of UTF-8 |
/// | bundle identifier | 1…255 bytes of UTF-8 |
/// | `content.title`, `content.subtitle` | 4096 bytes each |
/// | `content.body` | 65,536 bytes |
/// | `content.categoryIdentifier`, `content.threadIdentifier` | 1024 bytes each |
/// | `content.userInfo` | 1 MiB as JSON |
/// | `content.attachments` | 16 |
/// | `content.traits.bodyStyles` | `RequestLimits+Traits.swift` |
/// | numbers (badge, intervals, calendar components, radius, …) | `RequestLimits+Numbers.swift` |
/// | location trigger | latitude −90…90, longitude −180…180 |
public enum RequestLimits {
    public static let identifierBytes = 1024
    public static let bundleIdentifierBytes = 255
    public static let titleBytes = 4096
    public static let subtitleBytes = 4096
    public static let bodyBytes = 65_536
    public static let identifierFieldBytes = 1024
    public static let userInfoBytes = 1 << 20
    public static let attachmentCount = 16

    /// Checks a bundle identifier.
    public static func validate(bundleIdentifier: String) throws {
        if bundleIdentifier.isEmpty {
            throw EngineError.invalidBundleIdentifier(bundleIdentifier, reason: "must not be empty")
        }
        if containsNUL(bundleIdentifier) {
            // (Shown up to the NUL: the rest reaches no terminal or log unescaped either way.)
            throw EngineError.invalidBundleIdentifier(String(bundleIdentifier.prefix { $0 != "\0" }) + "…",
                                                      reason: "must not contain NUL (U+0000)")
        }
        if bundleIdentifier.utf8.count > bundleIdentifierBytes {
            throw EngineError.invalidBundleIdentifier(
                String(bundleIdentifier.prefix(40)) + "…",
                reason: "is \(bundleIdentifier.utf8.count) bytes; the limit is \(bundleIdentifierBytes) bytes")
        }
    }

    /// Checks every limit of a request added by an app (not its attachments' files).
    public static func validate(_ request: RequestRecord) throws {
        try checkLength(request.identifier, field: "identifier", limit: identifierBytes, allowEmpty: false)
        // Passed on, not copied into a local: the content is lent from its box.
        try validate(content: request.content)
        switch request.trigger {
        case .timeInterval(let seconds, let repeats)?:
            try validate(timeInterval: seconds, repeats: repeats)
        case .calendar(let components, _)?:
            try validate(calendar: components)
        case .location(let region, _)?:
            try validate(region: region)
        case .push?:
            throw EngineError.invalidRequest(field: "trigger",
                                             reason: "is a push trigger; only the center makes those (use push)")
        case nil:
            break
        }
    }

    /// Checks the limits of a request's content.
    private static func validate(content: ContentRecord) throws {
        try checkLength(content.title, field: "content.title", limit: titleBytes)
        try checkLength(content.subtitle, field: "content.subtitle", limit: subtitleBytes)
        try checkLength(content.body, field: "content.body", limit: bodyBytes)
        try checkLength(content.categoryIdentifier, field: "content.categoryIdentifier", limit: identifierFieldBytes)
        try checkLength(content.threadIdentifier, field: "content.threadIdentifier", limit: identifierFieldBytes)
        try validateNumbers(content: content)
        if let traits = content.traits { try validate(traits: traits) }
        if content.attachments.count > attachmentCount {
            throw EngineError.invalidRequest(field: "content.attachments",
                                             reason: "has \(content.attachments.count) attachments; the limit is \(attachmentCount)")
        }
        if !content.userInfo.isEmpty {
            let size = (try? JSONValue.encoder.encode(content.userInfo).count) ?? 0
            if size > userInfoBytes {
                throw EngineError.invalidRequest(field: "content.userInfo",
                                                 reason: "is \(size) bytes as JSON; the limit is \(userInfoBytes) bytes")
            }
        }
    }

    /// Whether the string holds a NUL byte; its UTF-8 is read in place where it can be (every
    /// native string), not through the byte-at-a-time view iterator (~30 instructions a byte).
    static func containsNUL(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? value.utf8.contains(0)
    }

    static func checkLength(_ value: String, field: String, limit: Int, allowEmpty: Bool = true) throws {
        if !allowEmpty && value.isEmpty {
            throw EngineError.invalidRequest(field: field, reason: "must not be empty")
        }
        if !allowEmpty && containsNUL(value) {
            // Identifiers only (text fields may hold anything; the screen and the log escape it).
            throw EngineError.invalidRequest(field: field, reason: "must not contain NUL (U+0000)")
        }
        let bytes = value.utf8.count
        if bytes > limit {
            throw EngineError.invalidRequest(field: field, reason: "is \(bytes) bytes; the limit is \(limit) bytes")
        }
    }
}
