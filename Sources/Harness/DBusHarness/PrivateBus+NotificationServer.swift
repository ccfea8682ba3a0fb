import Foundation
import HeraldDBus
import HeraldSystem

extension PrivateBus {
    /// Waits until a notification server on this bus answers `GetServerInformation` (with the
    /// server name `named`, when given); its answer (name, vendor, version, spec version).
    /// Throws after `timeout` seconds.
    @discardableResult
    public func waitForNotificationServer(named: String? = nil, timeout: TimeInterval = 30) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let client = try? DesktopNotificationsClient(address: address) {
                defer { client.close() }
                if let info = try? client.serverInformation(), named == nil || info.first == named { return info }
            }
            guard Date() < deadline else {
                throw ProcessError("no notification server\(named.map { " named \($0)" } ?? "") on \(address) "
                                   + "within \(Int(timeout)) s")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
