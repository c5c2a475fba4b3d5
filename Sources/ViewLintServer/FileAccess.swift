#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ViewLintEngine

/// The server's only access to the file system: reading files, walking a project, finding the
/// configuration. Everything it returns is plain data, so the rest of the server stays testable.
enum FileAccess {
    /// Folders never walked for context, as the command line skips them.
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules"]
    /// Files a project walk may visit before it stops (a workspace folder that is a home directory).
    static let entryBudget = 200_000
    /// Larger files are not read as context: no Swift source is this large, a data file may be.
    static let maximumFileBytes = 8 * 1024 * 1024

    static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= maximumFileBytes else { return nil }
        return [UInt8](data)
    }

    static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
    }

    /// Whether `path` names a directory, following a symbolic link.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Every `.swift` file below `root`, skipping hidden and build folders; nil if the walk ran
    /// over its budget.
    static func swiftFiles(under root: String) -> [String]? {
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        var files: [String] = []
        var visited = 0
        // Folders still to read, as paths ending in "/"; a linked folder is not entered.
        var folders = [base.hasSuffix("/") ? base : base + "/"]
        while let folder = folders.popLast() {
            guard let names = entries(of: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                visited += 1
                if visited > entryBudget { return nil }
                let path = folder + name
                if isDirectory(path) {
                    if !skippedFolders.contains(name) && !isLink(path) { folders.append(path + "/") }
                    continue
                }
                if name.hasSuffix(".swift") { files.append(path) }
            }
        }
        return files.sorted()
    }

    /// The names in a folder, "." and ".." left out; nil if it cannot be read.
    static func entries(of folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The nearest `.lint.yml` at or above `directory`.
    static func configurationPath(from directory: String) -> String? {
        var current = directory
        while true {
            let candidate = (current == "/" ? "" : current) + "/.lint.yml"
            if isFile(candidate) { return candidate }
            if current == "/" || current.isEmpty { return nil }
            current = parent(of: current)
        }
    }

    /// The project a file outside every workspace folder belongs to, as the command line finds
    /// it: the nearest directory with `Package.swift`, else with `.git`.
    static func projectRoot(from directory: String) -> String? {
        var current = directory
        while true {
            if isFile(current + "/Package.swift") || exists(current + "/.git") { return current }
            if current == "/" || current.isEmpty { return nil }
            current = parent(of: current)
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}

/// `file:` URIs and paths. A document's URI is kept exactly as the client sent it (clients
/// differ in what they percent-encode) and only the path is derived from it.
enum FileURI {
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    static func uri(of path: String) -> String { URL(fileURLWithPath: path).absoluteString }
}

extension DeploymentTargetResolver.Files {
    /// The server's view of the disk for finding `Package.swift` and Xcode projects; paths are
    /// shown whole (the server has no current directory of the user's).
    static var server: DeploymentTargetResolver.Files { DeploymentTargetResolver.Files(
        isFile: { FileAccess.isFile($0) },
        read: { path in
            FileAccess.read(path).map { .success($0) } ?? .failure(DeploymentTargetResolver.FileReadFailure(reason: "cannot be read"))
        },
        list: { try? FileManager.default.contentsOfDirectory(atPath: $0) },
        display: { $0 }) }
}
