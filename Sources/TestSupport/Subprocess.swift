import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process run to completion without holding a thread of Swift's cooperative pool: its
/// standard output is drained on a thread of its own and its exit is awaited through the
/// termination handler, so a slow child (gzip -9 over a gigabyte) cannot starve the other tests.
public enum Subprocess {
    /// What a child printed on standard output, and how it ended.
    public struct Outcome: Sendable {
        /// The exit status (or the signal number, when it was killed).
        public var status: Int32
        /// Everything written to standard output.
        public var output: Data
    }

    /// Runs `executable` with `arguments`; standard error is inherited, the environment is the test
    /// process's with `PLANET_LOOPBACK_ONLY=1` (``LoopbackOnly``).
    /// - Throws: when the process cannot be started.
    public static func run(_ executable: String, _ arguments: [String]) async throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = LoopbackOnly.processEnvironment
        let pipe = Pipe()
        process.standardOutput = pipe
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = {
            exited.yield($0.terminationStatus)
            exited.finish()
        }
        let (reads, read) = AsyncStream.makeStream(of: Data.self)
        try process.run()
        let reader = Thread {
            read.yield(pipe.fileHandleForReading.readDataToEndOfFile())
            read.finish()
        }
        reader.start()
        var output = Data()
        for await data in reads { output = data }
        var status: Int32 = -1
        for await code in exits { status = code }
        return Outcome(status: status, output: output)
    }

    /// Runs `executable` with `arguments` to its end, standard error discarded and standard
    /// output written to `standardOutput` (default: discarded), the environment as for `run`, and
    /// returns its exit status (the signal number when it was killed). It is killed with SIGKILL
    /// after `killAfter` (nil: never) or as soon as the calling task is cancelled.
    /// - Throws: when the process cannot be started.
    public static func exitStatus(
        _ executable: URL, _ arguments: [String], killAfter: Duration? = nil,
        standardOutput: FileHandle = .nullDevice
    ) async throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = LoopbackOnly.processEnvironment
        process.standardError = FileHandle.nullDevice
        process.standardOutput = standardOutput
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = {
            exited.yield($0.terminationStatus)
            exited.finish()
        }
        try process.run()
        let pid = process.processIdentifier
        return await withTaskCancellationHandler {
            if let killAfter {
                try? await Task.sleep(for: killAfter)
                kill(pid, SIGKILL)
            }
            for await status in exits { return status }
            return -1
        } onCancel: {
            kill(pid, SIGKILL)
        }
    }
}
