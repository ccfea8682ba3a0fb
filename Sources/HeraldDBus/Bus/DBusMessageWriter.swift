import CDBus

/// Appends `DBusArgument`s to a message.
struct DBusMessageWriter {
    let dbus: DBusLibrary

    func append(_ arguments: [DBusArgument], to message: DBusLibrary.Message) {
        var iter = HeraldDBusMessageIter()
        dbus.iterInitAppend(message, &iter)
        for argument in arguments {
            switch argument {
            case .string(let text):
                appendString(text, to: &iter)
            case .uint32(var number):
                _ = dbus.iterAppendBasic(&iter, DBusTypeCode.uint32, &number)
            case .strings(let texts):
                var sub = HeraldDBusMessageIter()
                _ = dbus.iterOpenContainer(&iter, DBusTypeCode.array, "s", &sub)
                for text in texts { appendString(text, to: &sub) }
                _ = dbus.iterCloseContainer(&iter, &sub)
            }
        }
    }

    private func appendString(_ text: String, to iter: inout HeraldDBusMessageIter) {
        text.withCString { pointer in
            var cString: UnsafePointer<CChar>? = pointer
            _ = dbus.iterAppendBasic(&iter, DBusTypeCode.string, &cString)
        }
    }
}
