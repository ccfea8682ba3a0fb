import Foundation
import HeraldCore
import HeraldWire
import TestSupport

/// Random wire values for the fast codec's property tests: strings with escapes, control
/// characters and non-ASCII text, extreme numbers, optionals absent and present, every case of
/// every enum (including the shapes the fast codec hands to `Codable`).
struct RandomWireValues {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
    mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &rng)! }
    mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { chance(0.5) ? make(&self) : nil }

    static let pieces: [String] = [
        "a", "Z", "hello", " ", "/", "\\", "\"", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{0}", "\u{1}", "\u{1f}", "\u{7f}",
        "é", "ß", "日本", "😀", "👩‍👩‍👧", "e\u{301}", "\u{2028}", "\u{feff}", "\u{10ffff}", "{", "}", "[", "]", ":", ",",
        "null", "true", "1e5", "-0", "\\u0041", "</script>",
    ]

    mutating func string() -> String {
        (0..<Int.random(in: 0...6, using: &rng)).map { _ in pick(Self.pieces) }.joined()
    }

    mutating func integer<I: FixedWidthInteger>() -> I {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return pick([I.min, I.max, 0, 1])
        case 1: return I.random(in: I.min...I.max, using: &rng)
        default: return I(truncatingIfNeeded: Int.random(in: -1_000...1_000_000, using: &rng))
        }
    }

    /// Finite doubles: extremes, integral values, bit patterns.
    mutating func double() -> Double {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return pick([0, -0.0, 1, -1, 0.1, 1e16, 1e15, 1e300, -1e-300, .greatestFiniteMagnitude,
                             .leastNonzeroMagnitude, .leastNormalMagnitude, 9_007_199_254_740_992, 1_700_000_000.25])
        case 1:
            let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
            return value.isFinite ? value : 2.5
        case 2: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
        default: return Double.random(in: -1e10...1e10, using: &rng)
        }
    }

    mutating func float() -> Float {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return pick([0, 1, 0.1, 0.3, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0])
        case 1:
            let value = Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &rng))
            return value.isFinite ? value : 0.5
        default: return Float.random(in: 0...1, using: &rng)
        }
    }

    /// Dates made from UNIX seconds (the wire's form) and from seconds since 2001 (the store's,
    /// which the UNIX form does not always give back to the bit).
    mutating func date() -> Date {
        let seconds = chance(0.7) ? Double.random(in: 0...2e9, using: &rng) : double()
        return chance(0.5) ? Date(timeIntervalSince1970: seconds) : Date(timeIntervalSinceReferenceDate: seconds)
    }

    mutating func jsonValue(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 8 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2: return .int(integer() as Int)
        case 3: return .double(double())
        case 4, 5: return .string(string())
        case 6: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in jsonValue(depth: depth + 1) })
        default: return .object(userInfo(depth: depth + 1))
        }
    }

    mutating func userInfo(depth: Int = 0) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &rng) { object[string()] = jsonValue(depth: depth) }
        return object
    }

    mutating func content() -> ContentRecord {
        var content = ContentRecord(title: string(), subtitle: string(), body: string(), badge: maybe { $0.integer() },
                                    sound: maybe { $0.sound() }, userInfo: userInfo(),
                                    attachments: (0..<Int.random(in: 0...2, using: &rng)).map { _ in attachment() },
                                    categoryIdentifier: string(), threadIdentifier: string(),
                                    interruptionLevel: pick(UNNotificationInterruptionLevel.allCases))
        content.launchImageName = string()
        content.targetContentIdentifier = maybe { $0.string() }
        content.summaryArgument = string()
        content.summaryArgumentCount = integer()
        content.relevanceScore = double()
        content.filterCriteria = maybe { $0.string() }
        if chance(0.3) { content.userInfoTypes = userInfo() }
        if chance(0.2) { content.traits = traits() }
        return content
    }

    /// A desktop notification's traits: every member absent or default, or any of them set.
    mutating func traits() -> NotificationTraits {
        if chance(0.1) { return NotificationTraits() }
        var traits = NotificationTraits(bannerTimeout: maybe { $0.double() }, isTransient: chance(0.5), isResident: chance(0.5),
                                        progress: maybe { $0.integer() },
                                        bodyStyles: (0..<Int.random(in: 0...3, using: &rng)).map { _ in bodyStyle() },
                                        urgency: maybe { $0.integer() })
        traits.isSenderGone = chance(0.5)
        return traits
    }

    mutating func bodyStyle() -> BodyStyle {
        BodyStyle(start: integer(), length: integer(), text: string(), isBold: chance(0.5), isItalic: chance(0.5),
                  isUnderlined: chance(0.5), link: maybe { $0.string() })
    }

    mutating func sound() -> SoundRecord {
        SoundRecord(name: maybe { $0.string() }, isCritical: chance(0.5), volume: maybe { $0.float() }, isRingtone: chance(0.5),
                    file: maybe { $0.string() })
    }

    mutating func attachment() -> AttachmentRecord {
        AttachmentRecord(identifier: string(), path: string(), type: string(), size: integer(), fileName: string(),
                         thumbnailHidden: chance(0.5),
                         thumbnailClippingRect: maybe { NormalizedRect(x: $0.double(), y: 0, width: 0.5, height: 1) })
    }

    mutating func trigger() -> TriggerRecord? {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1: return nil
        case 2: return .timeInterval(seconds: double(), repeats: chance(0.5))
        case 3: return .push
        case 4: return .calendar(CalendarComponents(hour: integer(), minute: maybe { $0.integer() },
                                                    timeZoneIdentifier: maybe { $0.string() }), repeats: chance(0.5))
        default: return .location(RegionRecord(identifier: string(), latitude: double(), longitude: double(),
                                                radius: double()), repeats: chance(0.5))
        }
    }

    mutating func request() -> RequestRecord { RequestRecord(identifier: string(), content: content(), trigger: trigger()) }

    mutating func pending() -> PendingRecord {
        PendingRecord(bundleIdentifier: string(), request: request(), scheduledAt: date(), nextFireDate: maybe { $0.date() })
    }

    mutating func delivered() -> DeliveredRecord {
        var record = DeliveredRecord(deliveryID: integer(), bundleIdentifier: string(), request: request(), date: date(),
                                     presentation: UNNotificationPresentationOptions(rawValue: integer() as UInt),
                                     isRead: chance(0.5), isRemovedFromList: chance(0.5))
        record.isSoundHandledByCenter = maybe { $0.chance(0.5) }
        return record
    }

    mutating func response() -> ResponseRecord {
        let action: ResponseAction = switch Int.random(in: 0..<4, using: &rng) {
        case 0: .open
        case 1: .dismiss
        case 2: .action(string())
        default: .reply(actionIdentifier: string(), text: string())
        }
        return ResponseRecord(responseID: integer(), notification: delivered(), action: action, date: date(),
                              isDeliveredToApp: chance(0.5))
    }

    mutating func postParams() -> PostParams {
        PostParams(bundleIdentifier: string(), request: request(),
                   category: chance(0.2) ? CategoryRecord(identifier: string(), actions: [ActionRecord(identifier: string(), title: string())]) : nil,
                   requireKnownApp: maybe { $0.chance(0.5) })
    }

    mutating func postResult() -> PostResult {
        var result = PostResult(identifier: string(), bundleIdentifier: string(), date: date())
        result.dropped = maybe { generator in (0..<Int.random(in: 0...2, using: &generator.rng)).map { _ in generator.string() } }
        result.warning = maybe { $0.string() }
        return result
    }

    mutating func clientHello() -> ClientHello {
        ClientHello(role: pick(ClientRole.allCases), bundleIdentifier: maybe { $0.string() }, client: maybe { $0.string() },
                    protocolVersion: integer())
    }

    mutating func serverHello() -> ServerHello { ServerHello(server: string(), pid: integer(), protocolVersion: integer()) }

    mutating func appSettings() -> AppSettings {
        var settings = AppSettings()
        settings.allowNotifications = chance(0.5)
        settings.alertStyle = pick(UNAlertStyle.allCases)
        settings.sounds = chance(0.5)
        settings.badges = chance(0.5)
        settings.showInHistory = chance(0.5)
        settings.lockScreen = chance(0.5)
        settings.showPreviews = pick(UNShowPreviewsSetting.allCases)
        settings.timeSensitive = chance(0.5)
        settings.criticalAlerts = chance(0.5)
        settings.scheduledDelivery = chance(0.5)
        return settings
    }

    /// An app as `apps` answers it: now and then with categories (which go through `Codable`),
    /// a device token and a service extension.
    mutating func appRecord() -> AppRecord {
        var app = AppRecord(bundleIdentifier: string(), displayName: string())
        app.authorizationStatus = pick(UNAuthorizationStatus.allCases)
        app.authorizedOptions = UNAuthorizationOptions(rawValue: UInt(Int.random(in: 0...511, using: &rng)))
        app.settings = appSettings()
        app.badge = integer()
        if chance(0.2) {
            app.categories = [CategoryRecord(identifier: string(), actions: [ActionRecord(identifier: string(), title: string())])]
        }
        app.deviceToken = maybe { generator in Data((0..<Int.random(in: 0...32, using: &generator.rng)).map { _ in UInt8.random(in: 0...255, using: &generator.rng) }) }
        app.serviceExtensionCommand = maybe { $0.string() }
        app.isCommandLineApp = chance(0.5)
        return app
    }

    mutating func focusStatus() -> FocusStatus {
        FocusStatus(name: string(), endsAt: maybe { $0.date() }, isScheduled: chance(0.5))
    }

    /// `status`'s answer: a few apps' counts, most of them named, sometimes a Focus and a newest one.
    mutating func statusResult() -> StatusResult {
        var unread: [String: Int] = [:], names: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let app = string()
            unread[app] = integer()
            if chance(0.8) { names[app] = string() }
        }
        return StatusResult(unread: unread, names: names, focus: maybe { $0.focusStatus() }, newestUnread: maybe { $0.delivered() })
    }

    mutating func historyPage() -> HistoryPage {
        HistoryPage(records: (0..<Int.random(in: 0...3, using: &rng)).map { _ in delivered() },
                    shortened: (0..<Int.random(in: 0...2, using: &rng)).map { _ in integer() }, isComplete: chance(0.5))
    }

    mutating func event() -> WireEvent {
        switch Int.random(in: 0..<14, using: &rng) {
        case 0: return .delivered(notification: delivered(), replacedDeliveryID: maybe { $0.integer() })
        case 1: return .updated(notification: delivered())
        case 2: return .deleted(deliveryIDs: (0..<Int.random(in: 0...3, using: &rng)).map { _ in integer() })
        case 3: return .cleared(bundleIdentifier: maybe { $0.string() })
        case 4: return .appChanged(app: appRecord())
        case 5: return .responded(response: response())
        case 6: return .doNotDisturbChanged(isOn: chance(0.5))
        case 7: return .focusChanged(focus: maybe { FocusStatus(name: $0.string(), endsAt: $0.maybe { $0.date() }, isScheduled: true) })
        case 8: return .countsChanged(bundleIdentifier: string(), counts: HistoryCounts(unread: integer(), total: integer()))
        case 9: return .promptRequested(prompt: PendingPrompt(id: integer(), app: appRecord(),
                                                              options: UNAuthorizationOptions(rawValue: UInt(Int.random(in: 0...127, using: &rng)))))
        case 10: return .promptWithdrawn(promptID: integer(), allowed: maybe { $0.chance(0.5) })
        case 12: return .bannersClosed(deliveryIDs: maybe { generator in (0..<Int.random(in: 0...3, using: &generator.rng)).map { _ in generator.integer() } })
        case 13: return .bannerRestored(notification: delivered())
        default: return .pendingChanged(bundleIdentifier: string())
        }
    }
}
