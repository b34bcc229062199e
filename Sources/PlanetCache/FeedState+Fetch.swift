import Foundation
import PlanetFetcher

extension FeedState {
    /// The validators to send with the next fetch (RFC 9110 §13.1: `If-None-Match`,
    /// `If-Modified-Since`), nil when the cache has neither.
    package var validators: FetchValidators? {
        let validators = FetchValidators(etag: etag, lastModified: lastModified)
        return validators.isEmpty ? nil : validators
    }

    /// The state after `FeedCache.recordNotModified` recorded a 304 at `now` (its row as the
    /// upsert leaves it: validators, head and redirect target kept; a success now, no failure).
    package func recordingNotModified(now: Date) -> FeedState {
        var state = self
        state.lastAttempt = now
        state.lastSuccess = now
        state.lastStatus = 304
        state.errorKind = nil
        state.errorMessage = nil
        state.failureStreak = 0
        state.gone = false
        state.retryAfter = nil
        state.configFingerprint = nil
        state.failingSince = nil
        return state
    }

    /// Whether the feed may be fetched at `now`: not when it is gone (410), nor while a
    /// `Retry-After` instant lies ahead, as long as feeds.txt still has the `configFingerprint`
    /// the feed was marked with (an edit of feeds.txt, such as fixing the URL, asks again at once).
    /// A gone feed marked without a fingerprint is due (it could never become due otherwise); a
    /// `Retry-After` without one waits for its instant.
    /// - Parameters:
    ///   - now: the build time.
    ///   - configFingerprint: fingerprint of the current feeds.txt (any stable digest of its bytes).
    package func isDue(now: Date, configFingerprint: String?) -> Bool {
        if gone, let marked = self.configFingerprint, marked == configFingerprint { return false }
        if let retryAfter, retryAfter > now {
            if let marked = self.configFingerprint, marked != configFingerprint { return true }
            return false
        }
        return true
    }
}
