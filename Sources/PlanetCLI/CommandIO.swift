import Foundation

/// Where a command writes and what it knows of its surroundings, injected so that tests run
/// commands in-process and read what they printed.
package struct CommandIO: Sendable {
    /// Receives standard-output text (already ending in a newline where one is meant).
    package var out: @Sendable (String) -> Void
    /// Receives standard-output bytes, UTF-8 text made elsewhere (the JSON Lines of
    /// `planet parse --json FILES...`), written as they are: by default `out` of their text.
    package var outBytes: @Sendable ([UInt8]) -> Void
    /// Receives standard-error text: messages, warnings, the build summary.
    package var err: @Sendable (String) -> Void
    /// Receives the line that reports a change already made (feeds.txt saved, an entry hidden),
    /// for standard output; returns nil when it was written, else why not. Unlike `out`, a
    /// failure does not end the process (`confirm(_:)`). By default: `out` of the text, nil.
    package var confirmation: @Sendable (String) -> String?
    /// The process environment (`SOURCE_DATE_EPOCH` is read from it).
    package var environment: [String: String]
    /// Folder that relative paths on the command line are resolved against.
    package var currentDirectory: URL
    /// Whether standard error is a terminal to draw a progress line on; nil (the default) asks
    /// the process (`isatty` and `TERM`, `BuildTerminal.stderrIsTerminal`). Tests set it.
    package var stderrIsTerminal: Bool?

    /// Creates an IO with the given sinks and folder; the environment defaults to empty.
    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        outBytes: (@Sendable ([UInt8]) -> Void)? = nil,
        confirmation: (@Sendable (String) -> String?)? = nil,
        environment: [String: String] = [:], currentDirectory: URL
    ) {
        self.out = out
        self.outBytes = outBytes ?? { bytes in out(String(decoding: bytes, as: UTF8.self)) }
        self.confirmation =
            confirmation ?? { text in
                out(text)
                return nil
            }
        self.err = err
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// The process's own streams, environment and working folder. When standard output cannot be
    /// written (a full disk, `> /dev/full`), planet says so on standard error and exits with 74
    /// (EX_IOERR) instead of crashing or losing output silently; a broken pipe (`| head`) ends the
    /// process through SIGPIPE as for any command-line tool. The line that reports a change
    /// already made is the exception (`confirm(_:)`): the change stands, and so does exit 0.
    package static var standard: CommandIO {
        CommandIO(
            out: { text in writeStandardOutput(Data(text.utf8)) },
            err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
            outBytes: { bytes in writeStandardOutput(Data(bytes)) },
            confirmation: { text in
                do {
                    try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
                    return nil
                } catch {
                    return error.localizedDescription
                }
            },
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: URL(
                fileURLWithPath: FileManager.default.currentDirectoryPath,
                isDirectory: true))
    }

    /// Writes `data` to standard output; when it cannot be written, says so and exits with 74.
    private static func writeStandardOutput(_ data: Data) {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            try? FileHandle.standardError.write(
                contentsOf: Data(
                    "planet: cannot write to standard output: \(error.localizedDescription)\n".utf8))
            exit(ExitStatus.ioError.rawValue)
        }
    }

    /// Writes one line to standard output, without control characters (`TerminalText`).
    func line(_ text: String) { out(TerminalText.printable(text) + "\n") }

    /// Writes the line that reports a change already made (feeds.txt saved, an entry hidden) to
    /// standard output, without control characters. When standard output cannot be written (a
    /// full disk), the change still stands, so the command still succeeds: standard error says
    /// that the change was made and what the line said, where exit status 74 would have told a
    /// script that it failed (and a retry of `planet remove` would then fail).
    func confirm(_ text: String) {
        let line = TerminalText.printable(text)
        if let failure = confirmation(line + "\n") {
            message("planet: cannot write to standard output (\(failure)), but the change was made: \(line)")
        }
    }

    /// Writes one line to standard error, without control characters (`TerminalText`): every
    /// message, warning, `--verbose` line and the build summary goes through here.
    func message(_ text: String) { err(TerminalText.printable(text) + "\n") }

    /// A path from the command line as a file URL relative to the current folder, so messages
    /// show it as typed (`URL.relativePath`) while `.path` is absolute.
    func fileURL(_ path: String, isDirectory: Bool = false) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: isDirectory) }
        return URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: currentDirectory)
    }
}
