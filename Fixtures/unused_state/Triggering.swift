import SwiftUI
import SwiftData

/// Every owned and passed-in dynamic property, declared and never used.
struct USDashboard: View {
    @State private var isDirty = false // expect: unused_state
    @Namespace private var animation // expect: unused_state
    @FocusState private var focused: Bool // expect: unused_state
    @AccessibilityFocusState private var voiceOverFocus: Bool // expect: unused_state
    @GestureState private var dragOffset = CGSize.zero // expect: unused_state
    @StateObject private var store = USDashboardStore() // expect: unused_state
    @ObservedObject var feed: USDashboardStore // expect: unused_state
    @Binding var selection: Int? // expect: unused_state
    @Bindable var settings: USDashboardSettings // expect: unused_state
    @Query private var entries: [USEntry] // expect: unused_state
    @AppStorage("compact") private var compact = false // expect: unused_state
    @SceneStorage("tab") private var tab = 0 // expect: unused_state
    let title: String

    var body: some View {
        Text(title)
    }
}

/// A wrapper of the project that is a DynamicProperty is installed like @State.
@propertyWrapper
struct USDebounced<Value>: DynamicProperty {
    @State private var value: Value
    init(wrappedValue: Value) { _value = State(initialValue: wrappedValue) }
    var wrappedValue: Value {
        get { value }
        nonmutating set { value = newValue }
    }
}

struct USSearch: View {
    @USDebounced private var query = "" // expect: unused_state
    var body: some View { Text("Search") }
}

/// A parameter with the same name is not the property; seeding it in an init is not a use.
struct USLabelled: View {
    @State private var title: String // expect: unused_state

    init(title: String) {
        _title = State(initialValue: title)
    }

    func label(title: String) -> some View { Text(title) }

    var body: some View { label(title: "fixed") }
}

/// A same-named property of another view is not a use of this one.
struct USOther: View {
    @State private var expanded = false // expect: unused_state
    let child: USOtherChild
    var body: some View { Text(child.expanded ? "-" : "+") }
}

struct USOtherChild {
    var expanded: Bool
}

final class USDashboardStore: ObservableObject { // expect: observable_object
    @Published var count = 0
}

@Observable final class USDashboardSettings {
    var name = ""
}

@Model final class USEntry {
    var title = ""
    init(title: String) { self.title = title }
}
