import Mustache
import TestSupport
import Testing

/// The render budget grows with the data: a template that walks a large list once renders it
/// whole, while one that renders without bound still stops (`Internal/WorkBudget.swift`).
@Suite("Mustache work budget")
struct WorkBudgetTests {
    /// A sidebar row like the built-in templates' one (templates/partials/subscriptions.mustache).
    static let sidebar = """
        {{#subscriptions}}<li{{#failing}} class="failing"{{/failing}}{{^failing}}{{#inactive}} class="inactive"\
        {{/inactive}}{{/failing}}>{{#site_link}}<a href="{{site_link}}">{{name}}</a>{{/site_link}}\
        {{^site_link}}{{name}}{{/site_link}}{{#feed_url}} <a href="{{feed_url}}" aria-label="{{name}} feed">feed</a>\
        {{/feed_url}}{{#failing}} <a href="{{root}}status.html">not updating</a>{{/failing}}</li>
        {{/subscriptions}}
        """

    static func subscriptions(_ count: Int) -> MustacheValue {
        .object([
            "root": "../",
            "subscriptions": .array(
                (0..<count).map { index in
                    [
                        "name": .string("Feed \(index)"), "site_link": "https://example.org/",
                        "feed_url": "https://example.org/feed", "failing": false, "inactive": false
                    ]
                })
        ])
    }

    @Test("a list of 200,000 rows renders whole, past the 5,000,000 steps a fixed budget allowed")
    func largeListRenders() async throws {
        let output = try await withDeadline {
            try TemplateLibrary(templates: ["index.html": Self.sidebar], strictPartials: true)
                .render("index.html", Self.subscriptions(200_000))
        }
        #expect(output.utf8.count > 200_000 * 100)
        #expect(output.contains("aria-label=\"Feed 199999 feed\""))
    }

    @Test("a section over a list inside a section over the same list stops, and the message says what ran out")
    func quadraticStops() async throws {
        let template = "{{#subscriptions}}{{#subscriptions}}{{name}}{{/subscriptions}}{{/subscriptions}}"
        let error = try await withDeadline { () -> TemplateError? in
            do {
                _ = try TemplateLibrary(templates: ["index.html": template], strictPartials: true)
                    .render("index.html", Self.subscriptions(3_000))
                return nil
            } catch let error as TemplateError {
                return error
            } catch {
                return nil
            }
        }
        // 3,000 subscriptions of 5 members each, the list, the root and its `root`: 18,003 values.
        #expect(error?.reason == .renderTooLarge(limit: 5_000_000 + 100 * 18_003, values: 18_003))
        #expect(error?.message.hasPrefix("rendering used up its budget of 6800300 steps (5000000, and 100") == true)
    }
}
