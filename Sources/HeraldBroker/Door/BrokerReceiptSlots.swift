import HeraldCore
import Synchronization

/// The receipts of the broker door's messages in hand (`StoreReceipt`), one per message, each
/// under a key of its own: from before the message goes to the engine until its entry is in the
/// journal's file.
///
/// Messages read together share commits, so several receipts are stored in one transaction: each
/// needs a key of its own, or a daemon killed after that commit would remember only the last of
/// them and take the others again. A slot is taken before a message goes to the engine and given
/// back once its entry is in the file (or it was refused), so a stored receipt is never
/// overwritten before its message is remembered otherwise. When every slot is in use, a message
/// waits for one.
///
/// At start the door restores the journal from the receipts of the newest reads of the
/// connection (`restore`): the connection is read again only once every message of the read
/// before is done, so the messages in hand at a kill came in the newest read that brought any
/// (or in the last bytes of a stalled connection). A slot no later message used keeps the
/// receipt of a message long in the file, which is left alone.
///
/// ```swift
/// let slot = await slots.take()
/// defer { slots.give(slot) }
/// let receipt = BrokerReceiptSlots.receipt(for: entry, slot: slot, read: 41)
/// ```
final class BrokerReceiptSlots: Sendable {
    /// Slots there are: the most messages one read of the connection starts work for.
    static let count = MQTTConnection.packetsPerRead
    /// Reads, counted back from the newest a stored receipt names, whose receipts are restored.
    static let readsRestored = 8

    private struct State {
        var free: [Int] = Array((0..<BrokerReceiptSlots.count).reversed())
        var waiting: [CheckedContinuation<Int, Never>] = []
    }

    private let state = Mutex(State())

    /// The center-wide value the receipt in `slot` is stored under: slot 0 is
    /// `broker.lastTaken`, slot 5 `broker.lastTaken.5`.
    static func key(slot: Int) -> String {
        slot == 0 ? "broker.lastTaken" : "broker.lastTaken.\(slot)"
    }

    /// The receipt of `entry` in `slot`, for the engine to store with the message's notification;
    /// `read`: the number of the read of the connection that brought it.
    static func receipt(for entry: BrokerJournal.Entry, slot: Int, read: Int) -> StoreReceipt {
        StoreReceipt(key: key(slot: slot), value: .object([
            "key": .string(entry.key), "sender": .string(entry.sender),
            "bundleIdentifier": .string(entry.bundleIdentifier), "identifier": .string(entry.identifier),
            "read": .int(read),
        ]))
    }

    /// Puts the messages the receipts of the newest reads name in `journal` (those it has are
    /// skipped); returns the newest read a receipt names (0: none), which the door counts on from.
    static func restore(into journal: BrokerJournal, from engine: NotificationEngine) async -> Int {
        var receipts: [(entry: BrokerJournal.Entry, read: Int?)] = []
        for slot in 0..<count {
            guard let fields = await engine.storedReceipt(forKey: key(slot: slot))?.objectValue,
                  let key = fields["key"]?.stringValue, let sender = fields["sender"]?.stringValue else { continue }
            let entry = BrokerJournal.Entry(key: key, sender: sender, bundleIdentifier: fields["bundleIdentifier"]?.stringValue ?? "",
                                            identifier: fields["identifier"]?.stringValue ?? "")
            receipts.append((entry, fields["read"]?.intValue))
        }
        let newest = receipts.compactMap(\.read).max() ?? 0
        // (A receipt without a read is the one message in hand an older daemon kept: restored.)
        for receipt in receipts where (receipt.read ?? newest) >= newest - readsRestored {
            journal.restore(receipt.entry)
        }
        return newest
    }

    /// A free slot; waits for one while all are in use.
    func take() async -> Int {
        if let slot = state.withLock({ $0.free.popLast() }) { return slot }
        return await withCheckedContinuation { continuation in
            let slot = state.withLock { state -> Int? in
                if let slot = state.free.popLast() { return slot }
                state.waiting.append(continuation)
                return nil
            }
            if let slot { continuation.resume(returning: slot) }
        }
    }

    /// Gives `slot` back: to the first message waiting for one, else to the free ones.
    func give(_ slot: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Int, Never>? in
            guard !state.waiting.isEmpty else {
                state.free.append(slot)
                return nil
            }
            return state.waiting.removeFirst()
        }
        waiter?.resume(returning: slot)
    }
}
