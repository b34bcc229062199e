import Foundation
import Testing

@testable import PlanetCLI

@Suite("planet parse")
struct ParseCommandTests {
    @Test func aMissingFileCannotBeReadAndExits1() async {
        let outcome = await runPlanet(["parse", "no-such-feed.xml"], in: URL(fileURLWithPath: "/nonexistent-planet"))
        #expect(outcome.status == 1)
        #expect(outcome.err == "planet parse: 'no-such-feed.xml': no such file\n")
    }

    @Test func anEmptyFileIsNotAFeed() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try Data().write(to: folder.appendingPathComponent("empty.xml"))
        let outcome = await runPlanet(["parse", "empty.xml", "--json"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err == "planet parse: 'empty.xml': is empty; a feed file holds RSS, Atom or JSON Feed\n")
        #expect(outcome.out.isEmpty)
    }

    @Test func devNullIsEmptyNotUnreadable() async {
        let outcome = await runPlanet(["parse", "/dev/null"])
        #expect(outcome.status == 2)
        #expect(outcome.err == "planet parse: '/dev/null': is empty; a feed file holds RSS, Atom or JSON Feed\n")
    }

    @Test func helpNamesTheJSONKeysAndTheExitStatusesWithoutDesignMd() async {
        let outcome = await runPlanet(["parse", "--help"])
        #expect(outcome.status == 0)
        #expect(!outcome.out.contains("DESIGN.md"))
        for key in ["format", "feed_url", "entries", "enclosures", "warnings", "published"] {
            #expect(outcome.out.contains(key), "\(key)")
        }
        #expect(outcome.out.contains("Exit status 1 when the file or URL cannot be read"))
    }

    @Test func printsTheJSONContractOfAFile() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let rss = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://example.org/</link>
            <item><title>One</title><guid>1</guid></item></channel></rss>
            """
        try rss.write(to: folder.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["parse", "--json", "feed.xml"], in: folder)
        #expect(outcome.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any]
        #expect(object?["format"] as? String == "rss2.0")
        let summary = await runPlanet(["parse", "feed.xml"], in: folder)
        #expect(summary.out.hasPrefix("format:  rss2.0\n"))
    }
}
