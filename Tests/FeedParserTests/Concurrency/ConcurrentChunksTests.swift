import Foundation
import TestSupport
import Testing

@testable import FeedParser

/// `ConcurrentChunks`: contiguous ranges of about equal weight, and a map that keeps the order.
@Suite("Concurrent chunks")
struct ConcurrentChunksTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let weights: [Int]
        let lanes: Int
        let expected: [Range<Int>]
        var testDescription: String { "\(weights) in \(lanes) lanes" }
    }

    static let cases: [Case] = [
        Case(weights: [], lanes: 2, expected: []),
        Case(weights: [5], lanes: 4, expected: [0..<1]),
        Case(weights: [1, 1, 1, 1], lanes: 1, expected: [0..<4]),
        Case(weights: [1, 1, 1, 1], lanes: 0, expected: [0..<4]),
        Case(weights: [1, 1, 1, 1], lanes: 2, expected: [0..<2, 2..<4]),
        Case(weights: [1, 1, 1, 1, 1], lanes: 2, expected: [0..<3, 3..<5]),
        Case(weights: [100, 1, 1, 1], lanes: 2, expected: [0..<1, 1..<4]),
        Case(weights: [1, 1, 1, 100], lanes: 2, expected: [0..<3, 3..<4]),
        Case(weights: [0, 0, 0], lanes: 3, expected: [0..<1, 1..<2, 2..<3]),
        Case(weights: [1, 2], lanes: 8, expected: [0..<1, 1..<2]),
        Case(weights: [3, 3, 3, 3, 3, 3], lanes: 3, expected: [0..<2, 2..<4, 4..<6]),
        Case(weights: [-4, 2, 2], lanes: 2, expected: [0..<2, 2..<3])
    ]

    @Test("ranges", arguments: cases)
    func ranges(_ testCase: Case) {
        #expect(ConcurrentChunks.ranges(weights: testCase.weights, lanes: testCase.lanes) == testCase.expected)
    }

    @Test(
        "ranges cover every index once, in order, at most `lanes` of them, none empty",
        arguments: [1, 2, 3, 7, 64])
    func rangesCover(_ lanes: Int) {
        for count in 0..<40 {
            let weights = (0..<count).map { ($0 * 37) % 11 }
            let ranges = ConcurrentChunks.ranges(weights: weights, lanes: lanes)
            #expect(ranges.flatMap { Array($0) } == Array(0..<count))
            #expect(ranges.count == min(lanes, count))
            #expect(ranges.allSatisfy { !$0.isEmpty })
        }
    }

    @Test("map gives the sequential map, order kept", arguments: [1, 2, 3, 7, 200])
    func mapKeepsOrder(_ lanes: Int) async throws {
        let numbers = Array(0..<150)
        let mapped = try await withDeadline {
            await ConcurrentChunks.map(numbers, lanes: lanes, weight: { $0 % 5 }) { "n\($0 * 2)" }
        }
        #expect(mapped == numbers.map { "n\($0 * 2)" })
    }
}
