import HeraldWire
import Synchronization

/// The permission prompts a user-interface connection has been sent and not yet seen settled,
/// fanned out to any number of streams. A new stream starts with the prompts still waiting, so
/// a listener that comes late misses none.
final class PromptFeed: Sendable {
    private struct State {
        var waiting: [Int64: PromptEvent] = [:]
        var streams: [UInt64: AsyncStream<PromptEvent>.Continuation] = [:]
        var nextKey: UInt64 = 0
        var isFinished = false
    }

    private let state = Mutex(State())

    /// The prompts waiting for an answer, oldest first.
    var waiting: [PromptEvent] { state.withLock { $0.waiting.sorted { $0.key < $1.key }.map(\.value) } }

    /// A prompt event from the daemon.
    func received(_ event: PromptEvent) {
        state.withLock { s in
            switch event {
            case .authorizationPrompt(let id, _, _):
                guard s.waiting[id] == nil else { return }   // sent again on a new subscribe
                s.waiting[id] = event
            case .authorizationPromptResolved(let id, _):
                s.waiting.removeValue(forKey: id)
            }
            for stream in s.streams.values { stream.yield(event) }
        }
    }

    /// Every prompt still waiting, then every event from now on; finishes with the connection.
    func stream() -> AsyncStream<PromptEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PromptEvent.self)
        let key = state.withLock { s -> UInt64 in
            s.nextKey += 1
            for (_, event) in s.waiting.sorted(by: { $0.key < $1.key }) { continuation.yield(event) }
            if s.isFinished { continuation.finish() } else { s.streams[s.nextKey] = continuation }
            return s.nextKey
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: key) }
        }
        return stream
    }

    /// The connection ended: the streams finish.
    func finish() {
        let streams = state.withLock { s in
            s.isFinished = true
            s.waiting.removeAll()
            defer { s.streams.removeAll() }
            return Array(s.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
