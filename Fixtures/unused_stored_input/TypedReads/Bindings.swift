import SwiftUI
import UIKit

/// A name bound by `guard let`, `if let` (with a value or shorthand) or `for` has the type of
/// the value it is bound to, so a read through it is a read of that type's property.
struct StepView: View {
    let index: Int
    let title: String
    let subtitle: String
    let detail: String
    let footnote: String
    let badge: Int // expect: unused_stored_input
    let hint: String // expect: unused_stored_input
    var body: some View { Text("Step") }
}

struct NoteView: View {
    let hint: String
    let badge: Int
    var body: some View { Text("Note \(badge)") }
}

final class StepController: UIHostingController<StepView> {}
final class NoteController: UIHostingController<NoteView> {}

struct StepModel {
    var selection: [StepView]
    var pending: [StepView]?
    var first: StepController?
}

final class Stepper {
    var controllers: [UIViewController] = []
    var notes: [NoteController] = []
    var model: StepModel
    var shown: StepController?
    // Spelled like the loop variables below, which shadow it.
    var page: StepController?

    init(model: StepModel) { self.model = model }

    // `guard let` bound to a cast, shadowing the parameter it casts.
    func index(after controller: UIViewController) -> Int? {
        guard let controller = controller as? StepController else { return nil }
        return controller.rootView.index + 1
    }

    // `if let` bound to an optional property reached through another value.
    func firstTitle() -> String {
        if let first = model.first { return first.rootView.title }
        return ""
    }

    // `if let` shorthand: the property, unwrapped.
    func shownSubtitle() -> String {
        if let shown { return shown.rootView.subtitle }
        return ""
    }

    // `for` over an array: each element.
    func details() -> [String] {
        var result: [String] = []
        for step in model.selection { result.append(step.detail) }
        return result
    }

    // `for` over what an `if let` unwrapped.
    func footnotes() -> [String] {
        var result: [String] = []
        if let pending = model.pending {
            for step in pending { result.append(step.footnote) }
        }
        return result
    }

    // `page` is a `NoteController` here, not the property: `hint` is `NoteView`'s.
    func noteHints() -> [String] {
        var result: [String] = []
        for page in notes { result.append(page.rootView.hint) }
        return result
    }

    // A collection whose type the code does not spell (a call's result): `page` is not typed,
    // and in particular not the property `page`, so this is no read of `StepView.badge`.
    func badges() -> Int {
        var total = 0
        for page in notes.reversed() { total += page.rootView.badge }
        return total
    }
}
