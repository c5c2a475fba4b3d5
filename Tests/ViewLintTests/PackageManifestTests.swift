import Testing
import ViewLintCore
import ViewLintEngine

@Suite("Package.swift platforms")
struct PackageManifestTests {
    func platforms(_ text: String) -> [String: [Int]]? {
        PackageManifest.platforms(in: Array(text.utf8), path: "Package.swift")?.platforms
    }

    @Test func enumCaseAndStringVersions() {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                platforms: [
                    .iOS(.v17),
                    .macOS(.v10_15),
                    .tvOS("17.2"),
                    .watchOS(.v10), .visionOS(.v1),
                    .macCatalyst(.v17),
                    .driverKit(.v22),
                    .custom("linux", versionString: "1.0"),
                ],
                products: [.library(name: "Kit", targets: ["Kit"])],
                targets: [.target(name: "Kit")]
            )
            """
        #expect(platforms(manifest) == ["ios": [17, 0], "macos": [10, 15], "tvos": [17, 2], "watchos": [10, 0],
                                        "visionos": [1, 0], "maccatalyst": [17, 0]])
        #expect(PackageManifest.platforms(in: Array(manifest.utf8), path: "Kit/Package.swift")?.source == "Kit/Package.swift")
    }

    @Test func commentsAndStringsAreNotTheDeclaration() {
        let manifest = """
            // platforms: [.iOS(.v12)]
            /* platforms: [.iOS(.v13)] */
            let note = "platforms: [.iOS(.v14)]"
            let package = Package(name: "A", platforms: [.iOS("16.4")], targets: [])
            """
        #expect(platforms(manifest) == ["ios": [16, 4]])
    }

    @Test func noPlatformsOrNoLiteralListMeansUnknown() {
        #expect(platforms("let package = Package(name: \"A\", targets: [])") == nil)
        #expect(platforms("let supported: [SupportedPlatform] = [.iOS(.v17)]\nlet package = Package(name: \"A\", platforms: supported)") == nil)
        #expect(platforms("let package = Package(name: \"A\", platforms: [])") == nil)
        #expect(platforms("") == nil)
        // Cut off halfway: whatever was declared before the end still counts.
        #expect(platforms("let package = Package(name: \"A\", platforms: [.macOS(.v14), .iOS(") == ["macos": [14, 0]])
    }
}
