import Foundation
@testable import HeraldCore
import Testing

/// The reader's strings step over plain ASCII eight bytes at a time: whatever stands at any
/// position of a string (a quote's escape, a backslash, a control character, non-ASCII, a
/// surrogate pair), near the edges of those eight-byte steps or not, the reader reads what
/// `JSONDecoder` reads, and refuses what it refuses.
@Suite struct JSONReaderStringTests {
    static let pieces = [#"\""#, #"\\"#, #"\n"#, #"\/"#, #"\u00e9"#, #"\ud83d\ude00"#, "é", "😀", "\u{7F}", "~",
                         "\u{01}", "\u{1F}", "\t"]

    /// `{"k":"…"}` with `piece` after `offset` ASCII letters, and some after it.
    static func line(_ piece: String, at offset: Int, tail: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let before = String((0..<offset).map { letters[$0 % 26] })
        let after = String((0..<tail).map { letters[($0 + 7) % 26] })
        return #"{"k":""# + before + piece + after + #""}"#
    }

    /// The value as the reader reads it (`string()`), or `nil` when it leaves it to the decoder.
    static func readerString(_ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            guard let members = JSONReader.members(ofObjectIn: raw, range: 0..<raw.count), members.count == 1 else {
                return nil
            }
            var reader = JSONReader(bytes: raw, range: members[0].value, dates: .secondsSince1970)
            return try? reader.string()
        }
    }

    @Test("every piece at every offset reads as the decoder reads it", arguments: pieces)
    func pieceAtEveryOffset(_ piece: String) throws {
        for offset in 0..<20 {
            for tail in [0, 1, 7, 8, 9] {
                let data = Data(Self.line(piece, at: offset, tail: tail).utf8)
                let decoded = (try? JSONDecoder().decode([String: String].self, from: data))?["k"]
                #expect(Self.readerString(data) == decoded, "\(piece.debugDescription) at \(offset), \(tail) after")
            }
        }
    }

    @Test("a string that does not end is refused at any length")
    func unterminated() {
        for length in 0..<20 {
            let text = #"{"k":""# + String(repeating: "x", count: length)
            #expect(JSONReader.members(ofObjectIn: Data(text.utf8)) == nil)
        }
    }

    @Test("invalid UTF-8 past the first eight bytes is refused")
    func invalidUTF8Late() {
        for offset in 0..<20 {
            var bytes = Array(#"{"k":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: offset)
            bytes += [0xFF, 0xFE] + Array(repeating: UInt8(ascii: "b"), count: 9) + Array(#""}"#.utf8)
            #expect(JSONReader.members(ofObjectIn: Data(bytes)) == nil, "at \(offset)")
            #expect(Self.readerString(Data(bytes)) == nil)
        }
    }

    @Test("a key is read only when it is plain ASCII, whatever its length and wherever the rest stands")
    func keys() {
        for length in 0..<20 {
            let plain = String(repeating: "k", count: length)
            let line = Data((#"{""# + plain + #"":1}"#).utf8)
            #expect(JSONReader.members(ofObjectIn: line)?.first?.key.count == length)
            for offset in 0...length {
                for piece in ["é", #"\n"#, "\u{01}"] {
                    var key = plain
                    key.insert(contentsOf: piece, at: key.index(key.startIndex, offsetBy: offset))
                    #expect(JSONReader.members(ofObjectIn: Data((#"{""# + key + #"":1}"#).utf8)) == nil,
                            "\(piece.debugDescription) at \(offset) of \(length)")
                }
            }
        }
    }
}
