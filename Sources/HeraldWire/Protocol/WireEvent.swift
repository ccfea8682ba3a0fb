import HeraldCore

/// `CenterEvent` on the wire: `{"event":{"delivered":{"notification":{…},"replacedDeliveryID":null}}}`,
/// `{"event":{"responded":{"response":{…}}}}`, and so on, one key per case.
public enum WireEvent: Codable, Sendable, Hashable {
    case delivered(notification: DeliveredRecord, replacedDeliveryID: Int64?)
    case updated(notification: DeliveredRecord)
    case deleted(deliveryIDs: [Int64])
    case cleared(bundleIdentifier: String?)
    case appChanged(app: AppRecord)
    case responded(response: ResponseRecord)
    case doNotDisturbChanged(isOn: Bool)
    /// `{"event":{"focusChanged":{"focus":{"name":"Work","endsAt":…,"isScheduled":false}}}}`; `focus` is absent when none is on.
    case focusChanged(focus: FocusStatus?)
    case pendingChanged(bundleIdentifier: String)
    /// `{"event":{"countsChanged":{"bundleIdentifier":"com.example.app","counts":{"unread":2,"total":40}}}}`
    case countsChanged(bundleIdentifier: String, counts: HistoryCounts)
    /// `{"event":{"promptRequested":{"prompt":{"id":7,"app":{…},"options":7}}}}`
    case promptRequested(prompt: PendingPrompt)
    /// `{"event":{"promptWithdrawn":{"promptID":7,"allowed":true}}}`; `allowed` is absent when
    /// the prompt ended without an answer (the app stopped waiting).
    case promptWithdrawn(promptID: Int64, allowed: Bool?)
    /// `{"event":{"bannersClosed":{"deliveryIDs":[7,8]}}}`; `{"event":{"bannersClosed":{}}}` closes every banner.
    case bannersClosed(deliveryIDs: [Int64]?)
    /// `{"event":{"bannerRestored":{"notification":{…}}}}`
    case bannerRestored(notification: DeliveredRecord)

    public init(_ event: CenterEvent) {
        switch event {
        case .delivered(let record, let replaced): self = .delivered(notification: record, replacedDeliveryID: replaced)
        case .updated(let record): self = .updated(notification: record)
        case .deleted(let ids): self = .deleted(deliveryIDs: ids)
        case .cleared(let bundle): self = .cleared(bundleIdentifier: bundle)
        case .appChanged(let app): self = .appChanged(app: app)
        case .responded(let response): self = .responded(response: response)
        case .doNotDisturbChanged(let isOn): self = .doNotDisturbChanged(isOn: isOn)
        case .focusChanged(let status): self = .focusChanged(focus: status)
        case .pendingChanged(let bundle): self = .pendingChanged(bundleIdentifier: bundle)
        case .countsChanged(let bundle, let counts): self = .countsChanged(bundleIdentifier: bundle, counts: counts)
        case .promptRequested(let prompt): self = .promptRequested(prompt: prompt)
        case .promptWithdrawn(let id, let outcome):
            let allowed: Bool? = switch outcome {
            case .allowed: true
            case .denied: false
            case .notAnswered: nil
            }
            self = .promptWithdrawn(promptID: id, allowed: allowed)
        case .bannersClosed(let ids): self = .bannersClosed(deliveryIDs: ids)
        case .bannerRestored(let record): self = .bannerRestored(notification: record)
        }
    }

    public var event: CenterEvent {
        switch self {
        case .delivered(let record, let replaced): return .delivered(record, replacedDeliveryID: replaced)
        case .updated(let record): return .updated(record)
        case .deleted(let ids): return .deleted(deliveryIDs: ids)
        case .cleared(let bundle): return .cleared(bundleIdentifier: bundle)
        case .appChanged(let app): return .appChanged(app)
        case .responded(let response): return .responded(response)
        case .doNotDisturbChanged(let isOn): return .doNotDisturbChanged(isOn)
        case .focusChanged(let status): return .focusChanged(status)
        case .pendingChanged(let bundle): return .pendingChanged(bundleIdentifier: bundle)
        case .countsChanged(let bundle, let counts): return .countsChanged(bundleIdentifier: bundle, counts: counts)
        case .promptRequested(let prompt): return .promptRequested(prompt)
        case .promptWithdrawn(let id, let allowed):
            return .promptWithdrawn(promptID: id, outcome: allowed.map { $0 ? .allowed : .denied } ?? .notAnswered)
        case .bannersClosed(let ids): return .bannersClosed(deliveryIDs: ids)
        case .bannerRestored(let record): return .bannerRestored(record)
        }
    }
}

extension CenterEvent {
    /// The app an event concerns; `nil` for center-wide events (do-not-disturb, clear-all,
    /// deletions by delivery id, closed banners), which every subscriber gets.
    public var bundleIdentifier: String? {
        switch self {
        case .delivered(let record, _), .updated(let record), .bannerRestored(let record): return record.bundleIdentifier
        case .deleted, .bannersClosed: return nil
        case .cleared(let bundle): return bundle
        case .appChanged(let app): return app.bundleIdentifier
        case .responded(let response): return response.bundleIdentifier
        case .doNotDisturbChanged, .focusChanged: return nil
        case .pendingChanged(let bundle), .countsChanged(let bundle, _): return bundle
        case .promptRequested(let prompt): return prompt.app.bundleIdentifier
        case .promptWithdrawn: return nil
        }
    }

    /// Whether the event is about a permission prompt (sent only to user interfaces that show
    /// prompts: `subscribe` with `prompts: true`).
    public var isPrompt: Bool {
        switch self {
        case .promptRequested, .promptWithdrawn: return true
        default: return false
        }
    }
}
