import SwiftUI

/// Nothing is published: the conformance lets `@StateObject` keep the object alive for the
/// view's lifetime, and no view is ever invalidated through it.
final class ObjectBox<Value>: ObservableObject {
    let value: Value
    init(value: Value) { self.value = value }
}

struct Scanner: View {
    @StateObject private var session = ObjectBox(value: CaptureSession()) // expect: unused_state
    var body: some View { Text("Scanning") }
}
