import Foundation
import Testing
import HeraldCore

@Suite struct PushPayloadTests {
    func parse(_ json: String) throws -> PushPayload { try PushPayload.parse(Data(json: json)) }

    func expectBadPayload(_ json: String, mentioning word: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(json)
            Issue.record("expected BadPayload", sourceLocation: sourceLocation)
        } catch let error as PushError {
            #expect(error.reason == "BadPayload", sourceLocation: sourceLocation)
            #expect(error.message.contains(word), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aStringAlertIsTheBody() throws {
        let payload = try parse(#"{"aps":{"alert":"Hello"}}"#)
        #expect(payload.content.body == "Hello")
        #expect(payload.content.title.isEmpty)
        #expect(payload.isVisible && !payload.isBackgroundOnly)
    }

    @Test func theSimulatorExampleParsesFully() throws {
        let payload = try parse("""
        {"Simulator Target Bundle": "com.example.app",
         "aps": {"alert": {"title": "T", "subtitle": "S", "body": "B", "launch-image": "L"}, "badge": 1,
                 "sound": "default", "thread-id": "th", "category": "MEET", "target-content-id": "tc",
                 "interruption-level": "time-sensitive", "relevance-score": 0.5, "filter-criteria": "work",
                 "mutable-content": 1},
         "custom": 1, "nested": {"k": "v"}}
        """)
        let c = payload.content
        #expect(payload.targetBundleIdentifier == "com.example.app")
        #expect(c.title == "T" && c.subtitle == "S" && c.body == "B" && c.launchImageName == "L")
        #expect(c.badge == 1)
        #expect(c.sound == .default)
        #expect(c.threadIdentifier == "th" && c.categoryIdentifier == "MEET" && c.targetContentIdentifier == "tc")
        #expect(c.interruptionLevel == .timeSensitive)
        #expect(c.relevanceScore == 0.5)
        #expect(c.filterCriteria == "work")
        #expect(payload.mutableContent && !payload.contentAvailable)
        #expect(c.userInfo["custom"] == 1)
        #expect(c.userInfo["nested"] == ["k": "v"])
        #expect(c.userInfo["aps"]?.objectValue?["badge"] == 1)
    }

    @Test func locKeysAreFormattedWithTheirArgs() throws {
        let payload = try parse("""
        {"aps":{"alert":{"title-loc-key":"%@ invited you","title-loc-args":["Ann"],
                          "subtitle-loc-key":"%2$@ and %1$@","subtitle-loc-args":["A","B"],
                          "loc-key":"100%% sure, %@ at %@","loc-args":["Bob","noon"],"body":"ignored"}}}
        """)
        #expect(payload.content.title == "Ann invited you")
        #expect(payload.content.subtitle == "B and A")
        #expect(payload.content.body == "100% sure, Bob at noon")
    }

    @Test func formatHandlesMissingArguments() {
        #expect(PushPayload.format("%@-%@", arguments: ["a"]) == "a-")
        #expect(PushPayload.format("%3$@!", arguments: ["a"]) == "!")
        #expect(PushPayload.format("50% off", arguments: []) == "50% off")
    }

    @Test func criticalSoundDictionary() throws {
        let payload = try parse(#"{"aps":{"alert":"x","sound":{"critical":1,"name":"alarm.caf","volume":0.7}}}"#)
        #expect(payload.content.sound == SoundRecord(name: "alarm.caf", isCritical: true, volume: 0.7))
        let plain = try parse(#"{"aps":{"alert":"x","sound":{"critical":1,"name":"default"}}}"#)
        #expect(plain.content.sound == SoundRecord(isCritical: true))
        #expect(try parse(#"{"aps":{"sound":"ping.aiff"}}"#).content.sound == SoundRecord(name: "ping.aiff"))
    }

    @Test func contentAvailableOnlyIsABackgroundPush() throws {
        let payload = try parse(#"{"aps":{"content-available":1},"job":"sync"}"#)
        #expect(payload.isBackgroundOnly)
        #expect(!payload.isVisible)
        #expect(payload.dictionary["job"] == "sync")
    }

    @Test func emptyPayloadIsPayloadEmpty() {
        #expect(throws: PushError.payloadEmpty) { try PushPayload.parse(Data()) }
        #expect(throws: PushError.payloadEmpty) { try PushPayload.parse(Data(json: "  \n")) }
        #expect(PushError.payloadEmpty.reason == "PayloadEmpty")
    }

    @Test func theLimitIs4096Bytes() throws {
        let prefix = #"{"aps":{"alert":""#
        let suffix = #""}}"#
        let fill = String(repeating: "a", count: 4096 - prefix.utf8.count - suffix.utf8.count)
        let exact = prefix + fill + suffix
        #expect(exact.utf8.count == 4096)
        #expect(try parse(exact).content.body.count == fill.count)
        do {
            _ = try parse(prefix + fill + "b" + suffix)
            Issue.record("expected PayloadTooLarge")
        } catch let error as PushError {
            #expect(error == .payloadTooLarge(size: 4097, limit: 4096))
            #expect(error.reason == "PayloadTooLarge")
            #expect(error.status == 413)
            #expect(error.message.contains("4097") && error.message.contains("4096"))
        }
    }

    @Test func malformedPayloadsAreBadPayload() {
        expectBadPayload("{not json", mentioning: "JSON")
        expectBadPayload("[1,2]", mentioning: "object")
        expectBadPayload(#"{"alert":"x"}"#, mentioning: "aps")
        expectBadPayload(#"{"aps":"x"}"#, mentioning: "dictionary")
        expectBadPayload(#"{"aps":{"alert":5}}"#, mentioning: "aps.alert")
        expectBadPayload(#"{"aps":{"alert":{"title":3}}}"#, mentioning: "aps.alert.title")
        expectBadPayload(#"{"aps":{"badge":"1"}}"#, mentioning: "aps.badge")
        expectBadPayload(#"{"aps":{"badge":-1}}"#, mentioning: "aps.badge")
        expectBadPayload(#"{"aps":{"sound":3}}"#, mentioning: "aps.sound")
        expectBadPayload(#"{"aps":{"sound":{"volume":2}}}"#, mentioning: "aps.sound.volume")
        expectBadPayload(#"{"aps":{"thread-id":1}}"#, mentioning: "aps.thread-id")
        expectBadPayload(#"{"aps":{"category":true}}"#, mentioning: "aps.category")
        expectBadPayload(#"{"aps":{"interruption-level":"loud"}}"#, mentioning: "interruption-level")
        expectBadPayload(#"{"aps":{"relevance-score":"high"}}"#, mentioning: "relevance-score")
        expectBadPayload(#"{"aps":{"content-available":"1"}}"#, mentioning: "content-available")
        expectBadPayload(#"{"aps":{"mutable-content":true}}"#, mentioning: "mutable-content")
        expectBadPayload(#"{"aps":{"alert":{"loc-key":"%@","loc-args":"x"}}}"#, mentioning: "loc-args")
        expectBadPayload(#"{"Simulator Target Bundle":1,"aps":{}}"#, mentioning: "Simulator Target Bundle")
    }

    @Test func optionsAreChecked() throws {
        let alert = try parse(#"{"aps":{"alert":"x"}}"#)
        let background = try parse(#"{"aps":{"content-available":1}}"#)
        #expect(throws: PushError.badCollapseId(length: 65)) {
            try PushOptions(collapseID: String(repeating: "c", count: 65)).validate(for: alert)
        }
        try PushOptions(collapseID: String(repeating: "c", count: 64)).validate(for: alert)
        #expect { try PushOptions(priority: 7).validate(for: alert) } throws: { ($0 as? PushError)?.reason == "BadPriority" }
        #expect { try PushOptions(priority: 10).validate(for: background) } throws: {
            ($0 as? PushError)?.reason == "BadPriority"
        }
        try PushOptions(priority: 5).validate(for: background)
        #expect { try PushOptions(pushType: .background).validate(for: alert) } throws: {
            ($0 as? PushError)?.reason == "InvalidPushType"
        }
        #expect { _ = try PushOptions.PushType.parse("voip") } throws: { ($0 as? PushError)?.reason == "InvalidPushType" }
        #expect(try PushOptions.PushType.parse("Background") == .background)
        #expect { _ = try PushOptions.parseExpiration("soon") } throws: { ($0 as? PushError)?.reason == "BadExpirationDate" }
        #expect(try PushOptions.parseExpiration("0") == Date(timeIntervalSince1970: 0))
        #expect { try PushOptions(expiration: Date(timeIntervalSince1970: -5)).validate(for: alert) } throws: {
            ($0 as? PushError)?.reason == "BadExpirationDate"
        }
        #expect(PushOptions().effectivePushType(for: background) == .background)
        #expect(PushOptions().effectivePushType(for: alert) == .alert)
    }

    @Test func everyReasonHasAnAPNsNameAndASentence() {
        let errors: [PushError] = [.payloadEmpty, .payloadTooLarge(size: 5000, limit: 4096), .badCollapseId(length: 70),
                                   .badPriority(3, reason: "r"), .invalidPushType("x", reason: "r"),
                                   .badExpirationDate("x"), .badDeviceToken("d"), .missingTopic, .badPayload("p")]
        #expect(errors.map(\.reason) == ["PayloadEmpty", "PayloadTooLarge", "BadCollapseId", "BadPriority",
                                         "InvalidPushType", "BadExpirationDate", "BadDeviceToken", "MissingTopic",
                                         "BadPayload"])
        for error in errors {
            #expect(error.message.hasSuffix("."))
            #expect(error.description.hasPrefix(error.reason + ": "))
        }
    }
}
