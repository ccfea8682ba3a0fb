/// Herald's topics under a prefix `P` (docs/PROTOCOL.md, "Through an MQTT broker"):
///
/// | Topic | Payload |
/// |---|---|
/// | `P/post/SENDER` | the socket's `post` params: `{"bundleIdentifier":…,"request":{…},"category":{…}}` |
/// | `P/push/SENDER/ID[/APP]` | an APNs payload (`simctl push` file); `ID` is the request identifier |
/// | `P/handled/SENDER` | `HandledMessage`: a notification from SENDER was answered or read on a device |
///
/// ```swift
/// let topics = BrokerTopics(prefix: "herald/alice")
/// topics.post(sender: "ci-runner")   // "herald/alice/post/ci-runner"
/// ```
public struct BrokerTopics: Sendable, Hashable {
    public let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    public func post(sender: String) -> String { "\(prefix)/post/\(sender)" }
    public func push(sender: String, identifier: String, bundleIdentifier: String?) -> String {
        "\(prefix)/push/\(sender)/\(identifier)" + (bundleIdentifier.map { "/\($0)" } ?? "")
    }
    public func handled(sender: String) -> String { "\(prefix)/handled/\(sender)" }

    /// What a daemon subscribes to.
    var daemonSubscriptions: [String] { ["\(prefix)/post/+", "\(prefix)/push/#", "\(prefix)/handled/+"] }

    /// A message's topic, read back.
    enum Route: Equatable {
        case post(sender: String)
        case push(sender: String, identifier: String, bundleIdentifier: String?)
        case handled(sender: String)
    }

    /// The route of `topic`, or a reason it is not one of Herald's.
    func route(_ topic: String) throws -> Route {
        guard topic.hasPrefix(prefix + "/") else { throw BrokerError.invalid("topic \(topic) is not under \(prefix)") }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let kind = levels.first, levels.count >= 2 else { throw BrokerError.invalid("topic \(topic) has no sender level") }
        let sender = levels[1]
        guard BrokerTopics.isValidSender(sender) else {
            throw BrokerError.invalid("topic \(topic): the sender must be 1 to \(BrokerTopics.maximumSenderLength) of A-Z a-z 0-9 . _ - @ :")
        }
        switch (kind, levels.count) {
        case ("post", 2): return .post(sender: sender)
        case ("handled", 2): return .handled(sender: sender)
        case ("push", 3), ("push", 4):
            guard !levels[2].isEmpty else { throw BrokerError.invalid("topic \(topic): the request identifier is empty") }
            let app = levels.count == 4 ? levels[3] : nil
            if app?.isEmpty == true { throw BrokerError.invalid("topic \(topic): the app level is empty") }
            return .push(sender: sender, identifier: levels[2], bundleIdentifier: app)
        default:
            throw BrokerError.invalid("topic \(topic) is not P/post/SENDER, P/push/SENDER/ID[/APP] or P/handled/SENDER")
        }
    }

    /// The longest sender name.
    public static let maximumSenderLength = 64

    /// Senders are 1–64 of `A-Z a-z 0-9 . _ - @ :` (they reach logs and topics).
    public static func isValidSender(_ sender: String) -> Bool {
        !sender.isEmpty && sender.utf8.count <= maximumSenderLength && sender.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x40 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }
}
