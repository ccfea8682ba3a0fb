/// A line that could not be taken, with the request id when one was readable.
struct LineError: Error, Sendable {
    var id: Int64?
    var error: WireError
}
