import Foundation

/// feeds.txt as it was at a git commit (`git show REF:./feeds.txt`), for `planet check --since`.
///
/// git runs in the folder of feeds.txt, so the path is relative to it whatever the repository's
/// layout (gitrevisions(7): `<rev>:./<path>`). git is found on `PATH`, else at /usr/bin/git.
enum GitRevision {
    /// The text of `file` at `ref`; nil when the commit has no such file (feeds.txt is new).
    /// - Throws: `UsageError` (for `command`) when git cannot be run, the folder is not in a
    ///   repository or `ref` names no commit: git's own words and what to give instead.
    static func text(of file: URL, at ref: String, command: String, environment: [String: String])
        throws(UsageError) -> String?
    {
        let folder = file.absoluteURL.deletingLastPathComponent()
        let name = file.lastPathComponent
        let verified = try run(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: folder, environment)
        guard verified.status == 0 else {
            let said = verified.error.isEmpty ? "" : " (git: \(verified.error))"
            throw UsageError(
                command: command,
                message: "--since '\(ref)' is not a commit of the repository \(file.relativePath) is in\(said); "
                    + "give the branch the pull request goes into, e.g. --since origin/main")
        }
        let shown = try run(["show", "\(ref):./\(name)"], in: folder, environment)
        guard shown.status == 0 else { return nil }
        return String(decoding: shown.output, as: UTF8.self)
    }

    /// Runs git with `arguments` in `folder`. - Returns: exit status, standard output, and the
    /// first line of standard error.
    private static func run(_ arguments: [String], in folder: URL, _ environment: [String: String])
        throws(UsageError) -> (status: Int32, output: Data, error: String)
    {
        let paths = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/git" } + ["/usr/bin/git"]
        guard let git = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw UsageError(command: "planet check", message: "--since needs git, which is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", folder.path] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw UsageError(command: "planet check", message: "git cannot be run: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let first = said.split(separator: "\n").first.map(String.init) ?? ""
        return (process.terminationStatus, data, first)
    }
}
