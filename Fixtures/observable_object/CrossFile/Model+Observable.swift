import Combine

extension Inbox: ObservableObject {}
