import HeraldCore

/// The text of a notification as the screen may show it right now (previews possibly hidden).
public struct VisibleContent: Sendable, Hashable {
    public var title: String
    public var subtitle: String
    public var body: String
    /// Whether previews are hidden (the body is a placeholder).
    public var isHidden: Bool

    /// All of `content`.
    public init(_ content: ContentRecord) {
        self.init(title: content.title, subtitle: content.subtitle, body: content.body, isHidden: false)
    }

    /// `content` with its previews hidden: the body is the category's
    /// `hiddenPreviewsBodyPlaceholder` (`%u` = `threadCount`) or "Notification"; the title and
    /// subtitle stay only with `.hiddenPreviewsShowTitle` / `.hiddenPreviewsShowSubtitle`.
    public init(hiding content: ContentRecord, category: CategoryRecord?, threadCount: Int) {
        let options = category?.options ?? []
        var body = "Notification"
        if let placeholder = category?.hiddenPreviewsBodyPlaceholder, !placeholder.isEmpty {
            body = FormatString.apply(placeholder, count: threadCount, arguments: nil)
        }
        self.init(title: options.contains(.hiddenPreviewsShowTitle) ? content.title : "",
                  subtitle: options.contains(.hiddenPreviewsShowSubtitle) ? content.subtitle : "",
                  body: body, isHidden: true)
    }

    public init(title: String, subtitle: String, body: String, isHidden: Bool) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.isHidden = isHidden
    }
}

extension AppModel {
    /// Whether `record`'s previews are hidden: "never", or "when unlocked" while locked.
    public func previewsHidden(for record: DeliveredRecord) -> Bool {
        switch app(record.bundleIdentifier)?.settings.showPreviews ?? .always {
        case .always: return false
        case .whenAuthenticated: return isLocked
        case .never: return true
        }
    }

    /// Title, subtitle and body to show, following the app's show-previews setting and the lock:
    /// when hidden the body is the category's `hiddenPreviewsBodyPlaceholder` (`%u` = the count in
    /// the thread) or "Notification"; the title and subtitle stay only with
    /// `.hiddenPreviewsShowTitle` / `.hiddenPreviewsShowSubtitle`.
    public func visibleContent(of record: DeliveredRecord) -> VisibleContent {
        guard previewsHidden(for: record) else { return VisibleContent(record.content) }
        return VisibleContent(hiding: record.content, category: category(of: record), threadCount: threadCount(of: record))
    }

    /// The "+N more" text of a collapsed group: the category's `categorySummaryFormat` when it has
    /// one (`%u` = how many more, `%@` = their summary arguments joined), else "+N more".
    public func summaryText(of row: ListRow) -> String? {
        let more = row.moreCount
        guard more > 0 else { return nil }
        if let format = category(of: row.record)?.categorySummaryFormat, !format.isEmpty,
           !previewsHidden(for: row.record) {
            var arguments: [String] = []
            for member in row.members.dropFirst() where !member.content.summaryArgument.isEmpty {
                if !arguments.contains(member.content.summaryArgument) { arguments.append(member.content.summaryArgument) }
            }
            return FormatString.apply(format, count: more, arguments: arguments.joined(separator: ", "))
        }
        return "+\(more) more"
    }
}

/// Expands the `%u` and `%@` placeholders of Apple's notification format strings.
public enum FormatString {
    /// `%u` (also `%lu`, `%d`, `%ld`, `%i`) becomes `count`, `%@` becomes `arguments` (or "" when
    /// nil), `%%` becomes `%`. With a count of 1 the noun after it is made singular
    /// (`EnglishPlural`).
    ///
    /// ```swift
    /// FormatString.apply("%u new messages from %@", count: 3, arguments: "Ann, Bob")
    /// // "3 new messages from Ann, Bob"
    /// ```
    public static func apply(_ format: String, count: Int, arguments: String?) -> String {
        var out = ""
        var chars = format[...]
        while let c = chars.popFirst() {
            guard c == "%" else { out.append(c); continue }
            if chars.hasPrefix("%") { chars.removeFirst(); out.append("%"); continue }
            if chars.hasPrefix("@") { chars.removeFirst(); out += arguments ?? ""; continue }
            if let spec = ["lu", "ld", "u", "d", "i"].first(where: { chars.hasPrefix($0) }) {
                chars.removeFirst(spec.count)
                out += String(count)
                if count == 1 {
                    // "1 new messages" → "1 new message" (Apple would use a .stringsdict).
                    let end = chars.firstIndex(of: "%") ?? chars.endIndex
                    out += EnglishPlural.singularizingNoun(in: chars[..<end])
                    chars = chars[end...]
                }
            } else {
                out.append("%")
            }
        }
        return out
    }
}
