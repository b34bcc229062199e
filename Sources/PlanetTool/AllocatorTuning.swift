#if canImport(Glibc)
    import CGlibcExtras
#endif

/// glibc malloc settings for a process that parses many documents on every core (Benchmarks/PERF.md).
///
/// With glibc's defaults every buffer above the mmap threshold (a fetched feed, its decoded
/// text, a page being rendered) is mapped and unmapped again, and each thread's arena is
/// trimmed and regrown: fresh zero pages, each a page fault. Measured (1,000 generated feeds, cold
/// build): system time 0.47-0.50 s -> 0.37-0.38 s, peak RSS unchanged (48 MB); `planet parse
/// --json` over the 47 corpus files 119 -> 114 ms. Settings (mallopt(3)): allocations below
/// 32 MiB come from the heap, freed memory is returned to the system above 64 MiB, and a heap
/// grows 16 MiB at a time. A user who sets any `MALLOC_*` environment variable keeps glibc's own
/// handling of those (mallopt would override them).
enum AllocatorTuning {
    /// Applies the settings above once, at process start; does nothing outside glibc.
    static func apply(environment: [String: String]) {
        #if canImport(Glibc)
            guard !environment.keys.contains(where: { $0.hasPrefix("MALLOC_") }) else { return }
            _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
            _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
            _ = mallopt(M_TOP_PAD, 16 << 20)
        #endif
    }
}
