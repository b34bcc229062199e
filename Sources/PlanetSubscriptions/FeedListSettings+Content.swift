import FeedParser

extension FeedList.Settings {
    /// `excerpt_length`: characters at most of each entry's `excerpt` (the templates' teaser)
    /// before its "…"; default 500, the `width` of Planet Venus `filters/excerpt.py`.
    package var excerptLength: Int { number("excerpt_length") ?? 500 }

    /// `keep_tracking = yes`: tracking pixels (1×1 images) and FeedBurner flare and ad links stay
    /// in posts; by default they are dropped (`EntryHTMLOptions.dropsTracking`).
    package var keepTracking: Bool { FeedSettingKind.isTrue(values["keep_tracking"]) }

    /// `min_heading`: the highest heading level a post may use on the page, 1–6 (Planet Venus
    /// `filters/minhead.py`); a post whose top heading is higher has its headings shifted down.
    /// Default 1: none is shifted.
    package var minHeading: Int { number("min_heading") ?? 1 }

    /// What these settings change in entries' sanitized HTML.
    package var entryHTML: EntryHTMLOptions {
        EntryHTMLOptions(dropsTracking: !keepTracking, minimumHeading: minHeading)
    }

    /// The value of `key` as a whole number; nil when absent or not one.
    private func number(_ key: String) -> Int? {
        values[key].flatMap { Int($0) }
    }
}
