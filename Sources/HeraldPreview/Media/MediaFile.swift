import Foundation
import HeraldCore

/// Random access to the start of a media file, and the header readers `MediaInfo` uses.
/// The file is opened as any file named by a notification is (`UntrustedFile`: a pipe or device
/// is refused without blocking).
struct MediaFile {
    let file: UntrustedFile
    let size: UInt64

    init?(path: String) {
        guard let file = try? UntrustedFile(opening: path) else { return nil }
        self.file = file
        size = UInt64(max(0, file.size))
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    func bytes(at offset: UInt64, count: Int) -> [UInt8] {
        guard offset < size, offset <= UInt64(Int64.max) else { return [] }
        return (try? file.bytes(at: Int64(offset), count: count)) ?? []
    }

    static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        guard i + 4 <= b.count else { return 0 }
        return UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        guard i + 4 <= b.count else { return 0 }
        return UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func be64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(be32(b, i)) << 32 | UInt64(be32(b, i + 4)) }

    static func tag(_ b: [UInt8], _ i: Int) -> String {
        guard i + 4 <= b.count else { return "" }
        return String(decoding: b[i..<i + 4], as: UTF8.self)
    }

    /// RIFF chunks after the 12-byte header: calls `visit(id, dataOffset, dataSize)` until it returns a value.
    func riffChunks<T>(from start: UInt64 = 12, _ visit: (String, UInt64, UInt32) -> T?) -> T? {
        var offset = start
        for _ in 0..<64 {
            let header = bytes(at: offset, count: 8)
            guard header.count == 8 else { return nil }
            let length = Self.le32(header, 4)
            if let found = visit(Self.tag(header, 0), offset + 8, length) { return found }
            offset += 8 + UInt64(length) + UInt64(length & 1)
        }
        return nil
    }

    /// WAV: the `data` chunk's size over the `fmt ` chunk's byte rate.
    func waveDuration() -> Double? {
        let head = bytes(at: 0, count: 12)
        guard Self.tag(head, 0) == "RIFF", Self.tag(head, 8) == "WAVE" else { return nil }
        var byteRate: UInt32 = 0
        return riffChunks { id, offset, length -> Double? in
            if id == "fmt " { byteRate = Self.le32(bytes(at: offset, count: 12), 8) }
            if id == "data", byteRate > 0 { return Double(min(UInt64(length), size - offset)) / Double(byteRate) }
            return nil
        }
    }

    /// AVI: microseconds per frame × frames, from the `avih` header inside `LIST hdrl`.
    func aviDuration() -> Double? {
        let head = bytes(at: 0, count: 12)
        guard Self.tag(head, 0) == "RIFF", Self.tag(head, 8) == "AVI " else { return nil }
        return riffChunks { id, offset, _ -> Double? in
            guard id == "LIST", Self.tag(bytes(at: offset, count: 4), 0) == "hdrl" else { return nil }
            let avih = bytes(at: offset + 4, count: 8 + 20)
            guard Self.tag(avih, 0) == "avih" else { return nil }
            let perFrame = Self.le32(avih, 8), frames = Self.le32(avih, 8 + 16)
            return Double(perFrame) * Double(frames) / 1_000_000
        }
    }

    /// AIFF: frames over the sample rate (an 80-bit float) in the `COMM` chunk.
    func aiffDuration() -> Double? {
        let head = bytes(at: 0, count: 12)
        guard Self.tag(head, 0) == "FORM", ["AIFF", "AIFC"].contains(Self.tag(head, 8)) else { return nil }
        var offset: UInt64 = 12
        for _ in 0..<64 {
            let chunk = bytes(at: offset, count: 8 + 18)
            guard chunk.count >= 8 else { return nil }
            let length = Self.be32(chunk, 4)
            if Self.tag(chunk, 0) == "COMM", chunk.count >= 26 {
                let frames = Self.be32(chunk, 10)
                let exponent = Int(UInt16(chunk[16] & 0x7F) << 8 | UInt16(chunk[17])) - 16_383 - 63
                let mantissa = Self.be64(chunk, 18)
                let rate = Double(mantissa) * pow(2, Double(exponent))
                return rate > 0 ? Double(frames) / rate : nil
            }
            offset += 8 + UInt64(length) + UInt64(length & 1)
        }
        return nil
    }

