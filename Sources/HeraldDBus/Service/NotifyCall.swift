import Foundation

/// The arguments of one `Notify` call, checked against the signature and Herald's limits.
///
/// `Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as,
/// hints a{sv}, expire_timeout i) → id u`
struct NotifyCall: Sendable, Equatable {
    static let signature = "susssasa{sv}i"
    /// Action pairs accepted in one call.
    static let maxActions = 32
    static let maxAppNameBytes = 255

    var appName: String
    var replacesID: UInt32
    var appIcon: String
    var summary: String
    var body: String
    /// `(key, label)` pairs in the sender's order.
    var actions: [(key: String, label: String)]
    var hints: [String: DBusValue]
    /// −1 the server's default, 0 never, otherwise milliseconds.
    var expireTimeout: Int32

    static func == (lhs: NotifyCall, rhs: NotifyCall) -> Bool {
        lhs.appName == rhs.appName && lhs.replacesID == rhs.replacesID && lhs.appIcon == rhs.appIcon
            && lhs.summary == rhs.summary && lhs.body == rhs.body && lhs.hints == rhs.hints
            && lhs.expireTimeout == rhs.expireTimeout
            && lhs.actions.map(\.key) == rhs.actions.map(\.key) && lhs.actions.map(\.label) == rhs.actions.map(\.label)
    }

    /// Parses and checks the arguments; errors name the argument and the limit.
    init(signature: String, arguments: [DBusValue]) throws {
        guard signature == Self.signature, arguments.count == 8 else {
            throw DBusCallError.invalidArgs("Notify takes (\(Self.signature)), not (\(signature))")
        }
        func string(_ index: Int, _ field: String, limit: Int) throws -> String {
            guard let text = arguments[index].string else { throw DBusCallError.invalidArgs("\(field) must be a string") }
            guard text.utf8.count <= limit else {
                throw DBusCallError.invalidArgs("\(field) is \(text.utf8.count) bytes; the limit is \(limit) bytes")
            }
            return text
        }
        appName = try string(0, "app_name", limit: Self.maxAppNameBytes)
        replacesID = UInt32(truncatingIfNeeded: arguments[1].integer ?? 0)
        appIcon = try string(2, "app_icon", limit: 4096)
        summary = try string(3, "summary", limit: 4096)
        body = try string(4, "body", limit: 65_536)
        guard case .array(let flat) = arguments[5] else { throw DBusCallError.invalidArgs("actions must be an array of strings") }
        guard flat.count % 2 == 0 else {
            throw DBusCallError.invalidArgs("actions has \(flat.count) strings; it must be key, label pairs")
        }
        guard flat.count / 2 <= Self.maxActions else {
            throw DBusCallError.invalidArgs("actions has \(flat.count / 2) pairs; the limit is \(Self.maxActions)")
        }
        var pairs: [(key: String, label: String)] = []
        for index in stride(from: 0, to: flat.count, by: 2) {
            guard let key = flat[index].string, let label = flat[index + 1].string else {
                throw DBusCallError.invalidArgs("actions must be strings")
            }
            guard !key.isEmpty, key.utf8.count <= 255, label.utf8.count <= 255 else {
                throw DBusCallError.invalidArgs("action key '\(key.prefix(40))' must be 1–255 bytes and its label at most 255 bytes")
            }
            guard !pairs.contains(where: { $0.key == key }) else {
                throw DBusCallError.invalidArgs("action key '\(key.prefix(40))' appears twice")
            }
            pairs.append((key, label))
        }
        actions = pairs
        guard case .dictionary(let dictionary) = arguments[6] else { throw DBusCallError.invalidArgs("hints must be a{sv}") }
        var hints: [String: DBusValue] = [:]
        for (key, value) in dictionary {
            guard let name = key.string else { throw DBusCallError.invalidArgs("hints keys must be strings") }
            hints[name] = value
        }
        self.hints = hints
        expireTimeout = Int32(truncatingIfNeeded: arguments[7].integer ?? -1)
        guard expireTimeout >= -1 else {
            throw DBusCallError.invalidArgs("expire_timeout is \(expireTimeout); it must be -1, 0 or milliseconds")
        }
    }
}
