import Foundation
import PlanetFetcher
import PlanetSite

/// What a build did, for the one-line summary and for tests.
public struct BuildReport: Sendable, Equatable {
    /// Feeds fetched and parsed this run, or answered 304.
    public var feedsOK: Int
    /// Feeds that failed this run, with kind and URL.
    public var failures: [FetchFailure]
    /// Entries on the page after dedupe and cut.
    public var entries: Int
    /// Wall time of the build, seconds.
    public var duration: Double
    /// Feeds not fetched because they are gone (410) or asked to wait (Retry-After), or because
    /// the build was `--offline`.
    public var skipped: Int = 0
    /// Permanent redirects seen and not applied: subscription URL → new URL.
    public var redirectsToApply: [String: String] = [:]
    /// Permanent redirects applied to feeds.txt this run (`--apply-redirects`): old → new URL.
    public var redirectsApplied: [String: String] = [:]
    /// Every subscription's status, in feeds.txt order (as in status.json).
    public var feeds: [FeedStatus] = []
    /// feeds.txt's warnings (`FeedList.warnings`: an unknown setting, a feed listed twice), each
    /// starting with `file:line:`.
    public var configWarnings: [String] = []
    /// The warning that the cache was damaged and moved aside (`FeedCache.openMovingDamagedAside`):
    /// shown even with `--quiet`, since an unattended planet lost its memory. Nil when it was sound.
    public var damagedCache: String?
    /// Wall and CPU time of each phase of the build (`BuildPhases`).
    public var phases = BuildPhases()
    /// Files of the site written anew (0 when nothing changed).
    public var filesWritten = 0
    /// True when nothing the site is made of had changed since the last build of the same output:
    /// the river, the rendering and the publishing were skipped, and nothing was written.
    public var siteReused = false

    /// Creates a report with the given counts; skipped, redirects and statuses start empty.
    public init(feedsOK: Int, failures: [FetchFailure], entries: Int, duration: Double) {
        self.feedsOK = feedsOK
        self.failures = failures
        self.entries = entries
        self.duration = duration
    }

    /// `planet: 7 feeds ok, 1 failed, 1 redirect to apply, 60 entries, 0.84 s` (skipped feeds and
    /// redirects only when there are some).
    public var summaryLine: String {
        var parts = ["\(feedsOK) feed\(feedsOK == 1 ? "" : "s") ok", "\(failures.count) failed"]
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if !redirectsToApply.isEmpty {
            parts.append("\(redirectsToApply.count) redirect\(redirectsToApply.count == 1 ? "" : "s") to apply")
        }
        if !redirectsApplied.isEmpty {
            parts.append("\(redirectsApplied.count) redirect\(redirectsApplied.count == 1 ? "" : "s") applied")
        }
        parts.append("\(entries) entr\(entries == 1 ? "y" : "ies")")
        parts.append(String(format: "%.2f s", duration))
        return "planet: " + parts.joined(separator: ", ")
    }
}
