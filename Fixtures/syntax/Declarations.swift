#!/usr/bin/env swift
// Declarations of every kind, with attributes, modifiers, generics and #if.
import SwiftUI
@testable import struct Foundation.Date

@MainActor
public final class Store<Item: Identifiable & Sendable>: ObservableObject where Item.ID: Hashable { // expect: observable_object:20
    @Published public private(set) var items: [Item] = []
    nonisolated let id = UUID()
    lazy var formatter = DateFormatter()
    weak var delegate: AnyObject?
    static let shared: Store<Never>? = nil

    public init(items: [Item] = []) { self.items = items }
    convenience init?(count: Int) { self.init(items: []) }
    deinit {}

    subscript(index: Int) -> Item { items[index] }
    func load() async throws -> [Item] { [] }
    static func == (lhs: Store, rhs: Store) -> Bool { lhs === rhs }
    prefix static func ~ (value: Store) -> Store { value }
}

enum Direction: String, CaseIterable, Sendable {
    case north, south = "S"
    case custom(name: String, weight: Double)
    indirect case tree(Direction)
}

protocol Titled: View {
    associatedtype Detail: View
    var title: String { get }
    var detail: Detail { get set }
}

actor Counter {
    var value = 0
    func increment() { value += 1 }
}

extension Array where Element == Int {
    var total: Int { reduce(0, +) }
}

typealias Action = @MainActor (Int) -> Void
infix operator <*>: AdditionPrecedence
precedencegroup Forward { associativity: left }

#if canImport(UIKit)
struct Platform: View {
    var body: some View {
        Text("iOS")
            #if DEBUG
            .border(.red)
            #endif
    }
}
#elseif os(macOS)
struct Platform: View { var body: some View { Text("macOS") } }
#else
struct Platform: View { var body: some View { EmptyView() } }
#endif

#Preview("Platform") {
    Platform()
}
