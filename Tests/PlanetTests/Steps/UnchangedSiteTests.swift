import FeedParser
import Foundation
import PlanetCache
import PlanetFetcher
import PlanetSite
import TestSupport
import Testing

@testable import Planet

/// The "nothing changed" step on its own (`UnchangedSite.check` and `remember`), run as
/// `PlanetBuild.run` runs it, on a planet of one local feed: what the record a build leaves holds,
/// and what makes the next check reuse the site or not. `UnchangedBuildTests` proves the same end
/// to end, byte for byte.
@Suite("Steps: the unchanged site")
struct UnchangedSiteTests {
    /// 2026-12-04T16:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_796_400_000)
    static let day: TimeInterval = 86_400

    @Test("no record before the first build; the record it leaves makes the next check reuse the site")
    func firstBuildThenReuse() async throws {
        let planet = try StepsPlanet()
        try await withDeadline {
            let before = try await planet.check(at: Self.now)
            #expect(before.record == nil)
            #expect(!before.sameInputs)
            #expect(before.reusable == nil)
            #expect(before.lastChanged(now: Self.now) == Self.now)

            _ = try await PlanetBuild.run(planet.options(at: Self.now))
            let after = try await planet.check(at: Self.now + 3_600)
            let record = try #require(after.record)
            #expect(after.sameInputs)
            #expect(after.reusable == record)
            #expect(record.changedAt == Self.now)
            #expect(after.lastChanged(now: Self.now + 3_600) == Self.now)
        }
    }

    @Test("remember records this build's fingerprint, content version, entries, output and valid-until")
    func rememberRecords() async throws {
        let planet = try StepsPlanet(settings: ["days_per_page = 10"])
        try await withDeadline {
            _ = try await PlanetBuild.run(planet.options(at: Self.now))
            let check = try await planet.check(at: Self.now)
            let record = try #require(check.record)
            #expect(record.fingerprint == check.fingerprint)
            #expect(record.contentVersion == check.contentVersion)
            #expect(record.entries == 1)
            #expect(record.output == planet.output.resolvingSymlinksInPath().path)
            // The one entry, dated a day ago, leaves the index of 10 days in 9 days
            // (`RiverPage.nextChange(ofIndex:daysPerPage:)`).
            #expect(record.validUntil == Self.now + 9 * Self.day)
        }
    }

    @Test("the output changed by hand: same inputs, but the site is not reused")
    func outputChangedByHand() async throws {
        let planet = try StepsPlanet()
        try await withDeadline {
            _ = try await PlanetBuild.run(planet.options(at: Self.now))
            try Data("changed".utf8).write(to: planet.output.appendingPathComponent("index.html"))
            let check = try await planet.check(at: Self.now)
            #expect(check.sameInputs)
            #expect(check.reusable == nil)
        }
    }

    @Test("a check at or after valid-until, or with other settings, is not the same inputs")
    func timeAndSettings() async throws {
        let planet = try StepsPlanet(settings: ["days_per_page = 10"])
        try await withDeadline {
            _ = try await PlanetBuild.run(planet.options(at: Self.now))
            #expect(try await planet.check(at: Self.now + 9 * Self.day - 1).sameInputs)
            #expect(try await !planet.check(at: Self.now + 9 * Self.day).sameInputs)
            try planet.writeConfig(settings: ["days_per_page = 11"])
            #expect(try await !planet.check(at: Self.now).sameInputs)
        }
    }

    @Test("renders again only when the first rendering changes the output, at another time, with other inputs")
    func rendersAgain() async throws {
        let planet = try StepsPlanet()
        try await withDeadline {
            let check = try await planet.check(at: Self.now)
            let output = try OutputFolder(planet.options(at: Self.now))
            let changing = try output.plan(["index.html": Data("new".utf8)], staticFolder: nil)
            #expect(!changing.changesNothing)
            #expect(check.rendersAgain(changing, renderedAt: Self.now - Self.day, now: Self.now))
            #expect(!check.rendersAgain(changing, renderedAt: Self.now, now: Self.now))
        }
    }
}

/// A planet folder for the steps' tests: feeds.txt with one local feed (an RSS file with one item
/// dated a day before `UnchangedSiteTests.now`), the repository's templates, an output folder.
struct StepsPlanet: Sendable {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder: URL
    var config: URL { folder.appendingPathComponent("feeds.txt") }
    var output: URL { folder.appendingPathComponent("output") }
    var feed: URL { folder.appendingPathComponent("feed.xml") }

    init(settings: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-steps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let date = FeedDateParser.rfc3339(UnchangedSiteTests.now - UnchangedSiteTests.day)
        let rss =
            "<rss version=\"2.0\"><channel><title>Local</title><link>https://local.example/</link>"
            + "<item><guid>https://local.example/1</guid><title>One</title><link>https://local.example/1</link>"
            + "<pubDate>\(date)</pubDate></item></channel></rss>"
        try Data(rss.utf8).write(to: feed)
        try writeConfig(settings: settings)
    }

    func writeConfig(settings: [String]) throws {
        let text = (["title = Steps"] + settings + ["", "\(feed.path) Local", ""]).joined(separator: "\n")
        try Data(text.utf8).write(to: config)
    }

    func options(at now: Date) -> BuildOptions {
        var options = BuildOptions(
            configURL: config, outputURL: output,
            templatesURL: Self.repository.appendingPathComponent("templates"), now: now)
        options.loopbackOnly = LoopbackGuard()
        return options
    }

    /// The steps of `PlanetBuild.run` up to the unchanged check, and the check (no lock: one test,
    /// one planet).
    func check(at now: Date) async throws(BuildError) -> UnchangedSite {
        let options = options(at: now)
        let list = try PlanetBuild.loadList(options.configURL)
        let site = try PlanetBuild.compileTemplates(options)
        let output = try OutputFolder(options)
        let pages = try PlanetBuild.readPages(options)
        let (run, _) = try PlanetBuild.openCache(options, list: list)
        let listed = list.subscriptions
        let fetched = try await run.fetchAndRecord(listed, Fetcher(run.fetcherConfiguration))
        let faces = run.faces(reading: listed)
        let inputs = SiteInputs(
            list: list, site: site, templates: options.templates, output: output, pages: pages,
            subscriptions: listed, faces: faces)
        return try await UnchangedSite.check(inputs, fetched, run)
    }
}
