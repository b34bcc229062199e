import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one wrapper around the C library's `iconv` (POSIX.1-2008), converting to UTF-8.
enum Iconv {
    /// A conversion's output and how many invalid or incomplete sequences were replaced.
    struct Result {
        var utf8: Data
        var replaced: Int
    }

    /// Whether iconv can convert from `encoding` (an iconv name) to UTF-8.
    static func knows(_ encoding: String) -> Bool {
        guard let descriptor = iconv_open("UTF-8", encoding), descriptor != iconv_t(bitPattern: -1) else {
            return false
        }
        iconv_close(descriptor)
        return true
    }

    /// Converts `input` from `encoding` (an iconv name such as "CP1251") to UTF-8.
    ///
    /// - Parameters:
    ///   - strict: stop at the first invalid sequence and return nil (used by detection); an
    ///     incomplete sequence at the very end is then tolerated, as a cut sample ends that way.
    /// - Returns: nil when iconv does not know the encoding, or in strict mode on invalid bytes.
    ///   Otherwise each invalid byte (and an incomplete tail) becomes U+FFFD.
    static func toUTF8(_ input: UnsafeBufferPointer<UInt8>, from encoding: String, strict: Bool = false) -> Result? {
        let descriptor = iconv_open("UTF-8", encoding)
        guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(descriptor) }
        guard let base = input.baseAddress, !input.isEmpty else { return Result(utf8: Data(), replaced: 0) }

        var output = [UInt8](repeating: 0, count: input.count * 2 + 64)
        var written = 0
        var replaced = 0
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base)
            .assumingMemoryBound(to: CChar.self)
        var inLeft = input.count
        while inLeft > 0 {
            let status: Int = output.withUnsafeMutableBufferPointer { out in
                guard let outBase = out.baseAddress else { return Int(E2BIG) }
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBase)
                    .advanced(by: written).assumingMemoryBound(to: CChar.self)
                var outLeft = out.count - written
                let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                written = out.count - outLeft
                return result == -1 ? Int(errno) : 0
            }
            switch status {
            case 0:
                continue
            case Int(E2BIG):
                output.append(contentsOf: repeatElement(0, count: output.count))
            case Int(EINVAL) where strict:
                inLeft = 0
            default:
                if strict { return nil }
                if output.count - written < 3 { output.append(contentsOf: repeatElement(0, count: 64)) }
                output.replaceSubrange(written..<written + 3, with: [0xEF, 0xBF, 0xBD])
                written += 3
                replaced += 1
                let skip = status == Int(EINVAL) ? inLeft : 1
                inPointer = inPointer.map { $0 + skip }
                inLeft -= skip
                _ = iconv(descriptor, nil, nil, nil, nil)
            }
        }
        return Result(utf8: Data(output[0..<written]), replaced: replaced)
    }
}
