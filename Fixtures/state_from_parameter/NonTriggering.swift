import SwiftUI

/// Optional state no call site passes starts as nil.
struct SeedBanner: View {
    @State private var message: String? // expect: state_never_mutated
    @State private var count = 0 // expect: state_never_mutated
    let title: String

    var body: some View {
        Text(title + (message ?? "") + "\(count)")
    }
}

/// A @StateObject's memberwise argument is an autoclosure that runs once.
final class RateModel: ObservableObject { // expect: observable_object
    @Published var rate = 1.0
}

struct RatePlayerScreen: View {
    @StateObject var rateModel: RateModel // expect: state_not_private

    var body: some View {
        Text("\(rateModel.rate)")
    }
}

struct SeedHost: View {
    var body: some View {
        SeedBanner(title: "a")
        RatePlayerScreen(rateModel: RateModel())
    }
}
