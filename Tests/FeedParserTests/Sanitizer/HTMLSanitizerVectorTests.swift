import Foundation
import Testing

@testable import FeedParser

@Suite("HTMLSanitizer: hostile vector table")
struct HTMLSanitizerVectorTests {
    @Test("the table ships and holds at least 150 hostile vectors")
    func tableSize() throws {
        let table = try #require(SanitizerVectorTable.shipped, "Fixtures/sanitizer/vectors.json missing or invalid")
        let hostile = table.cases.filter { !["benign", "text", "base"].contains($0.class) }
        #expect(hostile.count >= 150)
        #expect(Set(table.cases.map(\.id)).count == table.cases.count, "ids must be unique")
    }

    @Test("each vector gives its exact expected output", arguments: SanitizerVectorTable.cases)
    func vector(_ testCase: SanitizerVectorTable.Case) {
        let output = HTMLSanitizer.sanitize(testCase.input, base: testCase.baseURL)
        #expect(output == testCase.expected, "input: \(testCase.input.debugDescription)")
    }

    @Test("each output passes the allow-list audit and is stable", arguments: SanitizerVectorTable.cases)
    func audit(_ testCase: SanitizerVectorTable.Case) {
        let output = HTMLSanitizer.sanitize(testCase.input, base: testCase.baseURL)
        #expect(SanitizedOutputAudit.problems(in: output) == [])
        #expect(HTMLSanitizer.sanitize(output, base: testCase.baseURL) == output, "sanitizing twice changes nothing")
    }

    /// `PLANET_RECORD=1` rewrites every `expected` from the current sanitizer and fails, so that the
    /// diff of vectors.json is reviewed before it is committed.
    @Test(
        "PLANET_RECORD=1 rewrites vectors.json",
        .enabled(if: ProcessInfo.processInfo.environment["PLANET_RECORD"] == "1", "records only with PLANET_RECORD=1"))
    func record() throws {
        var table = try #require(SanitizerVectorTable.shipped)
        for index in table.cases.indices {
            let testCase = table.cases[index]
            table.cases[index].expected = HTMLSanitizer.sanitize(testCase.input, base: testCase.baseURL)
        }
        try table.encoded().write(to: SanitizerVectorTable.sourcePath)
        Issue.record(
            "recorded '\(SanitizerVectorTable.sourcePath.path)'; review the diff, run again without PLANET_RECORD=1")
    }
}
