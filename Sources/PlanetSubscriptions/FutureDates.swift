/// The `future_dates` setting (planet-wide, or per feed, which wins), Planet Venus's option of
/// that name (docs/normalization.html, "future_dates"): what the page does with an entry whose
/// published date lies after the build time.
///
/// - `ignore_date` (the default, docs/ARCHITECTURE.md Rules 3): the entry is shown at the time
///   planet first saw it until its date comes, then at its date.
/// - `ignore_entry`: the entry is left out of the page until its date comes (the status report
///   counts it, `FeedStatus.futureEntriesLeftOut`); an announcement dated next week shows next
///   week, at its date.
///
/// Venus's default, `keep` (a future date shown as it is, the entry at the top of the page until
/// then), is not offered: it is what Rules 3 exists against.
package enum FutureDates {
    /// The values the setting takes.
    package static let words = ["ignore_date", "ignore_entry"]

    /// Whether a feed with `settings` under the planet's `planetWide` value leaves out its
    /// entries dated after the build time (`ignore_entry`).
    package static func leavesOut(_ settings: FeedSettings, planetWide: String?) -> Bool {
        (settings["future_dates"]?.lowercased() ?? planetWide) == "ignore_entry"
    }
}
