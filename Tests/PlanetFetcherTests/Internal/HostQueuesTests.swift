import Testing

@testable import PlanetFetcher

/// The engine's waiting requests (`HostQueues`): first come first served among the hosts below
/// the per-host cap.
@Suite("Fetch: the engine's per-host queues")
struct HostQueuesTests {
    @Test("a host at its cap is passed over, and gets its next place when one of its transfers ends")
    func capAndOrder() {
        var queues = HostQueues<String>(perHost: 2)
        for item in ["a1", "a2", "a3", "b1", "a4", "c1"] { queues.append(item, host: String(item.first!)) }
        var started: [String] = []
        while let next = queues.popNext() { started.append(next.item) }
        #expect(started == ["a1", "a2", "b1", "c1"])
        #expect(queues.count == 2)
        queues.ended(host: "b")
        #expect(queues.popNext() == nil, "b's end frees no place for a")
        queues.ended(host: "a")
        #expect(queues.popNext()?.item == "a3")
        #expect(queues.popNext() == nil)
        queues.ended(host: "a")
        #expect(queues.popNext()?.item == "a4")
        #expect(queues.isEmpty)
    }

    @Test("removing waiting requests keeps the others in order, and frees their host's turn")
    func removal() {
        var queues = HostQueues<String>(perHost: 1)
        for item in ["a1", "a2", "a3", "b1", "b2"] { queues.append(item, host: String(item.first!)) }
        #expect(queues.popNext()?.item == "a1")
        #expect(queues.popNext()?.item == "b1")
        #expect(queues.removeAll(where: { $0 == "a2" || $0 == "b2" }) == ["a2", "b2"])
        #expect(queues.count == 1)
        queues.ended(host: "a")
        #expect(queues.popNext()?.item == "a3")
        queues.ended(host: "b")
        #expect(queues.popNext() == nil)
        #expect(queues.isEmpty)
    }
}