    /// MPEG-4 / QuickTime: `moov` → `mvhd`'s duration over its time scale.
    func mp4Duration() -> Double? {
        guard let moov = box("moov", from: 0, to: size) else { return nil }
        guard let mvhd = box("mvhd", from: moov.start, to: moov.end) else { return nil }
        let b = bytes(at: mvhd.start, count: 32)
        guard b.count >= 20 else { return nil }
        let (scale, duration): (UInt32, UInt64) = b[0] == 1
            ? (Self.be32(b, 20), Self.be64(b, 24)) : (Self.be32(b, 12), UInt64(Self.be32(b, 16)))
        return scale > 0 ? Double(duration) / Double(scale) : nil
    }

    /// The first box of type `type` between `from` and `to`: where its contents start and end.
    func box(_ type: String, from: UInt64, to: UInt64) -> (start: UInt64, end: UInt64)? {
        var offset = from
        for _ in 0..<256 where offset + 8 <= to {
            let header = bytes(at: offset, count: 16)
            guard header.count >= 8 else { return nil }
            var length = UInt64(Self.be32(header, 0)), headerSize: UInt64 = 8
            if length == 1 { length = Self.be64(header, 8); headerSize = 16 }
            if length == 0 { length = to - offset }
            guard length >= headerSize else { return nil }
            if Self.tag(header, 4) == type { return (offset + headerSize, min(to, offset + length)) }
            offset += length
        }
        return nil
    }

    /// MP3: after an ID3v2 tag, the first frame's header; the Xing/Info frame count when there
    /// is one (VBR), else the file size over the bit rate.
    func mp3Duration() -> Double? {
        var start: UInt64 = 0
        let id3 = bytes(at: 0, count: 10)
        if id3.count == 10, Self.tag(id3, 0).hasPrefix("ID3") {
            start = 10 + (UInt64(id3[6] & 0x7F) << 21 | UInt64(id3[7] & 0x7F) << 14 | UInt64(id3[8] & 0x7F) << 7
                          | UInt64(id3[9] & 0x7F))
        }
        let b = bytes(at: start, count: 4096)
        guard let i = (0..<max(0, b.count - 4)).first(where: { b[$0] == 0xFF && b[$0 + 1] & 0xE0 == 0xE0 }) else { return nil }
        let versionBits = (b[i + 1] >> 3) & 3, layerBits = (b[i + 1] >> 1) & 3
        let bitrateIndex = Int(b[i + 2] >> 4), rateIndex = Int((b[i + 2] >> 2) & 3)
        guard layerBits == 1, versionBits != 1, bitrateIndex > 0, bitrateIndex < 15, rateIndex < 3 else { return nil }   // Layer III
        let isMPEG1 = versionBits == 3
        let bitrates = isMPEG1 ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
                               : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        let baseRates = [44_100, 48_000, 32_000]
        let sampleRate = baseRates[rateIndex] / (versionBits == 3 ? 1 : versionBits == 2 ? 2 : 4)
        let samplesPerFrame = isMPEG1 ? 1152 : 576
        let mono = b[i + 3] >> 6 == 3
        let sideInfo = isMPEG1 ? (mono ? 17 : 32) : (mono ? 9 : 17)
        let xing = i + 4 + sideInfo
        if ["Xing", "Info"].contains(Self.tag(b, xing)), Self.be32(b, xing + 4) & 1 == 1 {
            let frames = Self.be32(b, xing + 8)
            return Double(frames) * Double(samplesPerFrame) / Double(sampleRate)
        }
        let audioBytes = size - start - UInt64(i)
        return Double(audioBytes) * 8 / Double(bitrates[bitrateIndex] * 1000)
    }
}
