internal import CImageCodecs
import HeraldSystem
import Foundation

/// GIF through giflib's low-level API (`libgif.so.7`), loaded at run time: only the first frame
/// is read, row by row, after its size is checked (giflib's `DGifSlurp` would allocate every
/// frame of an animation whatever its size).
enum GIFCodec {
    struct Functions: Sendable {
        let open: herald_dgif_open_fn
        let close: herald_dgif_close_file_fn
        let recordType: herald_dgif_get_record_type_fn
        let imageDesc: herald_dgif_get_image_desc_fn
        let line: herald_dgif_get_line_fn
        let extensionFirst: herald_dgif_get_extension_fn
        let extensionNext: herald_dgif_get_extension_next_fn
        let errorString: herald_gif_error_string_fn
        let encoder: Encoder?
    }

    /// giflib's writer (for test fixtures and the benchmark).
    struct Encoder: Sendable {
        let open: herald_egif_open_file_name_fn
        let screen: herald_egif_put_screen_desc_fn
        let image: herald_egif_put_image_desc_fn
        let line: herald_egif_put_line_fn
        let close: herald_egif_close_file_fn
        let makeMap: herald_gif_make_map_object_fn
        let freeMap: herald_gif_free_map_object_fn
    }

    /// The library's functions, or `nil` when giflib is not installed.
    static let functions: Functions? = {
        guard let library = (try? DynamicLibrary.load("libgif.so.7")) ?? (try? DynamicLibrary.load("libgif.so")),
              let open = try? library.function("DGifOpen", as: herald_dgif_open_fn.self),
              let close = try? library.function("DGifCloseFile", as: herald_dgif_close_file_fn.self),
              let recordType = try? library.function("DGifGetRecordType", as: herald_dgif_get_record_type_fn.self),
              let imageDesc = try? library.function("DGifGetImageDesc", as: herald_dgif_get_image_desc_fn.self),
              let line = try? library.function("DGifGetLine", as: herald_dgif_get_line_fn.self),
              let extensionFirst = try? library.function("DGifGetExtension", as: herald_dgif_get_extension_fn.self),
              let extensionNext = try? library.function("DGifGetExtensionNext", as: herald_dgif_get_extension_next_fn.self),
              let errorString = try? library.function("GifErrorString", as: herald_gif_error_string_fn.self)
        else { return nil }
        var encoder: Encoder?
        if let open = try? library.function("EGifOpenFileName", as: herald_egif_open_file_name_fn.self),
           let screen = try? library.function("EGifPutScreenDesc", as: herald_egif_put_screen_desc_fn.self),
           let image = try? library.function("EGifPutImageDesc", as: herald_egif_put_image_desc_fn.self),
           let line = try? library.function("EGifPutLine", as: herald_egif_put_line_fn.self),
           let close = try? library.function("EGifCloseFile", as: herald_egif_close_file_fn.self),
           let makeMap = try? library.function("GifMakeMapObject", as: herald_gif_make_map_object_fn.self),
           let freeMap = try? library.function("GifFreeMapObject", as: herald_gif_free_map_object_fn.self) {
            encoder = Encoder(open: open, screen: screen, image: image, line: line, close: close, makeMap: makeMap,
                              freeMap: freeMap)
        }
        return Functions(open: open, close: close, recordType: recordType, imageDesc: imageDesc, line: line,
                         extensionFirst: extensionFirst, extensionNext: extensionNext, errorString: errorString,
                         encoder: encoder)
    }()

    static func decode(_ data: Data, limits: ImageLimits) throws -> RGBAImage {
        guard let gif = functions else { throw PreviewError.libraryMissing("giflib (libgif7)") }
        return try data.withUnsafeBytes { raw -> RGBAImage in
            var memory = herald_gif_memory(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count, offset: 0)
            return try withUnsafeMutablePointer(to: &memory) { memoryPointer -> RGBAImage in
                var error: Int32 = 0
                guard let file = gif.open(memoryPointer, herald_gif_memory_reader(), &error) else {
                    throw PreviewError.corrupt(text(gif, error))
                }
                defer { _ = gif.close(file, &error) }
                return try firstFrame(gif, file, limits: limits)
            }
        }
    }

