import SwiftUI
import UIKit

/// Properties of a view that other types of the module read through an expression of the
/// view's type are API of the module as well as inputs: not reported.
struct SearchField: View {
    let placeholder: String
    let prompt: String
    let tag: Int // expect: unused_stored_input
    var body: some View { Text("Search") }
}

final class SearchContainer: UIView {
    let searchBar: SearchField
    init(searchBar: SearchField) {
        self.searchBar = searchBar
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { fatalError() }
}

final class ToolbarCoordinator {
    let base: SearchContainer
    let label: TagLabel
    init(base: SearchContainer, label: TagLabel) {
        self.base = base
        self.label = label
    }
}

struct TagLabel {
    var tag: Int
}

// An extension of another type reads the view's property through a chain of properties.
extension ToolbarCoordinator {
    func accessibilityHint() -> String {
        base.searchBar.placeholder
    }

    // `label.tag` is a member of `TagLabel`, not of `SearchField`: `SearchField.tag` stays unread.
    func badge() -> Int {
        label.tag
    }
}

func describe(_ container: SearchContainer?) -> String {
    container?.searchBar.prompt ?? ""
}
