/// A line that could not be taken, with the request id when one was readable.
package struct LineError: Error, Sendable {
    package var id: Int64?
    package var error: WireError
}
