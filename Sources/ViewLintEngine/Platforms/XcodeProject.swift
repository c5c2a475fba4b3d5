import ViewLintCore
import ViewLintSyntax

/// What an Xcode project says about the OS versions it supports: the deployment-target build
/// settings of every configuration of every target (and of the project), and the `.xcconfig`
/// files those configurations are based on, which may set them too.
public struct XcodeProjectPlatforms: Sendable, Hashable {
    /// The lowest version per platform across all configurations (`ios` → [15, 0]).
    public var platforms: [String: [Int]]
    /// Paths of the `.xcconfig` files configurations are based on, relative to the folder that
    /// holds the `.xcodeproj`.
    public var configurationFiles: [String]

    public init(platforms: [String: [Int]] = [:], configurationFiles: [String] = []) {
        self.platforms = platforms
        self.configurationFiles = configurationFiles
    }

    /// Build settings that carry a deployment target, and the platform each names.
    public static let settings: [String: String] = [
        "IPHONEOS_DEPLOYMENT_TARGET": "ios",
        "MACOSX_DEPLOYMENT_TARGET": "macos",
        "TVOS_DEPLOYMENT_TARGET": "tvos",
        "WATCHOS_DEPLOYMENT_TARGET": "watchos",
        "XROS_DEPLOYMENT_TARGET": "visionos",
    ]

    /// Reads a `project.pbxproj`. Most files take `ProjectFileScanner`, which keeps only what the
    /// deployment targets need instead of building the whole property list (1.8% of a run on real
    /// apps went to that tree); a file the scanner does not accept, or whose object ids are not
    /// plain ASCII, goes through `parseTree`, so its result or error is the same as before.
    public static func parse(_ text: String) throws -> XcodeProjectPlatforms {
        var text = text
        if let platforms = text.withUTF8({ bytes in
            var scanner = ProjectFileScanner(bytes)
            return scanner.platforms()
        }) {
            return platforms
        }
        return try parseTree(text)
    }

