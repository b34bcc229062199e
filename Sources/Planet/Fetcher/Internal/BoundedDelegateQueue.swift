import Dispatch
import Foundation

/// The URLSession delegate queue, with backpressure: at most `pending` callbacks wait to run.
///
/// swift-corelibs-foundation hands every body chunk to the delegate with `addOperation` from the
/// libcurl thread and never waits for it. libcurl inflates a `Content-Encoding: gzip` body as it
/// reads, so a gzip bomb (1 MB on the wire, 1 GB inflated) queued about a gigabyte of 16 KB chunks
/// before `SessionBridge` could count them and stop the transfer (measured: 1.2 GB peak RSS).
/// Waiting here slows the producer down to the delegate's pace, so the decoded count reaches the
/// cap with only `pending` chunks in flight. The wait is bounded: should a callback ever be added
/// from the queue itself, it proceeds after `maxWait` instead of deadlocking.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let slots: DispatchSemaphore
    private let maxWait: Double

    /// - Parameters:
    ///   - pending: callbacks that may wait at once.
    ///   - maxWait: the longest a producer waits for a slot, seconds.
    init(pending: Int = 64, maxWait: Double = 2) {
        slots = DispatchSemaphore(value: pending)
        self.maxWait = maxWait
        super.init()
        maxConcurrentOperationCount = 1   // chunks must reach the delegate in order
        name = "planet.fetcher.delegate"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        let acquired = slots.wait(timeout: .now() + maxWait) == .success
        super.addOperation { [slots] in
            block()
            if acquired { slots.signal() }
        }
    }
}
