import Foundation
import TestSupport
import Testing

@testable import FeedParser

/// Safe XML (docs/ARCHITECTURE.md, rules 6 and 8): XXE, entity amplification and oversized documents are refused
/// quickly, with bounded memory; ordinary DOCTYPEs and small internal entities still work.
@Suite("XML attacks")
struct XMLAttackTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let document: @Sendable () -> Data
        /// A fragment of the `.malformed` detail.
        let detail: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "XXE file entity", document: { XMLAttack.fileEntity }, detail: "(XXE)"),
        Case(name: "billion laughs", document: { XMLAttack.billionLaughs }, detail: "entity"),
        Case(name: "quadratic blowup in text", document: { XMLAttack.quadraticBlowup }, detail: "entity expansion"),
        Case(
            name: "quadratic blowup in an attribute", document: { XMLAttack.quadraticBlowupInAttribute },
            detail: "entity expansion"),
        Case(name: "50 MB body", document: { XMLAttack.fiftyMegabytes }, detail: "larger than the cap")
    ]

    @Test("refused as malformed, quickly, with bounded memory", arguments: cases)
    func refused(_ testCase: Case) async throws {
        let outcome = try await withDeadline { () -> Result<Feed, FeedParseError> in
            let data = testCase.document()
            return Result { () throws(FeedParseError) in try Feed.parse(data, url: URL(string: "https://example.org/f"))
            }
        }
        guard case .failure(let error) = outcome, case .malformed(let detail) = error.reason else {
            Issue.record("expected a .malformed refusal, got \(outcome)")
            return
        }
        #expect(detail.contains(testCase.detail), "\(detail)")
        // The whole test process stays far below what an expansion would take (1 GB and more).
        #expect(PeakMemory.megabytes < 1_500)
    }

    @Test("an http entity and an external parameter entity are never fetched")
    func noNetwork() async throws {
        let server = try await LoopbackServer.start(["/xxe": .ok("root:x:0:0"), "/evil.dtd": .ok("<!ENTITY leak 'x'>")])
        let general = try await withDeadline {
            Result { () throws(FeedParseError) in
                try Feed.parse(XMLAttack.httpEntity(server.url(for: "/xxe")), url: nil)
            }
        }
        let parameter = try await withDeadline {
            Result { () throws(FeedParseError) in
                try Feed.parse(XMLAttack.httpParameterEntity(server.url(for: "/evil.dtd")), url: nil)
            }
        }
        await server.stop()
        #expect(server.requests.isEmpty)
        if case .failure(let error) = general {
            #expect(error.reason == .malformed("refused: reference to the external entity 'xxe' (XXE), not loaded"))
        } else {
            Issue.record("the http entity was not refused: \(general)")
        }
        // The parameter entity is declared but never loaded; the feed itself is harmless.
        let feed = try parameter.get()
        #expect(feed.entries.map(\.title) == ["plain"])
    }

    @Test("a public DOCTYPE and small internal entities still parse")
    func ordinaryDoctypes() throws {
        let netscape = XMLAttack.rss(
            doctype:
                #"<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "#
                + #""http://my.netscape.com/publish/formats/rss-0.91.dtd">"#,
            title: "Old school")
        #expect(try Feed.parse(netscape, url: nil).entries.map(\.title) == ["Old school"])
        let declared = XMLAttack.rss(doctype: #"<!DOCTYPE rss [<!ENTITY co "ACME">]>"#, title: "&co; and &co;")
        #expect(try Feed.parse(declared, url: nil).entries.map(\.title) == ["ACME and ACME"])
    }

    @Test("the byte cap is a parameter")
    func byteCap() throws {
        let feed = XMLAttack.rss(doctype: "", title: "small")
        #expect(try Feed.parse(feed, url: nil).entries.count == 1)
        #expect(throws: FeedParseError.self) { try Feed.parse(feed, url: nil, maxBytes: feed.count - 1) }
    }
}
