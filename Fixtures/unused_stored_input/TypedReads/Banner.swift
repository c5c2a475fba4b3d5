import SwiftUI
import UIKit

struct BannerView: View {
    var message: String
    var subtitle: String
    var footer: String
    var accent: Int // expect: unused_stored_input
    var body: some View { Text("Banner") }
}

/// A hosting controller's `rootView` is the view it hosts.
final class BannerPresenter {
    let controller: UIHostingController<BannerView>
    init(controller: UIHostingController<BannerView>) { self.controller = controller }

    func announce() -> String {
        controller.rootView.message
    }

    // Assigning through the hosting controller is not a read.
    func recolor() {
        controller.rootView.accent = 2
    }
}

final class BannerController: UIHostingController<BannerView> {
    func summary() -> String {
        rootView.subtitle + self.rootView.footer
    }
}

struct Badge: View {
    let caption: String
    let count: Int // expect: unused_stored_input
    var body: some View { Text("Badge") }
}

struct BadgeHolder {
    var view: Badge
}

/// A property of the view's type, reached through a value of another type.
final class BadgePresenter {
    let hosting: BadgeHolder
    let counter: Counter
    init(hosting: BadgeHolder, counter: Counter) {
        self.hosting = hosting
        self.counter = counter
    }

    func label() -> String {
        let local = UIHostingController(rootView: Badge(caption: "a", count: 1))
        _ = local
        return hosting.view.caption + "\(counter.value.count)"
    }
}

struct Counter {
    var value: Tally
}

struct Tally {
    var count: Int
}

/// A local built by a cast (`let current = controllers[0] as! PageController`); names bound by
/// `if let`, `guard let` and `for` are in Bindings.swift.
struct PageView: View {
    let index: Int
    let title: String // expect: unused_stored_input
    var body: some View { Text("Page") }
}

final class PageController: UIHostingController<PageView> {}

final class Pager {
    var controllers: [UIViewController] = []
    var currentIndex: Int? {
        let current = controllers[0] as! PageController
        return current.rootView.index
    }
}
