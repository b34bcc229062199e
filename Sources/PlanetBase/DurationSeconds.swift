extension Duration {
    /// The duration in seconds, attoseconds included (`Duration.components`): for timings
    /// reported as a `Double` (a fetch's duration, a build's, a phase's).
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
