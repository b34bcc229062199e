import Foundation

/// Gzip framing without a compressor: the body is wrapped in deflate *stored* blocks, which is a
/// legal gzip member that every decoder accepts (RFC 1952 §2.3, RFC 1951 §3.2.4). zlib is not a
/// Swift module here, and a test needs only bytes that must be *decoded*, not small ones.
public enum Gzip {
    /// The largest payload of one stored block (LEN is 16 bits, RFC 1951 §3.2.4).
    static let maxStoredBlock = 65_535

    /// Returns `data` as a gzip member (RFC 1952) of stored deflate blocks.
    public static func storedMember(_ data: Data) -> Data {
        var out = Data([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])  // ID1 ID2 CM FLG MTIME XFL OS
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let length = min(maxStoredBlock, bytes.count - offset)
            let isFinal = offset + length == bytes.count
            out.append(isFinal ? 0x01 : 0x00)  // BFINAL bit, BTYPE = 00 (stored)
            appendLittleEndian(UInt16(length), to: &out)
            appendLittleEndian(~UInt16(length), to: &out)
            out.append(contentsOf: bytes[offset..<(offset + length)])
            offset += length
        } while offset < bytes.count
        appendLittleEndian(crc32(bytes), to: &out)
        appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), to: &out)  // ISIZE mod 2^32
        return out
    }

    /// CRC-32 as gzip uses it (RFC 1952 §8: polynomial 0xEDB88320, reflected, inverted).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
