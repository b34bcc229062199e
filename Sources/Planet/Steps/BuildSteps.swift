/// The build as a list of named steps (docs/ARCHITECTURE.md, "The build, step by step"): each
/// step of `PlanetBuild.run` is one call of `run(_:_:)`, which runs it and ends its phase in
/// `phases` under its name, so the phase table (`PLANET_PHASES=1`, Benchmarks/PERF.md) is the list
/// of the steps as they ran.
struct BuildSteps {
    /// Wall and CPU time of each step so far, in the order they ran.
    private(set) var phases = BuildPhases()
    /// When the build started (for `BuildReport.duration`).
    let start = ContinuousClock.now

    /// The value of the step `name`, whose work is `step`; its phase ends when it returns. A step
    /// that throws ends the build (its error is the build's).
    mutating func run<T>(_ name: String, _ step: @autoclosure () async throws(BuildError) -> T)
        async throws(BuildError) -> T
    {
        let value = try await step()
        phases.mark(name)
        return value
    }

    /// Seconds since the build started.
    var elapsed: Double { (ContinuousClock.now - start).inSeconds }
}
