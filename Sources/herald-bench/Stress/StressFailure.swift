/// A stress scenario found a violation, or could not run.
struct StressFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
