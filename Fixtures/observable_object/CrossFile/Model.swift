import SwiftUI

/// Reported once, at the declaration, although the conformance is added in another file.
final class Inbox { // expect: observable_object
    @Published var unread = 0
}
