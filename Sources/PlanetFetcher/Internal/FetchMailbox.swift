import Synchronization

/// What the task that drives a batch of fetches (`Fetcher.fetchAll`) waits for: the responses
/// the engine hands over (``ResponseSink``) and word from the child tasks that transform fetched
/// documents that an output is ready (kept apart, in ``Outputs``). The waiting task takes all
/// that arrived at once (``take()``), and is resumed only when it waits: while it works,
/// arrivals pile up here and cost no wake-up. Not generic, so that the engine's side and the
/// path of a 304 need no generic metadata at run time.
final class FetchMailbox: ResponseSink {
    private struct State: Sendable {
        var responses: [(token: Int, response: HTTPResponse)] = []
        var outputs = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func receive(_ responses: [(token: Int, response: HTTPResponse)]) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.responses.append(contentsOf: responses)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Says that a child task has put an output in ``Outputs``.
    func outputReady() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.outputs += 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The responses that arrived since the last call and the count of outputs made ready,
    /// waiting for the first arrival when none has. One task at a time calls it.
    func take() async -> (responses: [(token: Int, response: HTTPResponse)], outputs: Int) {
        while true {
            let taken = state.withLock { state -> ([(token: Int, response: HTTPResponse)], Int)? in
                guard !state.responses.isEmpty || state.outputs > 0 else { return nil }
                defer { (state.responses, state.outputs) = ([], 0) }
                return (state.responses, state.outputs)
            }
            if let taken { return taken }
            await withCheckedContinuation { continuation in
                let arrived = state.withLock { state -> Bool in
                    guard state.responses.isEmpty, state.outputs == 0 else { return true }
                    state.waiter = continuation
                    return false
                }
                if arrived { continuation.resume() }
            }
        }
    }

    /// The outputs of the child tasks, until the driving task takes them.
    final class Outputs<Output: Sendable>: Sendable {
        private let items = Mutex<[(index: Int, output: Output)]>([])

        func put(_ index: Int, _ output: Output) {
            items.withLock { $0.append((index, output)) }
        }

        func takeAll() -> [(index: Int, output: Output)] {
            items.withLock { items in
                defer { items = [] }
                return items
            }
        }
    }
}
