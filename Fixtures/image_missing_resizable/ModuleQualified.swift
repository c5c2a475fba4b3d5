import SwiftUI

/// `SwiftUI.Image(...)` is an image with its module named, not a modifier applied to `SwiftUI`.
struct ImgQualified: View {
    var body: some View {
        VStack {
            SwiftUI.Image("cover").scaledToFit() // expect: image_missing_resizable
            SwiftUI.Image("cover").resizable().scaledToFit()
        }
    }
}
