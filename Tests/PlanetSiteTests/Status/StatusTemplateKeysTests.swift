import Foundation
import Mustache
import Testing

@testable import PlanetSite

/// The status keys of templates written before cache schema v8 (`StatusReport.everyBuildKeys`):
/// still given with their meaning, and found in the templates that use them.
@Suite("status keys of templates before schema v8")
struct StatusTemplateKeysTests {
    @Test("feeds_status still has last_success, last_attempt and failure_streak, as before v8")
    func keysAreGiven() throws {
        let report = StatusReport(
            title: "P", generated: Date(timeIntervalSince1970: 0),
            feeds: [
                FeedStatus(
                    subscriptionURL: "https://a.example/feed", url: "https://a.example/feed", name: "A",
                    outcome: .failed, lastSuccess: Date(timeIntervalSince1970: 1_704_164_645),
                    lastAttempt: Date(timeIntervalSince1970: 1_704_168_245), lastError: "timeout", failureStreak: 3),
                FeedStatus(subscriptionURL: "https://b.example/feed", url: nil, name: "B", outcome: .skipped)
            ])
        let template = try Template(
            "{{#feeds_status}}{{name}} {{#last_success}}{{.}}{{/last_success}}{{^last_success}}never{{/last_success}} "
                + "{{last_attempt}} {{failure_streak}};{{/feeds_status}}")
        #expect(
            template.render(["feeds_status": report.mustacheValue])
                == "A 2024-01-02T03:04:05Z 2024-01-02T04:04:05Z 3;B never  0;")
        // status.json keeps its v8 shape.
        let json = String(decoding: report.json(), as: UTF8.self)
        #expect(!json.contains("last_success") && !json.contains("failure_streak") && !json.contains("last_attempt"))
    }

    @Test("a template that looks one up is found, in a partial or a dotted name too; the default templates use none")
    func templatesThatUseThem() throws {
        let old = try Site(files: [
            "status.html.mustache": "{{#feeds_status}}{{>partials/row}}{{/feeds_status}}",
            "partials/row.mustache": "{{name}} {{failure_streak}} {{feeds_status.last_success}}"
        ])
        #expect(old.references(anyOf: StatusReport.everyBuildKeys) == ["failure_streak", "last_success"])
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates")
        #expect(try Site(templatesURL: templates).references(anyOf: StatusReport.everyBuildKeys).isEmpty)
    }
}
