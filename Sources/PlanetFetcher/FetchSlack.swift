import Foundation
import PlanetBase
import PlanetSubscriptions

/// How long the other transfers of a build may each wait, while one slow feed's transfer runs,
/// without making the build end later than that feed (issue 30; docs/ARCHITECTURE.md, rule 6).
///
/// A build takes about max(slowest feed, busiest host's total ÷ the per-host cap, sum ÷ lanes),
/// the bound of Benchmarks/latency.sh. A feed whose last time `t` (at most this build's time-out)
/// is longer than what the lanes and the hosts need keeps the build going while it runs, and the
/// other transfers could take a little longer at no cost: the engine spends that by letting its
/// wake-ups gather longer (``WakeModeration``; against a slow upstream a wake-up per event is what a
/// warm build spends its CPU on). While that feed runs, its grant is the least of
/// - `(t × lanes − sum) ÷ feeds`: the lanes still end by `t`;
/// - `(t × cap − host's total) ÷ host's feeds`, for each host with more feeds than the cap;
/// - `t ÷ 100`: the slow feed, whose own events wait too, ends at most 1% later.
///
/// The grant ends with the transfer: a feed that stalled last time and answers at once this time
/// (it starts first, ``FetchOrder``) leaves no slack behind it. No feed grants any on a first build
/// (no times), nor on one its lanes or a host bound. A feed never timed counts the mean of those
/// timed, as in ``FetchOrder``.
package struct FetchSlack: Sendable {
    /// Per subscription, in the order given: seconds each other transfer may wait while its
    /// transfer runs, finite and ≥ 0 (0 for most).
    package let grants: [Double]

    /// No feed grants slack.
    package static let none = FetchSlack(grants: [])

    private init(grants: [Double]) { self.grants = grants }

    /// The grants of a build of `subscriptions`.
    /// - Parameters:
    ///   - lastSeconds: how long each feed's last fetch took (`FeedCache.fetchTimes()`), seconds,
    ///     by subscription URL's text; a time that is no finite number ≥ 0 counts as none.
    ///   - perHost: the per-host cap, `jobs`: the lanes, `timeout`: this build's time-out in seconds,
    ///     which no transfer outlasts (`FetcherConfiguration`).
    package init(
        _ subscriptions: [Subscription], lastSeconds: [String: Double], perHost: Int, jobs: Int, timeout: Double
    ) {
        var grants = [Double](repeating: 0, count: subscriptions.count)
        let http = subscriptions.indices.filter { subscriptions[$0].url.hasHTTPScheme }
        let feeds = http.map { subscriptions[$0] }
        guard let times = FetchOrder.times(feeds, lastSeconds: lastSeconds)?.map({ min($0, max(0, timeout)) }) else {
            self.grants = grants
            return
        }
        let (cap, lanes) = (Double(max(1, perHost)), Double(max(1, jobs)))
        let hosts = FetchOrder.hostMembers(feeds).filter { Double($0.count) > cap }
            .map { members in (total: members.reduce(0) { $0 + times[$1] }, feeds: Double(members.count)) }
        let sum = times.reduce(0, +)
        let needed = max(sum / lanes, hosts.map { $0.total / cap }.max() ?? 0)
        for (position, index) in http.enumerated() where times[position] > needed {
            let t = times[position]
            var grant = min(t / 100, (t * lanes - sum) / Double(times.count))
            for host in hosts { grant = min(grant, (t * cap - host.total) / host.feeds) }
            grants[index] = grant.isFinite ? max(0, grant) : 0
        }
        self.grants = grants
    }
}
