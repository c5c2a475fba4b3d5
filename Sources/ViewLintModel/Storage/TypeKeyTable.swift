/// The project's type keys (`Row`, `Outer.Row`, `Row#3`) and the simple names that nested or
/// file-private types have, in one open-addressing table keyed by the name's bytes, made with
/// the model. `ProjectModel.resolveType` is asked hundreds of thousands of times on a large
/// project; a `Set<String>` of the scoped names and the `[String: TypeInfo]` of the keys each
/// hashed the name with the standard library's hasher, and between them they were most of an
/// ask's cost. Here a name costs one hash of its bytes (`FileNames.hash`) and one comparison.
///
/// Values are type ids, so one table serves every lane (each reads the `TypeInfo`s of its own
/// `byID`); a lane that keeps its own types takes a copy of its own (see `separateCopy`).
struct TypeKeyTable: Sendable {
    /// 16 bytes: with the whole hash and the flags in fields of their own a slot was 24, and
    /// a table at most half full holds two to four slots a type, for the whole run (the key
    /// table and the numbering one: 0.59 MB of the 100,026 generated lines' heap peak at 24).
    struct Slot: Sendable {
        /// The flags in the top byte, 24 bits of the name's hash below (`check(_:)`): what
        /// rules a slot out before its bytes are compared.
        var checkAndFlags: UInt32 = 0
        var start: UInt32 = 0
        var count: UInt32 = 0
        /// The type this key names; -1 for a name that only the keys of nested or file-private
        /// types end in.
        var id: Int32 = -1

        var flags: UInt8 {
            get { UInt8(truncatingIfNeeded: checkAndFlags >> 24) }
            set { checkAndFlags = checkAndFlags & 0xFF_FFFF | UInt32(newValue) << 24 }
        }

        /// Whether the slot's name may be the one whose hash is `hash` (`FileNames.hash`).
        func mayHold(hash: UInt64) -> Bool { checkAndFlags & 0xFF_FFFF == Slot.check(hash) }

