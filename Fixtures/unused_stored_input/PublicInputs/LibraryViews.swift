import SwiftUI

/// Public properties of a public view are API of the library: clients outside the linted
/// files may read them, so by default (`public_inputs: ignore`) they are not reported.
public struct Chip: View {
    public let title: String
    public let tint: Color
    public private(set) var isSelected: Bool
    let internalNote: String // expect: unused_stored_input

    public init(title: String, tint: Color, isSelected: Bool, internalNote: String) {
        self.title = title
        self.tint = tint
        self.isSelected = isSelected
        self.internalNote = internalNote
    }

    public var body: some View { Text(title) }
}

/// A public property of an internal view is not API: reported.
struct InternalChip: View {
    public let title: String
    public let subtitle: String // expect: unused_stored_input
    var body: some View { Text(title) }
}

public enum Chips {
    /// Nested in a public type, still public API.
    public struct Small: View {
        public let label: String
        public let badge: Int
        public var body: some View { Text(label) }
    }
}

enum InternalChips {
    /// Nested in an internal type: internal, whatever it says.
    public struct Small: View {
        public let label: String
        public let badge: Int // expect: unused_stored_input
        public var body: some View { Text(label) }
    }
}
