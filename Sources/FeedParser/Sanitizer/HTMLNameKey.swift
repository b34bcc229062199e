/// An element or attribute name of at most 16 bytes packed into two words: the key of the
/// sanitizer's tables, made from libxml2's C string without a Swift String (libxml2's HTML parser
/// lowercases ASCII names, and every name the policy knows is lowercase ASCII of 16 bytes or
/// fewer, so a longer name is simply one the tables do not hold).
struct HTMLNameKey: Hashable, Sendable {
    let low: UInt64
    let high: UInt64

    /// The key of a NUL-terminated name; nil when it is longer than 16 bytes.
    init?(_ name: UnsafePointer<UInt8>) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var index = 0
        while name[index] != 0 {
            guard index < 16 else { return nil }
            if index < 8 {
                low |= UInt64(name[index]) << (8 * UInt64(index))
            } else {
                high |= UInt64(name[index]) << (8 * UInt64(index - 8))
            }
            index += 1
        }
        self.low = low
        self.high = high
    }

    /// The key of a table's name (at most 16 bytes, no NUL).
    init(_ name: String) {
        var bytes = Array(name.utf8)
        precondition(bytes.count <= 16 && !bytes.contains(0), "sanitizer table name '\(name)' is not a key")
        bytes.append(0)
        let key = bytes.withUnsafeBufferPointer { HTMLNameKey($0.baseAddress!) }
        self = key!
    }
}
