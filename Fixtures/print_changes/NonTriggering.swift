import SwiftUI

/// Look-alikes from real apps: the hook kept under `#if DEBUG`, and a method of the same name
/// on another value.
struct PrintCounterDebug: View {
    @State private var count = 0

    var body: some View {
        #if DEBUG
        let _ = Self._printChanges()
        #endif
        Button("\(count)") { count += 1 }
    }
}

struct PrintDetail: View {
    let tracer: PrintTracer

    var body: some View {
        #if !DEBUG
        Text("PrintDetail")
        #else
        let _ = Self._logChanges()
        Text("PrintDetail (debug)")
        #endif
        #if DEBUG && os(iOS)
        let _ = Self._printChanges()
        #endif
        Button("Trace") { tracer._printChanges() }
    }
}

final class PrintTracer {
    func _printChanges() {}
}
