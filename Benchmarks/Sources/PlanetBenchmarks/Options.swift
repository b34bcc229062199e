import Foundation

/// The few options the benchmarks take: `--name value` pairs, `--flag`s, and positional paths.
struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    init(_ arguments: [String], valued: Set<String>) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valued.contains(argument), index + 1 < arguments.count {
                values[argument] = arguments[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("--") { flags.insert(argument) } else { positional.append(argument) }
            index += 1
        }
    }

    func integer(_ name: String, default value: Int) -> Int {
        values[name].flatMap(Int.init) ?? value
    }
}

/// Seconds elapsed while running `body` (monotonic clock).
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Every regular file under the given paths (folders: their `.xml` and `.json` files, not recursive),
/// sorted by path.
func feedFiles(_ paths: [String]) -> [URL] {
    var files: [URL] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted()
                .map { URL(fileURLWithPath: path).appendingPathComponent($0) }
        } else {
            files.append(URL(fileURLWithPath: path))
        }
    }
    return files
}

/// Seconds elapsed while running the async `body` (monotonic clock).
func measureAsync(_ body: () async -> Void) async -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
