// Checks that the module picture cannot drift (run by scripts/check-imports.sh, from .ci/run):
//
// 1. every `import` of a package module is a dependency Package.swift declares for that target,
//    and every dependency a source target declares is imported somewhere in it;
// 2. the module tables between `module-graph:begin` and `module-graph:end` in Package.swift and
//    docs/ARCHITECTURE.md list exactly the targets under Sources/ and their declared
//    dependencies;
// 3. the house rules: apps link the client, never the daemon, the store or the UI; the curses
//    backend depends on TerminalKit and its C shim only; the support targets under
//    Sources/Harness/ are linked by tests and herald-bench only, never by herald, and no
//    executable depends on a target under Tests/; processes are spawned only in HeraldSystem
//    (no Foundation `Process(` anywhere else).
//
// Input on stdin: `swift package describe --type json`. Arguments: the package root, then
// optionally `--closure TARGET` to print that target's dependency closure instead.
import Foundation

struct Target {
    var name: String
    var path: String
    var type: String
    var sources: [String]
    var dependencies: [String]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("check-imports: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard let root = arguments.first else { fail("usage: check-imports.swift ROOT [--closure TARGET] < describe.json") }
let input = FileHandle.standardInput.readDataToEndOfFile()
guard let json = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
      let rawTargets = json["targets"] as? [[String: Any]] else {
    fail("stdin is not the output of `swift package describe --type json`")
}
let targets: [String: Target] = Dictionary(uniqueKeysWithValues: rawTargets.map { raw in
    let target = Target(name: raw["name"] as? String ?? "", path: raw["path"] as? String ?? "",
                        type: raw["type"] as? String ?? "", sources: raw["sources"] as? [String] ?? [],
                        dependencies: raw["target_dependencies"] as? [String] ?? [])
    return (target.name, target)
})

/// Every target `name` depends on, directly or not.
func closure(of name: String) -> Set<String> {
    var seen = Set<String>()
    var stack = targets[name]?.dependencies ?? []
    while let next = stack.popLast() {
        guard seen.insert(next).inserted else { continue }
        stack += targets[next]?.dependencies ?? []
    }
    return seen
}

if let flag = arguments.dropFirst().first, flag == "--closure", let name = arguments.dropFirst(2).first {
    guard targets[name] != nil else { fail("no target \(name)") }
    print("\(name) links: \(closure(of: name).sorted().joined(separator: ", "))")
    exit(0)
}

var problems: [String] = []
let importPattern = try! NSRegularExpression(
    pattern: #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#,
    options: [.anchorsMatchLines])

// 1. Imports against declared dependencies.
for target in targets.values.sorted(by: { $0.name < $1.name }) where target.type != "system-target" {
    var imported = Set<String>()
    for source in target.sources where source.hasSuffix(".swift") {
        let file = "\(target.path)/\(source)"
        guard let text = try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8) else { continue }
        let range = NSRange(text.startIndex..., in: text)
        for match in importPattern.matches(in: text, range: range) {
            guard let nameRange = Range(match.range(at: 1), in: text) else { continue }
            let module = String(text[nameRange])
            guard targets[module] != nil, module != target.name else { continue }
            imported.insert(module)
            if !target.dependencies.contains(module) {
                problems.append("\(file) imports \(module), which Package.swift does not list among \(target.name)'s dependencies")
            }
        }
    }
    if target.path.hasPrefix("Sources/") {
        for dependency in target.dependencies where !imported.contains(dependency) {
            problems.append("\(target.name) declares a dependency on \(dependency) but imports it nowhere")
        }
    }
}

// 2. The module tables.
let sourceTargets = targets.values.filter { $0.path.hasPrefix("Sources/") }
let expected = Dictionary(uniqueKeysWithValues: sourceTargets.map { ($0.name, Set($0.dependencies)) })
for document in ["Package.swift", "docs/ARCHITECTURE.md"] {
    guard let text = try? String(contentsOfFile: "\(root)/\(document)", encoding: .utf8) else {
        problems.append("\(document) cannot be read"); continue
    }
    var inTable = false
    var listed: [String: Set<String>] = [:]
    var last: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.contains("module-graph:begin") { inTable = true; continue }
        if line.contains("module-graph:end") { inTable = false; continue }
        guard inTable else { continue }
        var body = line.trimmingCharacters(in: .whitespaces)
        while body.hasPrefix("/") { body.removeFirst() }
        // Dependencies: names separated by commas or spaces; "—" and "(notes)" are not names.
        func names(_ text: String) -> [String] {
            text.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
                .split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                .filter { $0 != "—" && !$0.contains("`") && !$0.isEmpty }
        }
        let parts = body.components(separatedBy: "─▶")
        if parts.count == 1, let last, !names(body).isEmpty {
            listed[last, default: []].formUnion(names(body))   // a continuation line
            continue
        }
        guard parts.count == 2 else { continue }
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        if listed[name] != nil { problems.append("\(document): \(name) is listed twice") }
        listed[name] = Set(names(parts[1]))
        last = name
    }
    if listed.isEmpty { problems.append("\(document) has no module table between module-graph:begin and module-graph:end") }
    for (name, dependencies) in expected.sorted(by: { $0.key < $1.key }) {
        guard let documented = listed[name] else {
            if !listed.isEmpty { problems.append("\(document): the module table leaves out \(name)") }
            continue
        }
        if documented != dependencies {
            let missing = dependencies.subtracting(documented).sorted(), extra = documented.subtracting(dependencies).sorted()
            problems.append("\(document): \(name) ─▶ differs from Package.swift"
                            + (missing.isEmpty ? "" : " (missing \(missing.joined(separator: ", ")))")
                            + (extra.isEmpty ? "" : " (not a dependency: \(extra.joined(separator: ", ")))"))
        }
    }
    for name in listed.keys.sorted() where expected[name] == nil {
        problems.append("\(document): the module table lists \(name), which is not a target under Sources/")
    }
}

