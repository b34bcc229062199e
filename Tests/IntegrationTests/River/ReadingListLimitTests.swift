import Foundation
import Planet
import TestSupport
import Testing

/// A reading list is someone else's file: one list adds at most 5,000 feeds and is read up to
/// 2,000,000 bytes, whatever feeds.txt's `max_bytes` (Sources/Planet/Steps/ReadingListLimits.swift).
@Suite("planet build: reading list limits")
struct ReadingListLimitTests {
    @Test("a list of 6,000 outlines adds its first 5,000 feeds, with a warning naming the list")
    func outlinesCapped() async throws {
        try await withDeadline {
            // Every outline points at the one feed the server has, by query: the feeds fetch cheaply.
            let server = try await LoopbackServer.start(["/f.xml": .ok(rssFeed("f"))])
            let root = server.url(for: "/f.xml").absoluteString
            let list = ReadingListTests.opml((0..<6_000).map { ("\(root)?n=\($0)", "Feed \($0)") })
            let (planet, run, lists, people) = try await Self.build(subscribingTo: list)
            defer { planet.remove() }
            #expect(run.status == 0, "\(run.err)")
            #expect(
                run.err.contains(
                    "reading list \(people): 6000 feeds, only the first 5000 are taken (the cap of one list)"),
                "\(run.err.prefix(2_000))")
            let page = try planet.read("index.html")
            #expect(page.contains(">Feed 4999<") && !page.contains(">Feed 5000<"))
            await server.stop()
            await lists.stop()
        }
    }

    @Test("a list larger than 2,000,000 bytes is not read: a warning, and nothing of it subscribed")
    func bytesBounded() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/f.xml": .ok(rssFeed("f"))])
            var list = ReadingListTests.opml([(server.url(for: "/f.xml").absoluteString, "Big list feed")])
            list.append(Data(repeating: UInt8(ascii: " "), count: 2_100_000))
            let (planet, run, lists, people) = try await Self.build(subscribingTo: list)
            defer { planet.remove() }
            #expect(run.status == 0, "\(run.err)")
            #expect(run.err.contains("reading list \(people): "), "\(run.err)")
            #expect(run.err.contains("2000000 bytes"), "\(run.err)")
            #expect(try !planet.read("index.html").contains("Big list feed"))
            await server.stop()
            await lists.stop()
        }
    }

    /// Serves `list` as a reading list, builds a planet whose one line is `list URL`: the planet,
    /// its run, the list's server and the list's URL.
    private static func build(
        subscribingTo list: Data
    ) async throws -> (CronPlanet, CronPlanet.Run, LoopbackServer, String) {
        let lists = try await LoopbackServer.start(["/people.opml": .ok(list)])
        let people = lists.url(for: "/people.opml").absoluteString
        let planet = try CronPlanet(feeds: [(URL(string: "list")!, people)])
        // Every feed is on the one loopback host: no per-host cap to wait for (politeness is
        // FetchPerHostTests' subject, the reading list's limits this one's).
        return (planet, await planet.build(at: 0, ["--per-host", "64"]), lists, people)
    }
}
