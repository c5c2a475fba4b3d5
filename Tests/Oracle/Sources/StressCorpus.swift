/// A deterministic generator of tricky but valid Swift, for the places where two lexers are
/// most likely to part: string literals of every form with nested interpolations, regex
/// literals next to division, numbers of every base and shape, operator runs and custom
/// operators, directives, attributes, backticks, comments in odd places, and files with a
/// BOM, a shebang or CRLF line endings.
///
/// The same seed gives the same files on every machine (SplitMix64, no system randomness),
/// so a disagreement found in CI can be reproduced with `--seed` and `--write-stress`.
struct StressCorpus {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    private mutating func name() -> String {
        pick(["a", "b", "value", "count", "café", "名前", "_x", "x1", "`class`", "`default`", "`with space`", "self.a",
              "items", "$binding", "_value"])
    }

    /// A number in one of Swift's spellings.
    private mutating func number() -> String {
        pick(["0", "42", "1_000_000", "0x1F", "0xdead_BEEF", "0o17", "0b1010_0101", "3.14", "0.5", "1e10", "1.5e-9",
              "2E+3", "0x1p-3", "0x1.8p4", "0xA.Bp+2", "007", "1_0.0_1"])
    }

    /// A simple expression, sometimes containing a string or a regex.
    private mutating func expression(depth: Int) -> String {
        switch below(depth > 2 ? 5 : 12) {
        case 0: return name()
        case 1: return number()
        case 2: return "\(name()) \(pick(["+", "-", "*", "/", "%", "&&", "||", "??", "...", "..<", "==", "!=", "<", ">", "<<", ">>", "&+", "&*", "<*>", "^^^", "~=", "√"])) \(expression(depth: depth + 1))"
        case 3: return "\(pick(["-", "!", "~", "√", "..."]))\(name())"
        case 4: return "\(name())\(pick(["!", "?.count", "!.description", "...", ".0", ".0.1", ".self", ".init()", ".default", ".Type", "?[0]"]))"
        case 5: return string(depth: depth + 1)
        case 6: return regex()
        case 7: return "f(\(expression(depth: depth + 1)), label: \(expression(depth: depth + 1)))"
        case 8: return "[\(expression(depth: depth + 1)), \(number())]"
        case 9: return "{ \(pick(["$0", "$0 + $1", "[weak self] in self?.a", "x in x * 2", "_ in nil"])) }"
        case 10: return "\(pick(["\\.name", "\\Foo.bar?.baz", "\\.[0]", "\\Self.count"]))"
        default: return "(\(expression(depth: depth + 1)) \(pick(["/", "/=", "*", "-"])) \(number()))"
        }
    }

    /// A string literal: plain, raw with 1 to 3 `#`s, multi-line, with escapes and nested
    /// interpolations (which may hold strings of their own).
    private mutating func string(depth: Int) -> String {
        let texts = ["plain", "with \\\"escapes\\\" \\t\\n\\\\", "\\u{1F600} é 🧪", "", " ", "a\\0b", "'single'", "// not a comment",
                     "/* not a comment */", "#hash", "/not a regex/"]
        // A single-line literal cannot hold a line break, not even inside an interpolation.
        func interpolation(_ corpus: inout StressCorpus, pounds: String, singleLine: Bool = true) -> String {
            var inner = depth < 3 ? corpus.expression(depth: depth + 1) : corpus.name()
            if singleLine && inner.contains("\n") { inner = corpus.name() }
            return "\\\(pounds)(\(inner))"
        }
        switch below(5) {
        case 0, 1:
            var body = pick(texts)
            if chance(60) { body += interpolation(&self, pounds: "") + pick(texts) }
            return "\"\(body)\""
        case 2:
            let pounds = String(repeating: "#", count: 1 + below(3))
            var body = pick(["raw \\(not interpolated) \"quoted\"", "back\\slash", "\"#", "a \"\" b", ""])
            if chance(60) { body += interpolation(&self, pounds: pounds) }
            if pounds.count > 1 && chance(50) { body += " \"# inside" }
            return "\(pounds)\"\(body)\"\(pounds)"
        case 3:
            let indent = pick(["", "    ", "\t"])
            var lines = ["\(indent)first \"quoted\" and \"\" two", "\(indent)\(pick(texts))"]
            if chance(50) { lines.append("\(indent)line \(interpolation(&self, pounds: "", singleLine: false)) after") }
            if chance(30) { lines.append("\(indent)continued \\") }
            if chance(30) { lines.append("\(indent)\\\"\"\" escaped close") }
            lines.append(indent)
            return "\"\"\"\n" + lines.joined(separator: "\n") + "\"\"\""
        default:
            let pounds = String(repeating: "#", count: 1 + below(2))
            return "\(pounds)\"\"\"\n  raw \"\"\" inside \\(x) \(interpolation(&self, pounds: pounds, singleLine: false))\n  \"\"\"\(pounds)"
        }
    }

