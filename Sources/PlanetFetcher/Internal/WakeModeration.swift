/// When the ``CurlLoop`` lets socket events gather before it waits again (interrupt moderation,
/// as network drivers do it): against a slow upstream, responses and connections come one by
/// one, and a wake-up of the engine's thread for each was most of the CPU a warm build spends
/// beyond a fast upstream's (issue 30; Benchmarks/PERF.md, session 13).
///
/// The rule: while wake-ups come closer together than twice ``pause`` (events are dense), the loop
/// sleeps out the rest of that interval before its next `epoll_wait`, which then takes every
/// event that came meanwhile in one wake-up. ``pause`` is a small part of how long transfers
/// take (the mean of the last ones, weighted to the recent: ``fraction``), at most
/// ``longest``, and nothing below ``shortest``: a transfer's few events (connected, answered)
/// each wait half of that on average, so a build that waits for lanes takes a few per cent longer,
/// one that waits for its slowest feed (the default's aim) no longer; on loopback or a LAN
/// (transfers of a few milliseconds) the loop never pauses. Sparse events
/// (a wake-up more than twice ``pause`` after the one before) are taken at once, never delayed.
///
/// While a transfer that grants slack runs (``slack``, from ``FetchSlack``: a feed slow at the last
/// build, which the lanes and hosts end before), a pause the loop takes anyway may be longer: up
/// to half that slack (a transfer's few events each wait half a pause on average), half a
/// transfer's typical time and ``longestWithSlack``. The transfers it delays end before the slow
/// feed anyway; libcurl's timers (a time-out) and commands (a cancel) wait at most one pause.
struct WakeModeration {
    /// The part of a transfer's typical time the loop may pause for: 1/8 (Benchmarks/PERF.md,
    /// session 13: against the latency model, 2.30x a fast upstream's CPU without a pause, 1.79x
    /// with it; a build that waits for lanes (`--jobs 16`) took 5% longer).
    static let fraction = 1.0 / 8
    /// The longest pause without slack, seconds.
    static let longest = 0.03
    /// Pauses shorter than this, seconds, are not taken (a sleep costs a wake-up of its own).
    static let shortest = 0.001
    /// The part of a transfer's typical time, and the longest pause in seconds, when the build
    /// has that much slack (Benchmarks/PERF.md, session 14).
    static let fractionWithSlack = 1.0 / 2
    static let longestWithSlack = 0.1

    /// How long each transfer may wait without lengthening the build, seconds: the largest grant
    /// of the transfers running (``FetchSlack``); 0: none.
    var slack = 0.0

    /// The weighted mean time of the transfers that ended, seconds; nil before the first.
    private(set) var typicalSeconds: Double?
    private var lastWake: ContinuousClock.Instant?
    private var denseSince: ContinuousClock.Instant?

    /// How long the loop pauses after a dense wake-up, seconds; 0 when it does not.
    var pause: Double {
        guard let typicalSeconds else { return 0 }
        let base = min(Self.longest, typicalSeconds * Self.fraction)
        // Transfers too fast for a pause of their own (loopback, a LAN) get none from slack either.
        guard base >= Self.shortest else { return 0 }
        guard slack.isFinite, slack > 0 else { return base }
        return max(base, min(slack / 2, Self.longestWithSlack, typicalSeconds * Self.fractionWithSlack))
    }

    /// A transfer ended `seconds` after it started.
    mutating func transferEnded(after seconds: Double) {
        guard seconds >= 0 else { return }
        typicalSeconds = typicalSeconds.map { $0 * 0.9 + seconds * 0.1 } ?? seconds
    }

    /// The loop woke at `now`.
    mutating func woke(at now: ContinuousClock.Instant) {
        let pause = self.pause
        if let last = lastWake, pause > 0, last.duration(to: now) < .seconds(pause * 2) {
            denseSince = now
        } else {
            denseSince = nil
        }
        lastWake = now
    }

    /// How long to sleep at `now` before the next wait: the rest of ``pause`` after a dense
    /// wake-up, else nil.
    func sleepBeforeWaiting(at now: ContinuousClock.Instant) -> Duration? {
        guard let since = denseSince else { return nil }
        let rest = Duration.seconds(pause) - since.duration(to: now)
        return rest > .microseconds(100) ? rest : nil
    }
}
