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

    @Test("a link without a scheme gets https:// with a note, planet-wide and per feed")
    func linkWithoutScheme() {
        let config = VenusConfig.parse(
            "[Planet]\nname = P\nlink = planet.example.org/\n\n[https://a.example/feed]\nlink = blog.example.com/\n")
        #expect(config.settings.contains { $0.key == "link" && $0.value == "https://planet.example.org/" })
        #expect(config.subscriptions.first?.settings["link"] == "https://blog.example.com/")
        #expect(
            config.notes.contains { $0.hasPrefix("link = planet.example.org/ (Planet): no scheme") }, "\(config.notes)")
        #expect(config.ignored.isEmpty, "\(config.ignored)")
    }

    @Test("Venus filter = RE and exclude = RE become include/exclude = text:/RE/")
    func venusFilterAndExcludeExpressions() {
        let config = VenusConfig.parse(
            "[Planet]\nname = P\nfilter = python|django\n\n[https://a.example/feed]\nexclude = sponsored\n")
        #expect(config.settings.contains { $0.key == "include" && $0.value == "text:/python|django/" })
        #expect(config.subscriptions.first?.settings["exclude"] == "text:/sponsored/")
        #expect(config.ignored.isEmpty, "\(config.ignored)")
    }

    @Test("per-feed overrides for broken feeds become settings planet reads")
    func perFeedOverrides() {
        let config = VenusConfig.parse(
            """
            [Planet]
            name = P
            [https://a.example/feed]
            ignore_in_feed = author id xml:lang updated
            xml_base = https://a.example/blog/
            encoding = iso-8859-1
            summary_type = text
            content_type = text
            title_type = html
            future_dates = ignore_entry
            """)
        let settings = config.subscriptions.first?.settings
        #expect(settings?["ignore_author"] == "yes" && settings?["ignore_id"] == "yes")
        #expect(settings?["ignore_language"] == "yes" && settings?["ignore_updated"] == "yes")
        #expect(settings?["xml_base"] == "https://a.example/blog/" && settings?["encoding"] == "iso-8859-1")
        #expect(settings?["summary_type"] == "text" && settings?["content_type"] == "text")
        // Planet's titles are plain text, read as HTML (tags stripped): title_type = html is what it does.
        #expect(settings?["title_type"] == nil)
        #expect(settings?["future_dates"] == "ignore_entry")
        #expect(config.ignored.isEmpty, "\(config.ignored)")
    }

    @Test("future_dates: ignore_entry and ignore_date carry over, planet-wide and per feed; Venus's keep is named")
    func futureDates() {
        let config = VenusConfig.parse(
            """
            [Planet]
            name = P
            future_dates = ignore_entry
            [https://a.example/feed]
            future_dates = ignore_date
            [https://b.example/feed]
            future_dates = keep
            """)
        #expect(config.settings.contains { $0.key == "future_dates" && $0.value == "ignore_entry" })
        #expect(config.subscriptions.map { $0.settings["future_dates"] } == ["ignore_date", nil])
        #expect(config.ignored.count == 1, "\(config.ignored)")
        #expect(config.ignored.first?.hasPrefix("future_dates = keep (https://b.example/feed); planet never") == true)
    }

    @Test("foaf, csv and config reading lists are named, not made into feeds that fail as 'not a feed'")
    func otherReadingListsAreNamed() {
        let config = VenusConfig.parse(
            """
            [Planet]
            name = P
            [https://a.example/foafroll.xml]
            content_type = foaf
            [https://a.example/list.csv]
            content_type = csv
            [https://a.example/feed]
            content_type = rss
            """)
        #expect(config.subscriptions.map(\.url.absoluteString) == ["https://a.example/feed"])
        #expect(config.ignored.count == 2, "\(config.ignored)")
        #expect(
            config.ignored.first?.hasPrefix("[https://a.example/foafroll.xml] content_type = foaf: a reading list")
                == true)
    }

    @Test("a filter planet does not run is named with the closest setting it has")
    func filterHints() {
        let config = VenusConfig.parse(
            "[Planet]\nname = P\nfilters = category_filter.py excerpt.py mememe.plugin\n[https://a.example/feed]\n")
        #expect(
            config.ignored == [
                "filters = category_filter.py (Planet): use 'include = category:NAME' (or exclude)",
                "filters = excerpt.py (Planet): use {{excerpt}} in templates (setting excerpt_length)",
                "filters = mememe.plugin (Planet)"
            ])
    }

    @Test(
        "template and filter sections: the index's, excerpt.py's and minhead.py's options carry over, none is a feed"
    )
    func templateAndFilterSections() {
        let config = VenusConfig.parse(
            """
            [Planet]
            name = P
            output_theme = classic_fancy
            items_per_page = 40
            filters = minhead.py mememe.plugin
            [index.html.tmpl]
            items_per_page = 20
            days_per_page = 14
            activity_threshold = 30
            encoding = utf-8
            filters = excerpt.py
            [atom.xml.xslt]
            items_per_page = 50
            [excerpt.py]
            width = 300
            omit = img p br
            [minhead.py]
            min = 4
            [mememe.plugin]
            sidebar = //*[@class='sidebar']
            [https://a.example/feed]
            name = A
            """)
        #expect(config.subscriptions.map(\.url.absoluteString) == ["https://a.example/feed"])
        let settings = Dictionary(config.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        #expect(settings["items_per_page"] == "20" && settings["days_per_page"] == "14")
        #expect(settings["activity_threshold"] == "30" && settings["excerpt_length"] == "300")
        #expect(settings["min_heading"] == "4")
        #expect(config.settings.filter { $0.key == "items_per_page" }.count == 1)
        #expect(
            config.notes.contains(
                "items_per_page = 20 (index.html.tmpl): Venus's option for the index page → items_per_page = 20 "
                    + "planet-wide (planet's feeds and archive pages follow the index page); it replaces [Planet]'s 40")
        )
        #expect(
            config.notes.contains(
                "filters = minhead.py (Planet): Venus's minhead.py with min = 4 ([minhead.py]) → min_heading = 4"))
        #expect(config.notes.contains { $0.hasPrefix("width = 300 (excerpt.py): the excerpt's length in characters") })
        for named in [
            "filters = mememe.plugin (Planet)", "encoding = utf-8 (index.html.tmpl)",
            "filters = excerpt.py (index.html.tmpl): use {{excerpt}}",
            "items_per_page = 50 (atom.xml.xslt): planet's feeds hold the index page's entries",
            "omit = img p br (excerpt.py): planet's {{excerpt}} is plain text",
            "sidebar = //*[@class='sidebar'] (mememe.plugin)"
        ] {
            #expect(config.ignored.contains { $0.hasPrefix(named) }, "\(named) not in \(config.ignored)")
        }
        #expect(
            !config.ignored.contains { $0.contains("minhead") || $0.contains("days_per_page") }, "\(config.ignored)")
    }

    @Test("minhead.py's min without the filter in [Planet]'s filters is named; a 2.x template path is the template")
    func minheadUnusedAndTemplatePaths() {
        let config = VenusConfig.parse(
            """
            [Planet]
            name = P
            template_files = examples/fancy/index.html.tmpl
            [examples/fancy/index.html.tmpl]
            days_per_page = 7
            [minhead.py]
            min = 3
            """)
        #expect(config.settings.contains { $0.key == "days_per_page" && $0.value == "7" })
        #expect(!config.settings.contains { $0.key == "min_heading" })
        #expect(config.ignored == ["min = 3 (minhead.py): [Planet]'s filters do not name minhead.py"])
        #expect(config.subscriptions.isEmpty)
    }
}
