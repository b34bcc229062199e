import Foundation
import TestSupport
import Testing

@testable import PlanetCLI

/// A change that was made stands when its confirmation cannot be printed (standard output on a
/// full disk): the command exits 0, not 74, and says on standard error that the change was made.
@Suite("a change made, whose confirmation cannot be written")
struct EditConfirmationTests {
    /// `planet ARGUMENTS` in `folder`, standard output failing as a full disk does.
    static func runWithFullStandardOutput(_ arguments: [String], in folder: URL) async -> CommandOutcome {
        let err = Capture()
        let io = CommandIO(
            out: { _ in Issue.record("only the confirmation is written to standard output") },
            err: { err.append($0) }, confirmation: { _ in "No space left on device" }, currentDirectory: folder)
        let status = (try? await withDeadline { await PlanetCommand.run(arguments, io: io) }) ?? -1
        return CommandOutcome(status: status, out: "", err: err.value)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var confirmation: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "add, remove, import and init exit 0 and say the change was made",
        arguments: [
            Case(
                arguments: ["add", "https://new.example/feed", "--no-fetch"],
                confirmation: "added 'https://new.example/feed'"),
            Case(arguments: ["remove", "https://a.example/feed"], confirmation: "removed 'https://a.example/feed' (A)"),
            Case(arguments: ["import", "list.opml"], confirmation: "imported 1 feed from list.opml"),
            Case(arguments: ["init", "fresh"], confirmation: "created fresh/feeds.txt")
        ])
    func editsStand(_ testCase: Case) async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let feeds = folder.appendingPathComponent("feeds.txt")
        try "https://a.example/feed  A\n".write(to: feeds, atomically: true, encoding: .utf8)
        try #"<opml version="2.0"><body><outline type="rss" text="O" xmlUrl="https://o.example/feed"/></body></opml>"#
            .write(to: folder.appendingPathComponent("list.opml"), atomically: true, encoding: .utf8)
        let before = try String(contentsOf: feeds, encoding: .utf8)
        let outcome = await Self.runWithFullStandardOutput(testCase.arguments, in: folder)
        #expect(outcome.status == 0, "\(outcome.err)")
        #expect(
            outcome.err.hasPrefix(
                "planet: cannot write to standard output (No space left on device), but the change was made: "
                    + testCase.confirmation),
            "\(outcome.err)")
        let after = try String(contentsOf: feeds, encoding: .utf8)
        if testCase.arguments[0] == "init" {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("fresh/feeds.txt").path))
        } else {
            #expect(after != before)
        }
    }

    @Test("a line that reports no change is output like any other: its failure is the command's")
    func noChangeIsNoConfirmation() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "https://a.example/feed  A\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let out = Capture()
        let confirmed = Capture()
        let io = CommandIO(
            out: { out.append($0) }, err: { _ in },
            confirmation: { text in
                confirmed.append(text)
                return nil
            }, currentDirectory: folder)
        let status = try await withDeadline {
            await PlanetCommand.run(["add", "https://a.example/feed", "--no-fetch"], io: io)
        }
        #expect(status == 0)
        #expect(out.value.contains("is already in feeds.txt (line 1); nothing changed"))
        #expect(confirmed.value.isEmpty)
    }
}
