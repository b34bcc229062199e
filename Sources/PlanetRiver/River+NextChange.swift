import Foundation
import PlanetCache

extension River {
    /// When `build`'s date rule next changes the river chosen from `heads`: a published date after
    /// `now` counts as unknown until it comes (the entry then moves to its date), and no date is
    /// after `now` (an entry first seen "later", after the clock went back, is dated by each build's
    /// time, so the river changes with every build: `now`). nil when neither happens.
    /// `SiteValidity` takes the earliest of this and the other time rules (docs/ARCHITECTURE.md,
    /// Rules 13).
    /// - Parameters:
    ///   - heads: the entry heads the river was chosen from (all of them when `readAll`).
    ///   - readAll: whether `heads` are all the heads (else the newest, in the order they sort):
    ///     heads not read sort after the oldest read, so only when that one is after `now` could
    ///     one of them be too.
    ///   - now: the build time.
    package static func nextChange(heads: [CachedEntry], readAll: Bool, now: Date) -> Date? {
        var next: Date?
        func change(at instant: Date) { next = min(next ?? instant, instant) }
        var oldestRead = Date.distantFuture
        for head in heads {
            oldestRead = min(oldestRead, head.entry.published ?? head.firstSeen)
            if let published = head.entry.published, published > now {
                change(at: published)
                if head.firstSeen > now { change(at: now) }
            } else if head.entry.published == nil, head.firstSeen > now {
                change(at: now)
            }
        }
        if !readAll, !heads.isEmpty, oldestRead > now { change(at: now) }
        return next
    }
}
