import Foundation
import PlanetBase

#if canImport(Glibc)
    import Glibc
#endif

/// Where a build's time went, phase by phase: wall time and the process's CPU time (every
/// thread, user + system) between consecutive marks. For Benchmarks/PERF.md's phase table; the
/// CLI prints it after the summary line when the environment sets `PLANET_PHASES=1`.
public struct BuildPhases: Sendable, Equatable {
    /// One phase: its name and the wall and CPU seconds from the previous mark to its own.
    public struct Phase: Sendable, Equatable {
        /// What ran, e.g. `fetch`, `render`.
        public var name: String
        /// Wall-clock seconds.
        public var wall: Double
        /// CPU seconds of the whole process (`CLOCK_PROCESS_CPUTIME_ID`), all threads.
        public var cpu: Double
    }

    /// The phases in the order they ran.
    public private(set) var phases: [Phase] = []
    private var lastWall: ContinuousClock.Instant
    private var lastCPU: Double

    /// Starts the clock now.
    public init() {
        lastWall = ContinuousClock.now
        lastCPU = Self.processCPU()
    }

    /// Ends the phase `name` now; the next phase starts here. Never inlined, so that a profiler
    /// can cut a run at each mark (`valgrind --tool=callgrind --dump-before='*BuildPhases*mark*'`).
    @inline(never)
    public mutating func mark(_ name: String) {
        let (wall, cpu) = (ContinuousClock.now, Self.processCPU())
        let elapsed = wall - lastWall
        phases.append(
            Phase(
                name: name,
                wall: elapsed.inSeconds,
                cpu: cpu - lastCPU))
        (lastWall, lastCPU) = (wall, cpu)
    }

    /// `phases: config 1.2/1.1 ms, fetch 20.3/8.0 ms, …` (wall/CPU, milliseconds).
    public var line: String {
        "phases (wall/cpu ms): "
            + phases.map {
                $0.name + " " + String(format: "%.1f/%.1f", $0.wall * 1000, $0.cpu * 1000)
            }.joined(separator: ", ")
    }

    /// CPU seconds used by the process so far, every thread.
    static func processCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Phases compare equal whatever their times (a report's figures vary run by run).
    public static func == (a: BuildPhases, b: BuildPhases) -> Bool {
        a.phases.map(\.name) == b.phases.map(\.name)
    }
}
