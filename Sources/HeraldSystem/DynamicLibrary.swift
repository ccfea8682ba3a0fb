#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A shared library opened at run time with `dlopen`, its functions found with `dlsym`: how
/// Herald uses optional system libraries (libmosquitto, libdbus, image decoders) without linking
/// against them, so it builds and runs where they are missing. Libraries are never closed.
///
/// ```swift
/// let library = try DynamicLibrary.load("libmosquitto.so.1")
/// let initialize: @convention(c) () -> Int32 = try library.function("mosquitto_lib_init")
/// ```
// unchecked: a dlopen handle (a raw pointer), never closed: usable from any thread for the life of the process.
public struct DynamicLibrary: @unchecked Sendable {
    /// The handle `dlopen` gave; valid for the life of the process.
    public let handle: UnsafeMutableRawPointer
    /// The file name it was opened by.
    public let name: String

    /// Opens `name`; throws `DynamicLibraryError` with `dlerror`'s reason when it cannot.
    public static func load(_ name: String) throws -> DynamicLibrary {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw DynamicLibraryError(description: "\(name) could not be loaded: \(reason)")
        }
        return DynamicLibrary(handle: handle, name: name)
    }

    /// The function `symbol` as the C function-pointer type `F`; throws when the library lacks it.
    public func function<F>(_ symbol: String, as type: F.Type = F.self) throws -> F {
        guard let pointer = dlsym(handle, symbol) else {
            throw DynamicLibraryError(description: "\(name) has no function \(symbol)")
        }
        return unsafeBitCast(pointer, to: type)
    }
}

/// Why an optional library cannot be used: not installed, or a function missing from it.
public struct DynamicLibraryError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
