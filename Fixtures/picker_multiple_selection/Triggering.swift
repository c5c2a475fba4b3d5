import SwiftUI

struct PickerFilters: View {
    @State private var tags: Set<String> = []
    @State private var kinds = Set<Int>()
    @Binding var colors: Swift.Set<String>
    @State private var pickerModel = PickerFilterModel()

    var body: some View {
        Form {
            Picker("Tags", selection: $tags) { // expect: picker_multiple_selection:39
                Text("Red").tag("red")
            }
            Picker("Kind", selection: $kinds) { // expect: picker_multiple_selection
                Text("One").tag(1)
            }
            Picker(selection: $colors, label: Text("Colors")) { // expect: picker_multiple_selection
                Text("Blue").tag("blue")
            }
            Picker("Sizes", selection: $pickerModel.sizes) { // expect: picker_multiple_selection
                Text("S").tag(1)
            }
        }
    }
}

@Observable final class PickerFilterModel {
    var sizes: Set<Int> = []
    var size: Int = 0
}
