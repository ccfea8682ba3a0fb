import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EnginePushTests {
    let app = "com.example.push"

    func payload(_ json: String) -> Data { Data(json: json) }

    @Test func anAlertPushIsDeliveredWithItsPayloadAsUserInfo() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let id = try await h.engine.push(payload(#"{"aps":{"alert":{"title":"T","body":"B"},"badge":3},"k":"v"}"#),
                                         bundleIdentifier: app)
        let delivered = try #require(h.events.delivered.last?.record)
        #expect(delivered.identifier == id)
        #expect(UUID(uuidString: id) != nil)
        #expect(delivered.request.trigger == .push)
        #expect(delivered.content.title == "T")
        #expect(delivered.content.userInfo["k"] == "v")
        #expect(delivered.content.userInfo["aps"] != nil)
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 3)
    }

    @Test func theCollapseIDIsTheIdentifierAndReplaces() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let options = PushOptions(collapseID: "score")
        _ = try await h.engine.push(payload(#"{"aps":{"alert":"1-0"}}"#), bundleIdentifier: app, options: options)
        let id = try await h.engine.push(payload(#"{"aps":{"alert":"2-0"}}"#), bundleIdentifier: app, options: options)
        #expect(id == "score")
        #expect(h.events.delivered.last?.replaced != nil)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.content.body) == ["2-0"])
    }

    @Test func theBundleComesFromTheArgumentElseThePayload() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp("from.payload")
        await h.authorizedApp("from.argument")
        let data = payload(#"{"Simulator Target Bundle":"from.payload","aps":{"alert":"x"}}"#)
        _ = try await h.engine.push(data, bundleIdentifier: nil)
        #expect(h.events.delivered.last?.record.bundleIdentifier == "from.payload")
        _ = try await h.engine.push(data, bundleIdentifier: "from.argument")
        #expect(h.events.delivered.last?.record.bundleIdentifier == "from.argument")
        await #expect(throws: PushError.missingTopic) {
            _ = try await h.engine.push(payload(#"{"aps":{"alert":"x"}}"#), bundleIdentifier: nil)
        }
        await #expect(throws: PushError.missingTopic) {
            _ = try await h.engine.push(payload(#"{"aps":{"alert":"x"}}"#), bundleIdentifier: "")
        }
    }

    @Test func everyRejectionHasItsAPNsReason() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        func reason(_ data: Data, _ options: PushOptions = PushOptions()) async -> String? {
            do {
                _ = try await h.engine.push(data, bundleIdentifier: app, options: options)
                return nil
            } catch let error as PushError {
                return error.reason
            } catch {
                return "\(error)"
            }
        }
        let alert = payload(#"{"aps":{"alert":"x"}}"#)
        #expect(await reason(Data()) == "PayloadEmpty")
        #expect(await reason(Data(count: 4097)) == "PayloadTooLarge")
        #expect(await reason(payload("nope")) == "BadPayload")
        #expect(await reason(alert, PushOptions(collapseID: String(repeating: "x", count: 65))) == "BadCollapseId")
        #expect(await reason(alert, PushOptions(priority: 3)) == "BadPriority")
        #expect(await reason(alert, PushOptions(pushType: .background)) == "InvalidPushType")
        #expect(await reason(alert, PushOptions(expiration: Date(timeIntervalSince1970: -1))) == "BadExpirationDate")
        #expect(await reason(alert, PushOptions(deviceToken: "00")) == "BadDeviceToken")
        let token = await h.engine.deviceToken(bundleIdentifier: app).map { String(format: "%02x", $0) }.joined()
        #expect(await reason(alert, PushOptions(deviceToken: token)) == nil)
        #expect(h.events.delivered.count == 1)
    }

    @Test func aBackgroundPushShowsNothingAndWakesTheApp() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let connection = FakeAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        _ = try await h.engine.push(payload(#"{"aps":{"content-available":1},"job":"sync"}"#), bundleIdentifier: app)
        #expect(h.events.delivered.isEmpty)
        #expect(connection.backgroundPushes.map { $0["job"] } == ["sync"])
    }

    @Test func aBackgroundPushForAnAppThatIsNotRunningWaitsNewestOnly() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        _ = try await h.engine.push(payload(#"{"aps":{"content-available":1},"n":1}"#), bundleIdentifier: app)
        _ = try await h.engine.push(payload(#"{"aps":{"content-available":1},"n":2}"#), bundleIdentifier: app)
        let connection = FakeAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        #expect(connection.backgroundPushes.map { $0["n"] } == [2])
    }

    @Test func aSlowBackgroundHandlerIsCutOffAfter30Seconds() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        await h.engine.connect(SilentBackgroundApp(), bundleIdentifier: app)
        let push = Task { try await h.engine.push(payload(#"{"aps":{"content-available":1}}"#), bundleIdentifier: app) }
        await h.clock.waitForSleepers(1)
        #expect(h.clock.nextWakeDate == EngineHarness.start.addingTimeInterval(30))
        h.clock.advance(by: 30)
        _ = try await push.value
    }

    // MARK: Service extension

    func mutablePush(_ h: EngineHarness) async throws -> DeliveredRecord {
        _ = try await h.engine.push(payload(#"{"aps":{"alert":{"title":"Original","body":"B"},"mutable-content":1}}"#),
                                    bundleIdentifier: app)
        return try #require(h.events.delivered.last?.record)
    }

    @Test func theServiceExtensionModifiesTheContent() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let ext = FakeServiceExtension(.modify { content in
            var changed = content
            changed.title = "Decrypted"
            return changed
        })
        await h.engine.setServiceExtension(ext, bundleIdentifier: app)
        let delivered = try await mutablePush(h)
        #expect(delivered.content.title == "Decrypted")
        #expect(ext.startedRequests.count == 1)
        #expect(ext.timeWillExpireCount == 0)
        #expect(h.clock.sleeperCount == 0)
    }

    @Test func theExtensionRunsOnlyForMutableAlertPushes() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let ext = FakeServiceExtension(.modify { _ in ContentRecord(title: "X") })
        await h.engine.setServiceExtension(ext, bundleIdentifier: app)
        _ = try await h.engine.push(payload(#"{"aps":{"alert":"plain"}}"#), bundleIdentifier: app)
        _ = try await h.engine.push(payload(#"{"aps":{"badge":1,"mutable-content":1}}"#), bundleIdentifier: app)
        _ = try await h.engine.push(payload(#"{"aps":{"content-available":1,"mutable-content":1}}"#), bundleIdentifier: app)
        #expect(ext.startedRequests.isEmpty)
    }

    @Test func aTimeoutCallsTimeWillExpireThenDeliversTheOriginal() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let ext = FakeServiceExtension(.never)
        await h.engine.setServiceExtension(ext, bundleIdentifier: app)
        let push = Task { try await mutablePush(h) }
        await h.clock.waitForSleepers(1)
        #expect(h.clock.nextWakeDate == EngineHarness.start.addingTimeInterval(30))
        h.clock.advance(by: 29)
        #expect(h.events.delivered.isEmpty)
        h.clock.advance(by: 1)
        let delivered = try await push.value
        #expect(ext.timeWillExpireCount == 1)
        #expect(delivered.content.title == "Original")
    }

    @Test func theExtensionMayStillAnswerInTimeWillExpire() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let ext = FakeServiceExtension(.onExpire { content in
            var changed = content
            changed.title = "Best effort"
            return changed
        })
        await h.engine.setServiceExtension(ext, bundleIdentifier: app)
        let push = Task { try await mutablePush(h) }
        await h.clock.waitForSleepers(1)
        h.clock.advance(by: 30)
        #expect(try await push.value.content.title == "Best effort")
    }

    @Test func contentWithoutAlertTextIsIgnored() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        await h.engine.setServiceExtension(FakeServiceExtension(.modify { content in
            var changed = content
            changed.title = ""
            changed.body = ""
            changed.subtitle = ""
            return changed
        }), bundleIdentifier: app)
        #expect(try await mutablePush(h).content.title == "Original")
    }

    @Test func theHandlerIsHonouredOnce() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        await h.engine.setServiceExtension(FakeServiceExtension(.twice({ c in
            var changed = c
            changed.title = "First"
            return changed
        }, { c in
            var changed = c
            changed.title = "Second"
            return changed
        })), bundleIdentifier: app)
        #expect(try await mutablePush(h).content.title == "First")
    }

    @Test func attachmentsAddedByTheExtensionAreValidatedAndMoved() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.authorizedApp(app)
        let good = try writeFile(h.directory.url, "photo.jpg", bytes: jpegBytes)
        let bad = try writeFile(h.directory.url, "fake.png", bytes: jpegBytes)
        let goodRecord = try AttachmentValidator.validate(identifier: "good", url: good)
        let badRecord = AttachmentRecord(identifier: "bad", path: bad.path, type: "public.png", size: 6, fileName: "fake.png")
        await h.engine.setServiceExtension(FakeServiceExtension(.modify { content in
            var changed = content
            changed.attachments = [goodRecord, badRecord]
            return changed
        }), bundleIdentifier: app)
        let delivered = try await mutablePush(h)
        #expect(delivered.content.attachments.map(\.identifier) == ["good"])
        #expect(delivered.content.attachments.first?.path.hasPrefix(h.attachmentsDirectory.path) == true)
        #expect(!FileManager.default.fileExists(atPath: good.path))
    }
}

/// An app whose background-push handler never returns.
final class SilentBackgroundApp: AppConnection {
    func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision { .noDelegate }
    func didReceive(_ response: ResponseRecord) async {}
    func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return nil
    }
    func openSettings(for notification: DeliveredRecord?) async {}
}
