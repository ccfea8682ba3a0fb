import Foundation

/// Identifiers — of apps, requests, threads, categories and actions — in one Unicode form,
/// NFC (composed: "é" as one scalar, not "e" + U+0301).
///
/// Swift's `==` calls the composed and decomposed spellings of a name equal, so the engine
/// takes them for one request; SQLite compares bytes, so the store would keep two rows, and a
/// request replaced under the other spelling would come back beside its replacement after a
/// restart. Each door puts what it receives into this form once, where the outside value
/// becomes a model value (the socket's dispatcher, the broker's post, the D-Bus app name, a
/// push payload, a service extension's content); everything inside then holds one spelling.
///
/// ```swift
/// CanonicalIdentifier.form("cafe\u{301}") == "caf\u{E9}"   // same bytes, not only ==
/// ```
public enum CanonicalIdentifier {
    /// `identifier` in NFC; ASCII (the usual case) is returned as it is, without a copy.
    public static func form(_ identifier: String) -> String {
        isASCII(identifier) ? identifier : identifier.precomposedStringWithCanonicalMapping
    }

    /// Whether `identifier` is in NFC already, byte for byte (`==` cannot tell: it calls both
    /// spellings equal).
    public static func isCanonical(_ identifier: String) -> Bool {
        isASCII(identifier) || identifier.precomposedStringWithCanonicalMapping.utf8.elementsEqual(identifier.utf8)
    }

    private static func isASCII(_ text: String) -> Bool {
        for byte in text.utf8 where byte >= 0x80 { return false }
        return true
    }

    /// `identifiers` in NFC.
    public static func form(_ identifiers: [String]) -> [String] { identifiers.map(form) }

    /// `identifier` in NFC, `nil` staying `nil`.
    public static func form(_ identifier: String?) -> String? { identifier.map(form) }
}

/// A value holding identifiers that can put them all in `CanonicalIdentifier`'s form.
public protocol CanonicalIdentifiers {
    /// The same value, with every identifier it holds in NFC.
    func withCanonicalIdentifiers() -> Self
}

extension RequestRecord: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> RequestRecord {
        var request = self
        request.identifier = CanonicalIdentifier.form(identifier)
        // The content is shared, not copied, unless one of its identifiers changes.
        if !content.hasCanonicalIdentifiers { request.content = content.withCanonicalIdentifiers() }
        return request
    }
}

extension ContentRecord: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> ContentRecord {
        var content = self
        content.categoryIdentifier = CanonicalIdentifier.form(categoryIdentifier)
        content.threadIdentifier = CanonicalIdentifier.form(threadIdentifier)
        content.targetContentIdentifier = CanonicalIdentifier.form(targetContentIdentifier)
        for index in content.attachments.indices {
            content.attachments[index].identifier = CanonicalIdentifier.form(content.attachments[index].identifier)
        }
        return content
    }

    /// Whether every identifier it holds is in NFC already.
    var hasCanonicalIdentifiers: Bool {
        CanonicalIdentifier.isCanonical(categoryIdentifier) && CanonicalIdentifier.isCanonical(threadIdentifier)
            && (targetContentIdentifier.map(CanonicalIdentifier.isCanonical) ?? true)
            && attachments.allSatisfy { CanonicalIdentifier.isCanonical($0.identifier) }
    }
}

extension CategoryRecord: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> CategoryRecord {
        var category = self
        category.identifier = CanonicalIdentifier.form(identifier)
        category.actions = actions.map { $0.withCanonicalIdentifiers() }
        return category
    }
}

extension ActionRecord: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> ActionRecord {
        var action = self
        action.identifier = CanonicalIdentifier.form(identifier)
        return action
    }
}

extension ResponseAction: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> ResponseAction {
        switch self {
        case .open, .dismiss: return self
        case .action(let identifier): return .action(CanonicalIdentifier.form(identifier))
        case .reply(let identifier, let text): return .reply(actionIdentifier: CanonicalIdentifier.form(identifier), text: text)
        }
    }
}

extension HistoryQuery: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> HistoryQuery {
        var query = self
        query.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return query
    }
}

extension FocusChange: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> FocusChange {
        guard case .saveMode(var mode) = self else { return self }
        mode.allowedApps = CanonicalIdentifier.form(mode.allowedApps)
        return .saveMode(mode: mode)
    }
}
