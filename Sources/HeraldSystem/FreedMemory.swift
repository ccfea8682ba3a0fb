import CEpoll

/// Memory the program freed but the C allocator kept.
public enum FreedMemory {
    /// Returns freed heap memory to the system (`malloc_trim(0)`): glibc keeps freed arenas for
    /// reuse, so without it a dropped 8 MiB queue (or a benchmark's data) would stay resident.
    public static func release() { _ = malloc_trim(0) }
}
