import FeedParser
import Foundation
import Planet
import PlanetBase
import PlanetFetcher
import PlanetSubscriptions

/// `planet add URL [NAME]`: adds one feed to feeds.txt, checking first that it is a feed (or
/// finding the feed of a web page).
enum AddCommand: Subcommand {
    static let noFetch = CommandSpec.Option(name: "no-fetch", help: "Add without fetching (no check, no default name).")
    static let pick = CommandSpec.Option(
        name: "pick", value: "N",
        help: "When a page links several feeds, take the Nth.", defaultText: "1")
    static let timeout = CommandSpec.Option(
        name: "timeout", value: "SECONDS", help: "Time allowed to each fetch.",
        defaultText: "30")

    static let spec = CommandSpec(
        name: "add",
        summary: "add a feed to feeds.txt",
        arguments: [
            .init(name: "URL", help: "The feed or its web page (example.org/feed gets https://), or a file path."),
            .init(name: "NAME", help: "Display name; default: the feed's title.", isOptional: true)
        ],
        options: [FeedsFile.config, noFetch, pick, timeout],
        discussion: "A web page is searched for <link rel=\"alternate\"> feeds (RSS, Atom, JSON Feed).\n"
            + "A feed already listed (URLs compared after normalization) is left as it is.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let name = arguments.positional(1)
        let url: URL
        let timeout: Double
        let picked: Int?
        do {
            picked = arguments.value(pick) == nil ? nil : try arguments.int(pick, default: 1, in: 1...100)
            timeout = try arguments.seconds(Self.timeout, default: 30)
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
        do {
            url = try FeedURLNormalizer.normalize(arguments.positionals[0], currentDirectory: io.currentDirectory) {
                FileManager.default.fileExists(atPath: $0.path)
            }
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return ExitStatus.usage
        }
        guard let list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        if let present = list.subscription(sameAs: url) {
            io.line(alreadyListed(present, in: list))
            return ExitStatus.success
        }
        var subscription = Subscription(url: url, name: name)
        if !arguments.flag(noFetch) {
            do {
                let found = try await FeedCheck.check(
                    url, pick: picked, timeout: timeout,
                    currentDirectory: io.currentDirectory)
                found.discovery.map { show($0, of: url, io: io) }
                subscription = Subscription(url: found.url, name: name ?? found.title)
            } catch {
                error.discovery.map { show($0, of: url, io: io) }
                io.message("\(arguments.command): \(message(error))")
                return error.isInput ? .usage : .failure
            }
            if let present = list.subscription(sameAs: subscription.url) {
                io.line(alreadyListed(present, in: list))
                return ExitStatus.success
            }
        }
        // Under the lock, against feeds.txt as it is now: another edit may have saved meanwhile.
        let chosen = subscription
        let present = FeedsFile.edit(arguments, io: io) { list -> Subscription? in
            if let present = list.subscription(sameAs: chosen.url) { return present }
            list.add(chosen)
            return nil
        }
        guard let present else { return ExitStatus.usage }
        if let present {
            io.line(alreadyListed(present, in: list))
            return ExitStatus.success
        }
        io.confirm("added \(FeedsFile.label(subscription)) to \(list.file.relativePath)")
        return ExitStatus.success
    }

    /// The feeds a page links (when more than one) and the one taken, or the one feed it links.
    private static func show(_ discovery: FeedCheck.Discovery, of url: URL, io: CommandIO) {
        let page = URLText.removingUserinfo(url.absoluteString)
        let links = discovery.links
        if links.count > 1 {
            io.line("'\(page)' links \(links.count) feeds:")
            for (number, link) in links.enumerated() {
                io.line(
                    "  \(number + 1). \(URLText.removingUserinfo(link.url.absoluteString))"
                        + (link.title.map { "  (\($0))" } ?? ""))
            }
            if discovery.index < links.count { io.line("taking \(discovery.index + 1); --pick N takes another") }
        } else if let feedURL = discovery.feedURL {
            io.line("'\(page)' is a web page; its feed is '\(URLText.removingUserinfo(feedURL.absoluteString))'")
        }
    }

    /// Why the URL cannot be added, and what to do instead.
    private static func message(_ error: FeedCheckError) -> String {
        let page = URLText.removingUserinfo(error.url.absoluteString)
        switch error.reason {
        case .fetch(let failure):
            return failure.description + "; --no-fetch adds it without checking"
        case .notAFeed(let parseError):
            let isPage = parseError.reason == .notAFeed("an HTML page")
            return parseError.description + (isPage ? ", and it links no feed (<link rel=\"alternate\">)" : "")
                + "; give the feed's own URL, or --no-fetch"
        case .noSuchLink(let pick):
            let count = error.discovery?.links.count ?? 0
            return "'--pick \(pick)' but '\(page)' links \(count) feed\(count == 1 ? "" : "s")"
        case .badLink(let listError):
            return "'\(page)' links \(listError.description)"
        case .linkedNotAFeed(let parseError):
            return "\(parseError.description) (linked from '\(page)'); --no-fetch adds it without checking"
        }
    }

    private static func alreadyListed(_ present: Subscription, in list: FeedList) -> String {
        "\(FeedsFile.label(present)) is already in \(list.file.relativePath) (line \(present.line)); nothing changed"
    }
}
