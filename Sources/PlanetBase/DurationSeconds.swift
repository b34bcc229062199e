extension Duration {
    /// The duration in seconds, attoseconds included (`Duration.components`): for timings
    /// reported as a `Double` (a fetch's duration, a build's, a phase's).
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, the rest dropped, or rounded up when `roundingUp` (a
    /// wait that must not end early): for libcurl's and epoll's millisecond timeouts.
    package func inMilliseconds(roundingUp: Bool = false) -> Int64 {
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let rest = roundingUp ? perMillisecond - 1 : 0
        return components.seconds * 1000 + (components.attoseconds + rest) / perMillisecond
    }
}
