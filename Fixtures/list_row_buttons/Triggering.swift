import SwiftUI

struct FollowRequests: View {
    let requests: [String]
    var body: some View {
        List {
            ForEach(requests, id: \.self) { request in
                HStack {
                    Text(request)
                    Spacer()
                    Button("Accept") { accept(request) } // expect: list_row_buttons
                    Button("Reject") { reject(request) } // expect: list_row_buttons
                }
            }
        }
        Form {
            Section {
                VStack {
                    Button("Export") { export() } // expect: list_row_buttons
                    Button("Import") { importData() } // expect: list_row_buttons
                }
            }
        }
    }
    func accept(_ r: String) {}
    func reject(_ r: String) {}
    func export() {}
    func importData() {}
}
