import Foundation
import HeraldCore
import Synchronization

/// What the broker door remembers about the messages it took, across restarts
/// (`broker-journal` in the state directory, one JSON line per message):
///
/// - which messages it has taken, so a message delivered twice (QoS 1 redelivery after a lost
///   PUBACK, two bridged brokers) is posted once. A message is a duplicate when its topic and its
///   bytes are those of one already taken: the same sender, request identifier and content.
/// - which sender each notification came from, so an answer goes back to `P/handled/SENDER`.
///
/// The newest `capacity` messages are kept; the file is rewritten when it holds twice that.
///
/// The file is written after the engine has stored the message; the entry of each message in
/// hand also goes to the engine as a `StoreReceipt`, stored in the same transaction as the
/// notification, under a key of its own (`BrokerReceiptSlots`: messages read together share
/// commits). A daemon killed between that commit and the file's write finds the entries missing
/// from the file at its next start and takes them from the receipts (`restore`), so the messages
/// the broker delivers again are skipped.
///
/// A message in hand (`claim`ed, not yet recorded) counts as taken too: the same message read
/// twice at once (two bridged brokers) is posted once.
///
/// ```swift
/// let journal = try BrokerJournal(file: home.appendingPathComponent("broker-journal"))
/// if journal.hasTaken(topic: topic, payload: bytes) { return }
/// ```
final class BrokerJournal: Sendable {
    /// One message taken.
    struct Entry: Codable, Hashable {
        /// Digest of topic and payload.
        var key: String
        var sender: String
        var bundleIdentifier: String
        var identifier: String
    }

    /// Where a notification came from, and whether its read mark went out already.
    struct Origin: Hashable {
        var sender: String
        var readAnnounced = false
    }

    private struct State {
        var keys: Set<String> = []
        var order: [Entry] = []
        var origins: [String: Origin] = [:]
        var linesInFile = 0
        /// Keys of the messages in hand: claimed, not yet recorded or let go.
        var inHand: Set<String> = []
    }

    private let file: URL
    private let capacity: Int
    private let state = Mutex(State())
    private let writer: Mutex<FileHandle?>

    /// Loads the journal (a missing file is an empty journal).
    init(file: URL, capacity: Int = 10_000) throws {
        self.file = file
        self.capacity = capacity
        var loaded = State()
        if let data = FileManager.default.contents(atPath: file.path) {
            let decoder = JSONDecoder()
            for line in data.split(separator: UInt8(ascii: "\n")) {
                guard let entry = try? decoder.decode(Entry.self, from: Data(line)) else { continue }
                BrokerJournal.add(entry, to: &loaded, capacity: capacity)
                loaded.linesInFile += 1
            }
        } else {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        state.withLock { $0 = loaded }
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        writer = Mutex(handle)
    }

    /// The key of a message: FNV-1a over its topic and payload.
    static func key(topic: String, payload: UnsafeRawBufferPointer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in topic.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
        for byte in payload {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return String(format: "%016llx-%d", hash, payload.count)
    }

    /// Whether a message with this key was taken already.
    func hasTaken(_ key: String) -> Bool { state.withLock { $0.keys.contains(key) } }

    /// Takes the message with this key in hand; `false` when it was taken already or is in hand.
    /// It leaves the hand with `record` (taken) or `letGo` (not taken).
    func claim(_ key: String) -> Bool {
        state.withLock { state in
            guard !state.keys.contains(key) else { return false }
            return state.inHand.insert(key).inserted
        }
    }

    /// The message with this key was not taken after all (refused): it may come again.
    func letGo(_ key: String) {
        _ = state.withLock { $0.inHand.remove(key) }
    }

    /// Records a message whose receipt the engine stored (`BrokerReceiptSlots.restore`) unless
    /// it was recorded already: the daemon was killed after the commit, before the file's write.
    func restore(_ entry: Entry) {
        guard !hasTaken(entry.key) else { return }
        record(entry)
    }

    /// Records a message taken (after the engine has stored it).
    func record(_ entry: Entry) {
        let rewrite = state.withLock { state -> [Entry]? in
            state.inHand.remove(entry.key)
            BrokerJournal.add(entry, to: &state, capacity: capacity)
            state.linesInFile += 1
            guard state.linesInFile >= 2 * capacity else { return nil }
            state.linesInFile = state.order.count
            return state.order
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        writer.withLock { handle in
            if let rewrite {
                var data = Data()
                for entry in rewrite { data.append((try? encoder.encode(entry)) ?? Data()); data.append(0x0A) }
                try? data.write(to: file, options: .atomic)
                try? handle?.close()
                handle = try? FileHandle(forWritingTo: file)
                _ = try? handle?.seekToEnd()
            } else if var line = try? encoder.encode(entry) {
                line.append(0x0A)
                try? handle?.write(contentsOf: line)
            }
        }
    }

    /// The sender of a notification that came through the broker.
    func origin(bundleIdentifier: String, identifier: String) -> Origin? {
        state.withLock { $0.origins[BrokerJournal.originKey(bundleIdentifier, identifier)] }
    }

    /// Marks the read state of a notification as announced (or learned from another device);
    /// `true` when it was not announced before.
    func announceRead(bundleIdentifier: String, identifier: String) -> Bool {
        state.withLock { state in
            let key = BrokerJournal.originKey(bundleIdentifier, identifier)
            guard var origin = state.origins[key], !origin.readAnnounced else { return false }
            origin.readAnnounced = true
            state.origins[key] = origin
            return true
        }
    }

    func close() {
        writer.withLock { handle in
            try? handle?.close()
            handle = nil
        }
    }

    private static func originKey(_ bundleIdentifier: String, _ identifier: String) -> String {
        bundleIdentifier + "\u{0}" + identifier
    }

    private static func add(_ entry: Entry, to state: inout State, capacity: Int) {
        guard state.keys.insert(entry.key).inserted else { return }
        state.order.append(entry)
        state.origins[originKey(entry.bundleIdentifier, entry.identifier)] = Origin(sender: entry.sender)
        if state.order.count > capacity + capacity / 4 {
            let dropped = state.order.prefix(state.order.count - capacity)
            for old in dropped {
                state.keys.remove(old.key)
                let key = originKey(old.bundleIdentifier, old.identifier)
                if state.origins[key]?.sender == old.sender { state.origins.removeValue(forKey: key) }
            }
            state.order.removeFirst(dropped.count)
        }
    }
}
