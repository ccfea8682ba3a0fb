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
        }
    }
}

extension CenterEvent {
    /// The app an event concerns; `nil` for center-wide events (do-not-disturb, clear-all,
    /// deletions by delivery id), which every subscriber gets.
    public var bundleIdentifier: String? {
        switch self {
        case .delivered(let record, _), .updated(let record): return record.bundleIdentifier
        case .deleted: return nil
        case .cleared(let bundle): return bundle
        case .appChanged(let app): return app.bundleIdentifier
        case .responded(let response): return response.bundleIdentifier
        case .doNotDisturbChanged, .focusChanged: return nil
        case .pendingChanged(let bundle): return bundle
        }
    }
}
