import Foundation
import Testing
@testable import PlanetCLI

@Suite("planet parse")
struct ParseCommandTests {
    @Test func aMissingFileIsBadInput() async {
        let outcome = await runPlanet(["parse", "no-such-feed.xml"], in: URL(fileURLWithPath: "/nonexistent-planet"))
        #expect(outcome.status == 2)
        #expect(outcome.err == "planet parse: 'no-such-feed.xml': no such file\n")
    }

    @Test func anEmptyFileIsNotAFeed() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try Data().write(to: folder.appendingPathComponent("empty.xml"))
        let outcome = await runPlanet(["parse", "empty.xml", "--json"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err.hasPrefix("planet parse: "))
        #expect(outcome.out.isEmpty)
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
