import Foundation
import Synchronization

/// The sessions of one ``Fetcher``, handed out in turn, made at the first http(s) transfer (a
/// fetcher that reads only files, as `planet parse FILE...` does, never creates one).
///
/// swift-corelibs-foundation runs all of a URLSession's libcurl work (easy-handle setup, header
/// callbacks, timers) on one serial queue, so a single session keeps one core busy at most. A
/// warm build of 1,000 feeds is little else (issue 8), hence one session per core, up to `jobs`:
/// each still reuses its connections across feeds.
final class HTTPSessionPool: Sendable {
    private let configuration: FetcherConfiguration
    private let count: Int
    private let sessions = Mutex<[HTTPSession]>([])
    private let turn = Atomic<Int>(0)

    /// A pool of `min(jobs, active processor count)` sessions (at least one) with `configuration`.
    init(_ configuration: FetcherConfiguration) {
        self.configuration = configuration
        count = max(1, min(configuration.jobs, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// The session for the next transfer (round robin); the first call creates them all.
    func next() -> HTTPSession {
        let index = turn.add(1, ordering: .relaxed).oldValue % count
        return sessions.withLock { sessions in
            if sessions.isEmpty {
                // Each session keeps its share of `jobs` connections per host (rounded up), so that
                // the sessions together keep about as many open to one host as one session did.
                let perHost = (max(1, configuration.jobs) + count - 1) / count
                sessions = (0..<count).map { _ in HTTPSession(configuration, connectionsPerHost: perHost) }
            }
            return sessions[index]
        }
    }
}
