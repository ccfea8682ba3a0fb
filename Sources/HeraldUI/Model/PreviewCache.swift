import HeraldPreview

/// Previews already made (or being made), per attachment file and box size; the oldest are
/// forgotten past `limit`.
///
/// ```swift
/// var cache = PreviewCache()
/// cache[request] = .loading
/// ```
public struct PreviewCache: Sendable {
    private var entries: [PreviewRequest: PreviewState] = [:]
    private var order: [PreviewRequest] = []
    public var limit = 32

    public init() {}

    public subscript(request: PreviewRequest) -> PreviewState? {
        get { entries[request] }
        set {
            guard let newValue else {
                entries[request] = nil
                order.removeAll { $0 == request }
                return
            }
            if entries.updateValue(newValue, forKey: request) == nil { order.append(request) }
            while order.count > limit { entries[order.removeFirst()] = nil }
        }
    }

    public var count: Int { entries.count }
}
