import Foundation
import PlanetBase
import PlanetSubscriptions

/// How long each transfer of a build may wait beyond its own time, on average, without making the
/// build longer than the last build's times say it takes (issue 30; docs/ARCHITECTURE.md, rule 6).
///
/// A build takes about `E` = max(slowest feed, busiest host's total ÷ the per-host cap, sum ÷
/// lanes), the bound of Benchmarks/latency.sh. When the slowest feed is the largest of the three
/// (a feed that stalls or times out, as on most real planets), the lanes and the hosts are done
/// well before it, and every other transfer could take a little longer at no cost. The engine
/// spends that slack by letting its wake-ups gather longer (``WakeModeration``): against a slow
/// upstream, a wake-up per event is what a warm build spends its CPU on. The slack is the least of
/// - `(E × lanes − sum) ÷ feeds`: the lanes still end by `E`;
/// - `(E × cap − host's total) ÷ host's feeds`, for each host with more feeds than the cap: the
///   host still ends by `E`;
/// - `E ÷ 100`: the slowest feed, whose own events wait too, ends at most 1% later;
///
/// and 0 when no feed was timed (a first build knows nothing). A feed never timed counts the mean
/// of those timed, as in ``FetchOrder``. A build whose lanes are its bound gets none, and waits as
/// little as without it.
package enum FetchSlack {
    /// The slack of a build of `subscriptions`, seconds per transfer, finite and ≥ 0.
    /// - Parameters:
    ///   - lastSeconds: how long each feed's last fetch took (`FeedCache.fetchTimes()`), seconds,
    ///     by subscription URL's text.
    ///   - perHost: the per-host cap, `jobs`: the lanes (`FetcherConfiguration`), each at least 1.
    package static func seconds(
        _ subscriptions: [Subscription], lastSeconds: [String: Double], perHost: Int, jobs: Int
    ) -> Double {
        let http = subscriptions.filter { $0.url.hasHTTPScheme }
        guard let seconds = FetchOrder.times(http, lastSeconds: lastSeconds) else { return 0 }
        let (cap, lanes) = (max(1, perHost), Double(max(1, jobs)))
        let hosts = FetchOrder.hostMembers(http).filter { $0.count > cap }
            .map { members in (total: members.reduce(0) { $0 + seconds[$1] }, feeds: Double(members.count)) }
        let sum = seconds.reduce(0, +)
        let projected = max(seconds.max() ?? 0, sum / lanes, hosts.map { $0.total / Double(cap) }.max() ?? 0)
        var slack = min(projected / 100, (projected * lanes - sum) / Double(seconds.count))
        for host in hosts { slack = min(slack, (projected * Double(cap) - host.total) / host.feeds) }
        // A time the cache holds that is not a finite number of seconds gives no slack.
        return slack.isFinite ? max(0, slack) : 0
    }
}
