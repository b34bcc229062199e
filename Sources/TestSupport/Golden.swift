import Foundation
import Testing

/// Compares `actual` with the golden file at `path` byte for byte (UTF-8).
///
/// With `PLANET_RECORD=1` in the environment the file is rewritten with `actual` and an issue is
/// recorded anyway, so that a rewrite is never silent (swift-argument-parser's snapshot habit).
/// `path` must point into the source tree (build it from `#filePath`), not into `Bundle.module`,
/// or the rewrite lands in the build folder.
/// - Parameters:
///   - actual: the text produced by the code under test.
///   - path: absolute file URL of the golden.
///   - sourceLocation: where a failure is reported; defaults to the caller.
public func assertGolden(
    _ actual: String, path: URL,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actualData = Data(actual.utf8)
    if ProcessInfo.processInfo.environment["PLANET_RECORD"] == "1" {
        do {
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try actualData.write(to: path)
            Issue.record(
                "recorded golden '\(path.path)'; run again without PLANET_RECORD=1",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("could not record golden '\(path.path)': \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = FileManager.default.contents(atPath: path.path) else {
        Issue.record(
            "golden '\(path.path)' is missing; run with PLANET_RECORD=1 to create it",
            sourceLocation: sourceLocation)
        return
    }
    if expected != actualData {
        let difference = firstDifference(String(decoding: expected, as: UTF8.self), actual)
        Issue.record(
            "'\(path.path)' differs: \(difference); PLANET_RECORD=1 rewrites it",
            sourceLocation: sourceLocation)
    }
}

/// The first line where two texts differ, as "line N: expected '…', got '…'".
func firstDifference(_ expected: String, _ actual: String) -> String {
    let left = expected.components(separatedBy: "\n")
    let right = actual.components(separatedBy: "\n")
    for index in 0..<max(left.count, right.count) {
        let expectedLine = index < left.count ? left[index] : "<end of file>"
        let actualLine = index < right.count ? right[index] : "<end of file>"
        if expectedLine != actualLine {
            return "line \(index + 1): expected '\(expectedLine)', got '\(actualLine)'"
        }
    }
    return "same lines, different bytes (line endings or a final newline)"
}
