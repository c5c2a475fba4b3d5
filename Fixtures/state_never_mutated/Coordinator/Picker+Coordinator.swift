import SwiftUI

extension PhotoPicker {
    final class Coordinator: NSObject {
        let parent: PhotoPicker
        init(parent: PhotoPicker) { self.parent = parent }
        func picked(_ data: Data) { parent.imageData = data }
    }
}
