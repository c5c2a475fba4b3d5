import SwiftUI

struct PickerFiltersOk: View {
    @State private var tag: String? = nil
    @State private var tags: Set<String> = []
    @State private var setting = PickerSettingOk.a
    @State private var pickerModel = PickerModelOk()
    let binding: Binding<Set<Int>>

    var body: some View {
        Form {
            Picker("Tag", selection: $tag) { Text("Red").tag("red" as String?) }
            Picker("Size", selection: $pickerModel.size) { Text("S").tag(1) }
            Picker("PickerSettingOk", selection: $setting) { Text("A").tag(PickerSettingOk.a) }
            // Unknown types stay silent: a binding built in code, a local.
            Picker("Custom", selection: Binding(get: { tags }, set: { tags = $0 })) { Text("x").tag(tags) }
            Picker("Passed", selection: binding) { Text("1").tag(Set([1])) }
            // Multi-selection belongs to List.
            List(["red"], id: \.self, selection: $tags) { Text($0) }
        }
    }
}

enum PickerSettingOk: Hashable { case a, b }
@Observable final class PickerModelOk { var size = 0 }
