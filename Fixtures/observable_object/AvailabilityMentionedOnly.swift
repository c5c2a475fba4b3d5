import SwiftUI

// Drop the fallback below once nothing needs #available(iOS 16.0, *) any more.
/* Older systems used to be checked with #unavailable(macOS 13) here. */

/// Checks written in comments and string literals are not checks: with no configured target the
/// newest OS is assumed, and the class is reported.
final class Notes: ObservableObject { // expect: observable_object
    @Published var text = ""
    let hint = "wrap it in #available(iOS 15, *)"
    let template = """
        if #available(iOS 16, *) { newView() }
        """
}
