internal import CImageCodecs
import HeraldSystem
import Foundation

/// PNG through libpng16's simplified API (`png_image_*`), loaded at run time.
enum PNGCodec {
    struct Functions: Sendable {
        let begin: herald_png_image_begin_read_from_memory_fn
        let finish: herald_png_image_finish_read_fn
        let free: herald_png_image_free_fn
    }

    /// The library's functions, or `nil` when libpng16 is not installed.
    static let functions: Functions? = {
        guard let library = (try? DynamicLibrary.load("libpng16.so.16")) ?? (try? DynamicLibrary.load("libpng16.so")),
              let begin = try? library.function("png_image_begin_read_from_memory",
                                           as: herald_png_image_begin_read_from_memory_fn.self),
              let finish = try? library.function("png_image_finish_read", as: herald_png_image_finish_read_fn.self),
              let free = try? library.function("png_image_free", as: herald_png_image_free_fn.self)
        else { return nil }
        return Functions(begin: begin, finish: finish, free: free)
    }()

    /// Decodes `data`; the header's size is checked against `limits` before the pixels are read.
    static func decode(_ data: Data, limits: ImageLimits) throws -> RGBAImage {
        guard let png = functions else { throw PreviewError.libraryMissing("libpng16 (libpng16-16)") }
        var image = herald_png_image()
        image.version = UInt32(HERALD_PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png.begin(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw PreviewError.corrupt(message(of: &image)) }
        do {
            try limits.check(width: Int(image.width), height: Int(image.height))
        } catch {
            png.free(&image)
            throw error
        }
        image.format = UInt32(HERALD_PNG_FORMAT_RGBA)
        let width = Int(image.width), height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = data.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { png.finish(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        }
        guard finished != 0 else {
            let text = message(of: &image)
            png.free(&image)
            throw PreviewError.corrupt(text)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func message(of image: inout herald_png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return readable(text)
    }

    /// libpng's message in words: it starts with the name of the chunk it was reading, with
    /// bytes that are not letters written as `[20]` — from a damaged file, noise
    /// ("[20]is[20]: invalid chunk type"). Such a name is left out; a real one ("IDAT") stays.
    static func readable(_ text: String) -> String {
        guard !text.isEmpty else { return "libpng could not read it" }
        guard let colon = text.range(of: ": ") else { return text }
        let chunk = text[..<colon.lowerBound]
        guard chunk.contains("["), chunk.count <= 16 else { return text }   // "IDAT: CRC error" stays
        return String(text[colon.upperBound...])
    }
}
