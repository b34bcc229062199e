import Foundation
import Testing

@testable import PlanetSubscriptions

/// A feed's `poll_interval` (rawdog's `feed 3h URL`): read, and refused with file:line when it is
/// not a duration.
@Suite("per-feed poll_interval")
struct PollIntervalTests {
    let feedsFile = URL(fileURLWithPath: "/planet/feeds.txt")

    @Test(
        "units and plain seconds",
        arguments: [
            ("30m", 1_800.0), ("3h", 10_800.0), ("1d", 86_400.0), ("2w", 1_209_600.0), ("900", 900.0), ("45s", 45.0),
            (" 3H ", 10_800.0), ("365d", 31_536_000.0)
        ])
    func reads(_ text: String, _ seconds: Double) {
        #expect(PollInterval.seconds(text) == seconds)
    }

    @Test(
        "not a duration", arguments: ["", "h", "0", "0h", "-3h", "3x", "1.5h", "3 h", "366d", "3hours", "99999999999"])
    func refuses(_ text: String) {
        #expect(PollInterval.seconds(text) == nil)
    }

    @Test func theSettingOfAFeed() throws {
        let list = try FeedList.parse(
            "https://a.org/f\n  poll_interval = 3h\nhttps://b.org/f\n", file: feedsFile)
        #expect(list.subscriptions.map(\.settings.pollInterval) == [10_800, nil])
        // A known setting: not a template variable.
        #expect(list.subscriptions[0].settings.custom.isEmpty)
    }

    @Test func aBadValueIsAnErrorWithFileAndLine() {
        #expect {
            try FeedList.parse("https://a.org/f\n  name = A\n  poll_interval = hourly\n", file: feedsFile)
        } throws: { error in
            let text = (error as? FeedListError)?.description ?? ""
            return text.hasPrefix("/planet/feeds.txt:3: ")
                && text.contains("'poll_interval' must be a duration such as '30m', '3h', '1d' or a number of seconds")
        }
    }
}
