import SwiftUI

@Observable final class Account {
    var name = ""
}

final class LegacyAccount {
    var name = ""
}

struct Owner {
    var name = ""
}

/// The idiomatic spellings.
struct AccountEditor: View {
    @Bindable var account: Account
    let readOnly: Account

    var body: some View {
        TextField(readOnly.name, text: $account.name)
    }
}

/// Replacing which object the parent holds needs a binding.
struct AccountSwitcher: View {
    @Binding var current: Account
    let all: [Account]

    var body: some View {
        ForEach(all, id: \.name) { account in
            Button(account.name) { current = account }
        }
    }
}

/// A selection the parent owns, written by a list.
struct AccountList: View {
    @Binding var selection: Account?
    let all: [Account]

    var body: some View {
        Text(selection?.name ?? all.first?.name ?? "none")
    }
}

/// Not observable, or not a class.
struct Others: View {
    @Binding var legacy: LegacyAccount
    @Binding var owner: Owner // expect: state_never_mutated
    @Binding var framework: NSTextStorage // expect: unused_state

    var body: some View {
        Text(legacy.name + owner.name)
    }
}
