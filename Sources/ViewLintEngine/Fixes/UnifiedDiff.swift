/// A unified diff (`diff -u`, three lines of context) of two versions of a file, for
/// `--fix --diff`. Lines are compared as bytes, line terminators included, so a changed line
/// ending shows as a change.
public enum UnifiedDiff {
    public static func diff(_ old: [UInt8], _ new: [UInt8], oldPath: String, newPath: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0 != .keep }) else { return "" }
        var out = "--- \(oldPath)\n+++ \(newPath)\n"
        // Positions in a and b of each script step.
        var steps: [(op: Op, i: Int, j: Int)] = []
        var i = 0
        var j = 0
        for op in script {
            steps.append((op, i, j))
            switch op {
            case .keep: i += 1; j += 1
            case .delete: i += 1
            case .insert: j += 1
            }
        }
        var k = 0
        while k < steps.count {
            guard steps[k].op != .keep else { k += 1; continue }
            // A hunk: from `context` lines before the first change to `context` lines after the
            // last change that is at most 2 * context lines from the next one.
            let start = max(0, k - context)
            var end = k
            var last = k
            while end < steps.count {
                if steps[end].op != .keep { last = end }
                if end - last > 2 * context { break }
                end += 1
            }
            end = min(steps.count, last + context + 1)
            let first = steps[start]
            var oldCount = 0
            var newCount = 0
            var body = ""
            for s in steps[start..<end] {
                switch s.op {
                case .keep:
                    oldCount += 1; newCount += 1
                    body += " " + text(a[s.i])
                case .delete:
                    oldCount += 1
                    body += "-" + text(a[s.i])
                case .insert:
                    newCount += 1
                    body += "+" + text(b[s.j])
                }
            }
            out += "@@ -\(range(first.i, oldCount)) +\(range(first.j, newCount)) @@\n" + body
            k = end
        }
        return out
    }

    static func range(_ start: Int, _ count: Int) -> String {
        // diff -u numbers an empty range by the line before it.
        let shown = count == 0 ? start : start + 1
        return count == 1 ? "\(shown)" : "\(shown),\(count)"
    }

    static func text(_ line: ArraySlice<UInt8>) -> String {
        let s = String(decoding: line, as: UTF8.self)
        if line.last == 0x0A { return s }
        return s + "\n\\ No newline at end of file\n"
    }

    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            result.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    enum Op: Equatable { case keep, delete, insert }

    /// The shortest edit script (Myers' O(ND) algorithm) after trimming the common prefix and
    /// suffix. Past `maximumDistance` differences the middle is shown as one replacement,
    /// which is still a correct diff, only not the smallest.
    static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], maximumDistance: Int = 1000) -> [Op] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        let middle = myers(x, y, maximumDistance: maximumDistance)
            ?? Array(repeating: Op.delete, count: x.count) + Array(repeating: Op.insert, count: y.count)
        return Array(repeating: .keep, count: prefix) + middle + Array(repeating: .keep, count: suffix)
    }

    static func myers(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], maximumDistance: Int) -> [Op]? {
        let n = a.count
        let m = b.count
        if n == 0 { return Array(repeating: .insert, count: m) }
        if m == 0 { return Array(repeating: .delete, count: n) }
        let maxD = min(n + m, maximumDistance)
        let offset = maxD + 1
        var v = Array(repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...maxD {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = true
                    break outer
                }
            }
        }
        guard found else { return nil }
        // Walk back through the saved frontiers.
        var ops: [Op] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                ops.append(.keep); x -= 1; y -= 1
            }
            if d > 0 {
                if x == previousX { ops.append(.insert); y -= 1 } else { ops.append(.delete); x -= 1 }
            }
        }
        while x > 0 && y > 0 { ops.append(.keep); x -= 1; y -= 1 }
        return ops.reversed()
    }
}
