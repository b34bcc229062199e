/// The context stack and name resolution (mustache spec: interpolation, "Name resolution").
struct ContextStack {
    var frames: [MustacheValue]

    /// Resolves a dotted name: `.` is the top frame; otherwise the first part is looked up from
    /// the top frame down, and each further part only in the value found (no masking: a missing
    /// later part is a miss, not a search of lower frames).
    func resolve(_ name: Name) -> MustacheValue? {
        guard let first = name.parts.first else { return frames.last }
        var found: MustacheValue?
        for frame in frames.reversed() {
            if case .object(let fields) = frame, let value = fields[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard case .object(let fields) = value, let next = fields[part] else { return nil }
            value = next
        }
        return value
    }
}

extension MustacheValue {
    /// The text `{{name}}` outputs for a value that is not a lambda.
    var interpolated: String {
        switch self {
        case .null, .array, .object, .lambda: ""
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): text
        }
    }
}