    /// `parse` of a file's bytes. Well-formed UTF-8 (every project file seen) is scanned where it
    /// was read, the bytes a string of them would hold: decoding it into a string first, to scan
    /// that string's bytes, cost as much as a quarter of the scan. Other bytes are decoded
    /// (repaired) first, as before.
    public static func parse(bytes: [UInt8]) throws -> XcodeProjectPlatforms {
        let scanned: XcodeProjectPlatforms?? = bytes.withUnsafeBufferPointer { buffer in
            guard UTF8Check.isWellFormed(buffer) else { return nil }
            var scanner = ProjectFileScanner(buffer)
            return .some(scanner.platforms())
        }
        switch scanned {
        case .some(.some(let platforms)): return platforms
        case .some(.none): return try parseTree(String(decoding: bytes, as: UTF8.self))
        case .none: return try parse(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The reference reading through the whole property list tree: the scanner's fallback, and
    /// what tests compare it with.
    static func parseTree(_ text: String) throws -> XcodeProjectPlatforms {
        let root = try OpenStepPlist.parse(text)
        let objects = root["objects"]?.dictionary ?? [:]
        var result = XcodeProjectPlatforms(platforms: [:], configurationFiles: [])
        let paths = filePaths(objects: objects, rootObject: root["rootObject"]?.string)
        for id in objects.keys.sorted() {
            guard let object = objects[id]?.dictionary, object["isa"]?.string == "XCBuildConfiguration" else { continue }
            if let settings = object["buildSettings"]?.dictionary {
                for (key, value) in settings {
                    guard let platform = XcodeProjectPlatforms.settings[key], let text = value.string else { continue }
                    result.lower(platform, text)
                }
            }
            if let reference = object["baseConfigurationReference"]?.string, let path = paths[reference],
               !result.configurationFiles.contains(path) {
                result.configurationFiles.append(path)
            }
        }
        return result
    }

    /// Keeps the lowest version per platform. Values that are not plain versions
    /// (`$(RECOMMENDED_MACOSX_DEPLOYMENT_TARGET)`) are ignored: their value is not known here.
    public mutating func lower(_ platform: String, _ text: String) {
        let trimmed = text.trimmingCharacters()
        guard let version = DeploymentTarget.version(trimmed) else { return }
        if let existing = platforms[platform], DeploymentTarget.compare(existing, version) <= 0 { return }
        platforms[platform] = version
    }

    /// Paths of file references, relative to the project's folder, found by walking the group
    /// tree from the main group (`<group>` paths nest; `SOURCE_ROOT` ones start at the folder).
    static func filePaths(objects: [String: PlistValue], rootObject: String?) -> [String: String] {
        var result: [String: String] = [:]
        guard let rootObject, let mainGroup = objects[rootObject]?["mainGroup"]?.string else { return result }
        var stack: [(id: String, parent: String, depth: Int)] = [(mainGroup, "", 0)]
        var visited: Set<String> = []
        while let (id, parent, depth) = stack.popLast() {
            guard depth < 64, visited.insert(id).inserted, let object = objects[id]?.dictionary else { continue }
            let path = object["path"]?.string
            let base: String
            switch object["sourceTree"]?.string {
            case "<group>"?, nil: base = join(parent, path)
            case "SOURCE_ROOT"?: base = path ?? ""
            case "<absolute>"?: base = path ?? ""
            default: continue
            }
            if object["isa"]?.string == "PBXFileReference" {
                result[id] = base
            }
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { stack.append((childID, base, depth + 1)) }
            }
        }
        return result
    }

    static func join(_ a: String, _ b: String?) -> String {
        guard let b, !b.isEmpty else { return a }
        if a.isEmpty || b.hasPrefix("/") { return b }
        return a + "/" + b
    }
}

/// A `.xcconfig` file: `KEY = value` lines (with optional `[sdk=...]` conditions), comments,
/// and `#include "other.xcconfig"` (or `#include?`, which may be missing).
public struct XCConfig: Sendable, Hashable {
    public var settings: [(key: String, value: String)]
    public var includes: [(path: String, optional: Bool)]

    public static func == (a: XCConfig, b: XCConfig) -> Bool {
        a.settings.map { "\($0.key)=\($0.value)" } == b.settings.map { "\($0.key)=\($0.value)" }
            && a.includes.map { "\($0.path)\($0.optional)" } == b.includes.map { "\($0.path)\($0.optional)" }
    }

    public func hash(into hasher: inout Hasher) {
        for s in settings { hasher.combine(s.key); hasher.combine(s.value) }
    }

    /// `parse` of a file's bytes. A file of ASCII without carriage returns (every one seen) is
    /// read as bytes, where each byte is one character: the string reading went a character at
    /// a time, some 900 instructions a byte. Any other is decoded and read as a string.
    public static func parse(bytes: [UInt8]) -> XCConfig {
        if bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) { return parse(String(decoding: bytes, as: UTF8.self)) }
        return bytes.withUnsafeBufferPointer(parseASCII)
    }

    /// `parse`'s reading, of bytes that are ASCII without a carriage return (so lines end at
    /// line feeds alone, and each byte is a character).
    static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> XCConfig {
        var config = XCConfig(settings: [], includes: [])
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound, end = range.upperBound
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            return start..<end
        }
        func first(_ byte: UInt8, in range: Range<Int>) -> Int? { range.first { bytes[$0] == byte } }
        func hasPrefix(_ literal: StaticString, _ range: Range<Int>) -> Bool {
            literal.utf8CodeUnitCount <= range.count
                && (0..<literal.utf8CodeUnitCount).allSatisfy { bytes[range.lowerBound + $0] == literal.utf8Start[$0] }
        }
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            // Up to a `//` comment.
            var contentEnd = lineEnd
            var k = lineStart + 1
            while k < lineEnd {
                if bytes[k - 1] == 0x2F && bytes[k] == 0x2F { contentEnd = k - 1; break }
                k += 1
            }
            let line = trimmed(lineStart..<contentEnd)
            if line.isEmpty { continue }
            if hasPrefix("#include", line) {
                let optional = hasPrefix("#include?", line)
                if let open = first(0x22, in: line), let close = line.last(where: { bytes[$0] == 0x22 }), open < close {
                    config.includes.append((text(open + 1..<close), optional))
                }
                continue
            }
            let searchStart = first(0x5D, in: line).map { $0 + 1 } ?? line.lowerBound
            guard let equals = first(0x3D, in: searchStart..<line.upperBound) else { continue }
            var key = trimmed(line.lowerBound..<equals)
            if let condition = first(0x5B, in: key) { key = trimmed(key.lowerBound..<condition) }
            var value = trimmed(equals + 1..<line.upperBound)
            if value.count >= 2 && bytes[value.lowerBound] == 0x22 && bytes[value.upperBound - 1] == 0x22 {
                value = value.lowerBound + 1..<value.upperBound - 1
            }
            config.settings.append((text(key), text(value)))
        }
        return config
    }

    public static func parse(_ text: String) -> XCConfig {
        var config = XCConfig(settings: [], includes: [])
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = String(XCConfig.stripComment(rawLine)).trimmingCharacters()
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#include") {
                let optional = trimmed.hasPrefix("#include?")
                if let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close {
                    config.includes.append((String(trimmed[trimmed.index(after: open)..<close]), optional))
                }
                continue
            }
            // `KEY[sdk=iphoneos*] = value`: the assignment is the first `=` after any condition.
            let searchStart = trimmed.firstIndex(of: "]").map { trimmed.index(after: $0) } ?? trimmed.startIndex
            guard let equals = trimmed[searchStart...].firstIndex(of: "=") else { continue }
            var key = String(trimmed[..<equals]).trimmingCharacters()
            if let condition = key.firstIndex(of: "[") { key = String(key[..<condition]).trimmingCharacters() }
            var value = String(trimmed[trimmed.index(after: equals)...]).trimmingCharacters()
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            config.settings.append((key, value))
        }
        return config
    }

    /// The line up to a `//` comment (xcconfig has no string quoting that could hide one).
    static func stripComment(_ line: Substring) -> Substring {
        var previous: Character? = nil
        for index in line.indices {
            if previous == "/" && line[index] == "/" { return line[..<line.index(before: index)] }
            previous = line[index]
        }
        return line
    }
}
