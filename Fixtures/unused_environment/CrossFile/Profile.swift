import SwiftUI

/// `session` is read only in an extension in another file; `locale` nowhere.
struct Profile: View {
    @EnvironmentObject private var session: Session
    @Environment(\.locale) private var locale // expect: unused_environment

    var body: some View {
        details
    }
}
