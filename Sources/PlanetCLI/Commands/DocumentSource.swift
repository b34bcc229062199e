import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads the bytes of one document for `planet parse` and `planet add`: a file, or an http(s)
/// URL fetched with URLSession.
///
/// TODO: use the Planet `Fetcher` (size cap, redirects, failure kinds) once it lands; this is
/// the minimal version the commands need meanwhile.
enum DocumentSource {
    struct Document: Sendable {
        var data: Data
        /// Final URL, after redirects.
        var url: URL
        var contentType: String?
    }

    /// Why a document could not be had.
    struct Failure: Error, Sendable {
        var message: String
        /// True for a bad file or argument (exit 2), false for a network failure (exit 1).
        var isInput: Bool
    }

    /// Reads `source`: an http(s) URL, a `file:` URL, or a path relative to the current folder.
    static func load(_ source: String, io: CommandIO, timeout: Double) async throws -> Document {
        let lowered = source.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: source), url.host != nil else {
                throw Failure(message: "'\(source)' is not a valid URL", isInput: true)
            }
            return try await fetch(url, timeout: timeout)
        }
        let file: URL
        if lowered.hasPrefix("file:") {
            guard let url = URL(string: source), url.isFileURL else {
                throw Failure(message: "'\(source)' is not a valid file URL", isInput: true)
            }
            file = url
        } else if source.contains("://") {
            throw Failure(message: "'\(source)' is not an http(s) URL or a file path", isInput: true)
        } else {
            file = io.fileURL(source)
        }
        do {
            return Document(data: try Data(contentsOf: file), url: file.absoluteURL, contentType: nil)
        } catch {
            throw Failure(message: "\(file.relativePath): cannot be read (\(reason(error)))", isInput: true)
        }
    }

    private static func fetch(_ url: URL, timeout: Double) async throws -> Document {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("planet (feed aggregator)", forHTTPHeaderField: "User-Agent")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            let http = response as? HTTPURLResponse
            if let status = http?.statusCode, !(200..<300).contains(status) {
                throw Failure(message: "\(url.absoluteString): HTTP \(status)", isInput: false)
            }
            return Document(data: data, url: response.url ?? url,
                            contentType: http?.value(forHTTPHeaderField: "Content-Type"))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(message: "\(url.absoluteString): \(error.localizedDescription)", isInput: false)
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
