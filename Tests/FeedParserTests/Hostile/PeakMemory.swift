import Glibc

/// The peak resident set size of this test process (getrusage `ru_maxrss`).
enum PeakMemory {
    /// Megabytes, rounded down.
    static var megabytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024  // kilobytes on Linux
    }
}
