import Foundation
import PlanetRiver

extension SiteEntry {
    /// When the clamp of `updated` and `sourceUpdated` ("never after the build") next changes the
    /// site made of `entries` (every page's, loaded whole): an entry's or its feed's `updated`
    /// after `now` is printed as the build time, which changes with every build, so `now`; nil
    /// when no such date is on the site. `SiteValidity` takes the earliest of the time rules
    /// (docs/ARCHITECTURE.md, Rules 13).
    package static func nextChange(of entries: some Sequence<RiverEntry>, now: Date) -> Date? {
        for item in entries {
            if let updated = item.entry.updated, updated > now { return now }
            if let updated = item.source.head.updated, updated > now { return now }
        }
        return nil
    }
}
