import SwiftUI
import Combine

// Receivers of publishers are resolved by their type where the code spells it, not by
// matching the property names of the whole project.

/// A local built in the function (`let player = Turntable()`) has the type it is built from: its
/// publisher is the player's, though the only property named `player` in the project is a
/// `String`. (Matching by name read it as a `String` and reported `Turntable`.)
final class Turntable: ObservableObject {
    @Published var position = 0.0
}

final class TapeDeck {
    var player: String = ""
}

func follow() -> AnyCancellable {
    let player = Turntable()
    return player.objectWillChange.sink { print("moved") }
}

/// A local whose type is spelled by its construction (`let meter = LevelMeter()`) is that type only:
/// it no longer stands for every `ObservableObject` of the project, so `Equalizer`, whose
/// publishers nothing uses, is reported. (Before, a receiver with no property of its name
/// anywhere silenced the rule for every class.)
final class LevelMeter: ObservableObject {
    @Published var level = 0
}

final class Equalizer: ObservableObject { // expect: observable_object
    @Published var gain = 0
}

func measure() -> AnyCancellable {
    let meter = LevelMeter()
    return meter.objectWillChange.sink { print("level") }
}

/// `controller.session` is declared in the superclass `LedgerBaseController` as a `LedgerSession`: the
/// publisher used is the session's, not that of the `LedgerAccount` another type keeps under the same
/// name. (Matching by name took it for the account's and left `LedgerAccount` unreported.)
final class LedgerAccount: ObservableObject { // expect: observable_object
    @Published var name = ""
}

final class LedgerSession: ObservableObject {
    @Published var token = ""
}

class LedgerBaseController {
    let session = LedgerSession()
}

final class LedgerLoginController: LedgerBaseController {}

final class LedgerProfile {
    var session: LedgerAccount?
}

func observe(_ controller: LedgerLoginController) -> AnyCancellable {
    controller.session.objectWillChange.sink { print("changed") }
}

/// A local set from a chain of names (`let fader = desk?.fader`) stands for that chain, so its
/// publisher is the `Fader`'s: `Console`, whose publishers nothing uses, is still reported.
/// (Without following the chain, a receiver of unknown type silences every class.)
final class Fader: ObservableObject {
    @Published var value = 0.0
}

final class Console: ObservableObject { // expect: observable_object
    @Published var scene = 0
}

final class Desk {
    var fader: Fader?
    var console: Console?
}

func listen(_ desk: Desk?) -> AnyCancellable? {
    let fader = desk?.fader
    return fader?.objectWillChange.sink { print("moved") }
}
