/// Starting a process failed; the description says which program and why.
///
/// ```swift
/// throw ProcessError("cannot start /bin/nope: No such file or directory (errno 2)")
/// ```
public struct ProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
