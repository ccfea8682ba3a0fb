import Testing
@testable import HeraldDBus

@Suite struct NotificationTableTests {
    @Test func idsCountUpAndReplacementKeepsTheIdentifier() {
        var table = NotificationTable(run: "r")
        let first = table.assign(replacesID: 0, stackTag: nil, bundleIdentifier: "desktop.a")
        let entry = table.record(id: first, bundleIdentifier: "desktop.a", sender: ":1.1", actionKeys: [],
                                 isResident: false, isTransient: false, stackTag: nil)
        #expect(first == 1)
        #expect(entry.identifier == "fdo-r-1")
        #expect(table.assign(replacesID: 1, stackTag: nil, bundleIdentifier: "desktop.a") == 1)
        #expect(table.assign(replacesID: 77, stackTag: nil, bundleIdentifier: "desktop.a") == 2)   // unknown: new
        let again = table.record(id: 1, bundleIdentifier: "desktop.a", sender: ":1.2", actionKeys: [],
                                 isResident: false, isTransient: false, stackTag: nil)
        #expect(again.generation == 2)
        #expect(table.id(forIdentifier: "fdo-r-1") == 1)
        #expect(table.id(forIdentifier: "fdo-other-1") == nil)
    }

    @Test func stackTagsReplaceWithinOneApp() {
        var table = NotificationTable(run: "r")
        let id = table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.a")
        _ = table.record(id: id, bundleIdentifier: "desktop.a", sender: ":1.1", actionKeys: [], isResident: false,
                         isTransient: false, stackTag: "vol")
        #expect(table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.a") == id)
        #expect(table.assign(replacesID: 0, stackTag: "vol", bundleIdentifier: "desktop.b") != id)
    }

    @Test func closingOnceAndSendersLeaving() {
        var table = NotificationTable(run: "r")
        let id = table.assign(replacesID: 0, stackTag: nil, bundleIdentifier: "desktop.a")
        _ = table.record(id: id, bundleIdentifier: "desktop.a", sender: ":1.9", actionKeys: ["ok"], isResident: false,
                         isTransient: false, stackTag: nil)
        #expect(table.close(id) != nil)
        #expect(table.close(id) == nil)
        table.delivered(identifier: "fdo-r-\(id)", deliveryID: 42)
        #expect(table.senderLeft(":1.9").map(\.deliveryID) == [42])
        #expect(table[id]?.senderGone == true)
    }
}
