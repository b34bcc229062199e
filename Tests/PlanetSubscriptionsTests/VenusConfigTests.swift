import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("Venus config.ini translation")
struct VenusConfigTests {
    @Test func newFeedItemsIsAPerFeedCapInVenusAndABacklogRuleIn2x() {
        let venus = VenusConfig.parse(
            "[Planet]\nname = P\nnew_feed_items = 2\nspider_threads = 4\n\n[https://a.example/feed]\nname = A\n")
        #expect(venus.settings.contains { $0.key == "items_per_feed" && $0.value == "2" })
        #expect(!venus.settings.contains { $0.key == "new_feed_items" })
        #expect(venus.notes.count == 1 && venus.notes[0].contains("Planet Venus"))
        let planet2 = VenusConfig.parse(
            "[Planet]\nname = P\nnew_feed_items = 2\ntemplate_files = index.html.tmpl\n\n"
                + "[https://a.example/feed]\nname = A\n")
        #expect(planet2.settings.contains { $0.key == "new_feed_items" && $0.value == "2" })
        #expect(!planet2.settings.contains { $0.key == "items_per_feed" })
        #expect(planet2.notes.count == 1 && planet2.notes[0].contains("Planet 2.x"))
    }

    @Test func filtersWithAnEquivalentBecomeRulesAndTheRestAreListed() {
        let (rules, rest) = VenusFilters.translate(
            "xpath_sifter.py?require=//atom:category[@term=\"django\"] regexp_sifter.py?exclude=buy%20now excerpt.py "
                + "mememe.plugin"
        )
        #expect(rules.map { "\($0.key) = \($0.value)" } == ["include = category:django", "exclude = text:/buy now/"])
        #expect(rest == ["excerpt.py", "mememe.plugin"])
    }

    @Test func defaultAppliesToFeedsAndEachIgnoredOptionIsListedOnce() {
        let config = VenusConfig.parse(
            """
            [DEFAULT]
            facewidth = 50
            nick = x
            log_level = DEBUG
            [Planet]
            name = P
            [https://a.org/f]
            name = A
            [https://b.org/f]
            nick = y
            face = ../../etc/passwd
            """)
        #expect(config.settings.map(\.key) == ["title", "face_width"])
        #expect(config.subscriptions.map { $0.settings.values("nick") } == [["x"], ["y"]])
        #expect(config.ignored == ["log_level (DEFAULT)", "face = ../../etc/passwd (https://b.org/f)"])
        #expect(config.faces.isEmpty)
    }
}
