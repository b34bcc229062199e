import Foundation
import PlanetBase
import PlanetSubscriptions

/// `planet check [--config FILE] [--since REF | URL...]`: what a CI job runs on a pull request
/// that adds or changes subscriptions: feeds.txt parses, and each feed new or changed (since the
/// commit `REF`, or the URLs given, else every feed) is fetched and parsed as `planet build`
/// would, with a verdict each (`FeedChecker`).
enum CheckCommand: Subcommand {
    static let since = CommandSpec.Option(
        name: "since", value: "REF",
        help: "Check only the feeds new or changed since this git commit (e.g. origin/main).")
    static let json = CommandSpec.Option(name: "json", help: "Print the verdicts as one JSON object.")
    static let markdown = CommandSpec.Option(
        name: "markdown", help: "Print the verdicts as Markdown, for a CI job to post on the pull request.")
    static let timeout = CommandSpec.Option(
        name: "timeout", value: "SECONDS", help: "Time allowed to each feed.", defaultText: "30")

    static let spec = CommandSpec(
        name: "check",
        summary: "check that feeds.txt parses and its new feeds can be fetched and read",
        arguments: [
            .init(
                name: "URL", help: "Check these feeds only (listed or not).", isOptional: true, isRepeated: true)
        ],
        options: [FeedsFile.config, since, json, markdown, timeout],
        discussion: "Each feed checked gets a line: ok with its title, entry count and newest date, or what is "
            + "wrong and what to do: duplicate, fetch (an HTTP or network error), not-a-feed (a web page: the "
            + "feed it links is named), cut-short, redirect (it moved for good: list the new URL), no-entries, "
            + "no-dates, face (its face setting does not load).\n"
            + "Nothing is written: not feeds.txt, not the cache.\n"
            + "Exit status 0 when every feed passed, 1 when feeds.txt does not parse or a feed failed, 2 for bad "
            + "usage (--since with a ref git does not know).\n"
            + "JSON: {\"config\", \"error\", \"passed\", \"feeds\": [{\"line\", \"url\", \"passed\", \"title\", "
            + "\"entries\", \"newest\", \"problems\": [{\"kind\", \"message\"}]}]}; line 0 is a URL feeds.txt does "
            + "not list.")

    /// Feeds checked at once.
    static let jobs = 8

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let file = FeedsFile.url(arguments, io: io)
        let checkTimeout: Double
        let feeds: [Subscription]
        var report = CheckReport(file: file.relativePath, verdicts: [])
        do throws(UsageError) {
            if arguments.flag(json) && arguments.flag(markdown) {
                throw arguments.error("'--json' and '--markdown' cannot be used together")
            }
            checkTimeout = try arguments.seconds(timeout, default: 30)
            guard let list = try loadList(file, arguments: arguments, report: &report, io: io) else {
                return print(report, arguments, io: io)
            }
            feeds = try selection(list, arguments: arguments, io: io)
            report.verdicts = await verdicts(feeds, checker: FeedChecker(list: list, timeout: checkTimeout))
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
        return print(report, arguments, io: io)
    }

    /// feeds.txt, its warnings on stderr; nil with `report.fileError` set when it does not parse.
    private static func loadList(
        _ file: URL, arguments: ParsedArguments, report: inout CheckReport, io: CommandIO
    ) throws(UsageError) -> FeedList? {
        do {
            let list = try FeedList.load(file)
            for warning in list.warnings { io.message("\(arguments.command): warning: \(warning)") }
            return list
        } catch {
            report.fileError = error.description
            return nil
        }
    }

    /// The feeds to check: the URLs given, else those changed since `--since`, else every one.
    private static func selection(_ list: FeedList, arguments: ParsedArguments, io: CommandIO) throws(UsageError)
        -> [Subscription]
    {
        let ref = arguments.value(since)
        if let ref {
            guard arguments.positionals.isEmpty else {
                throw arguments.error("give either --since or URLs, not both")
            }
            let text = try GitRevision.text(
                of: list.file, at: ref, command: arguments.command, environment: io.environment)
            let old = text.flatMap { try? FeedList.parse($0, file: list.file) }
            return CheckSelection.changed(in: list, since: old)
        }
        guard !arguments.positionals.isEmpty else { return CheckSelection.feedLines(of: list) }
        var urls: [URL] = []
        for given in arguments.positionals {
            do {
                urls.append(try FeedURLNormalizer.normalize(given, currentDirectory: io.currentDirectory))
            } catch {
                throw arguments.error(error.description)
            }
        }
        return CheckSelection.named(urls, in: list)
    }

    /// Checks `feeds`, `jobs` at a time. - Returns: the verdicts in the order of `feeds`.
    static func verdicts(_ feeds: [Subscription], checker: FeedChecker) async -> [CheckVerdict] {
        await withTaskGroup(of: (Int, CheckVerdict).self) { group in
            var results = [CheckVerdict?](repeating: nil, count: feeds.count)
            var next = 0
            for _ in 0..<min(jobs, feeds.count) {
                let (index, feed) = (next, feeds[next])
                group.addTask { (index, await checker.check(feed)) }
                next += 1
            }
            while let (index, verdict) = await group.next() {
                results[index] = verdict
                guard next < feeds.count else { continue }
                let (index, feed) = (next, feeds[next])
                group.addTask { (index, await checker.check(feed)) }
                next += 1
            }
            return results.compactMap { $0 }
        }
    }

    /// Prints `report` as asked. - Returns: 0 when it passed, else 1.
    private static func print(_ report: CheckReport, _ arguments: ParsedArguments, io: CommandIO) -> ExitStatus {
        if arguments.flag(json) {
            io.out(report.json())
        } else if arguments.flag(markdown) {
            io.out(report.markdown())
        } else {
            io.out(TerminalText.printable(report.text()))
        }
        return report.passed ? ExitStatus.success : ExitStatus.failure
    }
}
