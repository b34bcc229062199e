import Foundation
import Synchronization
import Testing

@testable import TestSupport

@Suite("withDeadline")
struct DeadlineTests {
    @Test("a body that outlives its deadline fails the test at once, even if it ignores cancellation")
    func overrunningBodyFails() async throws {
        let clock = ContinuousClock()
        let began = Began()
        try await withKnownIssue {
            _ = try await withDeadline(seconds: 0.2 / Deadline.scale) { () -> Int in
                began.mark(clock.now)
                for _ in 0..<600 { try? await Task.sleep(for: .milliseconds(50)) }  // 30 s, ignoring cancellation
                return 0
            }
        } matching: { issue in
            issue.description.contains("did not finish within")
        }
        let start = try #require(began.instant, "the body never ran")
        #expect(clock.now - start < .seconds(20), "waited for the body, which runs 30 s")
    }

    @Test("a body that finishes in time returns its value; a nested deadline runs in its caller's lane")
    func nestedDeadlinesReturn() async throws {
        let lanes = Deadline.lanes
        // More nested calls at once than there are lanes: with a lane per call they would deadlock.
        let values = try await withDeadline {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for value in 0..<(lanes * 3) {
                    group.addTask { try await withDeadline { value } }
                }
                return try await group.reduce(into: []) { $0.append($1) }.sorted()
            }
        }
        #expect(values == Array(0..<(lanes * 3)))
    }

    @Test("the lane gate admits `count` tasks at once and passes lanes on in arrival order")
    func laneGateBoundsAndOrders() async throws {
        let gate = LaneGate(count: 2)
        let order = Order()
        await gate.enter()
        await gate.enter()
        try await withDeadline {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<3 {
                    group.addTask {
                        await gate.enter()
                        order.append(index)
                        gate.leave()
                    }
                    // Each waiter is queued before the next is started, so arrival order is known.
                    while gate.waiting < index + 1 { await Task.yield() }
                }
                #expect(order.values.isEmpty, "a task entered while both lanes were held")
                gate.leave()
                await group.waitForAll()
            }
        }
        #expect(order.values == [0, 1, 2])
        gate.leave()
    }
}

/// The exit tests' deadline (`Deadline.armExitTest`), itself checked in exit tests.
@Suite("Deadline.armExitTest")
struct ExitTestDeadlineTests {
    @Test("a child that outlives its deadline is ended by SIGALRM")
    func aHungChildIsEnded() async {
        await #expect(processExitsWith: .signal(SIGALRM)) {
            Deadline.armExitTest(seconds: 1 / Deadline.scale)
            while true { sleep(60) }
        }
    }

    @Test("a child that finishes in time exits as it chose")
    func aChildInTimeExitsNormally() async {
        await #expect(processExitsWith: .success) {
            Deadline.armExitTest(seconds: 5)
            exit(0)
        }
    }
}

/// The order in which tasks got through a gate.
private final class Order: Sendable {
    private let state = Mutex<[Int]>([])
    func append(_ value: Int) { state.withLock { $0.append(value) } }
    var values: [Int] { state.withLock { $0 } }
}

/// When a body began running.
private final class Began: Sendable {
    private let state = Mutex<ContinuousClock.Instant?>(nil)
    func mark(_ instant: ContinuousClock.Instant) { state.withLock { $0 = instant } }
    var instant: ContinuousClock.Instant? { state.withLock { $0 } }
}
