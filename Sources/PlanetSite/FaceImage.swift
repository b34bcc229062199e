import Foundation
import PlanetBase

/// What a face fetched into the site must be: a raster image of a type every browser shows,
/// known by its magic bytes, never by the `Content-Type` a server claims. SVG is refused (it is a
/// document that can carry script and fetch more), as is anything else.
package enum FaceImage {
    /// The largest face taken, bytes: a face is shown at 64 × 80 CSS pixels or so.
    package static let maxBytes = 512 * 1024

    /// The file extension of `data`'s type: `png` (PNG signature, ISO/IEC 15948 §5.2), `jpg`
    /// (JPEG SOI marker FF D8 FF), `gif` (`GIF87a`, `GIF89a`), `webp` (`RIFF`…`WEBP`, RFC 9649
    /// §2.5), `avif` (an ISO BMFF `ftyp` box whose major or a compatible brand is `avif` or
    /// `avis`); nil for any other bytes (SVG, HTML, an error page).
    package static func type(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(64))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "webp" }
        if starts(Array("ftyp".utf8), at: 4) {
            let size =
                bytes.count >= 4 ? Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]) : 0
            let end = min(size, bytes.count)
            // The major brand at 8, then compatible brands from 16, four bytes each.
            for offset in stride(from: 8, to: end - 3, by: 4) where offset != 12 {
                let brand = bytes[offset..<offset + 4]
                if brand.elementsEqual("avif".utf8) || brand.elementsEqual("avis".utf8) { return "avif" }
            }
        }
        return nil
    }

    /// Where the copy of the face at `url` is published: `faces/fetched/HASH.TYPE`, the hash of
    /// the URL (`StableHash`), so the name stays the same from build to build.
    package static func path(for url: String, type: String) -> String {
        "faces/fetched/\(StableHash.fnv1a64([url])).\(type)"
    }
}
