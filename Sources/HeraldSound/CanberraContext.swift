import CCanberra
import Foundation
import HeraldCore
#if canImport(Glibc)
import Glibc
#endif

/// One libcanberra context, connected to the sound server: plays a theme event or a file and
/// stops a sound by its id. Not thread-safe: `NotificationSoundPlayer` uses it from its one
/// queue.
final class CanberraContext {
    private let canberra: CanberraLibrary
    private let context: OpaquePointer

    /// The outcome of one play.
    enum Outcome {
        case played
        /// The sound is not there, or not a sound libcanberra can decode: try the next one.
        case unusable(String)
        /// The connection to the sound server is gone or broken: open a new context.
        case disconnected(String)
    }

    /// Creates a context named after Herald and connects it; throws the reason when it cannot.
    init(_ canberra: CanberraLibrary) throws {
        self.canberra = canberra
        var created: OpaquePointer?
        let status = canberra.contextCreate(&created)
        guard status == Int32(HERALD_CA_SUCCESS), let created else {
            throw SoundServerError(description: canberra.describe(status))
        }
        context = created
        let named = canberra.withProperties([(HERALD_CA_PROP_APPLICATION_NAME, "Herald"),
                                             (HERALD_CA_PROP_APPLICATION_ID, "org.herald.Herald")]) { properties in
            properties.map { canberra.contextChangeProperties(created, $0) } ?? Int32(HERALD_CA_SUCCESS)
        }
        let opened = named == Int32(HERALD_CA_SUCCESS) ? canberra.contextOpen(created) : named
        guard opened == Int32(HERALD_CA_SUCCESS) else {
            _ = canberra.contextDestroy(created)
            throw SoundServerError(description: canberra.describe(opened))
        }
    }

    deinit {
        _ = canberra.contextDestroy(context)
    }

    /// Plays `source` as sound `id`, named `name` on the sound server, at `decibels` (nil: as is).
    /// A file is opened here (`SoundFileOpener`) and handed over as `/proc/self/fd/N`, so
    /// libcanberra reads exactly the file that was checked; it opens it before play returns.
    func play(_ source: SoundLookup.Source, id: UInt32, name: String, decibels: Double?) -> Outcome {
        var properties = [(HERALD_CA_PROP_MEDIA_ROLE, "event"), (HERALD_CA_PROP_MEDIA_NAME, name),
                          (HERALD_CA_PROP_EVENT_DESCRIPTION, "Notification")]
        if let decibels { properties.append((HERALD_CA_PROP_CANBERRA_VOLUME, String(format: "%.1f", decibels))) }
        var file: UntrustedFile?
        switch source {
        case .themeEvent(let event):
            properties.append((HERALD_CA_PROP_EVENT_ID, event))
        case .file(let path):
            switch SoundFileOpener.open(path) {
            case .failure(let refusal): return .unusable(refusal.description)
            case .success(let opened):
                file = opened
                properties.append((HERALD_CA_PROP_MEDIA_FILENAME, "/proc/self/fd/\(opened.openedDescriptor)"))
            }
        }
        let status = withExtendedLifetime(file) {
            canberra.withProperties(properties) { list in
                list.map { canberra.contextPlay(context, id, $0, nil, nil) } ?? Int32(HERALD_CA_ERROR_NOTAVAILABLE)
            }
        }
        switch status {
        case Int32(HERALD_CA_SUCCESS): return .played
        case Int32(HERALD_CA_ERROR_DISCONNECTED), Int32(HERALD_CA_ERROR_STATE), Int32(HERALD_CA_ERROR_DESTROYED),
             Int32(HERALD_CA_ERROR_FORKED), Int32(HERALD_CA_ERROR_NODRIVER):
            return .disconnected(canberra.describe(status))
        default:
            return .unusable("\(source): \(canberra.describe(status))")
        }
    }

    /// Stops sound `id` if it still plays.
    func cancel(id: UInt32) {
        _ = canberra.contextCancel(context, id)
    }
}

/// Why the sound server cannot be used.
struct SoundServerError: Error, CustomStringConvertible {
    let description: String
}
