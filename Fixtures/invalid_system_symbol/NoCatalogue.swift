// Without a symbols line for the harness, the run has no catalogue (as on Linux): nothing is checked.
import SwiftUI

struct ShareToolbar: View {
    var body: some View { Image(systemName: "sqaure.and.arrow.up") }
}
