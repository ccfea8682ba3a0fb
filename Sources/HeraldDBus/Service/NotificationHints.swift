import Foundation

/// The hints of a `Notify` call that Herald acts on, read from the `a{sv}` dictionary.
///
/// Unknown hints are ignored, as the spec asks; a known hint with a value of the wrong shape is
/// an error that names it.
struct NotificationHints: Sendable, Equatable {
    /// 0 low, 1 normal, 2 critical.
    var urgency: Int = 1
    var category: String?
    var desktopEntry: String?
    var isTransient = false
    var isResident = false
    var soundName: String?
    var soundFile: String?
    var suppressSound = false
    /// `x-dunst-stack-tag` or `x-canonical-private-synchronous`.
    var stackTag: String?
    /// The `value` hint, 0–100.
    var progress: Int?
    /// Decoded `image-data` / `image_data` (the first present, in that order).
    var imageData: RawImage?
    /// `image-path` / `image_path`: a file path, a `file://` URI or an icon-theme name.
    var imagePath: String?
    /// Decoded `icon_data`, the spec's deprecated form of `image-data`.
    var iconData: RawImage?
    var replyPlaceholder: String?
    var replySubmitTitle: String?

    init(_ hints: [String: DBusValue]) throws {
        if let value = hints["urgency"] {
            guard let level = value.integer, (0...2).contains(level) else {
                throw DBusCallError.invalidArgs("hint urgency must be a byte 0, 1 or 2")
            }
            urgency = Int(level)
        }
        category = try Self.text(hints, "category")
        desktopEntry = try Self.text(hints, "desktop-entry")
        isTransient = hints["transient"]?.boolean ?? false
        isResident = hints["resident"]?.boolean ?? false
        soundName = try Self.text(hints, "sound-name")
        soundFile = try Self.text(hints, "sound-file")
        suppressSound = hints["suppress-sound"]?.boolean ?? false
        stackTag = try Self.text(hints, "x-dunst-stack-tag") ?? Self.text(hints, "x-canonical-private-synchronous")
        if let value = hints["value"] {
            guard let number = value.integer else { throw DBusCallError.invalidArgs("hint value must be an integer 0–100") }
            progress = Int(min(100, max(0, number)))
        }
        for key in ["image-data", "image_data"] {
            if let value = hints[key] {
                imageData = try RawImage(hint: key, value)
                break
            }
        }
        if let value = hints["icon_data"] { iconData = try RawImage(hint: "icon_data", value) }
        imagePath = try Self.text(hints, "image-path") ?? Self.text(hints, "image_path")
        replyPlaceholder = try Self.text(hints, "x-kde-reply-placeholder-text")
        replySubmitTitle = try Self.text(hints, "x-kde-reply-submit-button-text")
    }

    private static func text(_ hints: [String: DBusValue], _ key: String) throws -> String? {
        guard let value = hints[key] else { return nil }
        guard let text = value.string else { throw DBusCallError.invalidArgs("hint \(key) must be a string") }
        guard text.utf8.count <= 4096 else {
            throw DBusCallError.invalidArgs("hint \(key) is \(text.utf8.count) bytes; the limit is 4096 bytes")
        }
        return text.isEmpty ? nil : text
    }

    /// The notification's picture, in the spec's order: `image-data`, `image-path`, `app_icon`,
    /// `icon_data`. `app_icon` is the program's icon ("the optional program icon of the calling
    /// application"), which a terminal does not draw: when it is the one that counts, nothing is
    /// attached — it is not a picture of every notification the program sends.
    func picture(appIcon: String) -> DesktopEngineBridge.ImageSource? {
        if let imageData { return .pixels(imageData) }
        if let imagePath { return .file(imagePath) }
        if !appIcon.isEmpty { return nil }
        return iconData.map { .pixels($0) }
    }
}
