import CDBus

/// Appends `DBusArgument`s to a message.
package struct DBusMessageWriter {
    package let dbus: DBusLibrary

    package init(dbus: DBusLibrary) { self.dbus = dbus }

    package func append(_ arguments: [DBusArgument], to message: DBusLibrary.Message) {
        var iter = HeraldDBusMessageIter()
        dbus.iterInitAppend(message, &iter)
        for argument in arguments { append(argument, to: &iter) }
    }

    private func append(_ argument: DBusArgument, to iter: inout HeraldDBusMessageIter) {
        switch argument {
        case .string(let text):
            appendString(text, to: &iter)
        case .uint32(var number):
            _ = dbus.iterAppendBasic(&iter, DBusTypeCode.uint32, &number)
        case .int32(var number):
            _ = dbus.iterAppendBasic(&iter, DBusTypeCode.int32, &number)
        case .strings(let texts):
            var sub = HeraldDBusMessageIter()
            _ = dbus.iterOpenContainer(&iter, DBusTypeCode.array, "s", &sub)
            for text in texts { appendString(text, to: &sub) }
            _ = dbus.iterCloseContainer(&iter, &sub)
        case .hints(let hints):
            var array = HeraldDBusMessageIter()
            _ = dbus.iterOpenContainer(&iter, DBusTypeCode.array, "{sv}", &array)
            for (key, value) in hints.sorted(by: { $0.key < $1.key }) {
                var entry = HeraldDBusMessageIter()
                _ = dbus.iterOpenContainer(&array, DBusTypeCode.dictEntry, nil, &entry)
                appendString(key, to: &entry)
                var variant = HeraldDBusMessageIter()
                _ = dbus.iterOpenContainer(&entry, DBusTypeCode.variant, Self.signature(of: value), &variant)
                append(value, to: &variant)
                _ = dbus.iterCloseContainer(&entry, &variant)
                _ = dbus.iterCloseContainer(&array, &entry)
            }
            _ = dbus.iterCloseContainer(&iter, &array)
        }
    }

    static func signature(of argument: DBusArgument) -> String {
        switch argument {
        case .string: return "s"
        case .uint32: return "u"
        case .int32: return "i"
        case .strings: return "as"
        case .hints: return "a{sv}"
        }
    }

    private func appendString(_ text: String, to iter: inout HeraldDBusMessageIter) {
        text.withCString { pointer in
            var cString: UnsafePointer<CChar>? = pointer
            _ = dbus.iterAppendBasic(&iter, DBusTypeCode.string, &cString)
        }
    }
}