    private static func firstFrame(_ gif: Functions, _ file: UnsafeMutablePointer<herald_gif_file>,
                                   limits: ImageLimits) throws -> RGBAImage {
        let width = Int(file.pointee.screen_width), height = Int(file.pointee.screen_height)
        try limits.check(width: width, height: height)
        var transparent: Int?
        while true {
            var type: Int32 = 0
            guard gif.recordType(file, &type) == HERALD_GIF_OK else { throw PreviewError.corrupt(text(gif, file.pointee.error)) }
            switch type {
            case Int32(HERALD_GIF_EXTENSION_RECORD):
                var code: Int32 = 0
                var block: UnsafeMutablePointer<UInt8>?
                guard gif.extensionFirst(file, &code, &block) == HERALD_GIF_OK else {
                    throw PreviewError.corrupt(text(gif, file.pointee.error))
                }
                if code == HERALD_GIF_GRAPHICS_EXTENSION, let block, block[0] >= 4, block[1] & 1 == 1 {
                    transparent = Int(block[4])
                }
                while block != nil {
                    guard gif.extensionNext(file, &block) == HERALD_GIF_OK else {
                        throw PreviewError.corrupt(text(gif, file.pointee.error))
                    }
                }
            case Int32(HERALD_GIF_IMAGE_DESC_RECORD):
                guard gif.imageDesc(file) == HERALD_GIF_OK else { throw PreviewError.corrupt(text(gif, file.pointee.error)) }
                return try readImage(gif, file, screenWidth: width, screenHeight: height, transparent: transparent)
            default:
                throw PreviewError.corrupt("no image in the file")
            }
        }
    }

    private static func readImage(_ gif: Functions, _ file: UnsafeMutablePointer<herald_gif_file>, screenWidth: Int,
                                  screenHeight: Int, transparent: Int?) throws -> RGBAImage {
        let desc = file.pointee.image
        let frameWidth = Int(desc.width), frameHeight = Int(desc.height)
        // A frame may not be bigger than the (already checked) screen.
        guard frameWidth > 0, frameHeight > 0, frameWidth <= screenWidth, frameHeight <= screenHeight else {
            throw PreviewError.corrupt("frame \(frameWidth)×\(frameHeight) does not fit the \(screenWidth)×\(screenHeight) screen")
        }
        guard let map = desc.color_map ?? file.pointee.screen_color_map, let colors = map.pointee.colors else {
            throw PreviewError.corrupt("no colour table")
        }
        let colorCount = Int(map.pointee.color_count)
        var pixels = [UInt8](repeating: 0, count: screenWidth * screenHeight * 4)
        var line = [UInt8](repeating: 0, count: frameWidth)
        let rows: [Int] = desc.interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: frameHeight, by: $0.1) }
            : Array(0..<frameHeight)
        for row in rows {
            let ok = line.withUnsafeMutableBufferPointer { gif.line(file, $0.baseAddress, Int32(frameWidth)) }
            guard ok == HERALD_GIF_OK else { throw PreviewError.corrupt(text(gif, file.pointee.error)) }
            let y = Int(desc.top) + row
            guard y >= 0, y < screenHeight else { continue }
            for x in 0..<frameWidth {
                let screenX = Int(desc.left) + x
                let index = Int(line[x])
                guard screenX >= 0, screenX < screenWidth, index < colorCount, index != transparent else { continue }
                let color = colors[index]
                let offset = (y * screenWidth + screenX) * 4
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
                pixels[offset + 3] = 255
            }
        }
        return RGBAImage(width: screenWidth, height: screenHeight, pixels: pixels)
    }

    /// Writes a one-frame GIF with a palette of up to 256 colours; `indices` holds one palette
    /// index per pixel. For test fixtures and the benchmark.
    static func write(path: String, width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], indices: [UInt8]) throws {
        guard let encoder = functions?.encoder else { throw PreviewError.libraryMissing("giflib (libgif7)") }
        var size = 2
        while size < palette.count { size *= 2 }
        var colors = palette.map { herald_gif_color(red: $0.0, green: $0.1, blue: $0.2) }
        colors += Array(repeating: herald_gif_color(red: 0, green: 0, blue: 0), count: size - colors.count)
        guard let map = encoder.makeMap(Int32(size), colors) else { throw PreviewError.corrupt("GifMakeMapObject failed") }
        defer { encoder.freeMap(map) }
        var error: Int32 = 0
        guard let file = encoder.open(path, false, &error) else { throw PreviewError.unreadable("cannot create \(path)") }
        var ok = encoder.screen(file, Int32(width), Int32(height), 8, 0, map) == HERALD_GIF_OK
            && encoder.image(file, 0, 0, Int32(width), Int32(height), false, nil) == HERALD_GIF_OK
        var rows = indices
        for y in 0..<height where ok {
            ok = rows.withUnsafeMutableBufferPointer {
                encoder.line(file, $0.baseAddress! + y * width, Int32(width)) == HERALD_GIF_OK
            }
        }
        let closed = encoder.close(file, &error) == HERALD_GIF_OK
        guard ok, closed else { throw PreviewError.corrupt("giflib could not write \(path) (error \(error))") }
    }

    private static func text(_ gif: Functions, _ error: Int32) -> String {
        guard let message = gif.errorString(error) else { return "giflib error \(error)" }
        return String(cString: message)
    }
}
