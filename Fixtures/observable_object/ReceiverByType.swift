import SwiftUI
import Combine

// Receivers of publishers are resolved by their type where the code spells it, not by
// matching the property names of the whole project.

/// A local built in the function (`let player = Player()`) has the type it is built from: its
/// publisher is the player's, though the only property named `player` in the project is a
/// `String`. (Matching by name read it as a `String` and reported `Player`.)
final class Player: ObservableObject {
    @Published var position = 0.0
}

final class Recorder {
    var player: String = ""
}

func follow() -> AnyCancellable {
    let player = Player()
    return player.objectWillChange.sink { print("moved") }
}

/// A local whose type is spelled by its construction (`let meter = Meter()`) is that type only:
/// it no longer stands for every `ObservableObject` of the project, so `Volume`, whose
/// publishers nothing uses, is reported. (Before, a receiver with no property of its name
/// anywhere silenced the rule for every class.)
final class Meter: ObservableObject {
    @Published var level = 0
}

final class Volume: ObservableObject { // expect: observable_object
    @Published var gain = 0
}

func measure() -> AnyCancellable {
    let meter = Meter()
    return meter.objectWillChange.sink { print("level") }
}

/// `controller.session` is declared in the superclass `BaseController` as a `Session`: the
/// publisher used is the session's, not that of the `Account` another type keeps under the same
/// name. (Matching by name took it for the account's and left `Account` unreported.)
final class Account: ObservableObject { // expect: observable_object
    @Published var name = ""
}

final class Session: ObservableObject {
    @Published var token = ""
}

class BaseController {
    let session = Session()
}

final class LoginController: BaseController {}

final class Profile {
    var session: Account?
}

func observe(_ controller: LoginController) -> AnyCancellable {
    controller.session.objectWillChange.sink { print("changed") }
}
