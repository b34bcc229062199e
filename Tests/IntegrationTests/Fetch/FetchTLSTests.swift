import Foundation
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// Certificates are checked as strictly with the trust store loaded once (`TrustStore`, issue 30)
/// as before: a trusted chain fetches; an untrusted issuer, an expired certificate and a wrong
/// host name fail as TLS errors. Against an HTTPS server on 127.0.0.1 (Fixtures/tls/https_server.py,
/// Python's ssl module; the certificates are test-only, Fixtures/tls/make-certs.sh).
@Suite("Fetch: TLS certificates over loopback")
struct FetchTLSTests {
    /// Fixtures/tls/`name`.
    static func fixture(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/tls/\(name)").path
    }

    /// Runs the HTTPS server with `certificate` for the length of `body`.
    static func withServer<T: Sendable>(
        _ certificate: String, _ body: @Sendable (_ port: Int) async throws -> T
    ) async throws -> T {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", fixture("https_server.py"), fixture("\(certificate).pem"), fixture("\(certificate).key")
        ]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread {
                var text = ""
                while !text.hasSuffix("\n") {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }.start()
        }
        let port = try #require(
            Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), "the server printed '\(line)'")
        return try await body(port)
    }

    static func fetch(port: Int, host: String = "127.0.0.1", trusting ca: String) async -> FetchResult.Outcome {
        let fetcher = Fetcher(FetcherConfiguration(timeout: 20, trustStore: fixture(ca)))
        return await fetcher.fetch(Subscription(url: URL(string: "https://\(host):\(port)/feed.xml")!)).outcome
    }

    static func tlsFailure(_ outcome: FetchResult.Outcome) -> FetchFailure? {
        if case .failed(let failure) = outcome, failure.kind == .tlsError { return failure }
        return nil
    }

    @Test("a certificate the trust store vouches for fetches, many times over one engine")
    func trusted() async throws {
        try await withDeadline(seconds: 60) {
            try await Self.withServer("valid") { port in
                let fetcher = Fetcher(FetcherConfiguration(timeout: 20, trustStore: Self.fixture("ca.pem")))
                let feeds = (0..<6).map { Subscription(url: URL(string: "https://127.0.0.1:\(port)/f\($0).xml")!) }
                let results = await fetcher.fetchAll(feeds)
                for result in results {
                    guard case .fetched(let document) = result.outcome else {
                        Issue.record("not fetched: \(result.outcome)")
                        continue
                    }
                    #expect(String(decoding: document.data, as: UTF8.self).contains("<title>tls</title>"))
                }
            }
        }
    }

    @Test("an issuer the trust store does not hold fails as a TLS error")
    func untrusted() async throws {
        try await withDeadline(seconds: 60) {
            try await Self.withServer("valid") { port in
                let outcome = await Self.fetch(port: port, trusting: "other-ca.pem")
                #expect(Self.tlsFailure(outcome) != nil, "\(outcome)")
            }
        }
    }

    @Test("an expired certificate fails as a TLS error")
    func expired() async throws {
        try await withDeadline(seconds: 60) {
            try await Self.withServer("expired") { port in
                let outcome = await Self.fetch(port: port, trusting: "ca.pem")
                let failure = Self.tlsFailure(outcome)
                #expect(failure != nil, "\(outcome)")
                #expect(failure?.message.contains("expired") == true, "\(String(describing: failure?.message))")
            }
        }
    }

    @Test("a certificate for another name fails as a TLS error")
    func wrongName() async throws {
        try await withDeadline(seconds: 60) {
            try await Self.withServer("wrongname") { port in
                let outcome = await Self.fetch(port: port, trusting: "ca.pem")
                #expect(Self.tlsFailure(outcome) != nil, "\(outcome)")
            }
        }
    }

    @Test("without a trust store named, the system's is used: the test CA is not in it")
    func systemStore() async throws {
        try await withDeadline(seconds: 60) {
            try await Self.withServer("valid") { port in
                let fetcher = Fetcher(FetcherConfiguration(timeout: 20))
                let outcome = await fetcher.fetch(Subscription(url: URL(string: "https://127.0.0.1:\(port)/feed.xml")!))
                    .outcome
                #expect(Self.tlsFailure(outcome) != nil, "\(outcome)")
            }
        }
    }
}
