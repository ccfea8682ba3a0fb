import Foundation
import HeraldClient
import HeraldCore
import HeraldWire

/// `herald status --watch`: a line now, and a new one whenever it changes. It subscribes to the
/// center's events and waits for them in one blocking `read` on one thread: while nothing
/// happens it never wakes (no timer, no polling). Events that come in a burst make one line.
/// When the center goes, it prints the offline line once and connects again (`CenterFollower`).
struct StatusWatch {
    let location: CenterLocation
    let output: StatusOutput

    /// Runs until standard output is closed (the status bar went); returns the exit status.
    func run() -> Int32 {
        var printed: String?
        /// Prints `line` unless it is the one printed last; `false` when nobody reads any more.
        func show(_ line: String) -> Bool {
            guard line != printed else { return true }
            printed = line
            return StandardOutput.writeLine(line)
        }
        let follower = CenterFollower(location: location, name: "herald status --watch")
        return follower.run(lost: { _ in show(output.offlineLine()) ? nil : ExitStatus.success }) { client in
            var status = try Self.settledSnapshot(client)
            while true {
                guard show(output.line(status)) else { return ExitStatus.success }
                var stale = status.apply(try client.nextEvent())
                // The rest of a burst first: one line for all of it.
                while client.hasQueuedEvent || StandardOutput.isReadable(client.descriptor) {
                    stale = status.apply(try client.nextEvent()) || stale
                }
                if stale { status.newestUnread = try Self.newestUnread(client).map(CenterStatus.Newest.init) }
            }
        }
    }

    /// The status now, read after subscribing, with every app's name (an app may have unread
    /// notifications later). Events that came while it was read may be older or newer than what
    /// was read: it is read again (up to three times) until none came.
    static func settledSnapshot(_ client: BlockingIPCClient) throws -> CenterStatus {
        var status = try fullSnapshot(client)
        for _ in 0..<3 where client.hasQueuedEvent {
            while client.hasQueuedEvent { _ = try client.nextEvent() }
            status = try fullSnapshot(client)
        }
        return status
    }

    /// The status now, in one request (`status`: the daemon names only the apps it counts); from
    /// a daemon older than this client, which does not know it, the full snapshot.
    static func snapshot(_ client: BlockingIPCClient) throws -> CenterStatus {
        do {
            let status = try client.call(Methods.status, Empty())
            return CenterStatus(unreadCounts: status.unread, appNames: status.names, focus: status.focus,
                                newestUnread: status.newestUnread)
        } catch let error as WireError where error.reason == IPCProtocolReason.unknownMethod.rawValue {
            return try fullSnapshot(client)
        }
    }

    /// The status now with every app's name: apps, unread counts, Focus and the newest unread
    /// notification.
    static func fullSnapshot(_ client: BlockingIPCClient) throws -> CenterStatus {
        let names = Dictionary(try client.call(Methods.apps, Empty()).map { ($0.bundleIdentifier, $0.displayName) },
                               uniquingKeysWith: { $1 })
        return CenterStatus(unreadCounts: try client.call(Methods.unreadCounts, Empty()), appNames: names,
                            focus: try client.call(Methods.focus, Empty()).active, newestUnread: try newestUnread(client))
    }

    static func newestUnread(_ client: BlockingIPCClient) throws -> DeliveredRecord? {
        try client.call(Methods.history, HistoryQuery(limit: 1, unreadOnly: true)).first
    }
}
