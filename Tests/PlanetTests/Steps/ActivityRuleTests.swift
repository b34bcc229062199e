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

    @Test("the rule next changes when the first active feed's newest entry gets older than the threshold")
    func nextChange() {
        let ok = FeedStatus(subscriptionURL: "u", url: "u", name: "n", outcome: .ok, lastSuccess: now)
        var other = ok
        other.subscriptionURL = "v"
        var inactive = ok
        inactive.subscriptionURL = "w"
        inactive.inactive = true
        let newest = [
            FeedKey(stored: "u"): now - 10 * 86_400, FeedKey(stored: "v"): now - 20 * 86_400,
            FeedKey(stored: "w"): now - 25 * 86_400
        ]
        let statuses = [ok, other, inactive]
        #expect(
            ActivityRule.nextChange(threshold: 30, statuses: statuses, newest: newest, now: now)
                == now + 10 * 86_400)
        #expect(ActivityRule.nextChange(threshold: nil, statuses: statuses, newest: newest, now: now) == nil)
        #expect(ActivityRule.nextChange(threshold: 5, statuses: statuses, newest: newest, now: now) == nil)
    }
}
