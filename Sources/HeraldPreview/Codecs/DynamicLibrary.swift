import Foundation

/// A shared library opened at run time with `dlopen`, and its functions found with `dlsym`.
///
/// Herald builds and runs without the image libraries: a library that is missing simply makes
/// `open` return `nil`. Libraries are opened once per process and never closed.
///
/// ```swift
/// let png = DynamicLibrary.open("libpng16.so.16")
/// let begin = png?.function("png_image_begin_read_from_memory", as: herald_png_image_begin_read_from_memory_fn.self)
/// ```
struct DynamicLibrary: @unchecked Sendable {
    /// The handle `dlopen` gave; valid for the life of the process.
    let handle: UnsafeMutableRawPointer
    let name: String

    /// Opens the first of `names` that loads, or `nil` when none does.
    static func open(_ names: String...) -> DynamicLibrary? {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return DynamicLibrary(handle: handle, name: name) }
        }
        return nil
    }

    /// The function `symbol` as the C function-pointer type `type`, or `nil` when the library lacks it.
    func function<F>(_ symbol: String, as type: F.Type) -> F? {
        guard let pointer = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }
}
