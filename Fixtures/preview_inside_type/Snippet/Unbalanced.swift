import SwiftUI

/// A tutorial step cut short: the type's closing brace is missing, so the parser keeps the
/// preview inside it; the preview was written at file scope.
struct SnippetView: View {
    var body: some View {
        VStack { // expect: stack_child_count
            Text("Step")
    }
}

#Preview {
    SnippetView()
}
