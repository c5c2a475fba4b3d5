// Regex literals versus division.
import Foundation

let digits = /\d+/
let extended = #/
    (?<year>\d{4}) - (?<month>\d{2})
    /#
let poundSlash = #/a/b/#
let ratio = width / height / 2
func divide(_ a: Double, _ b: Double) -> Double { a / b }
let matches = try? /[a-z]+/.wholeMatch(in: "abc")
