import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PlanetCLI

/// What one in-process run of `planet` printed and returned.
struct CommandOutcome: Sendable {
    var status: Int32
    var out: String
    var err: String
}

/// Collects what a command writes.
final class Capture: Sendable {
    private let text = Mutex("")
    func append(_ more: String) { text.withLock { $0 += more } }
    var value: String { text.withLock { $0 } }
}

/// Runs `planet ARGUMENTS` in `folder` with captured streams, within a deadline (a run that
/// does not finish comes back with status -1 and the deadline named on `err`). Standard error is
/// not a terminal unless `stderrIsTerminal` says so (`CommandIO.stderrIsTerminal`; nil asks the
/// test process's own stderr). `environment` gets `PLANET_LOOPBACK_ONLY=1` unless it says otherwise
/// (`LoopbackOnly`): a build never leaves loopback.
func runPlanet(
    _ arguments: [String], in folder: URL = FileManager.default.temporaryDirectory,
    environment: [String: String] = [:], stderrIsTerminal: Bool? = nil, deadline: Double = Deadline.standard
) async -> CommandOutcome {
    let out = Capture()
    let err = Capture()
    var io = CommandIO(
        out: { out.append($0) }, err: { err.append($0) },
        environment: LoopbackOnly.environment(environment), currentDirectory: folder)
    io.stderrIsTerminal = stderrIsTerminal
    let run = io
    do {
        let status = try await withDeadline(seconds: deadline) { await PlanetCommand.run(arguments, io: run) }
        return CommandOutcome(status: status, out: out.value, err: err.value)
    } catch {
        return CommandOutcome(status: -1, out: out.value, err: err.value + "\(error)\n")
    }
}

/// A fresh empty folder under the temporary directory; remove it with `removeFolder`.
func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("planet-cli-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

func removeFolder(_ folder: URL) {
    try? FileManager.default.removeItem(at: folder)
}
