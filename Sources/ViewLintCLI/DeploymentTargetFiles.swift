import ViewLintEngine
import ViewLintPlatform

extension DeploymentTargetResolver.Files {
    /// The real file system, with paths shown relative to `currentDirectory`.
    static func fileSystem(currentDirectory: String) -> DeploymentTargetResolver.Files {
        DeploymentTargetResolver.Files(
            isFile: { path in
                if case .success(let status) = FileSystem.status(path), status.kind == .file { return true }
                return false
            },
            read: { path in FileSystem.readFile(path).mapError { DeploymentTargetResolver.FileReadFailure(reason: $0.reason) } },
            // The resolver lists folders only for their Xcode projects.
            list: { path in FileSystem.listNames(in: path, endingWith: DeploymentTargetResolver.projectSuffix) },
            display: { path in ConfigLoading.displayPath(path, currentDirectory: currentDirectory) })
    }
}
