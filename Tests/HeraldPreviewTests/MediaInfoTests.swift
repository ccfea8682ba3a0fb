import Foundation
import HeraldPreview
import Testing
import TestSupport

/// Durations from the headers of files the tests write byte by byte.
@Suite struct MediaInfoTests {
    static func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func be(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
    static func tag(_ text: String) -> [UInt8] { Array(text.utf8) }

    func info(_ bytes: [UInt8], _ name: String, _ type: String) throws -> MediaInfo {
        let directory = try TemporaryDirectory("herald-media")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return MediaInfo.read(path: path, type: type)
    }

    @Test func wave() throws {
        // 8 kHz, mono, 16-bit: 16,000 bytes a second; 48,000 bytes of data = 3 s.
        let fmt = Self.le16(1) + Self.le16(1) + Self.le(8_000) + Self.le(16_000) + Self.le16(2) + Self.le16(16)
        let data = [UInt8](repeating: 0, count: 48_000)
        let body = Self.tag("WAVE") + Self.tag("fmt ") + Self.le(16) + fmt + Self.tag("data") + Self.le(48_000) + data
        let info = try info(Self.tag("RIFF") + Self.le(UInt32(body.count)) + body, "chime.wav", "com.microsoft.waveform-audio")
        #expect(info.summary == "WAVE audio · 0:03")
    }

    @Test func aiff() throws {
        // 44,100 Hz as an 80-bit float: exponent 16383 + 15, mantissa 44100 << 48.
        let rate: [UInt8] = [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]
        let comm = [0, 1] + Self.be(44_100 * 75) + [0, 16] + rate
        let body = Self.tag("AIFF") + Self.tag("COMM") + Self.be(18) + comm
        let info = try info(Self.tag("FORM") + Self.be(UInt32(body.count)) + body, "song.aiff", "public.aiff-audio")
        #expect(info.summary == "AIFF audio · 1:15")
    }

    @Test func mpeg4() throws {
        // mvhd version 0: time scale 600, duration 600 × 3,723 (1:02:03).
        let mvhd = [0, 0, 0, 0] + Self.be(0) + Self.be(0) + Self.be(600) + Self.be(600 * 3_723) + [UInt8](repeating: 0, count: 80)
        let moov = Self.be(UInt32(8 + 8 + mvhd.count)) + Self.tag("moov") + Self.be(UInt32(8 + mvhd.count)) + Self.tag("mvhd") + mvhd
        let ftyp = Self.be(16) + Self.tag("ftyp") + Self.tag("isom") + Self.be(0)
        let mdat = Self.be(8 + 100) + Self.tag("mdat") + [UInt8](repeating: 0, count: 100)
        let info = try info(ftyp + mdat + moov, "clip.mp4", "public.mpeg-4")   // moov at the end, as cameras write it
        #expect(info.summary == "MPEG-4 movie · 1:02:03")
    }

    @Test func mp3ConstantBitRate() throws {
        // ID3v2 tag of 20 bytes, then MPEG-1 Layer III, 128 kbit/s, 44.1 kHz frames: 16,000 bytes a second.
        let id3 = Self.tag("ID3") + [4, 0, 0, 0, 0, 0, 20] + [UInt8](repeating: 0, count: 20)
        let frame: [UInt8] = [0xFF, 0xFB, 0x90, 0x00]
        let audio = frame + [UInt8](repeating: 0, count: 16_000 * 5 - 4)
        let info = try info(id3 + audio, "voice.mp3", "public.mp3")
        #expect(info.summary == "MP3 audio · 0:05")
    }

    @Test func avi() throws {
        let avih = Self.tag("avih") + Self.le(56) + Self.le(40_000) + Self.le(0) + Self.le(0) + Self.le(0) + Self.le(25 * 90)
            + [UInt8](repeating: 0, count: 36)
        let list = Self.tag("LIST") + Self.le(UInt32(4 + avih.count)) + Self.tag("hdrl") + avih
        let body = Self.tag("AVI ") + list
        let info = try info(Self.tag("RIFF") + Self.le(UInt32(body.count)) + body, "old.avi", "public.avi")
        #expect(info.summary == "AVI movie · 1:30")
    }

    @Test func brokenOrUnknownHeadersGiveNoDuration() throws {
        #expect(try info(Self.tag("RIFF") + [1, 2], "cut.wav", "com.microsoft.waveform-audio").summary == "WAVE audio")
        #expect(try info([UInt8](repeating: 7, count: 64), "junk.mp4", "public.mpeg-4").summary == "MPEG-4 movie")
        #expect(try info([0, 0, 1, 0xBA], "film.mpg", "public.mpeg").summary == "MPEG movie")
        #expect(MediaInfo.read(path: "/nonexistent.mp3", type: "public.mp3").summary == "MP3 audio")
    }
}
