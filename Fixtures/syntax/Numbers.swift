// Every numeric literal form.
let values = [0x1F, 0o17, 0b1010, 1_000_000, 0xFF_FF]
let floats = [3.14, 1e-9, 2.5E+3, 0x1p-3, 0x1.8p1, 1_000.000_1]
let member = 0xff.description
let tuple = (1, (2, 3)).1.0
let negative = -42
