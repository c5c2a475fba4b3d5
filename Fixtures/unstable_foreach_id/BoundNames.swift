import SwiftUI

/// Names bound by `if let`, `guard let` and `for` have the type of their value, so `\.self` over
/// them is judged by the element type, as over a property.
struct Song: Identifiable, Hashable {
    let id: Int
    var title: String
}

struct Album {
    var songs: [Song]
}

struct AlbumView: View {
    let album: Album?
    // Spelled like the `if let` name below, which is an `Album`, not these strings.
    let songs: [String]

    var body: some View {
        if let current = album {
            ForEach(current.songs, id: \.self) { Text($0.title) } // expect: unstable_foreach_id
        }
        ForEach(songs, id: \.self) { Text($0) }
        if let songs = album?.songs {
            // Which `songs` a use means is not known here: silent.
            ForEach(songs, id: \.self) { Text($0.title) }
        }
    }
}
