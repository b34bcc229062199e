import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("Venus config.ini translation")
struct VenusConfigTests {
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
