#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ViewLintModel
import ViewLintSyntax

/// A lint rule: a description and a check over the project model.
///
/// A rule is created once per run with its configured options, then asked to check each
/// reported file; it sees the whole project's model, so cross-file facts (a view's extension
/// in another file, a conformance added elsewhere) are always available. Checks run in
/// parallel across files, so a rule holds no mutable state.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init(options: RuleOptions)
    func check(_ context: RuleContext) -> [Diagnostic]
    /// Builds the project-wide facts the rule would first ask late in a run, before it checks
    /// any file. A parallel rules stage calls it on every thread: a large fact first asked by
    /// the last files was built on one core while the others had none left, and asked at the
    /// start it is built a part per file by all of them. Facts are pure functions of the model,
    /// so it changes no answer. Most rules prepare nothing.
    func prepare(_ project: ProjectModel)
}

extension Rule {
    public var description: RuleDescription { Self.description }
    public func prepare(_ project: ProjectModel) {}
}

/// A rule's options after validation: every declared option has a value (its default unless
/// configured), with the declared type.
public struct RuleOptions: Sendable {
    public var values: [String: OptionValue]

    public init(_ values: [String: OptionValue] = [:], defaults: [RuleOption] = []) {
        var merged: [String: OptionValue] = [:]
        for option in defaults { merged[option.key] = option.defaultValue }
        for (k, v) in values { merged[k] = v }
        self.values = merged
    }

    public func bool(_ key: String) -> Bool {
        if case .bool(let b)? = values[key] { return b }
        return false
    }

    public func int(_ key: String) -> Int? {
        if case .int(let i)? = values[key] { return i }
        return nil
    }

    public func string(_ key: String) -> String? {
        if case .string(let s)? = values[key] { return s }
        return nil
    }

    public func list(_ key: String) -> [String] {
        if case .list(let l)? = values[key] { return l }
        return []
    }
}

/// A platform's minimum OS version, as `deployment_target:` or `platforms:` declare it.
public struct DeploymentTarget: Sendable, Hashable {
    /// Lowercased platform (`ios`, `macos`, `tvos`, `watchos`, `visionos`) to version components.
    public var platforms: [String: [Int]]
    /// Where it came from, for `--print-deployment-target` and messages.
    public var source: String

    public init(platforms: [String: [Int]], source: String) {
        self.platforms = platforms
        self.source = source
    }

    /// Parses `17`, `17.0`, `17.0.1`.
    public static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        var result: [Int] = []
        for p in parts {
            guard let n = Int(p), n >= 0 else { return nil }
            result.append(n)
        }
        return result
    }

    public static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// Does every declared platform meet `minimums` (platforms not in `minimums` are ignored)?
    public func allPlatformsAtLeast(_ minimums: [String: [Int]]) -> Bool {
        // Both tables hold a handful of short names: each platform is found among the minimums
        // by comparing names, not by hashing it (rules ask about 22,000 times on the 14 apps,
        // and a lookup cost more than the whole scan).
        for (platform, version) in platforms {
            for (name, minimum) in minimums where name == platform {
                if DeploymentTarget.compare(version, minimum) < 0 { return false }
            }
        }
        return true
    }

    public var summary: String {
        platforms.keys.sorted().map { "\($0) \(platforms[$0]!.map(String.init).joined(separator: "."))" }
            .joined(separator: ", ")
    }
}

extension ProjectModel {
    /// The lowest OS version, by lowercased platform, that some linted file checks with
    /// `#available` or `#unavailable` (in code: comments and strings are not read). The compiler
    /// warns about a check the deployment target makes unnecessary, so a check says the project
    /// runs on that version. Made once per project.
    public var lowestCheckedVersions: [String: [Int]] {
        fact("deploymentTarget.lowestCheckedVersions") {
            var lowest: [String: [Int]] = [:]
            for file in files {
                for check in file.availabilityChecks {
                    guard let version = DeploymentTarget.version(check.version) else { continue }
                    let platform = check.platform.lowercased()
                    if let known = lowest[platform], DeploymentTarget.compare(known, version) <= 0 { continue }
                    lowest[platform] = version
                }
            }
            return lowest
        }
    }
}

/// What a rule sees when it checks one file.
public struct RuleContext: Sendable {
    public let project: ProjectModel
    public let fileIndex: Int
    /// The deployment target that applies to this file, or nil when none is known
    /// (rules then assume the newest OS).
    public let deploymentTarget: DeploymentTarget?
    /// The SF Symbols catalogue of this system, or nil where none was found (rules that need
    /// it stay silent).
    public let symbols: SymbolCatalogue?

    /// The file's facts (see `FileFact`): made with the context, shared by every rule that
    /// checks the file, freed with it.
    @usableFromInline let facts: FileFacts

    /// The file's model, read out of the project once per file rather than by every rule that
    /// asks (each ask indexed the project's files and retained and released their array).
    public let file: FileModel

