import Dispatch
import Foundation

/// Reads `file:` feeds off the cooperative thread pool (a read blocks its thread).
enum FileLoader {
    /// The document at `url`, or the failure saying why it could not be read.
    static func load(_ url: URL, maxBytes: Int) async -> Result<FetchedDocument, FetchFailure> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: read(url, maxBytes: maxBytes))
            }
        }
    }

    private static func read(_ url: URL, maxBytes: Int) -> Result<FetchedDocument, FetchFailure> {
        let path = url.path
        func failure(_ what: String, _ kind: FetchFailure.Kind = .fileError) -> Result<FetchedDocument, FetchFailure> {
            .failure(FetchFailure(kind: kind, url: url, message: "'\(path)': \(what)"))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return failure("no such file")
        }
        guard !isDirectory.boolValue else { return failure("is a folder, not a feed file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxBytes else {
            return failure("file larger than the cap of \(maxBytes) bytes", .tooLarge)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return failure("cannot be read (permissions?)")
        }
        return .success(FetchedDocument(data: data, finalURL: url))
    }
}
