import ViewLintSyntax

/// A path pattern from `include:` or `exclude:`, matched against `/`-separated paths relative to
/// the configuration file's directory.
///
/// - `*` matches any run of characters within one path segment, `?` one character;
/// - `[abc]`, `[a-z]` and `[!a-z]` match one character of (or not of) a set;
/// - `**` as a whole segment matches any number of segments, none included
///   (`**/Generated/**`, `Sources/**/*.swift`);
/// - `\` makes the next character literal; a trailing `/` is allowed and ignored.
///
/// Anything that would otherwise be guessed at is an error: an empty pattern, an absolute path,
/// `.` or `..` segments, `**` inside a segment, an unclosed `[`, braces.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    enum Element: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case one
        case star
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    enum Segment: Sendable, Hashable {
        case anyDepth
        case elements([Element])
    }

    public let pattern: String
    let segments: [Segment]

    public var description: String { pattern }

    public init(_ pattern: String) throws(Glob.Error) {
        self.pattern = pattern
        var text = Substring(pattern)
        func fail(_ why: String) -> Glob.Error { Glob.Error(message: "bad glob '\(pattern)': \(why)") }
        if text.isEmpty { throw fail("the pattern is empty") }
        if text.hasPrefix("/") {
            throw fail("patterns are relative to the configuration file's directory; remove the leading '/'")
        }
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.count > 1 && text.hasSuffix("/") && !text.hasSuffix("\\/") { text = text.dropLast() }
        if text.isEmpty || text == "." { throw fail("the pattern names no file") }
        var segments: [Segment] = []
        for raw in Glob.splitSegments(text) {
            if raw.isEmpty { throw fail("empty path segment ('//')") }
            if raw == "." || raw == ".." {
                throw fail("'\(raw)' segments are not supported; patterns match paths below the configuration file's directory")
            }
            if raw == "**" {
                // `a/**/**/b` means the same as `a/**/b`.
                if segments.last != .anyDepth { segments.append(.anyDepth) }
                continue
            }
            segments.append(.elements(try Glob.compileSegment(raw, fail)))
        }
        self.segments = segments
    }

    /// Splits at `/` that is not escaped.
    static func splitSegments(_ text: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "\\" {
                i = text.index(after: i)
                if i < text.endIndex { i = text.index(after: i) }
                continue
            }
            if text[i] == "/" {
                result.append(text[start..<i])
                start = text.index(after: i)
            }
            i = text.index(after: i)
        }
        result.append(text[start..<text.endIndex])
        return result
    }

    static func compileSegment(_ raw: Substring, _ fail: (String) -> Glob.Error) throws(Glob.Error) -> [Element] {
        let scalars = Array(raw.unicodeScalars)
        var elements: [Element] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "*":
                if i + 1 < scalars.count && scalars[i + 1] == "*" {
                    throw fail("'**' must be a whole path segment, as in 'Sources/**/*.swift'")
                }
                elements.append(.star)
                i += 1
            case "?":
                elements.append(.one)
                i += 1
            case "\\":
                guard i + 1 < scalars.count else { throw fail("a trailing '\\' escapes nothing") }
                elements.append(.literal(scalars[i + 1]))
                i += 2
            case "{", "}":
                throw fail("braces are not supported; write one pattern per alternative")
            case "[":
                var k = i + 1
                var negated = false
                if k < scalars.count && (scalars[k] == "!" || scalars[k] == "^") {
                    negated = true
                    k += 1
                }
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                var first = true
                var closed = false
                while k < scalars.count {
                    var lower = scalars[k]
                    if lower == "]" && !first {
                        closed = true
                        k += 1
                        break
                    }
                    if lower == "\\" {
                        guard k + 1 < scalars.count else { break }
                        k += 1
                        lower = scalars[k]
                    }
                    first = false
                    k += 1
                    if k + 1 < scalars.count && scalars[k] == "-" && scalars[k + 1] != "]" {
                        var upper = scalars[k + 1]
                        k += 2
                        if upper == "\\" {
                            guard k < scalars.count else { break }
                            upper = scalars[k]
                            k += 1
                        }
                        guard lower <= upper else {
                            throw fail("the range '\(lower)-\(upper)' is reversed")
                        }
                        ranges.append(lower...upper)
                    } else {
                        ranges.append(lower...lower)
                    }
                }
                guard closed else { throw fail("'[' is never closed; escape it as '\\[' to match a bracket") }
                elements.append(.set(ranges, negated: negated))
                i = k
            default:
                elements.append(.literal(c))
                i += 1
            }
        }
        return elements
    }

    /// Does `path` (relative, `/`-separated, without `./`) match the whole pattern?
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        // reachable[s] after consuming p pattern segments: can the first s path segments be matched?
        // Patterns and paths are short, so the (segments x segments) table is tiny, and unlike
        // backtracking it cannot blow up on `**/**/...`.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in segments {
            var next = [Bool](repeating: false, count: parts.count + 1)
            switch segment {
            case .anyDepth:
                var any = false
                for s in 0...parts.count {
                    any = any || reachable[s]
                    next[s] = any
                }
            case .elements(let elements):
                for s in 0..<parts.count where reachable[s] && Glob.matchSegment(elements, parts[s]) {
                    next[s + 1] = true
                }
            }
            reachable = next
        }
        return reachable[parts.count]
    }

    /// Wildcard match of one segment: linear scan that backtracks only to the last `*`.
    static func matchSegment(_ elements: [Element], _ text: [Unicode.Scalar]) -> Bool {
        var e = 0
        var t = 0
        var starElement = -1
        var starText = 0
        while t < text.count {
            if e < elements.count {
                switch elements[e] {
                case .star:
                    starElement = e
                    starText = t
                    e += 1
                    continue
                case .one:
                    e += 1
                    t += 1
                    continue
                case .literal(let c) where c == text[t]:
                    e += 1
                    t += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains(where: { $0.contains(text[t]) }) != negated:
                    e += 1
                    t += 1
                    continue
                default:
                    break
                }
            }
            guard starElement >= 0 else { return false }
            e = starElement + 1
            starText += 1
            t = starText
        }
        while e < elements.count, case .star = elements[e] { e += 1 }
        return e == elements.count
    }
}

