import Foundation

/// A program's exit status and output, and how long it ran.
public struct ProgramResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var seconds: Double
}

/// Runs `program` to completion with `environment` added to this process's own (less
/// `unsetting`), `stdin` written to it, and collects its output — the blocking reads and the wait
/// off the cooperative pool (`offThePool`). The one program runner of the async tests.
///
/// ```swift
/// let result = try await runProgram(BuiltProducts.path("herald"), ["--version"])
/// #expect(result.status == 0)
/// ```
public func runProgram(_ program: String, _ arguments: [String], stdin: Data? = nil,
                       environment: [String: String] = [:], unsetting: [String] = []) async throws -> ProgramResult {
    let start = Date()
    let child = try ChildProcess(program, arguments, environment: environment, unsetting: unsetting, streams: .pipes)
    let (out, err, status) = await offThePool {
        let (out, err) = child.readOutputs(input: stdin ?? Data())
        return (out, err, child.wait())
    }
    return ProgramResult(status: status, stdout: String(decoding: out, as: UTF8.self),
                         stderr: String(decoding: err, as: UTF8.self), seconds: Date().timeIntervalSince(start))
}
