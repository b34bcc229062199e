/// The requests waiting for a place in the ``CurlEngine``, one queue per host, and the transfers
/// running per host: the engine's per-host cap (`FetcherConfiguration.perHost`). The next request
/// started is the one that arrived first among the hosts below their cap, so a blog farm's feeds
/// never hold more than `perHost` places while single-feed hosts wait behind them, and a host at
/// its cap gets its next place the moment one of its transfers ends.
///
/// A host is `scheme://host[:port]` (``HTTPRequest/host``), as libcurl's
/// `CURLMOPT_MAX_HOST_CONNECTIONS` counts hosts. Operations cost O(log hosts): the hosts that may
/// start a request are kept in a binary heap by the arrival number of their oldest request,
/// entries checked when taken (a host's head may have been cancelled or started since).
struct HostQueues<Item> {
    /// Requests run at once to one host, at least 1.
    let perHost: Int
    private var queues: [String: Queue] = [:]
    private var running: [String: Int] = [:]
    /// (arrival number of the host's oldest waiting request, host): a min-heap.
    private var ready: [(arrival: Int, host: String)] = []
    private var arrivals = 0
    /// Requests waiting, every host together.
    private(set) var count = 0

    private struct Queue {
        var items: [(arrival: Int, item: Item)] = []
        var first = 0
        var head: (arrival: Int, item: Item)? { first < items.count ? items[first] : nil }
    }

    init(perHost: Int) {
        self.perHost = max(1, perHost)
    }

    var isEmpty: Bool { count == 0 }

    /// Queues `item` for `host`, behind the requests that came before it.
    mutating func append(_ item: Item, host: String) {
        arrivals += 1
        count += 1
        let wasEmpty = queues[host]?.head == nil
        queues[host, default: Queue()].items.append((arrivals, item))
        if wasEmpty { offer(host) }
    }

    /// Takes the request to start next (the oldest of the hosts below their cap) and counts it
    /// as running for its host; nil when every waiting request's host is at its cap.
    mutating func popNext() -> (item: Item, host: String)? {
        while let top = ready.first {
            removeTop()
            guard var queue = queues[top.host], let head = queue.head, head.arrival == top.arrival,
                running[top.host, default: 0] < perHost
            else { continue }
            queue.first += 1
            if queue.head == nil {
                queues[top.host] = nil
            } else {
                queues[top.host] = queue
            }
            count -= 1
            running[top.host, default: 0] += 1
            offer(top.host)
            return (head.item, top.host)
        }
        return nil
    }

    /// Says that a transfer of `host` (counted by ``popNext()``) ended.
    mutating func ended(host: String) {
        guard let now = running[host] else { return }
        running[host] = now > 1 ? now - 1 : nil
        offer(host)
    }

    /// Removes the waiting requests `matching` says yes to; returns them in arrival order.
    mutating func removeAll(where matching: (Item) -> Bool) -> [Item] {
        var removed: [(arrival: Int, item: Item)] = []
        for (host, queue) in queues {
            var kept = Queue()
            for entry in queue.items[queue.first...] {
                if matching(entry.item) {
                    removed.append(entry)
                } else {
                    kept.items.append(entry)
                }
            }
            guard kept.items.count != queue.items.count - queue.first else { continue }
            queues[host] = kept.head == nil ? nil : kept
            if kept.head != nil { offer(host) }
        }
        count -= removed.count
        return removed.sorted { $0.arrival < $1.arrival }.map(\.item)
    }

    /// Puts `host` in the heap when it has a request waiting and is below its cap.
    private mutating func offer(_ host: String) {
        guard let head = queues[host]?.head, running[host, default: 0] < perHost else { return }
        ready.append((head.arrival, host))
        var child = ready.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard ready[child].arrival < ready[parent].arrival else { break }
            ready.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func removeTop() {
        let last = ready.removeLast()
        guard !ready.isEmpty else { return }
        ready[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < ready.count, ready[left].arrival < ready[smallest].arrival { smallest = left }
            if right < ready.count, ready[right].arrival < ready[smallest].arrival { smallest = right }
            guard smallest != parent else { return }
            ready.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
