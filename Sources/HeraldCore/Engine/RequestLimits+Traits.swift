extension RequestLimits {
    /// The text and link targets all of a body's styled runs may carry together: three times the
    /// body's limit (what a desktop notification's markup makes at most — its runs cover the
    /// text once for formatting and once for links, and the link targets come from the markup).
    public static let bodyStyleBytes = 3 * bodyBytes

    /// Checks the styled runs of a body (`NotificationTraits.bodyStyles`): at most
    /// `NotificationTraits.maximumBodyStyles` runs and `bodyStyleBytes` of text and link targets,
    /// so what is stored stays within a small multiple of the body whoever sends it.
    static func validate(traits: NotificationTraits) throws {
        let styles = traits.bodyStyles
        guard styles.count <= NotificationTraits.maximumBodyStyles else {
            throw EngineError.invalidRequest(field: "content.traits.bodyStyles",
                                             reason: "has \(styles.count) runs; the limit is \(NotificationTraits.maximumBodyStyles)")
        }
        let bytes = styles.reduce(0) { $0 + $1.text.utf8.count + ($1.link?.utf8.count ?? 0) }
        guard bytes <= bodyStyleBytes else {
            throw EngineError.invalidRequest(field: "content.traits.bodyStyles",
                                             reason: "carries \(bytes) bytes of text and links; the limit is \(bodyStyleBytes) bytes")
        }
    }
}