    private mutating func regex() -> String {
        pick(["/a+b*/", "/[a-z]+\\/\\d{2,}/", "/(?<year>\\d{4})-(?<m>\\d\\d)/", "#/a/b # c/#", "##/x/#y/##",
              "#/\n  (?<word> \\w+ ) # a comment\n  \\s*\n/#", "/\\(/", "/[(]/", "/a|b/.ignoresCase()", "/ a/"])
    }

    /// Lines where the lexers' heuristics are at their finest: a `/` that may or may not open a
    /// regex, an unapplied `/` operator, operators glued to literals, Unicode at the edges of
    /// tokens (combining marks, non-breaking and ideographic spaces, emoji sequences).
    private mutating func edgeCase() -> String {
        pick([
            "let parts = values.reduce(1, /) / 2", "call(/, 3); call((/), \"(\")", "let m = !/re/; let n = !!/re/",
            "let o = try? /re/.firstMatch(in: s); let p = try! /re/", "let q = [/a/: /b/, /c/:/d/]",
            "let r = value\n    / other /\n    2", "let t = (/[(]/, /[)]/, /\\)/, /a\\/b/)", "let u = #/ spaced /# ; let v = /\\ a\\ /",
            "let w = 10 /* note */ / 2 / 5", "let y = f(x) / g(y) / h(z)", "let z = a?/b/ ?? c",
            "if value /2/ { }", "let aa = x /= 2 ; bb /= 3", "let cc = [1, 2].map { $0 / 2 }",
            "let dd = \"\\(/x/)\" + \"\\(a / b / c)\"", "let ee = a\u{A0}+ b + c +\u{A0}d",
            "let ff = e\u{301}tude + \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}.count", "let gg = a \u{2295} b \u{2218} c",
            "let hh\u{3000}= 1", "let ii = \u{2764}\u{FE0F}; let jj = x\u{20E3}", "let kk = 0x1p-2 / 0b1 / 0o7 / 1e3",
            "let ll = a...b; let mm = ...c; let nn = d...; let oo = e..<f", "let pp = x?.y!.z?[0]!.w",
            "let qq = a<b ? c : d>e", "let rr = (a, b).0.1 + t.0.e1", "let ss = `func`.`self` + `with space`",
            "let tt = #\"\\#(x)\\(y)\"# + ##\"\"#\"##", "let uu = \"\\u{1F600}\\0\\\\\\\"\\t\\r\\n\\'\"",
        ])
    }

