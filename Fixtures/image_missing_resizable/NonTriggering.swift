import SwiftUI

struct ImgCoverOk: View {
    let image: Image
    var body: some View {
        VStack {
            Image("cover")
                .resizable()
                .scaledToFit()
            Image("cover").renderingMode(.template).resizable().aspectRatio(contentMode: .fill)
            // A frame alone: a hit area, or alignment at the image's own size.
            Image(systemName: "xmark").frame(width: 44, height: 44)
            // The ratio shapes the framed box, not the image.
            Image("banner").frame(maxWidth: .infinity).aspectRatio(16 / 9, contentMode: .fit)
            // Not an `Image(...)` call: unknown.
            image.scaledToFit()
            Image.init("cover").resizable().scaledToFit()
            // A project's own `Image` type, and a metatype value's initializer: not SwiftUI's image.
            Assets.Image.init("cover").scaledToFit()
            imageType.init("cover").scaledToFit()
            AsyncImage(url: nil) { phase in
                phase.image?.resizable().scaledToFit()
            }
        }
    }
}
