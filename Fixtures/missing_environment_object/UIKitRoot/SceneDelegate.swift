import SwiftUI
import UIKit

final class Session: ObservableObject { // expect: observable_object
    @Published var user = ""
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let session = Session()

    func start() {
        window?.rootViewController = UIHostingController(rootView: HomeView().environmentObject(session))
    }

    func showProfile(from controller: UIViewController) {
        let hosting = UIHostingController(rootView: ProfileView())
        controller.present(hosting, animated: true)
    }
}

struct HomeView: View {
    @EnvironmentObject var session: Session
    var body: some View {
        VStack {
            Text(session.user)
            EmbeddedMap()
        }
    }
}

struct ProfileView: View {
    @EnvironmentObject var session: Session // expect: missing_environment_object
    var body: some View {
        Text(session.user)
    }
}

/// A hosting controller made inside SwiftUI: its content inherits the environment.
struct EmbeddedMap: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> UIViewController {
        UIHostingController(rootView: MapCard())
    }
    func updateUIViewController(_ controller: UIViewController, context: Context) {}
}

struct MapCard: View {
    @EnvironmentObject var session: Session
    var body: some View {
        Text(session.user)
    }
}

/// Injected through a static property and a property chain whose types the project declares.
final class Services {
    static let shared = Services()
    let session = Session()
}

final class SettingsCoordinator {
    func showAccount(from controller: UIViewController) {
        controller.present(UIHostingController(rootView: AccountView().environmentObject(Services.shared.session)),
                           animated: true)
    }

    func showStatus(from controller: UIViewController) {
        controller.present(UIHostingController(rootView: StatusView().environmentObject(Services.shared)), animated: true)
    }
}

struct AccountView: View {
    @EnvironmentObject var session: Session
    var body: some View { Text(session.user) }
}

struct StatusView: View {
    @EnvironmentObject var session: Session // expect: missing_environment_object
    var body: some View { Text(session.user) }
}

/// A representable's coordinator hosts SwiftUI content inside the SwiftUI hierarchy.
struct PhotoPicker: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
    func updateUIViewController(_ controller: UIViewController, context: Context) {}
    func makeCoordinator() -> Coordinator { Coordinator() }

    final class Coordinator {
        func showCaption(on controller: UIViewController) {
            controller.present(UIHostingController(rootView: CaptionView()), animated: true)
        }
    }
}

struct CaptionView: View {
    @EnvironmentObject var session: Session
    var body: some View { Text(session.user) }
}
