import SwiftUI

/// No deployment target is configured, but the code checks `#available(iOS 17.0, *)`: the compiler
/// warns about a check the target makes unnecessary, so the project runs on an OS without
/// Observation, and the class is not reported.
final class Downloads: ObservableObject {
    @Published var progress: Double = 0
}

struct DownloadsView: View {
    @StateObject private var downloads = Downloads()
    var body: some View {
        if #available(iOS 17.0, *) {
            ProgressView(value: downloads.progress).contentTransition(.numericText())
        } else {
            ProgressView(value: downloads.progress)
        }
    }
}
