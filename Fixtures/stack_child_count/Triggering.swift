import SwiftUI

struct SectionHeader: View {
    let title: String
    var body: some View {
        VStack(alignment: .leading) { // expect: stack_child_count
            Text(title)
                .font(.headline)
        }
        .padding(.horizontal)
        HStack { // expect: stack_child_count
        }
        ZStack { // expect: stack_child_count
            StackAvatar()
        }
        Group { // expect: stack_child_count
            let spacing = 4.0
            VStack(spacing: spacing) { // expect: stack_child_count
                Color.red
            }
        }
    }
}

struct StackAvatar: View {
    var body: some View {
        Circle().fill(.blue)
    }
}