/// Which files `include:` and `exclude:` select, on paths relative to the configuration
/// file's directory. A pattern that matches a directory selects everything below it.
public struct PathFilter: Sendable {
    public var include: [Glob]
    public var exclude: [Glob]

    public init(include: [Glob], exclude: [Glob]) {
        self.include = include
        self.exclude = exclude
    }

    public init(_ configuration: Configuration) throws(Glob.Error) {
        var include: [Glob] = []
        for p in configuration.include { include.append(try Glob(p)) }
        var exclude: [Glob] = []
        for p in configuration.exclude { exclude.append(try Glob(p)) }
        self.init(include: include, exclude: exclude)
    }

    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty }

    /// An exclude pattern matches the path itself (not its ancestors).
    public func excludesItself(_ relativePath: String) -> Bool {
        exclude.contains { $0.matches(relativePath) }
    }

    /// An exclude pattern matches the path or one of the directories above it.
    public func excludes(_ relativePath: String) -> Bool {
        PathFilter.selfAndAncestors(relativePath).contains { path in exclude.contains { $0.matches(path) } }
    }

    /// No include patterns, or one matches the path or a directory above it.
    public func includes(_ relativePath: String) -> Bool {
        if include.isEmpty { return true }
        return PathFilter.selfAndAncestors(relativePath).contains { path in include.contains { $0.matches(path) } }
    }

    /// `a/b/c.swift` → `a/b/c.swift`, `a/b`, `a`.
    static func selfAndAncestors(_ path: String) -> [String] {
        var result = [path]
        var current = Substring(path)
        while let slash = current.lastIndex(of: "/") {
            current = current[..<slash]
            if !current.isEmpty { result.append(String(current)) }
        }
        return result
    }
}

