import Foundation
import Synchronization
import Testing

/// The operation given to ``withDeadline(seconds:sourceLocation:_:)`` ran out of time.
public struct DeadlineExceeded: Error, Equatable, CustomStringConvertible {
    /// The deadline, seconds.
    public var seconds: Double
    /// "did not finish within N s", the text of the recorded issue.
    public var description: String { "did not finish within \(seconds) s" }
}

/// The deadlines async tests use: one figure for the whole suite instead of a literal in each test.
public enum Deadline {
    /// The deadline of an ordinary async test, seconds: generous for work that takes a second or two
    /// alone, so that only a hang (or a quadratic blow-up) reaches it on a loaded 2-core machine.
    public static var standard: Double { 60 }
}

/// Runs `body` and fails the test when it takes longer than `seconds`.
///
/// The body runs in its own task; when the deadline passes first, that task is cancelled and this
/// function returns at once (it does not wait for a body that ignores cancellation), records an
/// issue at `sourceLocation` and throws ``DeadlineExceeded``. So a test using it never hangs.
/// - Throws: ``DeadlineExceeded``, or what `body` throws.
public func withDeadline<T: Sendable>(seconds: Double = Deadline.standard, sourceLocation: SourceLocation = #_sourceLocation,
                                      _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let race = Race<T>()
    let work = Task { race.finish(with: await Result { try await body() }) }
    let timer = Task {
        try? await Task.sleep(for: .seconds(seconds))
        if !Task.isCancelled { race.finish(with: .failure(DeadlineExceeded(seconds: seconds))) }
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

/// The first result of two racing tasks, handed to one waiting continuation.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var result: Result<T, any Error>?
        var waiter: CheckedContinuation<Result<T, any Error>, Never>?
    }
    private let state = Mutex(State())

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
