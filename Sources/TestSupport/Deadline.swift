import Foundation
import Synchronization
import Testing

/// The operation given to ``withDeadline(seconds:sourceLocation:_:)`` ran out of time.
public struct DeadlineExceeded: Error, Equatable, CustomStringConvertible {
    /// The deadline, seconds (after scaling by `PLANET_TEST_DEADLINE_SCALE`).
    public var seconds: Double
    /// "did not finish within N s", the text of the recorded issue.
    public var description: String { "did not finish within \(seconds) s of work" }
}

/// The deadlines async tests use: one figure for the whole suite instead of a literal in each test.
///
/// A deadline is there to turn a hang into a failure, not to time the code (speed is measured by
/// the benchmarks). So it must not count the time a test spends queued behind the rest of the
/// suite: Swift Testing starts every test at once, and on a 2-core machine the cooperative pool has
/// two threads. ``withDeadline(seconds:sourceLocation:_:)`` therefore admits at most ``lanes``
/// deadlined bodies at a time and starts the clock only when the body starts running.
public enum Deadline {
    /// The deadline of an ordinary async test, seconds: generous for work that takes a second or two
    /// alone, so that only a hang (or a quadratic blow-up) reaches it. Scaled by ``scale``.
    public static var standard: Double { 60 }

    /// `PLANET_TEST_DEADLINE_SCALE` (a positive number; 1 when unset or malformed): CI on a slow or
    /// shared machine can stretch every deadline at once without editing a test.
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["PLANET_TEST_DEADLINE_SCALE"],
            let value = Double(text), value.isFinite, value > 0
        else { return 1 }
        return value
    }()

    /// How many deadlined bodies run at once: twice the active processor count (at least 2), so
    /// loopback tests that mostly wait still overlap, but a body is never one of hundreds sharing
    /// two threads. `PLANET_TEST_DEADLINE_LANES` overrides it.
    public static let lanes: Int = {
        if let text = ProcessInfo.processInfo.environment["PLANET_TEST_DEADLINE_LANES"],
            let value = Int(text), value > 0
        {
            return value
        }
        return max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// Set inside a deadlined body: a nested ``withDeadline(seconds:sourceLocation:_:)`` (a helper
    /// that has its own) runs in its caller's lane instead of waiting for a second one, which could
    /// deadlock when every lane is held by a caller.
    @TaskLocal static var insideLane = false

    /// The lanes themselves, shared by every test of the process.
    static let gate = LaneGate(count: lanes)
}

extension Deadline {
    /// The deadline of an exit test's body (`#expect(processExitsWith:)`), which runs in a child
    /// process that ``withDeadline(seconds:sourceLocation:_:)`` cannot reach: called first in the
    /// body, it has the kernel end the child with SIGALRM once `seconds` × ``scale`` of wall time
    /// have passed from that call (`alarm(2)`: the clock starts with the child's own work, not while
    /// the test waited for it to be spawned). A hung child then exits by a signal, which fails an
    /// expectation of `.success` instead of hanging the suite. Only for bodies expected to exit
    /// successfully: `.failure` matches a signal too.
    public static func armExitTest(seconds: Double = standard) {
        alarm(UInt32(min(Double(UInt32.max), max(1, (seconds * scale).rounded(.up)))))
    }
}

/// Runs `body` and fails the test when it takes longer than `seconds` of work.
///
/// The body waits for a free lane (``Deadline/lanes``) without a clock running, then runs in its own
/// task with the clock started as it begins; when the deadline passes first, that task is cancelled
/// and this function returns at once (it does not wait for a body that ignores cancellation),
/// records an issue at `sourceLocation` and throws ``DeadlineExceeded``. So a test using it never
/// hangs. `seconds` is multiplied by ``Deadline/scale``.
/// - Throws: ``DeadlineExceeded``, or what `body` throws.
public func withDeadline<T: Sendable>(
    seconds: Double = Deadline.standard, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let nested = Deadline.insideLane
    if !nested { await Deadline.gate.enter() }
    defer { if !nested { Deadline.gate.leave() } }
    let limit = seconds * Deadline.scale
    let race = Race<T>()
    let work = Task {
        race.start()
        let result = await Result { try await Deadline.$insideLane.withValue(true) { try await body() } }
        race.finish(with: result)
    }
    let timer = Task {
        await race.started()
        try? await Task.sleep(for: .seconds(limit))
        if !Task.isCancelled { race.finish(with: .failure(DeadlineExceeded(seconds: limit))) }
    }
    let result = await withTaskCancellationHandler {
        await withCheckedContinuation { race.wait($0) }
    } onCancel: {
        work.cancel()
    }
    timer.cancel()
    if case .failure(let error as DeadlineExceeded) = result {
        work.cancel()
        Issue.record("\(error)", sourceLocation: sourceLocation)
    }
    return try result.get()
}

/// A counting semaphore for tasks: ``enter()`` suspends (never blocks a thread) until one of
/// `count` lanes is free; waiters are admitted in arrival order.
final class LaneGate: Sendable {
    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(free: count)) }

    /// Tasks suspended in ``enter()`` right now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()  // the lane passes straight to the next waiter
        }
        next?.resume()
    }
}

/// The first result of two racing tasks, handed to one waiting continuation; and the moment the
/// work began, which starts the timer.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var result: Result<T, any Error>?
        var waiter: CheckedContinuation<Result<T, any Error>, Never>?
        var isStarted = false
        var startWaiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func start() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.isStarted = true
            defer { state.startWaiter = nil }
            return state.startWaiter
        }
        waiter?.resume()
    }

    /// Returns once ``start()`` has been called (or at once when it already was).
    func started() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if !state.isStarted { state.startWaiter = continuation }
                return state.isStarted
            }
            if ready { continuation.resume() }
        }
    }

    func finish(with result: Result<T, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<T, any Error>, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: result)
    }

    func wait(_ continuation: CheckedContinuation<Result<T, any Error>, Never>) {
        let ready = state.withLock { state -> Result<T, any Error>? in
            if state.result == nil { state.waiter = continuation }
            return state.result
        }
        if let ready { continuation.resume(returning: ready) }
    }
}

extension Result where Failure == any Error {
    /// Captures the outcome of an async throwing operation.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
