import Foundation

/// This machine's name on the broker: the daemon's fixed MQTT client id (so the broker keeps its
/// session while it is down) and the sender level of the topics it and `herald post --broker`
/// publish to. Made once, kept in `broker-device-id` in the state directory.
///
/// ```swift
/// let device = try BrokerDevice.identifier(in: home.url)   // "herald-3f9c0a1b2d4e5f60"
/// ```
public enum BrokerDevice {
    /// The file in the state directory.
    public static let fileName = "broker-device-id"

    /// The stored identifier, or a new one (`herald-` and 16 hex digits: 23 bytes, the longest
    /// client id every MQTT 3.1.1 broker must accept), written 0600.
    public static func identifier(in directory: URL) throws -> String {
        let file = directory.appendingPathComponent(fileName)
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let stored = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if BrokerTopics.isValidSender(stored) { return stored }
        }
        var random = SystemRandomNumberGenerator()
        let identifier = "herald-" + String(format: "%016llx", random.next() as UInt64)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: file.path, contents: Data((identifier + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw BrokerError.invalid("cannot write \(file.path)")
        }
        return identifier
    }
}
