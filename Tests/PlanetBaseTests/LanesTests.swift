import PlanetBase
import Synchronization
import TestSupport
import Testing

/// Bounded concurrency (`Lanes`): how many jobs run at once, the order outputs are delivered in,
/// the bound on outputs waiting for an earlier job, and a delivery that throws.
@Suite("Lanes: at most N jobs at a time")
struct LanesTests {
    /// Jobs started, running now, and the most that ever ran at once.
    final class Tally: Sendable {
        private let state = Mutex((started: 0, running: 0, most: 0))

        func begin() {
            state.withLock { state in
                state.started += 1
                state.running += 1
                state.most = max(state.most, state.running)
            }
        }

        func end() { state.withLock { $0.running -= 1 } }

        var started: Int { state.withLock { $0.started } }
        var most: Int { state.withLock { $0.most } }
    }

    /// A gate a job waits at until it is opened (once).
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resume = state.withLock { state -> Bool in
                    if state.open { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if resume { continuation.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        var isOpen: Bool { state.withLock { $0.open } }
    }

    @Test("never more than `width` jobs at once; every output delivered once", arguments: [1, 3])
    func width(_ width: Int) async throws {
        let tally = Tally()
        let delivered = try await withDeadline {
            var seen: [Int] = []
            await Lanes.run(Array(0..<40), width: width) { input in
                tally.begin()
                for _ in 0..<(input % 5) { await Task.yield() }
                tally.end()
                return input * 2
            } deliver: { (index, output) async in
                #expect(output == index * 2)
                seen.append(index)
            }
            return seen
        }
        #expect(delivered.sorted() == Array(0..<40))
        #expect(tally.most <= width)
    }

    @Test("in input order: a later job that finishes first waits for the earlier one")
    func inOrder() async throws {
        let first = Gate()
        let order = try await withDeadline {
            var order: [Int] = []
            await Lanes.run([0, 1, 2], width: 3, delivery: .inOrder(maxWaiting: 8)) { input in
                if input == 0 { await first.wait() }
                if input == 2 { first.open() }  // 0 finishes only after 2 has run
                return input
            } deliver: { (index, output) async in
                #expect(index == output)
                order.append(output)
            }
            return order
        }
        #expect(order == [0, 1, 2])
    }

    @Test("no job starts while `maxWaiting` outputs wait for an earlier, slower one")
    func waitingBound() async throws {
        let tally = Tally()
        let slow = Gate()
        let second = Gate()
        let startedWhileWaiting = try await withDeadline { () -> Int in
            async let run: Void = Lanes.run(Array(0..<6), width: 2, delivery: .inOrder(maxWaiting: 1)) { input in
                tally.begin()
                defer { tally.end() }
                if input == 0 { await slow.wait() }
                if input == 1 { second.open() }
                return input
            } deliver: { (_, _) async in
            }
            // Job 1 is done and its output waits for job 0; give the lanes every chance to start
            // another job (a wrong bound would), then let job 0 finish. A few yields and a short
            // sleep, not hundreds of yields: on a loaded machine each yield waits behind every
            // other test's work for the pool's two threads (200 of them once took over 60 s).
            await second.wait()
            for _ in 0..<10 { await Task.yield() }
            try? await Task.sleep(for: .milliseconds(50))
            let started = tally.started
            slow.open()
            await run
            return started
        }
        #expect(startedWhileWaiting == 2)
        #expect(tally.started == 6)
    }

    struct Stop: Error, Equatable {}

    @Test("a delivery that throws stops the lanes: no further job starts and the error comes out")
    func deliveryThrows() async throws {
        let tally = Tally()
        let error = try await withDeadline { () -> Stop? in
            do throws(Stop) {
                try await Lanes.run(Array(0..<50), width: 1) { input in
                    tally.begin()
                    tally.end()
                    return input
                } deliver: { (_, _) async throws(Stop) in
                    throw Stop()
                }
                return nil
            } catch {
                return error
            }
        }
        #expect(error == Stop())
        // The first output is delivered once the second job has started (the next starts before
        // a delivery), and nothing starts after the delivery throws.
        #expect(tally.started == 2)
    }

    @Test("map gives every output in input order")
    func mapKeepsOrder() async throws {
        let outputs = try await withDeadline {
            await Lanes.map(Array(0..<30), width: 4) { input in
                for _ in 0..<(30 - input) { await Task.yield() }
                return "\(input)"
            }
        }
        #expect(outputs == (0..<30).map { "\($0)" })
    }
}
