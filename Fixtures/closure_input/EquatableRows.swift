import SwiftUI

/// Views that SwiftUI compares through an `==` stay silent, even when built once per row.

struct Offer: Identifiable {
    let id: Int
    let price: Int
}

/// Wrapped in `.equatable()` where it is built: SwiftUI compares it with its `==`, which
/// (since a closure is not `Equatable`) must be written by hand, here in a file the
/// project does not lint.
struct PriceRow: View {
    let price: Int
    let onBuy: () -> Void
    var body: some View { Button("\(price)", action: onBuy) }
}

/// Wrapped in `EquatableView(content:)` where it is built.
struct QuoteRow: View {
    let price: Int
    let onQuote: () -> Void
    var body: some View { Button("Quote \(price)", action: onQuote) }
}

/// `Equatable` with a custom `==` that leaves the closure out.
struct DealRow: View, Equatable {
    let price: Int
    let onTake: () -> Void
    init(price: Int, onTake: @escaping () -> Void) {
        self.price = price
        self.onTake = onTake
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.price == rhs.price }
    var body: some View { Button("Deal \(price)", action: onTake) }
}

/// Built per row without an `==`: reported, whether the closure comes from the memberwise
/// initializer or from an `init` parameter marked `@escaping`.
struct PlainRow: View {
    let price: Int
    let onPick: () -> Void // expect: closure_input
    var body: some View { Button("Pick \(price)", action: onPick) }
}

struct EscapingRow: View {
    let price: Int
    private let onPick: () -> Void // expect: closure_input
    init(price: Int, action: @escaping () -> Void) {
        self.price = price
        self.onPick = action
    }
    var body: some View { Button("Pick \(price)", action: onPick) }
}

struct Shop: View {
    let offers: [Offer]
    var body: some View {
        List(offers) { offer in
            PriceRow(price: offer.price) {}.equatable()
            EquatableView(content: QuoteRow(price: offer.price, onQuote: {}))
            DealRow(price: offer.price) {}
            PlainRow(price: offer.price) {}
            EscapingRow(price: offer.price) {}
        }
    }
}

/// A navigation destination is built with each row but runs its body only once pushed: a
/// screen, not a row. Not reported (callbacks of views that are not rows need `callbacks: all`).
struct OfferDetail: View {
    let offer: Offer
    let onClose: () -> Void
    var body: some View { Button("Close \(offer.price)", action: onClose) }
}

struct OfferList: View {
    let offers: [Offer]
    var body: some View {
        List(offers) { offer in
            NavigationLink(destination: OfferDetail(offer: offer, onClose: {})) {
                Text("\(offer.price)")
            }
        }
    }
}
