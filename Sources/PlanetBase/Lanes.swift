/// Bounded concurrency: runs one asynchronous job per input of an ordered list, at most `width`
/// at a time, started in input order, and hands each job's output to the caller.
///
/// The task-group window of the stages and the CLI: `planet parse FILE…` and anything else that
/// must not start every job at once. Not the build's fetches, which are state machines, not tasks
/// (`PlanetFetcher`'s `FetchWindow`); FeedParser, a library of its own, splits its parses and
/// sanitizing with its `ConcurrentChunks`. Jobs are child tasks of
/// the caller; `deliver` runs on the caller's task, one output at a time, so it may write to the
/// cache or to the terminal without a lock.
package enum Lanes {
    /// The order outputs are handed to `deliver` in.
    package enum Delivery: Sendable, Equatable {
        /// As each job finishes. The next job starts before the output is delivered, so jobs go
        /// on while the caller handles it.
        case asFinished
        /// In input order, each as soon as every earlier one has been. Outputs finished ahead of
        /// an earlier, slower job wait in memory; no new job starts while `maxWaiting` of them do
        /// (one job that hangs must not make the others' outputs pile up).
        case inOrder(maxWaiting: Int)
    }

    /// Runs `job` on every input, at most `width` (at least 1) at a time, and hands each output
    /// with its input's index to `deliver` in the order `delivery` says.
    ///
    /// When `deliver` throws, the jobs still running are cancelled, none is started, and the
    /// error is rethrown once they have ended.
    /// - Throws: what `deliver` throws.
    package static func run<Input: Sendable, Output: Sendable, Failure: Error>(
        _ inputs: [Input], width: Int, delivery: Delivery = .asFinished,
        job: @escaping @Sendable (Input) async -> Output,
        deliver: (_ index: Int, _ output: Output) async throws(Failure) -> Void
    ) async throws(Failure) {
        let width = max(1, width)
        let ended = await withTaskGroup(of: (Int, Output).self) { group -> Result<Void, Failure> in
            var next = 0
            var running = 0
            var waiting: [Int: Output] = [:]
            var delivered = 0
            func mayStart() -> Bool {
                guard next < inputs.count, running < width else { return false }
                if case .inOrder(let maxWaiting) = delivery { return waiting.count < max(1, maxWaiting) }
                return true
            }
            func start() {
                let index = next
                let input = inputs[index]
                group.addTask { (index, await job(input)) }
                next += 1
                running += 1
            }
            while mayStart() { start() }
            while let (index, output) = await group.next() {
                running -= 1
                do throws(Failure) {
                    switch delivery {
                    case .asFinished:
                        if mayStart() { start() }
                        try await deliver(index, output)
                    case .inOrder:
                        waiting[index] = output
                        while let ready = waiting.removeValue(forKey: delivered) {
                            try await deliver(delivered, ready)
                            delivered += 1
                        }
                        while mayStart() { start() }
                    }
                } catch {
                    group.cancelAll()
                    return .failure(error)
                }
            }
            return .success(())
        }
        try ended.get()
    }

    /// Every input's output, in input order, `width` jobs at a time.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], width: Int, job: @escaping @Sendable (Input) async -> Output
    ) async -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(inputs.count)
        await run(inputs, width: width, delivery: .inOrder(maxWaiting: .max), job: job) { (_, output) async in
            outputs.append(output)
        }
        return outputs
    }
}