    /// - Parameter oneThread: the context is only ever used by the thread that makes it, so its
    ///   facts are asked without a lock (see `FileFacts`).
    public init(project: ProjectModel, fileIndex: Int, deploymentTarget: DeploymentTarget?, symbols: SymbolCatalogue? = nil,
                oneThread: Bool = false) {
        self.project = project
        self.fileIndex = fileIndex
        self.deploymentTarget = deploymentTarget
        self.symbols = symbols
        facts = FileFacts(locked: !oneThread)
        file = project.files[fileIndex]
    }

    /// Does every OS this file runs on have a feature that first shipped at `minimum` (by lowercased
    /// platform)? The one place rules ask. The deployment target decides; without one, an
    /// `#available` or `#unavailable` check in any linted file for a version at or below the
    /// feature's first says the project runs where it is missing (the compiler warns about a check
    /// the target makes unnecessary); otherwise the newest OS is assumed.
    public func runsOnlyWhereAvailable(since minimum: [String: [Int]]) -> Bool {
        if let deploymentTarget { return deploymentTarget.allPlatformsAtLeast(minimum) }
        return !project.lowestCheckedVersions.contains { platform, version in
            minimum[platform].map { DeploymentTarget.compare(version, $0) <= 0 } ?? false
        }
    }

    /// The file's type declarations with their references, for rules that walk them. Built
    /// once per file.
    public var declarations: [(ref: ProjectModel.DeclRef, decl: TypeDecl)] { fact(FileDeclarations.self) }

    /// A per-file fact (see `FileFact`): computed by the first rule that asks, then shared by
    /// every other rule checking this file. Inlinable, so that a rule's ask is specialized for
    /// the fact it names (see `FileFacts.value`).
    @inlinable
    public func fact<F: FileFact>(_ fact: F.Type) -> F.Value {
        facts.value(fact, self)
    }
}

/// An answer several rules ask of one file (the views its builders place, the members that
/// build views), computed once per file on first use and shared by the rules that check it.
/// Unlike `ProjectModel.fact`, it lives only as long as the file's `RuleContext`: it is freed
/// once the file's rules have run, so nothing grows with the project. The type is the key: no
/// string is built or hashed to find it. `make` must be a pure function of the context.
public protocol FileFact {
    associatedtype Value
    static func make(_ context: RuleContext) -> Value
}

/// The file's type declarations with their references.
public enum FileDeclarations: FileFact {
    public static func make(_ context: RuleContext) -> [(ref: ProjectModel.DeclRef, decl: TypeDecl)] {
        context.file.types.enumerated().map { (ProjectModel.DeclRef(file: context.fileIndex, index: $0.offset), $0.element) }
    }
}

/// The per-file fact store. The lock keeps a context shared across threads correct (the language
/// server splits one file's rules over threads); it is never held while a fact is made, so a
/// fact may ask for another. A context one thread makes and uses alone (a parallel run's, where
/// each thread checks whole files) skips the lock: rules ask for facts constantly, and once a
/// process has a second thread glibc's locks are atomic operations even when uncontended, about
/// 1% of such a run. A handful of facts per file: a linear search by type identity.
@usableFromInline
final class FileFacts: @unchecked Sendable {
    // Only touched under `mutex`: the runtime's exclusivity checks would repeat the lock. The
    // mutex itself is unchecked too: passing it to `pthread_mutex_lock` is an access the runtime
    // recorded and looked up on every ask of a per-file fact (12M instructions of a 740M rules
    // stage, 100k corpus), and the lock's own memory needs no exclusivity.
    @exclusivity(unchecked) private var mutex = pthread_mutex_t()
    @usableFromInline let locked: Bool
    /// Where each fact's value lies (in `chunk`'s memory), read as the `Value` of the fact its key names.
    /// Not a generic box class: `madeValue(_:_:)` runs unspecialized, and each box made looked
    /// its class up in the runtime's table of generic types.
    @usableFromInline @exclusivity(unchecked) var values: [UnsafeMutableRawPointer] = []
    /// The facts themselves: each is its value's key (by identity), and its `Value` deinitialises
    /// it (the chunks' memory is freed apart).
    @usableFromInline @exclusivity(unchecked) var facts: [any FileFact.Type] = []
    /// Where the values live: chunks of memory, each starting with a link to the chunk made
    /// before it, the values placed one after another. A heap block for each value, and the two
    /// lists grown one by one, were about twenty allocations a file.
    @exclusivity(unchecked) private var chunk: UnsafeMutableRawPointer? = nil
    @exclusivity(unchecked) private var chunkUsed = 0
    @exclusivity(unchecked) private var chunkCapacity = 0
    private static let chunkBytes = 512
    /// The link to the chunk before, and room to keep values 16-byte aligned.
    private static let chunkHeader = 16
    /// Room for a file's usual facts at once.
    private static let expectedFacts = 32

    /// The mutex is set up only for a context that locks: otherwise one per file made for nothing.
    init(locked: Bool) {
        self.locked = locked
        if locked { pthread_mutex_init(&mutex, nil) }
    }

