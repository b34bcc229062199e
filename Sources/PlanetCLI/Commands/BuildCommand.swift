import Foundation
import Planet
import PlanetFetcher
import PlanetSite

/// `planet build`: reads feeds.txt, fetches and parses every feed, writes the site.
enum BuildCommand: Subcommand {
    static let config = CommandSpec.Option(
        name: "config", value: "FILE", help: "The subscription list.",
        defaultText: "./feeds.txt")
    static let output = CommandSpec.Option(
        name: "output", value: "DIR",
        help: "Folder the site is written to; replaced whole on "
            + "every build, so it must be missing, empty or a site planet wrote (marked by a "
            + ".planet-site file). A symbolic link is kept and its target replaced.",
        defaultText: "output/ beside feeds.txt")
    static let templates = CommandSpec.Option(
        name: "templates", value: "DIR", help: "Mustache templates.",
        defaultText: "templates/ beside feeds.txt, else the built-in ones")
    static let now = CommandSpec.Option(
        name: "now", value: "RFC3339",
        help: "Build time, e.g. 2024-01-02T03:04:05Z, for reproducible output.",
        defaultText: "SOURCE_DATE_EPOCH, else the clock")
    static let jobs = CommandSpec.Option(
        name: "jobs", value: "N", help: "Feeds fetched at once.", defaultText: "\(FetcherConfiguration.defaultJobs)")
    static let perHost = CommandSpec.Option(
        name: "per-host", value: "N", help: "Feeds fetched at once from one host (else feeds.txt's per_host).",
        defaultText: "\(FetcherConfiguration.defaultPerHost)")
    static let timeout = CommandSpec.Option(
        name: "timeout", value: "SECONDS", help: "Time allowed to each feed.",
        defaultText: "30")
    static let cache = CommandSpec.Option(
        name: "cache", value: "FILE", help: "The SQLite cache.",
        defaultText: ".planet/cache.sqlite beside feeds.txt")
    static let offline = CommandSpec.Option(name: "offline", help: "Render from the cache only; fetch nothing.")
    static let force = CommandSpec.Option(
        name: "force", help: "Fetch every feed, also those whose server or poll_interval says not yet.")
    static let strict = CommandSpec.Option(name: "strict", help: "Exit with status 1 when a feed failed.")
    static let applyRedirects = CommandSpec.Option(
        name: "apply-redirects",
        help: "Rewrite feeds.txt for feeds that moved for good (301/308).")
    static let wait = CommandSpec.Option(name: "wait", help: "Wait for a build already running instead of stopping.")
    static let verbose = CommandSpec.Option(name: "verbose", help: "One line per feed.")
    static let quiet = CommandSpec.Option(
        name: "quiet",
        help: "For cron: print build errors, and a failing feed only "
            + "on the first run it fails (every failing feed with --strict).")

    static let spec = CommandSpec(
        name: "build",
        summary: "fetch every feed of feeds.txt and write the site",
        options: [
            config, output, templates, now, jobs, perHost, timeout, cache, offline, force, strict, applyRedirects,
            wait,
            verbose,
            quiet
        ],
        discussion: "Failing feeds are reported and do not stop the build; exit status 0 means the "
            + "site was written (with --strict: and no feed failed, else 1).\nExit status 2: bad "
            + "usage, malformed feeds.txt, a template, cache or write error (the last good site is "
            + "kept).\nExit status \(ExitStatus.locked.rawValue) (EX_TEMPFAIL): another build holds the lock "
            + "(.planet/lock "
            + "beside the cache); nothing was done, try again later or pass --wait.\nOn a terminal a "
            + "progress line is shown; otherwise only failing feeds and the summary line; with "
            + "--quiet only build errors and feeds that have just started failing. NO_COLOR "
            + "turns color off.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let options: BuildOptions
        do {
            options = try buildOptions(arguments, io: io)
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
        if arguments.flag(quiet) && arguments.flag(verbose) {
            io.message(arguments.error("'--quiet' and '--verbose' cannot be used together").description)
            return ExitStatus.usage
        }
        let terminal = BuildTerminal(
            io: io, verbosity: arguments.flag(quiet) ? .quiet : arguments.flag(verbose) ? .verbose : .normal,
            strict: arguments.flag(strict),
            isTerminal: io.stderrIsTerminal ?? BuildTerminal.stderrIsTerminal(environment: io.environment))
        var runOptions = options
        runOptions.progress = terminal.progress
        do {
            let report = try await PlanetBuild.run(runOptions)
            terminal.finish(report)
            return arguments.flag(strict) && !report.failures.isEmpty ? ExitStatus.failure : ExitStatus.success
        } catch {
            terminal.error("planet build: \(error.description)")
            if error.isLocked { return .locked }
            return ExitStatus.usage
        }
    }

    /// The options of the command line, paths resolved against the current folder.
    static func buildOptions(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> BuildOptions {
        let config = io.fileURL(arguments.value(config) ?? "feeds.txt")
        let folder = config.absoluteURL.deletingLastPathComponent()
        let output =
            arguments.value(output).map { io.fileURL($0, isDirectory: true) }
            ?? folder.appendingPathComponent("output", isDirectory: true)
        let templates = try templateSource(arguments, folder: folder, io: io)
        var options = BuildOptions(
            configURL: config, outputURL: output, templates: templates,
            now: try BuildTime.resolve(arguments, environment: io.environment),
            jobs: try arguments.int(jobs, default: FetcherConfiguration.defaultJobs, in: 1...1024),
            timeout: try arguments.seconds(timeout, default: 30),
            cacheURL: arguments.value(cache).map { io.fileURL($0) })
        if arguments.value(perHost) != nil { options.perHost = try arguments.int(perHost, default: 1, in: 1...1024) }
        if let trusted = io.environment["SSL_CERT_FILE"], !trusted.isEmpty { options.trustStore = trusted }
        options.proxies = ProxySettings(environment: io.environment)
        if io.environment["PLANET_LOOPBACK_ONLY"] == "1" { options.loopbackOnly = LoopbackGuard() }
        options.offline = arguments.flag(offline)
        options.force = arguments.flag(force)
        options.applyRedirects = arguments.flag(applyRedirects)
        options.waitForLock = arguments.flag(wait)
        return options
    }

    /// `--templates DIR` (which must exist), else `templates/` beside feeds.txt when it exists,
    /// else the built-in default templates (`DefaultTemplates`).
    static func templateSource(
        _ arguments: ParsedArguments, folder: URL,
        io: CommandIO
    ) throws(UsageError) -> TemplateSource {
        var isFolder: ObjCBool = false
        if let given = arguments.value(templates) {
            let url = io.fileURL(given, isDirectory: true)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw arguments.error(
                    "'\(given)': templates folder not found; run 'planet init' to get the "
                        + "default templates, or leave out --templates to use the built-in ones")
            }
            return .folder(url)
        }
        let beside = folder.appendingPathComponent("templates", isDirectory: true)
        if FileManager.default.fileExists(atPath: beside.path, isDirectory: &isFolder), isFolder.boolValue {
            return .folder(beside)
        }
        return .builtIn(DefaultTemplates.files)
    }
}
