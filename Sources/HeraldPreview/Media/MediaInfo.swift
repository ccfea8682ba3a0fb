import Foundation

/// What the detail pane says about a sound or movie attachment: its format in words and,
/// where the header tells it cheaply, its duration (WAV, AIFF, MP3, MPEG-4 `mvhd`, AVI `avih`).
/// Reads at most a few kilobytes of the file; a damaged header just means no duration.
///
/// ```swift
/// let info = MediaInfo.read(path: "/tmp/chime.wav", type: "com.microsoft.waveform-audio")
/// info.summary   // "WAVE audio · 0:03"
/// ```
public struct MediaInfo: Sendable, Hashable {
    /// The format in words ("MP3 audio", "MPEG-4 movie").
    public var format: String
    /// Seconds, when the header says.
    public var duration: Double?

    public init(format: String, duration: Double? = nil) {
        self.format = format
        self.duration = duration
    }

    /// "MP3 audio · 3:25" (or the format alone).
    public var summary: String {
        // (A header may claim any length: past 100,000 hours it is taken as unknown.)
        guard let duration, duration.isFinite, duration >= 0, duration < 360_000_000 else { return format }
        return "\(format) · \(Self.clock(duration))"
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    public static func clock(_ seconds: Double) -> String {
        let total = seconds > 0 ? Int(min(seconds, 1e12).rounded()) : 0   // (NaN and ∞ included: never a trap)
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
        return "\(m):\(ss)"
    }

    /// Reads the header of the file at `path` of uniform type `type`.
    public static func read(path: String, type: String) -> MediaInfo {
        let format = formatNames[type] ?? type
        guard let file = MediaFile(path: path) else { return MediaInfo(format: format) }
        let duration: Double?
        switch type {
        case "com.microsoft.waveform-audio": duration = file.waveDuration()
        case "public.aiff-audio", "public.aifc-audio": duration = file.aiffDuration()
        case "public.mp3": duration = file.mp3Duration()
        case "public.mpeg-4", "public.mpeg-4-audio", "com.apple.m4a-audio", "com.apple.m4v-video", "public.movie":
            duration = file.mp4Duration()
        case "public.avi": duration = file.aviDuration()
        default: duration = nil
        }
        return MediaInfo(format: format, duration: duration)
    }

    /// The format of a uniform type in words ("PNG image", "MP3 audio"); the type itself when
    /// it has no name here.
    public static func formatName(of type: String) -> String { formatNames[type] ?? type }

    static let formatNames: [String: String] = [
        "com.microsoft.waveform-audio": "WAVE audio", "public.aiff-audio": "AIFF audio", "public.aifc-audio": "AIFF-C audio",
        "public.mp3": "MP3 audio", "public.mpeg-4-audio": "MPEG-4 audio", "com.apple.m4a-audio": "MPEG-4 audio",
        "public.mpeg-4": "MPEG-4 movie", "com.apple.m4v-video": "MPEG-4 movie", "public.movie": "QuickTime movie",
        "public.mpeg": "MPEG movie", "public.mpeg-2-video": "MPEG-2 movie", "public.avi": "AVI movie",
        "public.png": "PNG image", "public.jpeg": "JPEG image", "com.compuserve.gif": "GIF image",
    ]
}