    deinit {
        for i in facts.indices { facts[i].deinitializeValue(at: values[i]) }
        var next = chunk
        while let current = next {
            next = current.load(as: UnsafeMutableRawPointer?.self)
            current.deallocate()
        }
        if locked { pthread_mutex_destroy(&mutex) }
    }

    /// Memory for a value of `size` bytes aligned to `alignment`, in the current chunk or a new one
    /// (of its own size when larger than a chunk). Called under the lock.
    private func place(size: Int, alignment: Int) -> UnsafeMutableRawPointer {
        let alignment = max(1, alignment)
        if let chunk {
            // The address aligned, not the offset: a chunk's start is aligned only to 16 or to
            // its first value's alignment. (Swift's alignments are powers of two.)
            let base = Int(bitPattern: chunk)
            let start = ((base + chunkUsed + alignment - 1) & ~(alignment - 1)) - base
            if start + size <= chunkCapacity {
                chunkUsed = start + size
                return chunk + start
            }
        }
        let start = (FileFacts.chunkHeader + alignment - 1) / alignment * alignment
        let capacity = max(FileFacts.chunkBytes, start + size)
        let made = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: max(16, alignment))
        made.storeBytes(of: chunk, as: UnsafeMutableRawPointer?.self)
        chunk = made
        chunkCapacity = capacity
        chunkUsed = start + size
        return made + start
    }

    private func lock() { if locked { pthread_mutex_lock(&mutex) } }
    private func unlock() { if locked { pthread_mutex_unlock(&mutex) } }

    private func find(_ key: ObjectIdentifier) -> UnsafeMutableRawPointer? {
        lock()
        defer { unlock() }
        for i in facts.indices where ObjectIdentifier(facts[i]) == key { return values[i] }
        return nil
    }

    /// Inlined into the rule that asks, and so specialized for its fact: a fact made already is
    /// found and copied out as its own type. Asked through the generic entry point instead (rules
    /// live in another module), each of the 53 asks per file looked its value's type up and
    /// copied it through the runtime, 150 instructions an ask.
    @inlinable
    func value<F: FileFact>(_ fact: F.Type, _ context: RuleContext) -> F.Value {
        // Another thread may be adding a fact to a context that locks.
        if !locked {
            let key = ObjectIdentifier(fact)
            for i in facts.indices where ObjectIdentifier(facts[i]) == key { return values[i].assumingMemoryBound(to: F.Value.self).pointee }
        }
        return madeValue(fact, context)
    }

    /// The fact's value, made if no rule asked for it before.
    @usableFromInline
    func madeValue<F: FileFact>(_ fact: F.Type, _ context: RuleContext) -> F.Value {
        let key = ObjectIdentifier(fact)
        if let value = find(key) { return value.assumingMemoryBound(to: F.Value.self).pointee }
        let made = FactTiming.isOn ? FactTiming.measure(type: F.self) { F.make(context) } : F.make(context)
        lock()
        defer { unlock() }
        for i in facts.indices where ObjectIdentifier(facts[i]) == key { return values[i].assumingMemoryBound(to: F.Value.self).pointee }
        let stored = place(size: MemoryLayout<F.Value>.size, alignment: MemoryLayout<F.Value>.alignment)
            .bindMemory(to: F.Value.self, capacity: 1)
        stored.initialize(to: made)
        if facts.capacity == 0 {
            facts.reserveCapacity(FileFacts.expectedFacts)
            values.reserveCapacity(FileFacts.expectedFacts)
        }
        values.append(UnsafeMutableRawPointer(stored))
        facts.append(fact)
        return made
    }
}

extension FileFact {
    /// Ends the life of a value `FileFacts` stored for this fact (its memory is the chunk's).
    static func deinitializeValue(at raw: UnsafeMutableRawPointer) {
        raw.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }
}

/// What a rule reports: where, what, and about which declaration.
public struct Diagnostic: Sendable, Hashable {
    public var range: SourceRange
    public var message: String
    /// The declaration the finding is about (`ContentView.title`), which baselines and
    /// line-independent fingerprints use instead of line numbers.
    public var symbol: String
    public var fixes: [Fix] {
        get { fixList.fixes }
        set { fixList = FixList(newValue) }
    }
    /// The fixes as stored (see `FixList`), handed to the finding made from this diagnostic.
    public var fixList: FixList
    /// A lower severity for this finding than the rule's (a `note` where the cost is small);
    /// nil for the rule's configured severity. It only ever lowers: a finding never ends up
    /// above what the rule is configured to.
    public var severity: Severity?

    public init(range: SourceRange, message: String, symbol: String, fixes: [Fix] = [], severity: Severity? = nil) {
        self.range = range
        self.message = message
        self.symbol = symbol
        self.fixList = FixList(fixes)
        self.severity = severity
    }

    /// A finding whose one fix is `advice`, a summary with no edits (see `FixList.init(advice:)`).
    public init(range: SourceRange, message: String, symbol: String, advice: FilledText, severity: Severity? = nil) {
        self.range = range
        self.message = message
        self.symbol = symbol
        self.fixList = FixList(advice: advice)
        self.severity = severity
    }
}