/// Textual path arithmetic on `/`-separated paths. Pure: it never asks the file system, so
/// symbolic links are taken as they are spelled.
public enum PathName {
    /// `/a/./b/../c//d/` → `/a/c/d`. Relative paths stay relative; leading `..` is kept.
    /// Read as bytes: split into `Substring`s and joined again, a path of 60 bytes took 57,000
    /// instructions, and each folder of a run resolves one (2% of a 670-file project's run).
    public static func normalize(_ path: String) -> String {
        var path = path
        // Most paths asked (a linted file's, made absolute) are already normal: they are given
        // back as they are, without their parts listed and joined into a new string (about
        // 5 M instructions on the 14 apps' run, a path per folder).
        if path.withUTF8(isNormal) { return path }
        return path.withUTF8 { bytes in
            let absolute = bytes.first == slash
            var parts: [Range<Int>] = []
            var i = 0
            while i < bytes.count {
                while i < bytes.count && bytes[i] == slash { i += 1 }
                let start = i
                while i < bytes.count && bytes[i] != slash { i += 1 }
                let part = start..<i
                if part.isEmpty || isDot(part, bytes) { continue }
                if isDotDot(part, bytes) {
                    if let last = parts.last, !isDotDot(last, bytes) {
                        parts.removeLast()
                        continue
                    }
                    if absolute { continue }
                }
                parts.append(part)
            }
            if parts.isEmpty { return absolute ? "/" : "." }
            var joined: [UInt8] = []
            joined.reserveCapacity(bytes.count + 1)
            for part in parts {
                if absolute || !joined.isEmpty { joined.append(slash) }
                joined.append(contentsOf: bytes[part])
            }
            return String(decoding: joined, as: UTF8.self)
        }
    }

    private static let slash = UInt8(ascii: "/")

    /// Whether `normalize` gives the bytes back unchanged: a path without an empty part (but for
    /// the one before an absolute path's first `/`), a `.` part or a `..` part.
    private static func isNormal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        if bytes.count == 1 && bytes[0] == slash { return true }
        var partStart = bytes[0] == slash ? 1 : 0
        var i = partStart
        while i <= bytes.count {
            if i == bytes.count || bytes[i] == slash {
                let part = partStart..<i
                if part.isEmpty || isDot(part, bytes) || isDotDot(part, bytes) { return false }
                partStart = i + 1
            }
            i += 1
        }
        return true
    }

    private static func isDot(_ part: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        part.count == 1 && bytes[part.lowerBound] == 0x2E
    }

    private static func isDotDot(_ part: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        part.count == 2 && bytes[part.lowerBound] == 0x2E && bytes[part.lowerBound + 1] == 0x2E
    }

    /// `path` made absolute against `directory` (itself absolute), and normalised.
    public static func absolute(_ path: String, in directory: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(directory + "/" + path)
    }

    /// The directory part: `a/b/c` → `a/b`, `c` → `.`, `/c` → `/`.
    public static func directory(of path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            guard let last = bytes.lastIndex(of: slash) else { return "." }
            if last == 0 { return "/" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<last]), as: UTF8.self)
        }
    }

    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` relative to `base` (both absolute and normalised): `/r/a/b` from `/r` → `a/b`,
    /// `/x/y` from `/r/s` → `../../x/y`, `/r` from `/r` → `.`.
    public static func relative(_ path: String, to base: String) -> String {
        if let below = below(path, base) { return below }
        let p = path.split(separator: "/", omittingEmptySubsequences: true)
        let b = base.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < p.count && common < b.count && p[common] == b[common] { common += 1 }
        let ups = Array(repeating: Substring(".."), count: b.count - common)
        let rest = ups + p[common...]
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// `relative(path, to: base)` when `base` is normal and `path` spells it and then normal
    /// parts (or nothing): those parts as they are spelled, read in place. Parts equal as bytes
    /// are equal as strings; splitting both paths into substrings to compare them part by part
    /// cost 33,000 instructions a call. Nil for any other pair, which `relative` compares.
    private static func below(_ path: String, _ base: String) -> String? {
        var path = path, base = base
        return path.withUTF8 { p -> String? in
            base.withUTF8 { b -> String? in
                guard isNormal(b), b.first == slash, p.count >= b.count,
                      UnsafeBufferPointer(rebasing: p[..<b.count]).hasSameBytes(as: b) else { return nil }
                if p.count == b.count { return "." }
                // After `/` the rest starts at once; after any other base, past its slash.
                let restStart = b.count == 1 ? 1 : b.count + 1
                guard b.count == 1 || p[b.count] == slash, restStart < p.count else { return nil }
                let rest = UnsafeBufferPointer(rebasing: p[restStart...])
                guard rest.first != slash, isNormal(rest) else { return nil }
                return String(decoding: rest, as: UTF8.self)
            }
        }
    }

    /// `path` relative to `base` if it lies inside it; otherwise nil.
    public static func inside(_ path: String, _ base: String) -> String? {
        let relative = relative(path, to: base)
        return relative == ".." || relative.hasPrefix("../") ? nil : relative
    }
}
