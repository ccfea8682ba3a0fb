import Foundation
import HeraldCore
import Testing
import TestSupport

/// A configuration file saved on Windows (CRLF line ends, often a byte-order mark first) or an
/// old Mac (CR) reads as the same file with LF: every section, key, value and line number.
@Suite struct ConfigFileLineEndTests {
    static let lines = ["# Herald", "[banners]", "max = 2          # two at a time", "", "[rule \"quiet CI\"]",
                        "app = ci", "title = *passed*", "mute = yes"]

    @Test(arguments: ["\r\n", "\r", "\n"])
    func aFileReadsTheSameWhateverItsLineEnds(lineEnd: String) throws {
        let directory = try TemporaryDirectory("herald-config")
        defer { directory.remove() }
        let path = directory.path + "/config"
        let bom = lineEnd == "\r\n" ? "\u{FEFF}" : ""
        try Data((bom + Self.lines.joined(separator: lineEnd) + lineEnd).utf8).write(to: URL(fileURLWithPath: path))
        let file = ConfigFile.load(path: path)
        #expect(file == ConfigFile.parse(Self.lines.joined(separator: "\n")))
        #expect(file.errors.isEmpty, "\(file.errors)")
        try #require(file.sections.map(\.name) == ["banners", "rule"])
        #expect(file.sections[0].entries.map(\.value) == ["2"])
        #expect(file.sections[1].entries.map(\.value) == ["ci", "*passed*", "yes"])
        #expect(file.sections[1].entries.map(\.line) == [6, 7, 8])
    }

    @Test func linesEndInLFCRLFOrCR() {
        #expect(ConfigFile.lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"])
        #expect(ConfigFile.lines("\u{FEFF}secret\r\n") == ["secret", ""])
    }
}
