import SwiftUI

struct SpacerTotalRow: View {
    let total: String
    var body: some View {
        VStack {
            HStack { // expect: spacer_alignment
                Spacer()
                Text(total)
                    .font(.headline)
            }
            .padding(.horizontal)
            HStack(alignment: .top) { // expect: spacer_alignment
                Image(systemName: "xmark")
                Spacer()
            }
            VStack { // expect: spacer_alignment
                Spacer()
                Spacer()
                SpacerBadge()
            }
        }
    }
}

struct SpacerPanel: View {
    var body: some View {
        ZStack {
            Color.black
            VStack(alignment: .leading) { // expect: spacer_alignment
                Text("Caption")
                Spacer()
            }
        }
        .sheet(isPresented: .constant(true)) {
            HStack { // expect: spacer_alignment
                Spacer()
                Button("Done") {}
            }
        }
    }
}

struct SpacerBadge: View {
    var body: some View {
        Text("New").padding(4)
    }
}

struct SpacerCheckmark: View {
    var body: some View {
        HStack { // expect: spacer_alignment
            Spacer()
            Circle()
                .fill(.green)
                .frame(width: 20, height: 20)
        }
    }
}
