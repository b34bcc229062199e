// libFuzzer entry point: arbitrary template text -> Template(...).render with a small fixed context
// and one partial. Compiled into the same module as Mustache's sources by Fuzz/build.sh.

// Built per input, not held in globals: LeakSanitizer cannot see pointers that Swift stores with
// enum tag bits in a global, and would report the context as leaked at exit.
private func makeContext() -> MustacheValue {
    [
        "title": "Planet <Fuzz> & \"friends\"",
        "count": 3,
        "ratio": 1.5,
        "draft": false,
        "none": nil,
        "entries": [
            ["title": "one", "link": "https://a.example/1", "tags": ["x", "y"]],
            ["title": "two", "link": "https://a.example/2", "tags": []]
        ],
        "owner": ["name": "Jane", "email": "jane@example.org"]
    ]
}

private func makePartials() -> [String: Template] {
    var out: [String: Template] = [:]
    if let entry = try? Template("<li>{{title}}{{#tags}} {{.}}{{/tags}}</li>\n", name: "entry") {
        out["entry"] = entry
    }
    if let layout = try? Template("<main>{{$body}}default{{/body}}</main>", name: "layout") {
        out["layout"] = layout
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count <= 64 * 1024 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard let template = try? Template(text, name: "fuzz") else { return 0 }
    var partials = makePartials()
    partials["self"] = template  // recursion through a partial that names itself
    _ = template.render(makeContext(), partials: partials)
    return 0
}
