import Foundation

/// A small `printf` for notification strings: each specifier is formatted on its own, so a
/// mismatched argument type can never crash (unlike `String(format:)`).
public enum NotificationFormat {
    /// Formats `format` with `arguments`: `%@`, numeric specifiers, positional `%n$@`, `%%`.
    /// A specifier with no matching argument is left as written.
    ///
    /// ```swift
    /// NotificationFormat.format("%2$@ invited %1$@", ["Jim", "Ann"])   // "Ann invited Jim"
    /// ```
    public static func format(_ format: String, _ arguments: [Any]) -> String {
        var output = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                output.append(character)
                index = format.index(after: index)
                continue
            }
            var end = format.index(after: index)
            guard end < format.endIndex else { output.append("%"); break }
            if format[end] == "%" {
                output.append("%")
                index = format.index(after: end)
                continue
            }
            // %[n$][flags][width][.precision][length]conversion
            var position: Int?
            let digitsStart = end
            while end < format.endIndex, format[end].isNumber { end = format.index(after: end) }
            if end < format.endIndex, format[end] == "$", let n = Int(format[digitsStart..<end]) {
                position = n - 1
                end = format.index(after: end)
            } else {
                end = digitsStart
            }
            let specStart = end
            while end < format.endIndex, "-+ #0123456789.hlqLzjt'".contains(format[end]) {
                end = format.index(after: end)
            }
            guard end < format.endIndex else { output += format[index...]; break }
            let conversion = format[end]
            let spec = String(format[specStart..<end])
            let argumentIndex = position ?? next
            if position == nil { next += 1 }
            let afterSpec = format.index(after: end)
            guard arguments.indices.contains(argumentIndex) else {
                output += format[index..<afterSpec]
                index = afterSpec
                continue
            }
            output += render(arguments[argumentIndex], conversion: conversion, spec: spec)
            index = afterSpec
        }
        return output
    }

    private static func render(_ argument: Any, conversion: Character, spec: String) -> String {
        let flags = spec.filter { !"hlqLzjt".contains($0) }
        switch conversion {
        case "d", "i", "u", "x", "X", "o", "c":
            guard let value = integer(argument) else { return String(describing: argument) }
            return String(format: "%\(flags)ll\(conversion)", value)
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard let value = double(argument) else { return String(describing: argument) }
            return String(format: "%\(flags)\(conversion)", value)
        case "@", "s", "S":
            let text = argument as? String ?? String(describing: argument)
            return flags.isEmpty ? text : String(format: "%\(flags)@", text)
        default:
            return String(describing: argument)
        }
    }

    private static func integer(_ value: Any) -> Int64? {
        switch value {
        case let value as Int: return Int64(value)
        case let value as Int32: return Int64(value)
        case let value as Int64: return value
        case let value as UInt: return Int64(truncatingIfNeeded: value)
        case let value as Double: return Int64(exactly: value.rounded(.towardZero))
        case let value as NSNumber: return value.int64Value
        case let value as String: return Int64(value)
        default: return nil
        }
    }

    private static func double(_ value: Any) -> Double? {
        switch value {
        case let value as Double: return value
        case let value as Float: return Double(value)
        case let value as Int: return Double(value)
        case let value as NSNumber: return value.doubleValue
        case let value as String: return Double(value)
        default: return nil
        }
    }
}