        /// Bits of `hash` above those any table's slot index takes.
        static func check(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) & 0xFF_FFFF }
    }

    /// The slot holds a name.
    static let used: UInt8 = 1
    /// Some nested or file-private type has this simple name (`ProjectModel.scopedNames`),
    /// and it is filed under it as one of the kinds below.
    static let scoped: UInt8 = 2
    /// A type keyed `Scope.Name` has this simple name.
    static let nested: UInt8 = 4
    /// A type keyed `Scope.Name#file`.
    static let nestedPrivate: UInt8 = 8
    /// A type keyed `Name#file`.
    static let filePrivate: UInt8 = 16
    /// The name holds a `#` (a raw identifier): a key joined from it could read as another
    /// split of its parts, so it is looked up by parts (`ProjectModel.ScopedCandidates`).
    static let byParts: UInt8 = 32

    private(set) var slots: [Slot]
    /// Every name in the table is ASCII: a name of other bytes may equal another as a `String`
    /// (canonically) and differ in bytes, so with one the model's string tables answer.
    private(set) var isASCII = true
    private var spellings: [UInt8] = []
    private var mask: Int

    /// A table with room for `count` names at most half full.
    private init(room count: Int) {
        let size = TypeKeyTable.size(forRoom: count)
        slots = [Slot](repeating: Slot(), count: size)
        mask = size - 1
    }

    /// The slots a table with room for `count` names has.
    private static func size(forRoom count: Int) -> Int {
        var size = 16
        while size < count * 2 { size <<= 1 }
        return size
    }

    /// The keys of `types` with their ids, and the simple names that `scopedNames` lists and
    /// the nested or file-private types `scopedIDs` (of `byID`) are filed under.
    init(types: [String: ProjectModel.TypeInfo], byID: [ProjectModel.TypeInfo], scopedIDs: [Int],
         scopedNames: Set<String>) {
        self.init(room: types.count + scopedIDs.count)
        for (key, type) in types {
            key.withBytes { bytes in
                let s = insert(bytes)
                slots[s].id = Int32(truncatingIfNeeded: type.id)
            }
        }
        // Each key taken apart as `ProjectModel.ScopedCandidates.add` takes it.
        for id in scopedIDs {
            byID[id].key.withBytes { key in
                var end = key.count
                var kind = TypeKeyTable.nested
                if let hash = TypeKeyTable.lastIndex(of: 0x23, in: key, before: key.count),
                   TypeKeyTable.isCanonicalNumber(UnsafeBufferPointer(rebasing: key[(hash + 1)...])) {
                    end = hash
                    kind = TypeKeyTable.nestedPrivate
                }
                var start = 0
                if let dot = TypeKeyTable.lastIndex(of: 0x2E, in: key, before: end) {
                    start = dot + 1
                } else if kind == TypeKeyTable.nestedPrivate {
                    kind = TypeKeyTable.filePrivate
                } else {
                    return
                }
                let name = UnsafeBufferPointer(rebasing: key[start..<end])
                let s = insert(name)
                slots[s].flags |= kind
                if TypeKeyTable.lastIndex(of: 0x23, in: name, before: name.count) != nil {
                    slots[s].flags |= TypeKeyTable.byParts
                }
            }
        }
        for name in scopedNames {
            name.withBytes { bytes in
                if let s = slot(of: bytes), slots[s].flags & (TypeKeyTable.nested | TypeKeyTable.nestedPrivate
                                                              | TypeKeyTable.filePrivate) != 0 {
                    slots[s].flags |= TypeKeyTable.scoped
                }
            }
        }
    }

    /// `names` numbered from 0 in their order (see `number(of:)`).
    init(numbering names: [String]) {
        self.init(room: names.count)
        // Room for every name's bytes at once (the caller's names are a set's, so each is kept):
        // grown by appending, the spellings, held to the end of the run, took up to twice it.
        var bytes = 0
        for name in names { bytes += name.utf8.count }
        spellings.reserveCapacity(bytes)
        for (k, name) in names.enumerated() {
            name.withBytes { _ = number($0, next: k) }
        }
    }

    /// An empty table to number names one at a time (`number(_:next:)`), with room for at
    /// most `count` of them.
    init(numberingRoom count: Int) { self.init(room: count) }

    /// The number of the name `bytes` spell; where the table does not hold the name yet, it is
    /// added with number `next` (`isNew`).
    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>, next: Int) -> (number: Int, isNew: Bool) {
        let s = insert(bytes)
        if slots[s].id >= 0 { return (Int(slots[s].id), false) }
        slots[s].id = Int32(truncatingIfNeeded: next)
        return (next, true)
    }

    /// Has the table more slots than `init(numbering:)` makes for `count` names?
    func isLarger(thanNeededFor count: Int) -> Bool { slots.count > TypeKeyTable.size(forRoom: count) }

    /// The number or type id of the name `bytes` spell, if the table holds it with one.
    func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let s = slot(of: bytes), slots[s].id >= 0 else { return nil }
        return Int(slots[s].id)
    }

    /// Marks the table's storage as never freed (see `ProjectModel.keepTypesForLanes`).
    func keepStorage() {
        Immortal.keepStorage(of: slots)
        Immortal.keepStorage(of: spellings)
    }

    /// The same table in storage of its own (see `ProjectModel.laneCopy`).
    func separateCopy() -> TypeKeyTable {
        var copy = self
        copy.slots = slots.map { $0 }
        copy.spellings = spellings.map { $0 }
        return copy
    }

    /// The slot of `bytes`, made if new.
    private mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = FileNames.hash(bytes)
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s].flags & TypeKeyTable.used != 0 {
            if slots[s].mayHold(hash: hash) && matches(slots[s], bytes) { return s }
            s = (s + 1) & mask
        }
        if bytes.contains(where: { $0 >= 0x80 }) { isASCII = false }
        slots[s] = Slot(checkAndFlags: Slot.check(hash) | UInt32(TypeKeyTable.used) << 24,
                        start: UInt32(truncatingIfNeeded: spellings.count),
                        count: UInt32(truncatingIfNeeded: bytes.count), id: -1)
        spellings.append(contentsOf: bytes)
        return s
    }

    /// The slot holding `bytes`, if any.
    func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = FileNames.hash(bytes)
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s].flags & TypeKeyTable.used != 0 {
            if slots[s].mayHold(hash: hash) && matches(slots[s], bytes) { return s }
            s = (s + 1) & mask
        }
        return nil
    }

    /// The type id of the key `scope.name`, `scope.name#file` (with `file`) or `name#file`
    /// (no scope), joined in a buffer on the stack: no string is made.
    func id(scope: UnsafeBufferPointer<UInt8>?, name: UnsafeBufferPointer<UInt8>, file: Int?) -> Int32? {
        let capacity = TypeKeyTable.keyCapacity(scope: scope?.count, name: name.count, file: file)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Int32? in
            let n = TypeKeyTable.writeKey(scope: scope, name: name, file: file, into: buffer)
            guard let s = slot(of: UnsafeBufferPointer(rebasing: buffer[..<n])), slots[s].id >= 0 else { return nil }
            return slots[s].id
        }
    }

    /// The key `scope.name`, `scope.name#file` (with `file`), `name#file` or `name`, as the
    /// model keys a declared type: made in one string of the right size, where joining it with
    /// `+` made and grew a string per part (7.3 M instructions on the 14 apps).
    static func key(scope: String?, name: String, file: Int?) -> String {
        name.withBytes { name in
            func joined(_ scope: UnsafeBufferPointer<UInt8>?) -> String {
                String(unsafeUninitializedCapacity: keyCapacity(scope: scope?.count, name: name.count, file: file)) {
                    writeKey(scope: scope, name: name, file: file, into: $0)
                }
            }
            guard let scope else { return joined(nil) }
            return scope.withBytes { joined($0) }
        }
    }

    /// The length of the key `writeKey` writes for a scope and a name of these lengths and `file`:
    /// exact, because `key` keeps a string of this capacity (24 bytes to spare made every joined
    /// key a heap string, where a short one fits in the string itself: +0.9 MB of peak at 1M lines).
    private static func keyCapacity(scope: Int?, name: Int, file: Int?) -> Int {
        (scope.map { $0 + 1 } ?? 0) + name + (file.map { 1 + decimalDigits($0) } ?? 0)
    }

    /// Writes the key of `id(scope:name:file:)` into `buffer` (of `keyCapacity`), returning its length.
    private static func writeKey(scope: UnsafeBufferPointer<UInt8>?, name: UnsafeBufferPointer<UInt8>, file: Int?,
                                 into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var n = 0
        if let scope {
            for byte in scope { buffer[n] = byte; n += 1 }
            buffer[n] = 0x2E
            n += 1
        }
        for byte in name { buffer[n] = byte; n += 1 }
        if let file {
            buffer[n] = 0x23
            n += 1
            n += TypeKeyTable.writeDecimal(file, into: UnsafeMutableBufferPointer(rebasing: buffer[n...]))
        }
        return n
    }

    private func matches(_ slot: Slot, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(slot.count) == bytes.count else { return false }
        return spellings.withUnsafeBufferPointer { stored in
            let start = Int(slot.start)
            var k = 0
            // Eight bytes at a time where both have them: names are mostly a word or two long.
            if let mine = stored.baseAddress, let theirs = bytes.baseAddress {
                while k + 8 <= bytes.count {
                    if UnsafeRawPointer(mine + start + k).loadUnaligned(as: UInt64.self)
                        != UnsafeRawPointer(theirs + k).loadUnaligned(as: UInt64.self) { return false }
                    k += 8
                }
            }
            while k < bytes.count {
                if stored[start + k] != bytes[k] { return false }
                k += 1
            }
            return true
        }
    }

    /// `number` (not negative) in decimal, as `String(number)` spells it; returns the bytes written.
    private static func writeDecimal(_ number: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let digits = decimalDigits(number)
        var value = number
        var k = digits
        while k > 0 {
            k -= 1
            buffer[k] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
            value /= 10
        }
        return digits
    }

    /// How many digits `writeDecimal` writes for `number` (one for a number under 10).
    private static func decimalDigits(_ number: Int) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return digits
    }

    /// Whether `bytes` spell a number as `String(Int)` would (`Int(digits)` read back the same).
    private static func isCanonicalNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        // A sign or more digits than any file number has: decided as `ScopedCandidates.add` decides.
        if first == 0x2D || first == 0x2B || bytes.count > 18 {
            let digits = String(decoding: bytes, as: UTF8.self)
            guard let number = Int(digits) else { return false }
            return String(number) == digits
        }
        if bytes.count > 1 && first == 0x30 { return false }
        for byte in bytes where byte < 0x30 || byte > 0x39 { return false }
        return true
    }

    /// Whether `bytes` start with `prefix`.
    static func hasPrefix(_ prefix: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= prefix.count else { return false }
        for k in prefix.indices where prefix[k] != bytes[k] { return false }
        return true
    }

    private static func lastIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var i = end
        while i > 0 {
            i -= 1
            if bytes[i] == byte { return i }
        }
        return nil
    }
}
