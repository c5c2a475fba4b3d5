import SwiftUI

struct ImgCover: View {
    let name: String
    var body: some View {
        VStack {
            Image("cover")
                .scaledToFit() // expect: image_missing_resizable:18
                .frame(width: 120, height: 120)
            Image(name).renderingMode(.original).aspectRatio(contentMode: .fill) // expect: image_missing_resizable
            Image(systemName: "star").scaledToFill() // expect: image_missing_resizable
            Image(uiImage: UIImage()).aspectRatio(1, contentMode: .fit).clipped() // expect: image_missing_resizable
            Image.init("cover").scaledToFit() // expect: image_missing_resizable
            SwiftUI.Image.init(name).scaledToFill() // expect: image_missing_resizable
        }
    }
}
