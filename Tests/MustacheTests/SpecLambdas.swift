import Mustache
import Synchronization

/// Swift closures for the spec's `~lambdas` tests, by test name (each test's `data.lambda`).
enum SpecLambdas {
    /// A fresh lambda for the test `name`, or `nil` if Swift cannot express it.
    static func lambda(for name: String) -> MustacheValue? {
        switch name {
        case "Interpolation": .lambda(.interpolation { "world" })
        case "Interpolation - Expansion": .lambda(.interpolation { "{{planet}}" })
        case "Interpolation - Alternate Delimiters": .lambda(.interpolation { "|planet| => {{planet}}" })
        case "Interpolation - Multiple Calls": counter()
        case "Escaping": .lambda(.interpolation { ">" })
        case "Section": .lambda(.section { text in text == "{{x}}" ? "yes" : "no" })
        case "Section - Expansion": .lambda(.section { text in text + "{{planet}}" + text })
        case "Section - Alternate Delimiters": .lambda(.section { text in text + "{{planet}} => |planet|" + text })
        case "Section - Multiple Calls": .lambda(.section { text in "__" + text + "__" })
        case "Inverted Section": .lambda(.section { _ in "" })
        default: nil
        }
    }

    /// A lambda counting its calls: 1, 2, 3, …
    private static func counter() -> MustacheValue {
        let calls = Mutex(0)
        return .lambda(
            .interpolation {
                calls.withLock { count in
                    count += 1
                    return String(count)
                }
            })
    }
}
