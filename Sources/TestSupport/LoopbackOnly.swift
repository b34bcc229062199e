import Foundation

/// How the suite keeps every build it runs on loopback (the rule of the suite: tests talk to
/// 127.0.0.0/8 and ::1 only, never DNS): `planet build` in-process or as a child process runs
/// with `PLANET_LOOPBACK_ONLY=1`, and a build from `BuildOptions` gets a `LoopbackGuard`, so a
/// fixture feed that names an image on a real host (a logo `copy_faces = all` would fetch)
/// fails that fetch before any lookup, and the page links to the image as before.
public enum LoopbackOnly {
    /// The variable that turns the CLI's guard on.
    public static let variable = ["PLANET_LOOPBACK_ONLY": "1"]

    /// `environment` with `PLANET_LOOPBACK_ONLY=1` added (a test's own value of it wins).
    public static func environment(_ environment: [String: String] = [:]) -> [String: String] {
        environment.merging(variable) { own, _ in own }
    }

    /// The test process's environment with `PLANET_LOOPBACK_ONLY=1`, for child processes.
    public static var processEnvironment: [String: String] {
        environment(ProcessInfo.processInfo.environment)
    }
}
