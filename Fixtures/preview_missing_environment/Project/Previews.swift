import SwiftUI

#Preview {
    Counter() // expect: preview_missing_environment
}

#Preview {
    Counter()
        .environmentObject(Store.preview)
}

#Preview {
    Themed() // expect: preview_missing_environment
}

#Preview {
    Themed()
        .environment(Theme())
}

#Preview {
    Lazy()
}

#Preview("Dashboard") {
    Dashboard() // expect: preview_missing_environment
}

struct Dashboard_Previews: PreviewProvider {
    static var previews: some View {
        Dashboard()
            .environmentObject(Store())
    }
}

struct Counter_Previews: PreviewProvider {
    static var previews: some View {
        Counter() // expect: preview_missing_environment
    }
}

#Preview {
    Branching(isClip: false)
}

struct SampleStore: PreviewModifier {
    static func makeSharedContext() async throws -> Store { Store() }
    func body(content: Content, context: Store) -> some View {
        content.environmentObject(context)
    }
}

#Preview(traits: .modifier(SampleStore())) {
    Counter()
}
