import CCanberra
import HeraldSystem

/// libcanberra, opened at run time: `dlopen("libcanberra.so.0")` and one `dlsym` per function
/// into a typed function pointer. Nothing links against it, so Herald builds and runs where it
/// is missing; `load()` then throws and sounds fall back to the terminal bell.
///
/// ```swift
/// let canberra = try CanberraLibrary.load()
/// var context: OpaquePointer?
/// canberra.contextCreate(&context)
/// ```
struct CanberraLibrary: Sendable {
    let contextCreate: herald_ca_context_create_fn
    let contextDestroy: herald_ca_context_destroy_fn
    let contextOpen: herald_ca_context_open_fn
    let contextChangeProperties: herald_ca_context_change_props_full_fn
    let contextPlay: herald_ca_context_play_full_fn
    let contextCancel: herald_ca_context_cancel_fn
    let propertiesCreate: herald_ca_proplist_create_fn
    let propertiesDestroy: herald_ca_proplist_destroy_fn
    let propertiesSet: herald_ca_proplist_sets_fn
    let errorText: herald_ca_strerror_fn

    /// The library's file name (Debian's libcanberra0).
    static let fileName = "libcanberra.so.0"

    static func load() throws -> CanberraLibrary {
        let library = try DynamicLibrary.load(fileName)
        return CanberraLibrary(
            contextCreate: try library.function("ca_context_create"),
            contextDestroy: try library.function("ca_context_destroy"),
            contextOpen: try library.function("ca_context_open"),
            contextChangeProperties: try library.function("ca_context_change_props_full"),
            contextPlay: try library.function("ca_context_play_full"),
            contextCancel: try library.function("ca_context_cancel"),
            propertiesCreate: try library.function("ca_proplist_create"),
            propertiesDestroy: try library.function("ca_proplist_destroy"),
            propertiesSet: try library.function("ca_proplist_sets"),
            errorText: try library.function("ca_strerror"))
    }

    /// `ca_strerror`'s sentence for `code`.
    func describe(_ code: Int32) -> String {
        errorText(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// A property list with `properties` set, passed to `body`, destroyed after.
    func withProperties<T>(_ properties: [(String, String)], _ body: (OpaquePointer?) -> T) -> T {
        var list: OpaquePointer?
        guard propertiesCreate(&list) == HERALD_CA_SUCCESS, let list else { return body(nil) }
        defer { _ = propertiesDestroy(list) }
        for (key, value) in properties { _ = propertiesSet(list, key, value) }
        return body(list)
    }
}
