import FeedParser
import Foundation

/// What `planet check` prints: a line per feed for a person, a JSON object for a machine, or
/// Markdown for a CI job to post on the pull request.
struct CheckReport: Sendable {
    /// feeds.txt as given.
    var file: String
    /// Why feeds.txt could not be read, when it could not: then no feed was checked.
    var fileError: String?
    var verdicts: [CheckVerdict]

    var passed: Bool { fileError == nil && verdicts.allSatisfy(\.passed) }

    /// The summary: `2 feeds checked, 1 failed`.
    var summary: String {
        if let fileError { return "\(fileError); no feed was checked" }
        let failed = verdicts.filter { !$0.passed }.count
        let feeds = verdicts.count == 1 ? "1 feed" : "\(verdicts.count) feeds"
        return "\(feeds) checked, \(failed) failed"
    }

    /// `feeds.txt:5: ok 'URL': "Title", 2 entries, newest 2024-01-02T03:04:05Z`, or
    /// `feeds.txt:6: failed 'URL': not-a-feed: …`, one line a problem; then the summary.
    func text() -> String {
        var lines: [String] = []
        for verdict in verdicts {
            let place = verdict.line > 0 ? "\(file):\(verdict.line): " : ""
            if verdict.passed {
                lines.append("\(place)ok '\(verdict.location)': \(Self.facts(verdict))")
            }
            for problem in verdict.problems {
                lines.append("\(place)failed '\(verdict.location)': \(problem.kind.rawValue): \(problem.message)")
            }
        }
        lines.append("planet check: " + summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `"Title", 2 entries, newest 2024-01-02T03:04:05Z` (`no title` when it has none).
    static func facts(_ verdict: CheckVerdict) -> String {
        let title = verdict.title.map { "\"\($0)\"" } ?? "no title"
        let count = verdict.entries ?? 0
        let entries = count == 1 ? "1 entry" : "\(count) entries"
        let newest = verdict.newest.map { ", newest \(FeedDateParser.rfc3339($0))" } ?? ""
        return "\(title), \(entries)\(newest)"
    }

    /// `{"config", "error", "passed", "feeds": [{"line", "url", "passed", "title", "entries",
    /// "newest", "problems": [{"kind", "message"}]}]}`; absent values are null, keys sorted.
    func json() -> String {
        let feeds: [[String: Any]] = verdicts.map { verdict in
            [
                "line": verdict.line, "url": verdict.location, "passed": verdict.passed,
                "title": verdict.title ?? NSNull(), "entries": verdict.entries.map { $0 as Any } ?? NSNull(),
                "newest": verdict.newest.map(FeedDateParser.rfc3339) ?? NSNull(),
                "problems": verdict.problems.map { ["kind": $0.kind.rawValue, "message": $0.message] }
            ]
        }
        let object: [String: Any] = [
            "config": file, "error": fileError ?? NSNull(), "passed": passed, "feeds": feeds
        ]
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: options)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A heading with the summary and a table: one row a feed (✅ or ❌, the feed, what was
    /// found or wrong). Text from the feeds (titles, messages) is escaped, so a feed cannot put
    /// markup or mentions into the comment.
    func markdown() -> String {
        var text = "### planet check: " + Self.escaped(summary) + "\n"
        guard fileError == nil, !verdicts.isEmpty else { return text }
        text += "\n| | Feed | Result |\n|---|---|---|\n"
        for verdict in verdicts {
            let place = verdict.line > 0 ? " (\(Self.escaped(file)):\(verdict.line))" : ""
            let result =
                verdict.passed
                ? Self.escaped(Self.facts(verdict))
                : verdict.problems.map { "**\($0.kind.rawValue)**: " + Self.escaped($0.message) }.joined(separator: "<br>")
            text += "| \(verdict.passed ? "✅" : "❌") | \(Self.escaped(verdict.location))\(place) | \(result) |\n"
        }
        return text
    }

    /// `text` with every ASCII punctuation character backslash-escaped (CommonMark §2.4: any
    /// such character may be), `@` too so no one is mentioned, and line breaks as spaces (a table
    /// row is one line).
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isNewline {
                result.append(" ")
            } else if character.isASCII, character.isPunctuation || character.isSymbol {
                result += "\\\(character)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
