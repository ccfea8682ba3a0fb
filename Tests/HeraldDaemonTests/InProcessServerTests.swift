import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Store + engine + IPC in one process, over a temporary socket: the protocol end to end.
@Suite("IPC server and clients, in process")
struct InProcessServerTests {
    static func request(_ identifier: String, title: String = "Hello", category: String = "") -> RequestRecord {
        RequestRecord(identifier: identifier, content: ContentRecord(title: title, body: "body", categoryIdentifier: category))
    }

    @Test("two user interfaces attached at once both get every event")
    func twoUserInterfaces() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let first = try await center.ui()
        let second = try await center.ui()
        let firstEvents = EventWaiter(await first.events())
        let secondEvents = EventWaiter(await second.events())
        let cli = try await center.cli()
        _ = try await cli.call(Methods.post, PostParams(bundleIdentifier: "two.uis", request: Self.request("n1")))
        let a = try await firstEvents.delivered("n1")
        let b = try await secondEvents.delivered("n1")
        #expect(a == b)
        #expect(a.content.title == "Hello")
        // A change made by one UI reaches the other.
        try await first.setDoNotDisturb(true)
        _ = try await secondEvents.next { $0 == .doNotDisturbChanged(true) }
        #expect(await second.doNotDisturb())
        #expect(center.server.connectionCount == 3)
    }

    @Test("a remote app gets didReceive for a response made while it was away, after reconnecting")
    func remoteAppReconnects() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let app = "com.example.remote"
        let ui = try await center.ui()
        let events = EventWaiter(await ui.events())

        let firstRun = RemoteNotificationSystem(socketPath: center.socketPath, client: "first run")
        await firstRun.connect(FakeAppConnection(), bundleIdentifier: app)
        #expect(try await firstRun.requestAuthorization(options: [.alert, .sound], bundleIdentifier: app))
        let category = CategoryRecord(identifier: "INVITE", actions: [ActionRecord(identifier: "ACCEPT", title: "Accept")])
        await firstRun.setCategories([category], bundleIdentifier: app)
        #expect(await firstRun.categories(bundleIdentifier: app) == [category])
        try await firstRun.add(Self.request("meeting", category: "INVITE"), bundleIdentifier: app)
        let delivered = try await events.delivered("meeting")
        #expect(await firstRun.deliveredNotifications(bundleIdentifier: app).map(\.identifier) == ["meeting"])

        firstRun.close()
        #expect(await eventually { center.server.connectionCount == 1 })
        try await ui.respond(deliveryID: delivered.deliveryID, action: .action("ACCEPT"))
        _ = try await events.next { if case .responded = $0 { return true } else { return false } }

        let secondRun = RemoteNotificationSystem(socketPath: center.socketPath, client: "second run")
        let connection = FakeAppConnection()
        await secondRun.connect(connection, bundleIdentifier: app)
        #expect(await eventually { connection.responses.count == 1 })
        #expect(connection.responses.first?.action == .action("ACCEPT"))
        #expect(connection.responses.first?.notification.identifier == "meeting")
        secondRun.close()
    }

    @Test("a foreground app is asked willPresent over the socket, and its answer is used")
    func willPresentRoundTrip() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let app = "com.example.foreground"
        let ui = try await center.ui()
        let events = EventWaiter(await ui.events())
        let system = RemoteNotificationSystem(socketPath: center.socketPath)
        let connection = FakeAppConnection(decision: .options([.list, .sound]))
        await system.connect(connection, bundleIdentifier: app)
        _ = try await system.requestAuthorization(options: [.alert, .sound, .badge], bundleIdentifier: app)
        await system.setForeground(true, bundleIdentifier: app)
        var request = Self.request("fg")
        request.content.sound = .default
        try await system.add(request, bundleIdentifier: app)
        let delivered = try await events.delivered("fg")
        #expect(connection.willPresentCalls.map(\.identifier) == ["fg"])
        #expect(delivered.presentation == [.list, .sound])
        system.close()
    }

    @Test("UNError thrown by the engine arrives as the same UNError")
    func errorsKeepTheirType() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath)
        await #expect(throws: UNError(.badgeInputInvalid)) {
            try await system.setBadgeCount(-1, bundleIdentifier: "com.example.badge")
        }
        let token = await system.deviceToken(bundleIdentifier: "com.example.badge")
        #expect(token.count == 32)
        #expect(await system.deviceToken(bundleIdentifier: "com.example.badge") == token)
        system.close()
    }

    @Test("a push addressed by device token goes to the app that has it, in either case of hex")
    func pushByDeviceToken() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath)
        let mail = await system.deviceToken(bundleIdentifier: "com.example.mail")
        _ = await system.deviceToken(bundleIdentifier: "com.example.chat")
        let cli = try await center.cli()
        let payload = #"{"aps":{"alert":"by token"}}"#
        for hex in [DeviceToken.hex(mail), DeviceToken.hex(mail).uppercased()] {
            let result = try await cli.call(Methods.push, PushParams(payload: payload, deviceToken: hex))
            #expect(result.bundleIdentifier == "com.example.mail")
        }
        let cases: [(PushParams, String)] = [
            (PushParams(payload: payload, bundleIdentifier: "com.example.chat", deviceToken: DeviceToken.hex(mail)),
             "DeviceTokenNotForTopic"),
            (PushParams(payload: payload, deviceToken: "zz" + DeviceToken.hex(mail).dropFirst(2)), "BadDeviceToken"),
            (PushParams(payload: payload, deviceToken: DeviceToken.hex(mail) + "0"), "BadDeviceToken"),
        ]
        await Self.expectRejections(cases, cli: cli)
        system.close()
    }

    @Test("a background push reaches the connected app's handler and shows nothing")
    func backgroundPush() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let app = "com.example.background"
        let system = RemoteNotificationSystem(socketPath: center.socketPath)
        let connection = FakeAppConnection()
        await system.connect(connection, bundleIdentifier: app)
        let cli = try await center.cli()
        let payload = #"{"aps":{"content-available":1},"refresh":"inbox"}"#
        _ = try await cli.call(Methods.push, PushParams(payload: payload, bundleIdentifier: app))
        #expect(connection.backgroundPushes.count == 1)
        #expect(connection.backgroundPushes.first?["refresh"] == "inbox")
        #expect(try await center.engine.history(HistoryQuery(bundleIdentifier: app)).isEmpty)
        system.close()
    }

    @Test("a connected app's service extension runs over the socket for mutable-content pushes")
    func remoteServiceExtension() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let app = "com.example.extension"
        let system = RemoteNotificationSystem(socketPath: center.socketPath)
        let host = FakeServiceExtension(.modify { content in
            var content = content
            content.title = "Decrypted"
            return content
        })
        await system.setServiceExtension(host, bundleIdentifier: app)
        let ui = try await center.ui()
        let events = EventWaiter(await ui.events())
        let cli = try await center.cli()
        let payload = #"{"aps":{"alert":{"title":"Secret","body":"x"},"mutable-content":1}}"#
        let result = try await cli.call(Methods.push, PushParams(payload: payload, bundleIdentifier: app,
                                                                 headers: PushHeaders(collapseID: "m1")))
        #expect(result.identifier == "m1")
        #expect(try await events.delivered("m1").content.title == "Decrypted")
        system.close()
    }

    @Test("push rejections carry APNs reason names")
    func pushRejections() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let cli = try await center.cli()
        let cases: [(PushParams, String)] = [
            (PushParams(payload: "", bundleIdentifier: "a.b"), "PayloadEmpty"),
            (PushParams(payload: #"{"aps":{"alert":"x"}}"#), "MissingTopic"),
            (PushParams(payload: #"{"aps":{"alert":"x"}}"#, bundleIdentifier: "a.b",
                        headers: PushHeaders(collapseID: String(repeating: "c", count: 65))), "BadCollapseId"),
            (PushParams(payload: #"{"aps":{"alert":"x"}}"#, deviceToken: "00ff"), "BadDeviceToken"),
            (PushParams(payload: #"{"aps":{"alert":"x"}}"#, bundleIdentifier: "a.b",
                        headers: PushHeaders(pushType: "voip")), "InvalidPushType"),
        ]
        await Self.expectRejections(cases, cli: cli)
    }

    /// Each push is refused with its APNs reason name and a sentence saying why.
    static func expectRejections(_ cases: [(PushParams, String)], cli: IPCClient) async {
        for (params, reason) in cases {
            do {
                _ = try await cli.call(Methods.push, params)
                Issue.record("\(reason): accepted")
            } catch let rejection as APNsRejection {
                #expect(rejection.reason == reason)
                #expect(!rejection.explanation.isEmpty)
            } catch {
                Issue.record("\(reason): \(error)")
            }
        }
    }

    @Test("wait returns a response that came just before it was asked, and times out otherwise")
    func waitFindsRecentResponses() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let cli = try await center.cli()
        let ui = try await center.ui()
        let events = EventWaiter(await ui.events())
        let category = CategoryRecord(identifier: "herald.post.w1", options: [.customDismissAction])
        var request = Self.request("w1")
        request.content.categoryIdentifier = category.identifier
        let posted = try await cli.call(Methods.post, PostParams(bundleIdentifier: "waiter", request: request, category: category))
        let delivered = try await events.delivered("w1")
        try await ui.respond(deliveryID: delivered.deliveryID, action: .dismiss)
        _ = try await events.next { if case .responded = $0 { return true } else { return false } }
        let result = try await cli.call(Methods.wait, WaitParams(bundleIdentifier: "waiter", identifier: "w1",
                                                                since: posted.date, timeout: 5))
        #expect(result.response?.action == .dismiss)
        let none = try await cli.call(Methods.wait, WaitParams(bundleIdentifier: "waiter", identifier: "other", timeout: 0.2))
        #expect(none.timedOut)
        // A response older than `since` does not count.
        let later = try await cli.call(Methods.wait, WaitParams(bundleIdentifier: "waiter", identifier: "w1",
                                                               since: Date().addingTimeInterval(60), timeout: 0.2))
        #expect(later.timedOut)
    }

    @Test("a request that waits does not hold up the next on its connection; closing ends it")
    func requestsOnOneConnectionRunConcurrently() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let cli = try await center.cli()
        let waiting = Task {
            try await cli.call(Methods.wait, WaitParams(bundleIdentifier: "waiter", identifier: "never"))
        }
        // Replies come in any order: the quick requests are answered while `wait` still waits.
        for n in 0..<20 {
            let posted = try await cli.call(Methods.post, PostParams(bundleIdentifier: "quick", request: Self.request("q\(n)")))
            #expect(posted.identifier == "q\(n)")
        }
        #expect(try await cli.call(Methods.doNotDisturb, Empty()) == false)
        cli.close()
        await #expect(throws: IPCError.connectionClosed) { _ = try await waiting.value }
        #expect(await eventually { center.server.connectionCount == 0 })
    }
}
