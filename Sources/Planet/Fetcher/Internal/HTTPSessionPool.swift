import Foundation
import Synchronization

/// The sessions of one ``Fetcher``, handed out in turn.
///
/// swift-corelibs-foundation runs all of a URLSession's libcurl work (easy-handle setup, header
/// callbacks, timers) on one serial queue, so a single session keeps one core busy at most. A
/// warm build of 1,000 feeds is little else (issue 8), hence one session per core, up to `jobs`:
/// each still reuses its connections across feeds.
final class HTTPSessionPool: Sendable {
    private let sessions: [HTTPSession]
    private let turn = Atomic<Int>(0)

    /// Creates `min(jobs, active processor count)` sessions (at least one) with `configuration`.
    init(_ configuration: FetcherConfiguration) {
        let count = max(1, min(configuration.jobs, ProcessInfo.processInfo.activeProcessorCount))
        sessions = (0..<count).map { _ in HTTPSession(configuration) }
    }

    /// The session for the next transfer (round robin).
    func next() -> HTTPSession {
        sessions[turn.add(1, ordering: .relaxed).oldValue % sessions.count]
    }
}
