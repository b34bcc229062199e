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
