import Foundation
import Testing

@testable import PlanetFetcher

/// How long a response stays fresh (RFC 9111 §4.2): `Cache-Control: max-age`, `Expires` minus
/// `Date`, less `Age`; `no-cache` / `no-store` give no hint.
@Suite("HTTP freshness of a response")
struct HTTPFreshnessTests {
    /// Thu, 03 Dec 2026 10:00:00 GMT.
    static let received = Date(timeIntervalSince1970: 1_796_292_000)

    static func fresh(
        _ cacheControl: String? = nil, expires: String? = nil, date: String? = nil, age: String? = nil
    ) -> TimeInterval? {
        HTTPFreshness(cacheControl: cacheControl, expires: expires, date: date, age: age)?
            .freshFor(receivedAt: received)
    }

    @Test func noFieldsNoHint() {
        #expect(HTTPFreshness(headers: ["etag": "\"x\"", "date": "Thu, 03 Dec 2026 10:00:00 GMT"]) == nil)
    }

    @Test(
        "max-age, its spellings and Age",
        arguments: [
            ("max-age=86400", nil, 86_400.0), ("public, max-age=3600", nil, 3_600.0), ("MAX-AGE=600", nil, 600.0),
            ("max-age=\"120\"", nil, 120.0), ("private, max-age=60, must-revalidate", nil, 60.0),
            ("max-age=3600", "600", 3_000.0), ("s-maxage=9000, max-age=300", nil, 300.0)
        ] as [(String, String?, Double)])
    func maxAge(_ cacheControl: String, _ age: String?, _ seconds: Double) {
        #expect(Self.fresh(cacheControl, age: age) == seconds)
    }

    @Test(
        "no hint",
        arguments: [
            "no-cache", "no-store", "max-age=3600, no-cache", "no-store, max-age=3600", "max-age=0", "max-age=soon",
            "s-maxage=3600", "public"
        ])
    func noHint(_ cacheControl: String) {
        #expect(Self.fresh(cacheControl) == nil)
    }

    @Test func anAgeBeyondTheLifetimeIsStale() {
        #expect(Self.fresh("max-age=600", age: "900") == nil)
    }

    @Test func expiresMinusDate() {
        // A server whose clock is an hour ahead: the lifetime is Expires − Date, not Expires − now.
        #expect(
            Self.fresh(expires: "Thu, 03 Dec 2026 13:00:00 GMT", date: "Thu, 03 Dec 2026 11:00:00 GMT") == 7_200)
        // Without Date, counted from when the response arrived.
        #expect(Self.fresh(expires: "Thu, 03 Dec 2026 10:30:00 GMT") == 1_800)
        #expect(
            Self.fresh(expires: "Thu, 03 Dec 2026 13:00:00 GMT", date: "Thu, 03 Dec 2026 11:00:00 GMT", age: "3600")
                == 3_600)
    }

    @Test("max-age outranks Expires (RFC 9111 §5.3)")
    func maxAgeOutranksExpires() {
        #expect(Self.fresh("max-age=60", expires: "Thu, 03 Dec 2026 20:00:00 GMT") == 60)
    }

    @Test(
        "an Expires in the past or unreadable is stale",
        arguments: [
            "0", "-1", "Thu, 01 Jan 1970 00:00:00 GMT", "Thu, 03 Dec 2026 09:00:00 GMT"
        ])
    func staleExpires(_ expires: String) {
        #expect(Self.fresh(expires: expires) == nil)
    }

    @Test func noCacheOutranksExpires() {
        #expect(Self.fresh("no-cache", expires: "Thu, 03 Dec 2026 20:00:00 GMT") == nil)
    }
}
