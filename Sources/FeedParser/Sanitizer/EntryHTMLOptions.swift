/// What the planet's settings change in the sanitized HTML of its entries, beyond the allow-list
/// (`SanitizerPolicy`): tracking pixels and ad links dropped, headings demoted under the page's
/// own (`EntryHTMLRewrite`, README "Settings": `keep_tracking`, `min_heading`).
///
/// A store that keeps sanitized copies (planet's cache) stamps each with `stamp`, so a copy made
/// under other settings, or by another `HTMLSanitizer.version`, is made anew.
public struct EntryHTMLOptions: Sendable, Hashable {
    /// Images of 1×1 (or 0) pixels, images from and links to the ad and tracking hosts of
    /// `TrackingMarkup` are dropped; default true (setting `keep_tracking = yes` keeps them).
    public var dropsTracking: Bool
    /// The highest heading level a post may use on the page, 1–6 (Planet Venus
    /// `filters/minhead.py`): a post whose top heading is above it has every heading shifted down
    /// by the difference, at most to `h6`. 1 (the default) shifts nothing.
    public var minimumHeading: Int

    /// Creates options; the defaults drop tracking and shift no heading.
    public init(dropsTracking: Bool = true, minimumHeading: Int = 1) {
        self.dropsTracking = dropsTracking
        self.minimumHeading = min(max(1, minimumHeading), 6)
    }

    /// What `HTMLSanitizer` does when nothing else is said (`planet parse`, tools): the defaults.
    public static let standard = EntryHTMLOptions()

    /// The version of the sanitized HTML these options give: `HTMLSanitizer.version` for the
    /// defaults, a distinct number for each other combination (the version plus 1,000 times the
    /// options' code), so that changing a setting or the sanitizer makes stored copies stale.
    public var stamp: Int {
        let code = (minimumHeading - 1) * 2 + (dropsTracking ? 0 : 1)
        return HTMLSanitizer.version + 1_000 * code
    }
}
