import CMosquitto
import HeraldSystem

/// libmosquitto, opened at run time: `dlopen("libmosquitto.so.1")` and one `dlsym` per function
/// into a typed function pointer. Nothing links against libmosquitto, so Herald builds and runs
/// where it is missing; `load()` then throws and `--broker` says what to install.
///
/// ```swift
/// let mosquitto = try MosquittoLibrary.load()
/// let client = mosquitto.new(nil, true, nil)
/// ```
struct MosquittoLibrary: Sendable {
    typealias Client = OpaquePointer

    let libInit: @convention(c) () -> Int32
    let new: @convention(c) (UnsafePointer<CChar>?, Bool, UnsafeMutableRawPointer?) -> Client?
    let destroy: @convention(c) (Client) -> Void
    let userDataSet: @convention(c) (Client, UnsafeMutableRawPointer?) -> Void
    let threadedSet: @convention(c) (Client, Bool) -> Int32
    let intOption: @convention(c) (Client, Int32, Int32) -> Int32
    let usernamePasswordSet: @convention(c) (Client, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let tlsSet: @convention(c) (Client, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                UnsafePointer<CChar>?, HeraldMosquittoPasswordCallback?) -> Int32
    let reconnectDelaySet: @convention(c) (Client, UInt32, UInt32, Bool) -> Int32
    let maxInflightMessagesSet: @convention(c) (Client, UInt32) -> Int32
    let connect: @convention(c) (Client, UnsafePointer<CChar>, Int32, Int32) -> Int32
    let disconnect: @convention(c) (Client) -> Int32
    let reconnect: @convention(c) (Client) -> Int32
    let socket: @convention(c) (Client) -> Int32
    let loopRead: @convention(c) (Client, Int32) -> Int32
    let loopWrite: @convention(c) (Client, Int32) -> Int32
    let loopMisc: @convention(c) (Client) -> Int32
    let wantWrite: @convention(c) (Client) -> Bool
    let publish: @convention(c) (Client, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>, Int32,
                                 UnsafeRawPointer?, Int32, Bool) -> Int32
    let subscribe: @convention(c) (Client, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>, Int32) -> Int32
    let connectCallbackSet: @convention(c) (Client, HeraldMosquittoConnectCallback?) -> Void
    let disconnectCallbackSet: @convention(c) (Client, HeraldMosquittoDisconnectCallback?) -> Void
    let publishCallbackSet: @convention(c) (Client, HeraldMosquittoPublishCallback?) -> Void
    let messageCallbackSet: @convention(c) (Client, HeraldMosquittoMessageCallback?) -> Void
    let subscribeCallbackSet: @convention(c) (Client, HeraldMosquittoSubscribeCallback?) -> Void
    let logCallbackSet: @convention(c) (Client, HeraldMosquittoLogCallback?) -> Void
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let connackString: @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// The file libmosquitto is opened from (Debian's `libmosquitto1`).
    static let soname = "libmosquitto.so.1"

    /// Opened once per process.
    private static let shared: Result<MosquittoLibrary, DynamicLibraryError> = {
        do {
            let library = try MosquittoLibrary(DynamicLibrary.load(soname))
            _ = library.libInit()
            return .success(library)
        } catch let error as DynamicLibraryError {
            return .failure(error)
        } catch {
            return .failure(DynamicLibraryError(description: "\(error)"))
        }
    }()

    /// libmosquitto, or `BrokerError.libraryMissing` saying what to install.
    static func load() throws -> MosquittoLibrary {
        switch shared {
        case .success(let library): return library
        case .failure(let error): throw BrokerError.libraryMissing(error.description)
        }
    }

    private init(_ s: DynamicLibrary) throws {
        libInit = try s.function("mosquitto_lib_init")
        new = try s.function("mosquitto_new")
        destroy = try s.function("mosquitto_destroy")
        userDataSet = try s.function("mosquitto_user_data_set")
        threadedSet = try s.function("mosquitto_threaded_set")
        intOption = try s.function("mosquitto_int_option")
        usernamePasswordSet = try s.function("mosquitto_username_pw_set")
        tlsSet = try s.function("mosquitto_tls_set")
        reconnectDelaySet = try s.function("mosquitto_reconnect_delay_set")
        maxInflightMessagesSet = try s.function("mosquitto_max_inflight_messages_set")
        connect = try s.function("mosquitto_connect")
        disconnect = try s.function("mosquitto_disconnect")
        reconnect = try s.function("mosquitto_reconnect")
        socket = try s.function("mosquitto_socket")
        loopRead = try s.function("mosquitto_loop_read")
        loopWrite = try s.function("mosquitto_loop_write")
        loopMisc = try s.function("mosquitto_loop_misc")
        wantWrite = try s.function("mosquitto_want_write")
        publish = try s.function("mosquitto_publish")
        subscribe = try s.function("mosquitto_subscribe")
        connectCallbackSet = try s.function("mosquitto_connect_callback_set")
        disconnectCallbackSet = try s.function("mosquitto_disconnect_callback_set")
        publishCallbackSet = try s.function("mosquitto_publish_callback_set")
        messageCallbackSet = try s.function("mosquitto_message_callback_set")
        subscribeCallbackSet = try s.function("mosquitto_subscribe_callback_set")
        logCallbackSet = try s.function("mosquitto_log_callback_set")
        strerror = try s.function("mosquitto_strerror")
        connackString = try s.function("mosquitto_connack_string")
    }

    /// `mosquitto_strerror`'s text for a result code.
    func describe(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
