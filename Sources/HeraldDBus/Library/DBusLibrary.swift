import CDBus
import HeraldSystem
import Foundation

/// libdbus, opened at run time: `dlopen("libdbus-1.so.3")` and one `dlsym` per function into a
/// typed function pointer. Nothing links against libdbus, so Herald builds and runs where it is
/// missing; `load()` then throws and the daemon carries on without its D-Bus front door.
///
/// ```swift
/// let dbus = try DBusLibrary.load()
/// var error = HeraldDBusError()
/// dbus.errorInit(&error)
/// ```
public struct DBusLibrary: Sendable {
    public typealias Connection = OpaquePointer
    public typealias Message = OpaquePointer

    let threadsInitDefault: @convention(c) () -> dbus_bool_t
    package let errorInit: @convention(c) (UnsafeMutablePointer<HeraldDBusError>) -> Void
    package let errorFree: @convention(c) (UnsafeMutablePointer<HeraldDBusError>) -> Void
    let errorIsSet: @convention(c) (UnsafePointer<HeraldDBusError>) -> dbus_bool_t

    let connectionOpenPrivate: @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<HeraldDBusError>) -> Connection?
    let busRegister: @convention(c) (Connection, UnsafeMutablePointer<HeraldDBusError>) -> dbus_bool_t
    let connectionSetExitOnDisconnect: @convention(c) (Connection, dbus_bool_t) -> Void
    package let connectionClose: @convention(c) (Connection) -> Void
    package let connectionUnref: @convention(c) (Connection) -> Void
    let connectionGetIsConnected: @convention(c) (Connection) -> dbus_bool_t
    let busRequestName: @convention(c) (Connection, UnsafePointer<CChar>, UInt32, UnsafeMutablePointer<HeraldDBusError>) -> Int32
    let busAddMatch: @convention(c) (Connection, UnsafePointer<CChar>, UnsafeMutablePointer<HeraldDBusError>) -> Void
    let busGetUniqueName: @convention(c) (Connection) -> UnsafePointer<CChar>?
    let connectionAddFilter: @convention(c) (Connection, HeraldDBusHandleMessageFunction, UnsafeMutableRawPointer?,
                                             HeraldDBusFreeFunction?) -> dbus_bool_t
    let connectionSetWatchFunctions: @convention(c) (Connection, HeraldDBusAddWatchFunction, HeraldDBusRemoveWatchFunction,
                                                     HeraldDBusWatchToggledFunction, UnsafeMutableRawPointer?,
                                                     HeraldDBusFreeFunction?) -> dbus_bool_t
    let connectionSetTimeoutFunctions: @convention(c) (Connection, HeraldDBusAddTimeoutFunction, HeraldDBusRemoveTimeoutFunction,
                                                       HeraldDBusTimeoutToggledFunction, UnsafeMutableRawPointer?,
                                                       HeraldDBusFreeFunction?) -> dbus_bool_t
    let connectionSetDispatchStatusFunction: @convention(c) (Connection, HeraldDBusDispatchStatusFunction,
                                                             UnsafeMutableRawPointer?, HeraldDBusFreeFunction?) -> Void
    let connectionSetWakeupMainFunction: @convention(c) (Connection, HeraldDBusWakeupMainFunction,
                                                         UnsafeMutableRawPointer?, HeraldDBusFreeFunction?) -> Void
    let connectionDispatch: @convention(c) (Connection) -> Int32
    package let connectionSend: @convention(c) (Connection, Message, UnsafeMutablePointer<UInt32>?) -> dbus_bool_t
    package let connectionFlush: @convention(c) (Connection) -> Void
    package let connectionReadWrite: @convention(c) (Connection, Int32) -> dbus_bool_t
    package let connectionPopMessage: @convention(c) (Connection) -> Message?
    package let connectionSendWithReplyAndBlock: @convention(c) (Connection, Message, Int32,
                                                         UnsafeMutablePointer<HeraldDBusError>) -> Message?

    let watchGetUnixFD: @convention(c) (OpaquePointer) -> Int32
    let watchGetFlags: @convention(c) (OpaquePointer) -> UInt32
    let watchGetEnabled: @convention(c) (OpaquePointer) -> dbus_bool_t
    let watchHandle: @convention(c) (OpaquePointer, UInt32) -> dbus_bool_t
    let timeoutGetInterval: @convention(c) (OpaquePointer) -> Int32
    let timeoutGetEnabled: @convention(c) (OpaquePointer) -> dbus_bool_t
    let timeoutHandle: @convention(c) (OpaquePointer) -> dbus_bool_t

    package let messageGetType: @convention(c) (Message) -> Int32
    package let messageGetReplySerial: @convention(c) (Message) -> UInt32
    let messageGetInterface: @convention(c) (Message) -> UnsafePointer<CChar>?
    let messageGetMember: @convention(c) (Message) -> UnsafePointer<CChar>?
    let messageGetPath: @convention(c) (Message) -> UnsafePointer<CChar>?
    let messageGetSender: @convention(c) (Message) -> UnsafePointer<CChar>?
    let messageGetSignature: @convention(c) (Message) -> UnsafePointer<CChar>?
    let messageNewMethodReturn: @convention(c) (Message) -> Message?
    let messageNewError: @convention(c) (Message, UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Message?
    let messageNewSignal: @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Message?
    package let messageNewMethodCall: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>, UnsafePointer<CChar>?,
                                              UnsafePointer<CChar>) -> Message?
    let messageSetDestination: @convention(c) (Message, UnsafePointer<CChar>?) -> dbus_bool_t
    let messageSetNoReply: @convention(c) (Message, dbus_bool_t) -> Void
    let messageRef: @convention(c) (Message) -> Message?
    package let messageUnref: @convention(c) (Message) -> Void

    let iterInit: @convention(c) (Message, UnsafeMutablePointer<HeraldDBusMessageIter>) -> dbus_bool_t
    let iterGetArgType: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>) -> Int32
    let iterGetElementType: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>) -> Int32
    let iterNext: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>) -> dbus_bool_t
    let iterRecurse: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>, UnsafeMutablePointer<HeraldDBusMessageIter>) -> Void
    let iterGetBasic: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>, UnsafeMutableRawPointer) -> Void
    let iterGetFixedArray: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>, UnsafeMutableRawPointer,
                                           UnsafeMutablePointer<Int32>) -> Void
    let iterGetElementCount: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>) -> Int32
    let iterInitAppend: @convention(c) (Message, UnsafeMutablePointer<HeraldDBusMessageIter>) -> Void
    let iterAppendBasic: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>, Int32, UnsafeRawPointer) -> dbus_bool_t
    let iterAppendFixedArray: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>, Int32, UnsafeRawPointer,
                                              Int32) -> dbus_bool_t
    let iterOpenContainer: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>, Int32, UnsafePointer<CChar>?,
                                           UnsafeMutablePointer<HeraldDBusMessageIter>) -> dbus_bool_t
    let iterCloseContainer: @convention(c) (UnsafeMutablePointer<HeraldDBusMessageIter>,
                                            UnsafeMutablePointer<HeraldDBusMessageIter>) -> dbus_bool_t

    /// The file libdbus is opened from.
    public static let soname = "libdbus-1.so.3"

    /// Opens libdbus and looks up every function; throws `DBusUnavailable` naming what is missing.
    public static func load(path: String = soname) throws -> DBusLibrary {
        do {
            let library = try DBusLibrary(DynamicLibrary.load(path))
            _ = library.threadsInitDefault()
            return library
        } catch let error as DynamicLibraryError {
            throw DBusUnavailable(reason: error.description)
        }
    }

    private init(_ s: DynamicLibrary) throws {
        threadsInitDefault = try s.function("dbus_threads_init_default")
        errorInit = try s.function("dbus_error_init")
        errorFree = try s.function("dbus_error_free")
        errorIsSet = try s.function("dbus_error_is_set")
        connectionOpenPrivate = try s.function("dbus_connection_open_private")
        busRegister = try s.function("dbus_bus_register")
        connectionSetExitOnDisconnect = try s.function("dbus_connection_set_exit_on_disconnect")
        connectionClose = try s.function("dbus_connection_close")
        connectionUnref = try s.function("dbus_connection_unref")
        connectionGetIsConnected = try s.function("dbus_connection_get_is_connected")
        busRequestName = try s.function("dbus_bus_request_name")
        busAddMatch = try s.function("dbus_bus_add_match")
        busGetUniqueName = try s.function("dbus_bus_get_unique_name")
        connectionAddFilter = try s.function("dbus_connection_add_filter")
        connectionSetWatchFunctions = try s.function("dbus_connection_set_watch_functions")
        connectionSetTimeoutFunctions = try s.function("dbus_connection_set_timeout_functions")
        connectionSetDispatchStatusFunction = try s.function("dbus_connection_set_dispatch_status_function")
        connectionSetWakeupMainFunction = try s.function("dbus_connection_set_wakeup_main_function")
        connectionDispatch = try s.function("dbus_connection_dispatch")
        connectionSend = try s.function("dbus_connection_send")
        connectionFlush = try s.function("dbus_connection_flush")
        connectionReadWrite = try s.function("dbus_connection_read_write")
        connectionPopMessage = try s.function("dbus_connection_pop_message")
        connectionSendWithReplyAndBlock = try s.function("dbus_connection_send_with_reply_and_block")
        watchGetUnixFD = try s.function("dbus_watch_get_unix_fd")
        watchGetFlags = try s.function("dbus_watch_get_flags")
        watchGetEnabled = try s.function("dbus_watch_get_enabled")
        watchHandle = try s.function("dbus_watch_handle")
        timeoutGetInterval = try s.function("dbus_timeout_get_interval")
        timeoutGetEnabled = try s.function("dbus_timeout_get_enabled")
        timeoutHandle = try s.function("dbus_timeout_handle")
        messageGetType = try s.function("dbus_message_get_type")
        messageGetReplySerial = try s.function("dbus_message_get_reply_serial")
        messageGetInterface = try s.function("dbus_message_get_interface")
        messageGetMember = try s.function("dbus_message_get_member")
        messageGetPath = try s.function("dbus_message_get_path")
        messageGetSender = try s.function("dbus_message_get_sender")
        messageGetSignature = try s.function("dbus_message_get_signature")
        messageNewMethodReturn = try s.function("dbus_message_new_method_return")
        messageNewError = try s.function("dbus_message_new_error")
        messageNewSignal = try s.function("dbus_message_new_signal")
        messageNewMethodCall = try s.function("dbus_message_new_method_call")
        messageSetDestination = try s.function("dbus_message_set_destination")
        messageSetNoReply = try s.function("dbus_message_set_no_reply")
        messageRef = try s.function("dbus_message_ref")
        messageUnref = try s.function("dbus_message_unref")
        iterInit = try s.function("dbus_message_iter_init")
        iterGetArgType = try s.function("dbus_message_iter_get_arg_type")
        iterGetElementType = try s.function("dbus_message_iter_get_element_type")
        iterNext = try s.function("dbus_message_iter_next")
        iterRecurse = try s.function("dbus_message_iter_recurse")
        iterGetBasic = try s.function("dbus_message_iter_get_basic")
        iterGetFixedArray = try s.function("dbus_message_iter_get_fixed_array")
        iterGetElementCount = try s.function("dbus_message_iter_get_element_count")
        iterInitAppend = try s.function("dbus_message_iter_init_append")
        iterAppendBasic = try s.function("dbus_message_iter_append_basic")
        iterAppendFixedArray = try s.function("dbus_message_iter_append_fixed_array")
        iterOpenContainer = try s.function("dbus_message_iter_open_container")
        iterCloseContainer = try s.function("dbus_message_iter_close_container")
    }
}

/// Why the D-Bus front door cannot start: no libdbus, or a function missing from it.
public struct DBusUnavailable: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
