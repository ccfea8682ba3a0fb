import Foundation

/// One readable sentence for any error a person may see: the error's own description when it
/// has one (every Herald error does), else Foundation's localized description (file errors say
/// "The file “x” couldn’t be opened…" instead of dumping `NSCocoaErrorDomain` internals).
///
/// ```swift
/// catch { printError("herald post: \(ErrorSentence.describe(error))") }
/// ```
public enum ErrorSentence {
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as CocoaError:
            return error.localizedDescription
        case let error as POSIXError:
            return String(cString: strerror(error.code.rawValue))
        case let error as any LocalizedError where error.errorDescription != nil:
            return error.errorDescription!
        case let error as any CustomStringConvertible where !(type(of: error) is NSError.Type):
            return error.description
        default:
            return (error as NSError).localizedDescription
        }
    }
}