// 3. House rules.
let appClosure = closure(of: "UserNotifications")
for forbidden in ["HeraldDaemon", "HeraldStore", "HeraldUI", "CursesBackend", "TerminalKit"] where appClosure.contains(forbidden) {
    problems.append("UserNotifications links \(forbidden): apps link the client, never the daemon, the store or the UI")
}
if let curses = targets["CursesBackend"], !Set(curses.dependencies).isSubset(of: ["TerminalKit", "CNCurses"]) {
    problems.append("CursesBackend depends on \(curses.dependencies.joined(separator: ", ")): only TerminalKit and CNCurses are allowed")
}
let supportTargets = Set(targets.values.filter { $0.path.hasPrefix("Sources/Harness/") }.map(\.name))
for product in ["herald", "UserNotifications", "UserNotificationsTesting", "CoreLocation"] {
    for support in closure(of: product).intersection(supportTargets).sorted() {
        problems.append("\(product) links \(support): the support targets are for tests and herald-bench only")
    }
}
for target in targets.values.sorted(by: { $0.name < $1.name }) where target.type == "executable" {
    for dependency in closure(of: target.name).sorted() where targets[dependency]?.path.hasPrefix("Tests/") == true {
        problems.append("\(target.name) links \(dependency), a target under Tests/: executables link Sources/ only")
    }
}
let spawnPattern = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_])(?:Foundation\.)?Process\(\)"#)
for target in targets.values where target.name != "HeraldSystem" && target.type != "system-target" {
    for source in target.sources where source.hasSuffix(".swift") {
        let file = "\(target.path)/\(source)"
        guard let text = try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8) else { continue }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.components(separatedBy: "//").first ?? ""
            if spawnPattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                problems.append("\(file):\(number + 1): Foundation Process; spawn with HeraldSystem's ChildProcess")
            }
        }
    }
}

if problems.isEmpty {
    print("check-imports: \(targets.count) targets; imports, module tables and house rules agree")
} else {
    for problem in problems { print("check-imports: \(problem)") }
    exit(1)
}
