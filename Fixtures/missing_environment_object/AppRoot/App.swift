import SwiftUI

final class Store: ObservableObject { // expect: observable_object
    @Published var count = 0
}

final class Box<Value>: ObservableObject { // expect: observable_object
    @Published var value: Value?
}

struct A {}
struct B {}

final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {}

@main
struct CounterApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
    @StateObject private var store = Store()
    @StateObject private var boxA: Box<A> = Box<A>()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
                .environmentObject(boxA)
        }
        Window("Statistics", id: "stats") {
            StatsView()
        }
    }
}
