import FeedParser
import Foundation

/// The two concurrent ways `planet parse` reads documents, over documents held in memory.
enum ConcurrentParse {
    /// What a pass found: entries read and documents refused.
    struct Tally: Sendable {
        var entries = 0
        var failures = 0
    }

    /// `Feed.parseConcurrently` on each document in turn (entries sanitized on every core), as
    /// `planet parse FILE` does for its one document.
    static func eachInTurn(_ documents: [ParseBenchmark.Document]) async -> Tally {
        var tally = Tally()
        for document in documents {
            do {
                tally.entries += try await Feed.parseConcurrently(document.data, url: document.url).entries.count
            } catch {
                tally.failures += 1
            }
        }
        return tally
    }

    /// At most `activeProcessorCount` documents at once, each through `Feed.parseConcurrently`, as
    /// `planet parse FILES...` does (a task group with a window, results taken in any order).
    static func documentsConcurrently(_ documents: [ParseBenchmark.Document]) async -> Tally {
        let limit = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return await withTaskGroup(of: Tally.self) { group in
            var next = 0
            func startNext() {
                let document = documents[next]
                group.addTask {
                    do {
                        return Tally(
                            entries: try await Feed.parseConcurrently(document.data, url: document.url).entries.count)
                    } catch {
                        return Tally(failures: 1)
                    }
                }
                next += 1
            }
            while next < min(limit, documents.count) { startNext() }
            var tally = Tally()
            while let one = await group.next() {
                tally.entries += one.entries
                tally.failures += one.failures
                if next < documents.count { startNext() }
            }
            return tally
        }
    }
}
