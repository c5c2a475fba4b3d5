/// viewlint-oracle: tokenizes Swift files with viewlint's lexer and with the compiler's own
/// (SwiftParser's) lexer and reports every disagreement in token boundaries and coarse kind.
///
///     Tests/Oracle/run.sh [--stress COUNT] [--seed N] [--write-stress DIR] [--max-per-file N] [--dump]
///                         [--self-test] [--exact-kinds] [PATH...]
///
/// PATHs are files or directories (searched for `.swift` files, skipping hidden and `.build`
/// directories). `--stress COUNT` also compares COUNT generated files (see StressCorpus.swift);
/// `--write-stress DIR` writes them out for a closer look; `--dump` prints both token streams as
/// compared; `--self-test` first checks that the comparison notices damage; `--exact-kinds`
/// compares exact token kinds as well as coarse ones. Exit status: 0 when the two agree
/// everywhere, 1 on any disagreement, 2 on a usage or I/O error.
import Foundation
import ViewLintSyntax

struct Options {
    var paths: [String] = []
    var stressCount = 0
    var seed: UInt64 = 7
    var writeStressTo: String? = nil
    var maxPerFile = 10
    /// Print both normalized token streams, to see what was compared.
    var dump = false
    /// Check first that the comparison notices damage (see SelfTest.swift).
    var selfTest = false
    /// Compare exact token kinds (`prefixOperator` vs `binaryOperator`, `leftParen`), not only coarse ones.
    var exactKinds = false
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let value = arguments.popFirst() else { fail("\(flag) needs a value") }
        return value
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "--stress": options.stressCount = Int(value(argument)) ?? { fail("--stress needs a number") }()
        case "--seed": options.seed = UInt64(value(argument)) ?? { fail("--seed needs a number") }()
        case "--write-stress": options.writeStressTo = value(argument)
        case "--max-per-file": options.maxPerFile = Int(value(argument)) ?? { fail("--max-per-file needs a number") }()
        case "--dump": options.dump = true
        case "--self-test": options.selfTest = true
        case "--exact-kinds": options.exactKinds = true
        case "-h", "--help":
            print("usage: Tests/Oracle/run.sh [--stress COUNT] [--seed N] [--write-stress DIR] [--max-per-file N] [--dump] [--self-test] [--exact-kinds] [PATH...]")
            exit(0)
        default:
            if argument.hasPrefix("-") { fail("unknown option \(argument)") }
            options.paths.append(argument)
        }
    }
    if options.paths.isEmpty && options.stressCount == 0 && !options.selfTest { fail("nothing to compare: give paths or --stress COUNT") }
    return options
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("viewlint-oracle: \(message)\n".utf8))
    exit(2)
}

/// Every `.swift` file under `path`, sorted, so that reports come out in a stable order.
func swiftFiles(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { fail("no such file: \(path)") }
    if !isDirectory.boolValue { return [path] }
    var files: [String] = []
    let url = URL(fileURLWithPath: path)
    guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isDirectoryKey],
                                                      options: [.skipsHiddenFiles]) else { return [] }
    for case let item as URL in walker {
        if item.lastPathComponent == ".build" { walker.skipDescendants(); continue }
        if item.pathExtension == "swift" && (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
            // Report paths as the caller spelled the directory (the enumerator may resolve links).
            guard item.path.hasPrefix(url.path) else { files.append(item.path); continue }
            let relative = String(item.path.dropFirst(url.path.count))
            files.append(path.hasSuffix("/") ? path + relative.drop(while: { $0 == "/" }) : path + relative)
        }
    }
    return files.sorted()
}

// Every file is compared, binary and invalid UTF-8 ones included (Fixtures/syntax has both):
// both lexers treat bytes that are not Swift as trivia or unknown tokens, and they agree on
// where, so nothing needs to be skipped.

struct Totals {
    var files = 0
    var tokens = 0
    var disagreements = 0
}

func compare(path: String, bytes: [UInt8], options: Options, totals: inout Totals) {
    let file = SourceFile(path: path, bytes: bytes)
    let ours = ViewLintLexer.tokens(file, exactKinds: options.exactKinds)
    let reference = ReferenceLexer.tokens(bytes, exactKinds: options.exactKinds)
    totals.files += 1
    totals.tokens += reference.count
    if options.dump {
        for (name, tokens) in [("viewlint", ours), ("swiftparser", reference)] {
            print("\(path): \(name):")
            for token in tokens {
                print("  \(token.start)..<\(token.end) \(token.kindName) '\(Comparison.excerpt(bytes, token.start, token.end))'")
            }
        }
    }
    let found = Comparison.disagreements(viewlint: ours, reference: reference)
    totals.disagreements += found.count
    for (index, disagreement) in found.enumerated() {
        if index == options.maxPerFile {
            print("\(path): … and \(found.count - index) more disagreements")
            break
        }
        let line = file.line(ofOffset: disagreement.offset)
        let column = disagreement.offset - Int(file.lineStarts[line - 1]) + 1
        print("\(path):\(line):\(column): \(Comparison.describe(disagreement, bytes: bytes))")
    }
}

let options = parseOptions()
if options.selfTest {
    let problems = SelfTest.run()
    for problem in problems { print("viewlint-oracle: self-test: \(problem)") }
    if !problems.isEmpty { exit(1) }
    print("viewlint-oracle: self-test passed: every kind of damage to the token stream is reported")
}
var totals = Totals()
for path in options.paths {
    for file in swiftFiles(under: path) {
        guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
        compare(path: file, bytes: [UInt8](data), options: options, totals: &totals)
    }
}
if options.stressCount > 0 {
    var generator = StressCorpus(seed: options.seed)
    if let directory = options.writeStressTo {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            fail("cannot create \(directory): \(error)")
        }
    }
    for index in 0..<options.stressCount {
        let bytes = generator.file()
        let name = "stress-\(options.seed)-\(index).swift"
        var path = "<stress>/\(name)"
        if let directory = options.writeStressTo {
            path = directory + "/" + name
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fail("cannot write \(path)") }
        }
        compare(path: path, bytes: bytes, options: options, totals: &totals)
    }
}
print("viewlint-oracle: \(totals.files) files, \(totals.tokens) tokens compared, "
      + "\(totals.disagreements) disagreements")
exit(totals.disagreements == 0 ? 0 : 1)
