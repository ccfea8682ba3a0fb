import Foundation
import HeraldCore

/// Finds the file behind a freedesktop icon-theme name (`dialog-information`, `firefox`), as
/// the Icon Theme Specification does, with bounded work: the default theme (`icons/default`,
/// which a distribution points at its theme), the themes it inherits, then `hicolor`, each in
/// `$XDG_DATA_HOME/icons`, `~/.icons` and every `$XDG_DATA_DIRS/icons`; then the `pixmaps`
/// folders. Only PNG files count (Herald's attachments are PNG, JPEG or GIF; themes' SVGs are
/// skipped), the largest size up to 256 px first. Answers, found or not, are remembered.
///
/// ```swift
/// var icons = IconThemeLookup(environment: ProcessInfo.processInfo.environment)
/// icons.file(named: "dialog-information")   // …/icons/Adwaita/48x48/legacy/dialog-information.png
/// ```
struct IconThemeLookup {
    /// Sizes above this are not used (a terminal picture needs far less).
    static let maximumSize = 256
    /// Themes followed through `Inherits=` (a loop or a long chain stops here).
    static let themeLimit = 8
    /// Files looked for per name, at most.
    static let probeLimit = 2048
    /// Names remembered, at most (then the memory starts again).
    static let cacheLimit = 256
    /// An `index.theme` larger than this is not read.
    static let indexSizeLimit = 1 << 20

    /// Where `icons/` folders are, in the order searched.
    let baseDirectories: [URL]
    /// Where `pixmaps/` folders are, last resort.
    let pixmapDirectories: [URL]
    private var themes: [Theme]?
    private var cache: [String: URL?] = [:]

    /// One theme: the base folders that have it, and its sized folders with PNG icons, largest
    /// first (e.g. `48x48/apps`).
    struct Theme {
        var roots: [URL]
        var directories: [String]
    }

    init(environment: [String: String]) {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? home?.appendingPathComponent(".local/share")
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        baseDirectories = [dataHome?.appendingPathComponent("icons"), home?.appendingPathComponent(".icons")].compactMap { $0 }
            + dataDirs.map { $0.appendingPathComponent("icons") }
        pixmapDirectories = dataDirs.map { $0.appendingPathComponent("pixmaps") }
            + (dataDirs.contains { $0.path == "/usr/share" } ? [] : [URL(fileURLWithPath: "/usr/share/pixmaps")])
    }

    /// Whether `reference` can be an icon name (not a path, nothing that climbs out of a folder).
    static func isIconName(_ reference: String) -> Bool {
        guard (1...255).contains(reference.utf8.count), !reference.hasPrefix(".") else { return false }
        return reference.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.+".unicodeScalars.contains($0)
        }
    }

    /// The PNG file for an icon name, or `nil` (not a name, or no theme has it as a PNG).
    mutating func file(named name: String) -> URL? {
        guard Self.isIconName(name) else { return nil }
        if let known = cache[name] { return known }
        let found = search(name)
        if cache.count >= Self.cacheLimit { cache = [:] }
        cache[name] = found
        return found
    }

    private mutating func search(_ name: String) -> URL? {
        if themes == nil { themes = loadThemes() }
        let files = name.hasSuffix("-symbolic") ? ["\(name).png", "\(name).symbolic.png"] : ["\(name).png"]
        var probes = 0
        for theme in themes ?? [] {
            for root in theme.roots {
                for directory in theme.directories {
                    for file in files {
                        probes += 1
                        guard probes <= Self.probeLimit else { return nil }
                        let candidate = root.appendingPathComponent(directory).appendingPathComponent(file)
                        if Self.isRegularFile(candidate) { return candidate }
                    }
                }
            }
        }
        for directory in pixmapDirectories {
            let candidate = directory.appendingPathComponent("\(name).png")
            if Self.isRegularFile(candidate) { return candidate }
        }
        return nil
    }

    /// The default theme, what it inherits (breadth first), then hicolor.
    private func loadThemes() -> [Theme] {
        var result: [Theme] = []
        var queue = ["default"]
        var seen: Set<String> = []
        while let name = queue.first, result.count < Self.themeLimit {
            queue.removeFirst()
            guard seen.insert(name).inserted, let index = readIndex(of: name) else { continue }
            result.append(Theme(roots: roots(of: name), directories: Self.pngDirectories(index.directories)))
            queue += index.inherits.filter { $0 != "hicolor" }
        }
        if !seen.contains("hicolor"), let index = readIndex(of: "hicolor") {
            result.append(Theme(roots: roots(of: "hicolor"), directories: Self.pngDirectories(index.directories)))
        }
        return result
    }

    /// The base folders that have a folder for `theme`.
    private func roots(of theme: String) -> [URL] {
        baseDirectories.map { $0.appendingPathComponent(theme) }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// `Directories=` and `Inherits=` of the first `index.theme` of `theme` in the base folders.
    private func readIndex(of theme: String) -> (directories: [String], inherits: [String])? {
        for base in baseDirectories {
            let file = base.appendingPathComponent(theme).appendingPathComponent("index.theme")
            guard let data = try? UntrustedFile.read(file.path, limit: Int64(Self.indexSizeLimit)),
                  let text = String(data: data, encoding: .utf8) else { continue }
            var directories: [String] = []
            var inherits: [String] = []
            var inHeader = false
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("[") { inHeader = trimmed == "[Icon Theme]"; continue }
                guard inHeader, let equals = trimmed.firstIndex(of: "=") else { continue }
                let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
                let values = trimmed[trimmed.index(after: equals)...].split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                if key == "Directories" { directories = values }
                if key == "Inherits" { inherits = values }
            }
            return (directories, inherits)
        }
        return nil
    }

    /// The folders of fixed-size icons (`48x48/apps`, `16x16@2/apps`) up to `maximumSize`,
    /// largest first; scalable (SVG) and symbolic folders are left out.
    static func pngDirectories(_ directories: [String]) -> [String] {
        let sized: [(directory: String, size: Int)] = directories.compactMap { directory in
            guard !directory.contains(".."), !directory.hasPrefix("/") else { return nil }
            let first = directory.split(separator: "/").first.map(String.init) ?? ""
            let parts = first.split(separator: "@")
            guard let side = parts.first?.split(separator: "x").first.flatMap({ Int($0) }) else { return nil }
            let scale = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
            let (size, overflow) = side.multipliedReportingOverflow(by: scale)
            return !overflow && size <= maximumSize ? (directory, size) : nil
        }
        return sized.enumerated().sorted { ($0.element.size, -$0.offset) > ($1.element.size, -$1.offset) }
            .map(\.element.directory)
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
