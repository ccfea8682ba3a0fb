/// Runs `body` with `resource`, then `close` on it — also when `body` throws: the `defer` an
/// async clean-up cannot have.
///
/// ```swift
/// try await using(try await DaemonFixture.start(), { daemon in … }, closing: { await $0.stop() })
/// ```
public func using<Resource>(_ resource: Resource, _ body: (Resource) async throws -> Void,
                            closing close: (Resource) async -> Void) async throws {
    do {
        try await body(resource)
    } catch {
        await close(resource)
        throw error
    }
    await close(resource)
}
