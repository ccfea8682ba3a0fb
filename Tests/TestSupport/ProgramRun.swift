import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program's exit status and output, and how long it ran.
public struct ProgramResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var seconds: Double
}

/// Runs `program` to completion with `environment` added to this process's own (less
/// `unsetting`), `stdin` written to it, and collects its output — the blocking reads and the wait
/// off the cooperative pool (`offThePool`). The one program runner of the async tests. A program
/// still running `killingAfter` seconds from now is killed (status 128 + SIGKILL).
///
/// ```swift
/// let result = try await runProgram(BuiltProducts.path("herald"), ["--version"])
/// #expect(result.status == 0)
/// ```
public func runProgram(_ program: String, _ arguments: [String], stdin: Data? = nil,
                       environment: [String: String] = [:], unsetting: [String] = [],
                       killingAfter seconds: Double? = nil) async throws -> ProgramResult {
    let start = Date()
    let child = try ChildProcess(program, arguments, environment: environment, unsetting: unsetting, streams: .pipes)
    let watchdog = DispatchWorkItem { child.signal(SIGKILL) }
    if let seconds { DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog) }
    let (out, err, status) = await offThePool {
        let (out, err) = child.readOutputs(input: stdin ?? Data())
        return (out, err, child.wait())
    }
    watchdog.cancel()
    return ProgramResult(status: status, stdout: String(decoding: out, as: UTF8.self),
                         stderr: String(decoding: err, as: UTF8.self), seconds: Date().timeIntervalSince(start))
}

/// Runs a program this package builds (`BuiltProducts`) to completion, off the cooperative pool.
public func runBuiltProgram(_ name: String, _ arguments: [String], stdin: Data? = nil,
                            environment: [String: String] = [:]) async throws -> ProgramResult {
    try await runProgram(BuiltProducts.path(name), arguments, stdin: stdin, environment: environment)
}

/// Runs `herald --home HOME ARGS…` to completion — starting no daemon unless `spawn`, never
/// reaching a socket or app named by the test process's environment — with `environment` added.
public func runHerald(_ arguments: [String], home: String, stdin: Data? = nil, spawn: Bool = false,
                      environment extra: [String: String] = [:]) async throws -> ProgramResult {
    var environment: [String: String] = [:]
    var unsetting = ["HERALD_SOCKET", "HERALD_APP"]
    if spawn { unsetting.append("HERALD_NO_SPAWN") } else { environment["HERALD_NO_SPAWN"] = "1" }
    environment.merge(extra) { $1 }
    return try await runProgram(BuiltProducts.path("herald"), ["--home", home] + arguments, stdin: stdin,
                                environment: environment, unsetting: unsetting.filter { extra[$0] == nil })
}
