import Foundation
import PlanetBase
import PlanetSubscriptions

/// The order a build starts its fetches in, so that it takes about as long as its slowest feed
/// or its busiest host (issue 30; docs/ARCHITECTURE.md, rule 6), least slack first:
///
/// A feed must start early when much waits behind it. Within its host (`scheme://host[:port]`, as
/// the per-host cap counts hosts) a host's feeds run `perHost` at a time, slowest first; the feed
/// of that rank `k` holds up `R_k` seconds of its host's feeds after it, so it must start at least
/// `R_k ÷ perHost + t_k` before the end (`t_k`: its own time at the last build). The feeds are
/// started in descending order of that figure: a feed that stalled 20 s last time starts at once,
/// a blog farm of 100 feeds is fetched `perHost` at a time from the first second on while the
/// single-feed hosts fill the other lanes, and nothing that takes long starts last. Ties keep
/// feeds.txt's order. A feed never timed counts the mean of those timed (1 s when none is).
package enum FetchOrder {
    /// `subscriptions` in the order to start them.
    /// - Parameters:
    ///   - lastSeconds: how long each feed's last fetch took (`FeedCache.fetchTimes()`), seconds,
    ///     by subscription URL's text; a feed absent was never timed.
    ///   - perHost: the per-host cap (`FetcherConfiguration.perHost`), at least 1.
    package static func plan(
        _ subscriptions: [Subscription], lastSeconds: [String: Double], perHost: Int
    ) -> [Subscription] {
        let cap = Double(max(1, perHost))
        let seconds = times(subscriptions, lastSeconds: lastSeconds) ?? subscriptions.map { _ in 1 }
        var urgency = [Double](repeating: 0, count: subscriptions.count)
        for members in hostMembers(subscriptions) {
            let ranked = members.sorted { seconds[$0] != seconds[$1] ? seconds[$0] > seconds[$1] : $0 < $1 }
            var behind = ranked.reduce(0) { $0 + seconds[$1] }
            for index in ranked {
                behind -= seconds[index]
                urgency[index] = behind / cap + seconds[index]
            }
        }
        return subscriptions.indices.sorted { urgency[$0] != urgency[$1] ? urgency[$0] > urgency[$1] : $0 < $1 }
            .map { subscriptions[$0] }
    }

    /// Each subscription's time at the last build, seconds, a feed never timed counting the mean
    /// of those timed; nil when none was timed (a first build). A time that is no finite number
    /// of seconds ≥ 0 (a damaged cache) counts as never timed.
    static func times(_ subscriptions: [Subscription], lastSeconds: [String: Double]) -> [Double]? {
        let last = subscriptions.map { subscription in
            lastSeconds[subscription.url.absoluteString].flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        }
        let known = last.compactMap { $0 }
        guard !known.isEmpty else { return nil }
        let mean = known.reduce(0, +) / Double(known.count)
        return last.map { $0 ?? mean }
    }

    /// The indices of `subscriptions` grouped by host (`scheme://host[:port]`, as the per-host cap
    /// counts hosts), each group in the order given.
    static func hostMembers(_ subscriptions: [Subscription]) -> Dictionary<String, [Int]>.Values {
        var hosts: [String: [Int]] = [:]
        for (index, subscription) in subscriptions.enumerated() {
            hosts[URLText.origin(of: subscription.url.absoluteString) ?? "", default: []].append(index)
        }
        return hosts.values
    }

    /// The host a subscription counts against for the per-host cap: `scheme://host[:port]`
    /// lower-cased, nil for a `file:` feed (not fetched over the network, never capped).
    package static func host(of subscription: Subscription) -> String? {
        guard subscription.url.hasHTTPScheme else { return nil }
        return URLText.origin(of: subscription.url.absoluteString)
    }
}
