/// What goes wrong talking to an MQTT broker, each as one line that says what to do.
public enum BrokerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libmosquitto is not installed (or lacks a function).
    case libraryMissing(String)
    /// The `--broker` URL, a prefix, a file or a payload is not acceptable; the text names the field.
    case invalid(String)
    /// The TCP connection (or name lookup) failed.
    case unreachable(String)
    /// The TLS handshake failed: an unknown CA, a certificate for another host, a bad client key.
    case tls(String)
    /// The broker answered CONNACK with a refusal (bad user name or password, not authorized).
    case refused(String)
    /// The broker did not answer in time.
    case timedOut(String)
    /// Publishing or subscribing failed (the connection went away, the broker denied the topic).
    case failed(String)

    public var description: String {
        switch self {
        case .libraryMissing(let reason):
            return "libmosquitto is needed for --broker (Debian: apt-get install libmosquitto1): \(reason)"
        case .invalid(let text), .unreachable(let text), .tls(let text), .refused(let text),
             .timedOut(let text), .failed(let text):
            return text
        }
    }
}
