import Foundation
import HeraldStore

/// `herald-bench`: measures Herald's hot paths, prints a table, and with `--json FILE` writes
/// the figures as one JSON object. See `BenchOptions.usage`.
if CommandLine.arguments.dropFirst().first == "stress" {
    do {
        exit(try await StressCommand.parse(Array(CommandLine.arguments.dropFirst(2))).run())
    } catch is BenchHelpRequested {
        print(StressCommand.usage)
        exit(0)
    } catch let error as BenchUsageError {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    } catch {
        FileHandle.standardError.write(Data("herald-bench stress: \(error)\n".utf8))
        exit(1)
    }
}

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch is BenchHelpRequested {
    print(BenchOptions.usage)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

let report = Report()
let scratch = options.scratch ?? FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { if options.scratch == nil { try? FileManager.default.removeItem(at: scratch) } }
let started = Measure.now()
func stage(_ name: String) {
    FileHandle.standardError.write(Data(String(format: "[%6.1f s] %@\n", Double(Measure.now() - started) / 1e9, name).utf8))
}

do {
    if options.runs("engine") { stage("engine"); try await EngineBenchmarks.run(options, report: report) }
    if options.runs("calendar") { stage("calendar"); CalendarBenchmarks.run(options, report: report) }
    if options.runs("ui") { stage("ui"); UIBenchmarks.run(options, report: report) }
    if options.runs("preview") { stage("preview"); PreviewBenchmarks.run(options, scratch: scratch, report: report) }
    var history: (home: HeraldHome, rows: Int)?
    if options.runs("store") { stage("store"); history = try StoreBenchmarks.run(options, scratch: scratch, report: report) }
    if options.runs("codec") { stage("codec"); try WireCodecBenchmarks.run(options, report: report) }
    if options.runs("socket") {
        stage("socket")
        try await SocketBenchmarks.run(options, scratch: scratch, history: history, report: report)
    }
    if options.only.contains("post") && !options.runs("socket") {
        stage("post")
        try await SocketBenchmarks.run(options, scratch: scratch, history: nil, postsOnly: true, report: report)
    }
    if options.runs("broker") { stage("broker"); try await BrokerBenchmarks.run(options, scratch: scratch, report: report) }
    if options.runs("idle") { stage("idle"); try await IdleBenchmarks.run(options, scratch: scratch, report: report) }
    // Only when asked for (`--only startup`): the socket group measures the same figures.
    if options.only.contains("startup") {
        stage("startup")
        try await StartupBenchmarks.run(options, scratch: scratch, report: report)
    }
    // Only when asked for (`--only dbus`): it starts dbus-daemon, Xvfb and dunst, and a release
    // run has been seen to hang (see docs/PERFORMANCE.md).
    if options.only.contains("dbus") { stage("dbus"); try await DBusBenchmarks.run(options, scratch: scratch, report: report) }
} catch {
    FileHandle.standardError.write(Data("herald-bench: \(error)\n".utf8))
    exit(1)
}
stage("done")
print(report.render())
print(String(format: "total time: %.1f s%@", Double(Measure.now() - started) / 1e9, options.quick ? " (--quick)" : ""))
if let path = options.jsonPath {
    do {
        try report.writeJSON(to: path)
    } catch {
        FileHandle.standardError.write(Data("herald-bench: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}
