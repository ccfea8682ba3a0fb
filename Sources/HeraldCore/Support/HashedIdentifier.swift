/// An identifier with its `IdentifierIndex` hash, computed once: for a caller that looks the same
/// identifier up in several indexes (a fire: the app's pending rows, then its list, then the list
/// again to add the delivery), each of which would otherwise hash it anew.
struct HashedIdentifier {
    let identifier: String
    /// `IdentifierIndex.hash(identifier)`.
    let hash: UInt32

    init(_ identifier: String) {
        self.identifier = identifier
        self.hash = IdentifierIndex.hash(identifier)
    }
}
