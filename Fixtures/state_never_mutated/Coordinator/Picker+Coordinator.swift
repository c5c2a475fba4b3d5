import SwiftUI

extension NMPhotoPicker {
    final class Coordinator: NSObject {
        let parent: NMPhotoPicker
        init(parent: NMPhotoPicker) { self.parent = parent }
        func picked(_ data: Data) { parent.imageData = data }
    }
}
