import Foundation
import PlanetCache
import PlanetSubscriptions
import Testing

@testable import PlanetRiver

@Suite("River: include / exclude rules")
struct EntryFilterTests {
    let python = FilterFields(
        title: "Releasing Django 5", categories: [" Python ", "web"],
        authorName: "Jane Doe", authorEmail: "jane@example.org", text: "<p>ORM news</p>")
    let swift = FilterFields(
        title: "Swift concurrency", categories: ["swift"], authorName: nil,
        authorEmail: "bob@example.org", text: "<p>actors and tasks</p>")

    func rules(_ include: [String] = [], _ exclude: [String] = [], feed: ([String], [String]) = ([], [])) throws
        -> EntryFilterSet
    {
        EntryFilterSet(
            include: try include.map { try EntryFilter.parse($0) },
            exclude: try exclude.map { try EntryFilter.parse($0) },
            feeds: ["f": (try feed.0.map { try EntryFilter.parse($0) }, try feed.1.map { try EntryFilter.parse($0) })])
    }

    @Test func categoryIsCaseInsensitiveAndExact() throws {
        let set = try rules(["category:PYTHON"])
        #expect(set.shows(python, feedURL: "f") && !set.shows(swift, feedURL: "f"))
        #expect(!(try rules(["category:pyth"])).shows(python, feedURL: "f"))
    }

    @Test func titleTextAndAuthor() throws {
        #expect(try rules(["title:/django/i"]).shows(python, feedURL: "f"))
        #expect(!(try rules(["title:/django/"])).shows(python, feedURL: "f"))
        #expect(try rules(["text:/actors/"]).shows(swift, feedURL: "f"))
        #expect(!(try rules(["text:/actors/"])).shows(python, feedURL: "f"))
        #expect(try rules(["author:jane"]).shows(python, feedURL: "f"))
        #expect(try rules(["author:bob@"]).shows(swift, feedURL: "f"))
        #expect(try rules().needsText == false && (try rules(["text:/x/"])).needsText)
    }

    /// Titles, names and categories keep their no-break spaces (issue 28): a rule typed in feeds.txt
    /// with an ordinary space still matches "Sponsored&nbsp;post", "Jane&nbsp;Doe", "open\u{202F}source".
    @Test func noBreakSpacesMatchAnOrdinarySpace() throws {
        let fields = FilterFields(
            title: "Sponsored\u{A0}post", categories: ["open\u{202F}source"], authorName: "Jane\u{A0}Doe",
            authorEmail: nil, text: "<p>10\u{2007}km</p>")
        #expect(!(try rules([], ["title:/Sponsored post/"])).shows(fields, feedURL: "f"))
        #expect(!(try rules([], ["category:open source"])).shows(fields, feedURL: "f"))
        #expect(!(try rules([], ["author:Jane Doe"])).shows(fields, feedURL: "f"))
        #expect(!(try rules([], ["text:/10 km/"])).shows(fields, feedURL: "f"))
        #expect(try rules([], ["title:/Sponsored\\u00A0post/"]).shows(fields, feedURL: "f") == false)
    }

    @Test func globalAndFeedIncludeMustBothPassAndAnyExcludeWins() throws {
        let set = try rules(["category:python", "category:swift"], feed: (["title:/concurrency/"], []))
        #expect(!set.shows(python, feedURL: "f"))  // passes the planet's include, not the feed's
        #expect(set.shows(swift, feedURL: "f"))
        #expect(set.shows(python, feedURL: "other"))  // no rules of its own
        let excluding = try rules([], ["author:jane"], feed: (["category:python"], []))
        #expect(!excluding.shows(python, feedURL: "f"))
        #expect(!(try rules([], [], feed: ([], ["category:web"]))).shows(python, feedURL: "f"))
    }

    @Test func onlyFeedsWithRulesAreReadWithoutPlanetRules() throws {
        let none = EntryFilterSet(include: [], exclude: [], feeds: ["f": ([], [])])
        #expect(none.isEmpty)
        #expect(try rules([], [], feed: (["category:x"], [])).feedsToCheck(["f", "g"]) == ["f"])
        #expect(try rules(["category:x"]).feedsToCheck(["f", "g"]) == ["f", "g"])
    }
}
