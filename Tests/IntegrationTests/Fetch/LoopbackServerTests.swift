import Foundation
import TestSupport
import Testing

/// The loopback server itself, spoken to with TestSupport's raw-socket client.
@Suite("LoopbackServer")
struct LoopbackServerTests {
    private func get(_ url: URL, headers: [String: String] = [:]) async throws -> (Data, LoopbackClient.Response) {
        let port = try #require(url.port)
        let target = url.path + (url.query.map { "?\($0)" } ?? "")
        let response = try await LoopbackClient.get(port: port, path: target, headers: headers)
        return (response.body, response)
    }

    @Test("serves a route's body and records the request")
    func servesAndRecords() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": .ok("<rss/>")])
            let (data, response) = try await get(
                server.url(for: "/feed.xml?x=1"),
                headers: ["X-Probe": "42"])
            await server.stop()
            #expect(String(decoding: data, as: UTF8.self) == "<rss/>")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/rss+xml; charset=utf-8")
            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.method == "GET")
            #expect(request.path == "/feed.xml")
            #expect(request.query == "x=1")
            #expect(request.header("x-probe") == "42")
        }
    }

    @Test("answers 404 for a path without a route")
    func unknownPath() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([:])
            let (_, response) = try await get(server.url(for: "/nothing"))
            await server.stop()
            #expect(response.status == 404)
        }
    }

    struct ConditionalCase: Sendable, CustomTestStringConvertible {
        var name: String
        var headers: [String: String]
        var status: Int
        var testDescription: String { name }
    }

    @Test(
        "a conditional route answers 304 only when a validator matches",
        arguments: [
            ConditionalCase(name: "no validators", headers: [:], status: 200),
            ConditionalCase(name: "matching ETag", headers: ["If-None-Match": "\"v1\""], status: 304),
            ConditionalCase(name: "stale ETag", headers: ["If-None-Match": "\"v0\""], status: 200),
            ConditionalCase(
                name: "matching date", headers: ["If-Modified-Since": "Tue, 02 Jan 2024 03:04:05 GMT"],
                status: 304),
            ConditionalCase(
                name: "other date", headers: ["If-Modified-Since": "Mon, 01 Jan 2024 00:00:00 GMT"],
                status: 200)
        ])
    func conditional(_ test: ConditionalCase) async throws {
        try await withDeadline {
            let route = LoopbackRoute.conditional(
                Data("<rss/>".utf8), etag: "\"v1\"",
                lastModified: "Tue, 02 Jan 2024 03:04:05 GMT")
            let server = try await LoopbackServer.start(["/feed.xml": route])
            let (_, response) = try await get(server.url(for: "/feed.xml"), headers: test.headers)
            await server.stop()
            #expect(response.status == test.status)
            #expect(response.header("ETag") == "\"v1\"")
        }
    }

    @Test("a stopped server refuses connections")
    func stopRefuses() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/a": .ok("a")])
            let url = server.url(for: "/a")
            await server.stop()
            await #expect(throws: LoopbackClient.Failure.self) { try await get(url) }
        }
    }

    @Test("stop cuts a response still waiting on its delay")
    func stopCutsDelayedResponse() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/slow": .delayed(60, .ok("late"))])
            let url = server.url(for: "/slow")
            let client = Task { try await get(url) }
            while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            await server.stop()
            await #expect(throws: (any Error).self) { try await client.value }
        }
    }
}

/// The hand-made gzip framing.
@Suite("Gzip")
struct GzipTests {
    @Test("CRC-32 of the check string is the standard check value (RFC 1952 §8)")
    func crcCheckValue() {
        #expect(Gzip.crc32(Array("123456789".utf8)) == 0xcbf4_3926)
    }

    @Test("a stored member has header, one block per 65535 bytes, CRC and size")
    func storedMemberLayout() {
        let body = Data(repeating: 0x61, count: 70_000)
        let member = Gzip.storedMember(body)
        #expect(member.prefix(3) == Data([0x1f, 0x8b, 0x08]))
        #expect(member.count == 10 + 2 * 5 + 70_000 + 8)
        #expect(member[10] == 0x00)  // first block is not final
        #expect(member[10 + 5 + 65_535] == 0x01)  // second block is final
    }
}
