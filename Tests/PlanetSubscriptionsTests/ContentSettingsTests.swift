import FeedParser
import Foundation
import Testing

@testable import PlanetSubscriptions

/// `excerpt_length`, `keep_tracking`, `min_heading`: read, defaulted, checked.
@Suite("feeds.txt content settings")
struct ContentSettingsTests {
    @Test("defaults: excerpts of 500, tracking dropped, no heading shifted")
    func defaults() throws {
        let settings = try FeedList.parse("title = P\n", file: feedsFile).settings
        #expect(settings.excerptLength == 500)
        #expect(settings.entryHTML == EntryHTMLOptions(dropsTracking: true, minimumHeading: 1))
        #expect(try FeedList.parse("title = P\n", file: feedsFile).warnings.isEmpty)
    }

    @Test("values given are read")
    func values() throws {
        let text = "excerpt_length = 200\nkeep_tracking = yes\nmin_heading = 3\n"
        let list = try FeedList.parse(text, file: feedsFile)
        #expect(list.warnings.isEmpty)
        #expect(list.settings.excerptLength == 200)
        #expect(list.settings.entryHTML == EntryHTMLOptions(dropsTracking: false, minimumHeading: 3))
    }

    @Test(arguments: [
        ("min_heading = 7\n", "feeds.txt:1: 'min_heading' must be a heading level from 1 to 6, not '7'"),
        ("keep_tracking = maybe\n", "feeds.txt:1: 'keep_tracking' must be yes or no, not 'maybe'"),
        ("excerpt_length = 0\n", "feeds.txt:1: 'excerpt_length' must be a whole number greater than 0, not '0'")
    ])
    func badValuesStopTheBuild(_ text: String, _ message: String) {
        #expect(throws: FeedListError.self) { try FeedList.parse(text, file: feedsFile) }
        do {
            _ = try FeedList.parse(text, file: feedsFile)
        } catch {
            #expect(error.description == message)
        }
    }
}
