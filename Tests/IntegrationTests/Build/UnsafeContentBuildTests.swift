import Foundation
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// The cache keeps entries' HTML raw (parsed with `HTMLSanitizing.deferred`); what the build
/// writes is sanitized all the same: scripts, event handlers and `javascript:` links in a feed
/// reach none of index.html, rss.xml, atom.xml — on a cold build and on a warm one (from the cache).
@Suite("planet build: unsafe content is sanitized on the way out of the cache")
struct UnsafeContentBuildTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let feed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel><title>Unsafe</title><link>https://unsafe.example/</link>
        <item><title>Post one</title><link>https://unsafe.example/1</link>
        <pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate>
        <description>&lt;p&gt;Short &lt;img src="/pic.png" \
        onerror="steal()"&gt;&lt;script&gt;steal()&lt;/script&gt;&lt;/p&gt;</description>
        <content:encoded><![CDATA[<p onclick="steal()">Body <a href="javascript:steal()">bad</a> <a \
        href="/good">good</a></p><script>steal()</script><iframe src="https://evil.example/"></iframe>]]>\
        </content:encoded>
        </item>
        <item><title>Post two</title><link>https://unsafe.example/2</link>
        <pubDate>Mon, 30 Nov 2026 10:00:00 GMT</pubDate>
        <description><![CDATA[<svg onload="steal()"><script>steal()</script></svg>Only text <b>stays</b>]]>\
        </description>
        </item></channel></rss>
        """

    @Test("no script, handler or javascript: link in the output, cold and warm")
    func outputIsSanitized() async throws {
        let folder = try TemporaryFolder().url
        let feedFile = folder.appendingPathComponent("unsafe.xml")
        try Data(Self.feed.utf8).write(to: feedFile)
        let config = folder.appendingPathComponent("feeds.txt")
        try """
        title = Unsafe
        link = https://planet.example.org/
        \(feedFile.path) Unsafe
        """.write(to: config, atomically: true, encoding: .utf8)
        var built = BuildOptions(
            configURL: config, outputURL: folder.appendingPathComponent("output"),
            templatesURL: Self.repository.appendingPathComponent("templates"),
            now: Date(timeIntervalSince1970: 1_796_400_000),
            cacheURL: folder.appendingPathComponent("cache.sqlite"))
        built.loopbackOnly = LoopbackGuard()
        let options = built
        for run in ["cold", "warm"] {
            let report = try await withDeadline { try await PlanetBuild.run(options) }
            #expect(report.feedsOK == 1, "\(run)")
            #expect(report.entries == 2, "\(run)")
            for name in ["index.html", "rss.xml", "atom.xml"] {
                let text = try String(contentsOf: folder.appendingPathComponent("output/\(name)"), encoding: .utf8)
                #expect(text.contains("Body"), "\(run) \(name)")
                #expect(text.contains("https://unsafe.example/good"), "\(run) \(name): relative link resolved")
                #expect(text.contains("stays"), "\(run) \(name)")
                // The iframe is replaced by a plain link to what it embedded, never an iframe.
                #expect(text.contains("Embedded content: evil.example/"), "\(run) \(name): the embed's link")
                for needle in [
                    "steal", "<script", "&lt;script", "onerror", "onclick", "onload", "javascript:", "iframe", "svg"
                ] {
                    #expect(!text.lowercased().contains(needle), "\(run) \(name) holds '\(needle)'")
                }
            }
        }
    }
}
