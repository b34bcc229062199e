import Foundation
import Planet

/// `planet build`: reads feeds.txt, fetches and parses every feed, writes the site.
enum BuildCommand: Subcommand {
    static let spec = CommandSpec(
        name: "build",
        summary: "fetch every feed of feeds.txt and write the site",
        options: [
            .init(name: "config", value: "FILE", help: "The subscription list.", defaultText: "./feeds.txt"),
            .init(name: "output", value: "DIR", help: "Folder the site is written to.", defaultText: "./output"),
            .init(name: "templates", value: "DIR", help: "Mustache templates.",
                  defaultText: "templates/ beside feeds.txt"),
            .init(name: "now", value: "RFC3339", help: "Build time, e.g. 2024-01-02T03:04:05Z, for "
                  + "reproducible output.", defaultText: "SOURCE_DATE_EPOCH, else the clock"),
            .init(name: "jobs", value: "N", help: "Feeds fetched at once.", defaultText: "8"),
            .init(name: "timeout", value: "SECONDS", help: "Time allowed to each feed.", defaultText: "30"),
        ],
        discussion: "Failing feeds are reported and do not stop the build; exit status 0 means the "
            + "site was written.\nExit status 2: bad usage, malformed feeds.txt, a template or "
            + "write error (the last good site is kept).")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        let options: BuildOptions
        do {
            options = try buildOptions(arguments, io: io)
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
        do {
            let report = try await PlanetBuild.run(options)
            io.message(report.summaryLine)
            return ExitStatus.success
        } catch {
            io.message("planet build: \(error.description)")
            return ExitStatus.usage
        }
    }

    /// The options of the command line, paths resolved against the current folder.
    static func buildOptions(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> BuildOptions {
        let config = io.fileURL(arguments.value("config") ?? "feeds.txt")
        let output = io.fileURL(arguments.value("output") ?? "output", isDirectory: true)
        let templates = arguments.value("templates").map { io.fileURL($0, isDirectory: true) }
            ?? config.absoluteURL.deletingLastPathComponent().appendingPathComponent("templates", isDirectory: true)
        return BuildOptions(
            configURL: config, outputURL: output, templatesURL: templates,
            now: try BuildTime.resolve(arguments, environment: io.environment),
            jobs: try arguments.int("jobs", default: 8, in: 1...256),
            timeout: try arguments.seconds("timeout", default: 30))
    }
}
