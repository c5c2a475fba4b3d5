// String literals in every form the lexer must get right. Nothing here is a finding.
import SwiftUI

let plain = "a \"quoted\" word and a \\ backslash"
let interpolated = "count: \(items.count), first: \(items.first?.name ?? "none")"
let nested = "outer \(format("inner \(value) \(f({ ($0) }))")) done"
let raw = #"raw \(not interpolated) "quotes" \#(interpolated)"#
let rawTwo = ##"a "# inside"##
let multi = """
    line one
    "quotes" and \(interpolated)
    continued \
    line
    """
let rawMulti = #"""
    \(raw) stays, \#(plain) interpolates
    """#
let emoji = "🧪 café 名前"
let empty = ""
let looksLikeComment = "// viewlint:disable all"
let looksLikeBlock = "/* not a comment */"
