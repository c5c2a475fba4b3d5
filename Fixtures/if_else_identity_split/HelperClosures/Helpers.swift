import SwiftUI

// A project's own modifier helpers, as real apps write them (isowords' `applying`, CodeEdit's
// and Swiftfin's `if`, home-assistant's `modify`).
extension View {
    public func applying<V: View>(@ViewBuilder _ builder: @escaping (Self) -> V) -> some View {
        builder(self)
    }

    @ViewBuilder
    func `if`<Content: View>(_ condition: Bool, @ViewBuilder transform: (Self) -> Content) -> some View {
        if condition {
            transform(self)
        } else {
            self
        }
    }

    func modify(@ViewBuilder _ transform: (Self) -> (some View)?) -> some View {
        transform(self)
    }

    /// Not a view builder: an `if` in its closure is an `if` expression of one type.
    func transformed<Content: View>(_ transform: (Self) -> Content) -> Content {
        transform(self)
    }
}
