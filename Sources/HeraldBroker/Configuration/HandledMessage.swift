import HeraldCore

/// `P/handled/SENDER`: a notification that came from SENDER through the broker was answered or
/// read on one device. The others mark it handled (out of the list, read); the sender's
/// `herald post --broker --wait` prints the answer.
///
/// ```json
/// {"device":"herald-3f9c0a1b2d4e5f60","bundleIdentifier":"make","identifier":"build-42","response":{ResponseRecord}}
/// {"device":"herald-3f9c0a1b2d4e5f60","bundleIdentifier":"make","identifier":"build-42","isRead":true}
/// ```
public struct HandledMessage: Codable, Sendable, Hashable {
    /// The client id of the daemon where it happened (it ignores its own messages).
    public var device: String
    public var bundleIdentifier: String
    /// The request identifier.
    public var identifier: String
    /// The user's answer: an action, a reply, opened (`open`) or dismissed.
    public var response: ResponseRecord?
    /// Marked read (without an answer).
    public var isRead: Bool?

    public init(device: String, bundleIdentifier: String, identifier: String, response: ResponseRecord? = nil,
                isRead: Bool? = nil) {
        self.device = device
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.response = response
        self.isRead = isRead
    }
}
