import Testing
@testable import HeraldDBus

@Suite struct NotificationTableTests {
    @Test func idsCountUpAndReplacementKeepsTheIdentifier() {
        var table = NotificationTable(run: "r")
        let first = table.assign(replacesID: 0, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.1")
        let entry = table.record(id: first, bundleIdentifier: "desktop.a", sender: ":1.1", actionKeys: [],
                                 isResident: false, isTransient: false, stackTag: nil)
        #expect(first == 1)
        #expect(entry.identifier == "fdo-r-1")
        #expect(table.assign(replacesID: 1, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.1") == 1)
        #expect(table.assign(replacesID: 77, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.1") == 2)   // unknown: new
        let again = table.record(id: 1, bundleIdentifier: "desktop.a", sender: ":1.1", actionKeys: [],
                                 isResident: false, isTransient: false, stackTag: nil)
        #expect(again.generation == 2)
        #expect(table.id(forIdentifier: "fdo-r-1") == 1)
        #expect(table.id(forIdentifier: "fdo-other-1") == nil)
    }

    /// Only an id never handed out before is new (the engine then skips looking for a delivery
    /// to replace): not a replaced one, not a stack tag's, not one whose entry was evicted.
    @Test func onlyAnIdNeverHandedOutIsNew() {
        var table = NotificationTable(run: "r")
        table.capacity = 4
        var ids: [UInt32] = []
        for _ in 0..<10 {
            let id = table.assign(replacesID: 0, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.1")
            #expect(table.isNew(id))
            _ = table.record(id: id, bundleIdentifier: "desktop.a", sender: ":1.1", actionKeys: [], isResident: false,
                             isTransient: false, stackTag: "tag")
            _ = table.close(id)
            #expect(!table.isNew(id))
            ids.append(id)
        }
        #expect(Set(ids).count == 10)
        let last = ids[ids.count - 1]
        #expect(!table.isNew(table.assign(replacesID: last, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.1")))
        #expect(!table.isNew(table.assign(replacesID: 0, stackTag: "tag", bundleIdentifier: "desktop.a", sender: ":1.1")))
        // Evicted long ago: a new id instead, never the old one again.
        let evicted = table.assign(replacesID: ids[0], stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.1")
        #expect(evicted == 11 && table.isNew(evicted))
    }

    @Test func stackTagsReplaceWithinOneApp() {
        var table = NotificationTable(run: "r")
        let id = table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.a", sender: ":1.1")
        _ = table.record(id: id, bundleIdentifier: "desktop.a", sender: ":1.1", actionKeys: [], isResident: false,
                         isTransient: false, stackTag: "vol")
        #expect(table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.a", sender: ":1.1") == id)
        #expect(table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.b", sender: ":1.1") != id)
    }

    @Test func closingOnceAndSendersLeaving() {
        var table = NotificationTable(run: "r")
        let id = table.assign(replacesID: 0, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.1")
        _ = table.record(id: id, bundleIdentifier: "desktop.a", sender: ":1.9", actionKeys: ["ok"], isResident: false,
                         isTransient: false, stackTag: nil)
        #expect(table.close(id) != nil)
        #expect(table.close(id) == nil)
        table.delivered(identifier: "fdo-r-\(id)", deliveryID: 42)
        #expect(table.senderLeft(":1.9").map(\.deliveryID) == [42])
        #expect(table[id]?.senderGone == true)
    }

    /// Another connection's `replaces_id` or stack tag makes a new notification, and its close is
    /// refused; once the sender has left, a later connection of the same app replaces it (any
    /// connection closes it); another app never replaces it.
    @Test func aNotificationBelongsToItsSender() {
        var table = NotificationTable(run: "r")
        let id = table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.a", sender: ":1.1")
        _ = table.record(id: id, bundleIdentifier: "desktop.a", sender: ":1.1", actionKeys: [], isResident: false,
                         isTransient: false, stackTag: "vol")
        #expect(table.assign(replacesID: id, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.2") != id)
        #expect(table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.a", sender: ":1.2") != id)
        #expect(table.refusalToClose(id, sender: ":1.2")
                == "notification \(id) belongs to another sender (:1.1), which is still connected; only its sender can close it")
        #expect(table.refusalToClose(id, sender: ":1.1") == nil)
        #expect(table.refusalToClose(99, sender: ":1.1") == "notification 99 is not open: it does not exist or has already closed")

        _ = table.senderLeft(":1.1")
        #expect(table.assign(replacesID: id, stackTag: nil, bundleIdentifier: "desktop.a", sender: ":1.3") == id)
        #expect(table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.a", sender: ":1.3") == id)
        #expect(table.assign(replacesID: id, stackTag: nil, bundleIdentifier: "desktop.b", sender: ":1.3") != id)
        #expect(table.refusalToClose(id, sender: ":1.3") == nil)
        _ = table.close(id)
        #expect(table.refusalToClose(id, sender: ":1.1") == "notification \(id) is not open: it does not exist or has already closed")
    }

    /// A sender leaving takes its own entries, open or closed, and only those: not one a later
    /// connection of the app took over, not one evicted, not one of another sender; and once.
    @Test func aSenderLeavingTakesItsOwnEntriesOnly() {
        var table = NotificationTable(run: "r")
        table.capacity = 6
        func post(_ sender: String, replacing: UInt32 = 0) -> UInt32 {
            let id = table.assign(replacesID: replacing, stackTag: nil, bundleIdentifier: "desktop.a", sender: sender)
            _ = table.record(id: id, bundleIdentifier: "desktop.a", sender: sender, actionKeys: [], isResident: false,
                             isTransient: false, stackTag: nil)
            return id
        }
        let first = post(":1.1"), second = post(":1.1"), other = post(":1.2")
        #expect(post(":1.1", replacing: first) == first)   // the same sender again: recorded once
        _ = table.close(second)
        #expect(table.senderLeft(":1.1").map(\.identifier) == ["fdo-r-\(first)", "fdo-r-\(second)"])
        #expect(table.senderLeft(":1.1").isEmpty)
        // A later connection of the app takes the orphaned one over; the first sender's leaving
        // does not reach it, its own does.
        #expect(post(":1.3", replacing: first) == first)
        #expect(table.senderLeft(":1.1").isEmpty)
        // Closed entries of :1.3 evicted past the capacity are not answered for.
        var evicted: [UInt32] = []
        for _ in 0..<8 {
            let id = post(":1.3")
            _ = table.close(id)
            evicted.append(id)
        }
        let left = table.senderLeft(":1.3").map(\.identifier)
        #expect(left.contains("fdo-r-\(first)"))
        #expect(left.allSatisfy { identifier in table.id(forIdentifier: identifier) != nil })
        #expect(left.count < 1 + evicted.count)
        #expect(table.senderLeft(":1.2").map(\.identifier) == ["fdo-r-\(other)"])
        #expect(table.senderLeft(":1.4").isEmpty)
    }
}

