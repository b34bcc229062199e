import Foundation
import Testing

@testable import FeedParser

/// `Feed.updateInterval`: what a feed says about how long a copy stays current (RSS 2.0 `<ttl>`,
/// the RSS 1.0 syndication module), in seconds.
@Suite("Feed update interval: ttl and sy:updatePeriod")
struct UpdateIntervalTests {
    static let sy = "http://purl.org/rss/1.0/modules/syndication/"

    static func rss(_ channel: String) throws -> Feed {
        let xml = """
            <?xml version="1.0"?>
            <rss version="2.0" xmlns:sy="\(sy)"><channel><title>T</title><link>https://example.org/</link>
            \(channel)<item><title>a</title><link>https://example.org/a</link></item></channel></rss>
            """
        return try Feed.parse(Data(xml.utf8), url: URL(string: "https://example.org/feed.xml"))
    }

    @Test(
        "ttl is minutes",
        arguments: [
            ("<ttl>1440</ttl>", 86_400.0), ("<ttl> 60 </ttl>", 3_600.0), ("<ttl>1</ttl>", 60.0)
        ])
    func ttl(element: String, seconds: Double) throws {
        #expect(try Self.rss(element).updateInterval == seconds)
    }

    @Test(
        "a ttl that is not a positive whole number is no hint",
        arguments: [
            "<ttl>0</ttl>", "<ttl>-5</ttl>", "<ttl>soon</ttl>", "<ttl>1.5</ttl>", "<ttl></ttl>", ""
        ])
    func noTTL(element: String) throws {
        #expect(try Self.rss(element).updateInterval == nil)
    }

    @Test(
        "sy:updatePeriod divided by sy:updateFrequency",
        arguments: [
            ("<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>1</sy:updateFrequency>", 3_600.0),
            ("<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>", 43_200.0),
            ("<sy:updatePeriod> Weekly </sy:updatePeriod>", 604_800.0),
            ("<sy:updateFrequency>4</sy:updateFrequency>", 21_600.0),
            ("<sy:updatePeriod>monthly</sy:updatePeriod>", 2_629_746.0),
            ("<sy:updatePeriod>yearly</sy:updatePeriod>", 31_556_952.0)
        ])
    func syndication(elements: String, seconds: Double) throws {
        #expect(try Self.rss(elements).updateInterval == seconds)
    }

    @Test(
        "an unknown period or a bad frequency is no hint",
        arguments: [
            "<sy:updatePeriod>fortnightly</sy:updatePeriod>",
            "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>0</sy:updateFrequency>",
            "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>x</sy:updateFrequency>",
            "<updatePeriod>hourly</updatePeriod>"
        ])
    func noSyndication(elements: String) throws {
        #expect(try Self.rss(elements).updateInterval == nil)
    }

    @Test("ttl and sy together: the shorter")
    func shorterWins() throws {
        let feed = try Self.rss("<ttl>180</ttl><sy:updatePeriod>hourly</sy:updatePeriod>")
        #expect(feed.updateInterval == 3_600)
        #expect(try Self.rss("<ttl>30</ttl><sy:updatePeriod>daily</sy:updatePeriod>").updateInterval == 1_800)
    }

    @Test("RSS 1.0 and Atom read the syndication module")
    func rss10AndAtom() throws {
        let rdf = """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xmlns:sy="\(Self.sy)"><channel rdf:about="https://example.org/"><title>T</title>
            <link>https://example.org/</link><sy:updatePeriod>daily</sy:updatePeriod>
            <sy:updateFrequency>4</sy:updateFrequency></channel>
            <item rdf:about="https://example.org/a"><title>a</title><link>https://example.org/a</link></item></rdf:RDF>
            """
        let feed = try Feed.parse(Data(rdf.utf8), url: URL(string: "https://example.org/index.rdf"))
        #expect(feed.format == .rss10)
        #expect(feed.updateInterval == 21_600)
        let atom = """
            <?xml version="1.0"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:sy="\(Self.sy)"><title>T</title><id>urn:x</id>
            <updated>2024-01-01T00:00:00Z</updated><sy:updatePeriod>hourly</sy:updatePeriod>
            <sy:updateFrequency>2</sy:updateFrequency></feed>
            """
        #expect(try Feed.parse(Data(atom.utf8), url: nil).updateInterval == 1_800)
    }
}
