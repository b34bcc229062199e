import Foundation

extension FeedList {
    /// Writes `serialized()` to `file` atomically: a temporary file in the same folder, then
    /// rename(2), so a reader sees the old or the new list, never half of one.
    /// - Throws: `.unwritable` with the system's reason; the old file is untouched.
    public func save() throws(FeedListError) {
        try Self.writeAtomically(Data(serialized().utf8), to: file)
    }

    /// Writes `data` to `url` through a temporary file beside it and a rename.
    /// - Throws: `FeedListError.unwritable` naming `url`.
    static func writeAtomically(_ data: Data, to url: URL) throws(FeedListError) {
        let target = url.absoluteURL
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            if let mode = try? FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] {
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temporary.path)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FeedListError(.unwritable(Self.reason(error)), file: url)
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw FeedListError(.unwritable(reason), file: url)
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
