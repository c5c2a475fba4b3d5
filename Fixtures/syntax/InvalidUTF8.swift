// Invalid UTF-8: linted as far as it can be read, with a note.
let a = "ÿş"
let bÃ = 1
struct After { let ok = 1 }
