import Foundation
import PlanetSite
import PlanetSubscriptions
import Testing

@testable import Planet

/// `activity_threshold`: which feeds are inactive (`ActivityRule`).
@Suite("ActivityRule: quiet feeds")
struct ActivityRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func activityMarksQuietFeedsButNeverFailingOnes() {
        let rule = ActivityRule(FeedList.Settings(values: ["activity_threshold": "30"]), now: now)
        let ok = FeedStatus(subscriptionURL: "u", url: "u", name: "n", outcome: .ok, lastSuccess: now)
        var failing = ok
        failing.lastError = "HTTP 500"
        #expect(rule.isInactive(ok, newest: now - 31 * 86_400))
        #expect(!rule.isInactive(ok, newest: now - 29 * 86_400))
        #expect(!rule.isInactive(failing, newest: now - 90 * 86_400))
        #expect(!ActivityRule(FeedList.Settings(), now: now).isInactive(ok, newest: nil))
    }
}
