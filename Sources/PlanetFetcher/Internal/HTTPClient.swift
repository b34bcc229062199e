import Foundation

/// The engine of one ``Fetcher`` and its copies: it ends its thread when the last copy of the
/// fetcher goes away (transfers under way finish first).
final class HTTPClient: Sendable {
    let engine: CurlEngine

    /// A client whose engine runs at most `maxConcurrent` transfers at once, at most `perHost`
    /// of them to one host.
    init(maxConcurrent: Int, perHost: Int) {
        engine = CurlEngine(maxConcurrent: maxConcurrent, perHost: perHost)
    }

    deinit {
        engine.shutDown()
    }
}
