internal import CImageCodecs
import HeraldSystem
import Foundation

/// JPEG through the TurboJPEG API (`libturbojpeg.so.0`), loaded at run time. Large pictures
/// are decoded scaled down (1/2, 1/4, 1/8) when that brings them within the pixel limit; a
/// file with more scans than its size allows (`ImageLimits.scansAllowed`, counted by
/// `JPEGStructure`) is refused before decoding, and libturbojpeg 2.1 and later stop past 500
/// scans themselves (`TJFLAG_LIMITSCANS`; earlier versions ignore the flag).
enum JPEGCodec {
    struct Functions: Sendable {
        let initDecompress: herald_tj_init_fn
        let initCompress: herald_tj_init_fn
        let destroy: herald_tj_destroy_fn
        let header: herald_tj_decompress_header3_fn
        let decompress: herald_tj_decompress2_fn
        let compress: herald_tj_compress2_fn
        let errorString: herald_tj_get_error_str2_fn
        let free: herald_tj_free_fn
    }

    /// The library's functions, or `nil` when libturbojpeg is not installed.
    static let functions: Functions? = {
        guard let library = (try? DynamicLibrary.load("libturbojpeg.so.0")) ?? (try? DynamicLibrary.load("libturbojpeg.so")),
              let initDecompress = try? library.function("tjInitDecompress", as: herald_tj_init_fn.self),
              let initCompress = try? library.function("tjInitCompress", as: herald_tj_init_fn.self),
              let destroy = try? library.function("tjDestroy", as: herald_tj_destroy_fn.self),
              let header = try? library.function("tjDecompressHeader3", as: herald_tj_decompress_header3_fn.self),
              let decompress = try? library.function("tjDecompress2", as: herald_tj_decompress2_fn.self),
              let compress = try? library.function("tjCompress2", as: herald_tj_compress2_fn.self),
              let errorString = try? library.function("tjGetErrorStr2", as: herald_tj_get_error_str2_fn.self),
              let free = try? library.function("tjFree", as: herald_tj_free_fn.self)
        else { return nil }
        return Functions(initDecompress: initDecompress, initCompress: initCompress, destroy: destroy,
                         header: header, decompress: decompress, compress: compress, errorString: errorString,
                         free: free)
    }()

    static func decode(_ data: Data, limits: ImageLimits) throws -> RGBAImage {
        guard let tj = functions else { throw PreviewError.libraryMissing("libturbojpeg (libturbojpeg0)") }
        guard let handle = tj.initDecompress() else { throw PreviewError.corrupt("tjInitDecompress failed") }
        defer { _ = tj.destroy(handle) }
        return try data.withUnsafeBytes { raw -> RGBAImage in
            let bytes = raw.bindMemory(to: UInt8.self)
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tj.header(handle, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0
            else { throw PreviewError.corrupt(errorText(tj, handle)) }
            guard width > 0, height > 0, Int(width) <= 65_535, Int(height) <= 65_535 else {
                throw PreviewError.corrupt("empty image (\(width)×\(height))")
            }
            // The smallest of 1/1, 1/2, 1/4, 1/8 that fits; a bigger picture is refused.
            var scaled = (Int(width), Int(height))
            for denominator in [1, 2, 4, 8] {
                scaled = ((Int(width) + denominator - 1) / denominator, (Int(height) + denominator - 1) / denominator)
                if scaled.0 * scaled.1 <= limits.maxPixels && max(scaled.0, scaled.1) <= limits.maxDimension { break }
            }
            guard scaled.0 * scaled.1 <= limits.maxPixels, max(scaled.0, scaled.1) <= limits.maxDimension else {
                throw PreviewError.tooLarge(width: Int(width), height: Int(height), limit: limits.maxPixels)
            }
            // Each scan is a pass over the whole picture: count them before decoding any.
            let scansAllowed = limits.scansAllowed(width: Int(width), height: Int(height))
            guard JPEGStructure(bytes, stopAfterScans: scansAllowed).scans <= scansAllowed else {
                throw PreviewError.tooManyScans(width: Int(width), height: Int(height), limit: scansAllowed)
            }
            var pixels = [UInt8](repeating: 0, count: scaled.0 * scaled.1 * 4)
            let result = pixels.withUnsafeMutableBufferPointer { out in
                tj.decompress(handle, bytes.baseAddress, UInt(bytes.count), out.baseAddress, Int32(scaled.0), 0,
                              Int32(scaled.1), Int32(HERALD_TJPF_RGBA), Int32(HERALD_TJFLAG_LIMITSCANS))
            }
            guard result == 0 else { throw PreviewError.corrupt(errorText(tj, handle)) }
            return RGBAImage(width: scaled.0, height: scaled.1, pixels: pixels)
        }
    }

    /// Encodes pixels as a baseline (or progressive) JPEG (4:4:4); for test fixtures and the benchmark.
    static func encode(_ image: RGBAImage, quality: Int = 90, progressive: Bool = false) throws -> Data {
        guard let tj = functions else { throw PreviewError.libraryMissing("libturbojpeg (libturbojpeg0)") }
        guard let handle = tj.initCompress() else { throw PreviewError.corrupt("tjInitCompress failed") }
        defer { _ = tj.destroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let result = image.pixels.withUnsafeBufferPointer { pixels in
            tj.compress(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(HERALD_TJPF_RGBA),
                        &output, &size, Int32(HERALD_TJSAMP_444), Int32(quality),
                        progressive ? Int32(HERALD_TJFLAG_PROGRESSIVE) : 0)
        }
        defer { if let output { tj.free(output) } }
        guard result == 0, let output else { throw PreviewError.corrupt(errorText(tj, handle)) }
        return Data(bytes: output, count: Int(size))
    }

    private static func errorText(_ tj: Functions, _ handle: UnsafeMutableRawPointer) -> String {
        guard let text = tj.errorString(handle) else { return "libturbojpeg could not read it" }
        return String(cString: text)
    }
}