    private mutating func statement(depth: Int) -> String {
        if chance(8) { return edgeCase() }
        switch below(depth > 2 ? 8 : 14) {
        case 0: return "let \(pick(["a", "b", "s", "`let`", "名前"])) = \(expression(depth: depth))"
        case 1: return "\(name()) = \(expression(depth: depth))"
        case 2: return "let r = try\(pick(["", "?", "!"])) \(regex()).wholeMatch(in: s)"
        case 3: return "let q = a / b / c; let w = (a / 2) / (b / 3); x /= 2"
        case 4: return "f(\(regex()), \(string(depth: depth)))"
        case 5: return "\(pick(["// line comment", "/// doc comment", "/* block /* nested */ still */", "/** doc block */"]))"
        case 6: return "let t = a +/* inline */b - c // trailing"
        case 7: return "\(pick(["return", "throw", "await"])) \(expression(depth: depth))"
        case 8:
            return "if \(expression(depth: depth + 1)) {\n\(block(depth: depth + 1))\n} else {\n\(block(depth: depth + 1))\n}"
        case 9:
            return "#if DEBUG && os(iOS) || swift(>=5.9)\n\(block(depth: depth + 1))\n#elseif canImport(UIKit)\n\(block(depth: depth + 1))\n#else\n\(block(depth: depth + 1))\n#endif"
        case 10: return "if #available(iOS 17, *) {\n\(block(depth: depth + 1))\n}\nguard #unavailable(macOS 14) else { return }"
        case 11: return "items.map { $0 * 2 }.filter { !$0.isEmpty }.reduce(0, +)"
        case 12: return "switch \(name()) {\ncase .default: break\ncase let .some(x) where x > 0: \(statement(depth: depth + 1))\ndefault: fallthrough\n}"
        default: return "for \(name()) in \(number())...\(number()) where \(expression(depth: depth + 1)) {\n\(block(depth: depth + 1))\n}"
        }
    }

    private mutating func block(depth: Int) -> String {
        (0..<(1 + below(3))).map { _ in "    " + statement(depth: depth) }.joined(separator: "\n")
    }

    private mutating func declaration() -> String {
        switch below(9) {
        case 0: return "prefix operator √\ninfix operator <*>: AdditionPrecedence\npostfix operator ^^\ninfix operator ^^^"
        case 1:
            return "@MainActor\nstruct V\(below(100)): View {\n    @State private var a = \(number())\n    @Environment(\\.dismiss) var dismiss\n    @Binding var `default`: Bool\n    var body: some View {\n        Text(\(string(depth: 1)))\n            .padding(.horizontal, \(number()))\n    }\n}"
        case 2: return "func f\(below(100))<T: Equatable>(_ x: inout [T?], y: Array<Array<Int>>) async throws -> T? {\n\(block(depth: 0))\n}"
        case 3: return "@available(iOS 17.0, *)\n@objc(doThing:)\nfunc g(_ a: Int) -> Dictionary<String, [Int?]> { [:] }"
        case 4: return "extension Int {\n    static prefix func √ (x: Int) -> Int { x }\n    static func <*> (l: Int, r: Int) -> Int { l &+ r }\n}"
        case 5: return "#Preview {\n    ContentView()\n}\nlet sel = #selector(f)\nlet file = #file"
        case 6: return "var computed: Int {\n    get { a }\n    set { a = newValue }\n}\nlazy var x = { $0 }(1)"
        case 7: return "enum E: String { case `default`, `self` = \"s\", a }\nlet e: E = .default"
        default: return "#sourceLocation(file: \"g.swift\", line: 10)\nlet z = 1\n#sourceLocation()"
        }
    }

    /// One file: declarations and top-level statements, with a BOM, a shebang or CRLF line
    /// endings now and then.
    mutating func file() -> [UInt8] {
        var parts: [String] = []
        let count = 3 + below(8)
        for _ in 0..<count { parts.append(chance(40) ? declaration() : statement(depth: 0)) }
        var text = parts.joined(separator: pick(["\n", "\n\n", ";\n"])) + (chance(80) ? "\n" : "")
        if chance(10) { text = "#!/usr/bin/env swift\n" + text }
        if chance(15) { text = text.replacingCRLF() }
        var bytes = Array(text.utf8)
        if chance(10) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }
}

private extension String {
    func replacingCRLF() -> String {
        var result = ""
        result.reserveCapacity(utf8.count + utf8.count / 16)
        for character in self { result += character == "\n" ? "\r\n" : String(character) }
        return result
    }
}
