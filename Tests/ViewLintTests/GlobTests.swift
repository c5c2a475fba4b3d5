import Testing
import ViewLintEngine

@Suite("Globs and paths")
struct GlobTests {
    func matches(_ pattern: String, _ path: String) throws -> Bool { try Glob(pattern).matches(path) }

    @Test func starAndQuestionMarkStayWithinASegment() throws {
        #expect(try matches("*.swift", "View.swift"))
        #expect(try !matches("*.swift", "Sources/View.swift"))
        #expect(try matches("Sources/*.swift", "Sources/View.swift"))
        #expect(try !matches("Sources/*.swift", "Sources/UI/View.swift"))
        #expect(try matches("Sources/V?ew.swift", "Sources/View.swift"))
        #expect(try !matches("Sources/V?ew.swift", "Sources/Vew.swift"))
        #expect(try matches("*", "anything"))
        #expect(try matches("a*b*c", "aXXbYYc") && matches("a*b*c", "abc") && !matches("a*b*c", "abx"))
        #expect(try matches("*View*", "ProfileViewModel.swift"))
        #expect(try matches("é*", "élan") && matches("?.swift", "🧪.swift"))
    }

    @Test func doubleStarSpansSegments() throws {
        #expect(try matches("**/Generated/**", "Generated/A.swift"))
        #expect(try matches("**/Generated/**", "App/Generated/Deep/A.swift"))
        #expect(try matches("**/Generated/**", "App/Generated"))
        #expect(try !matches("**/Generated/**", "App/NotGenerated/A.swift"))
        #expect(try matches("Sources/**/*.swift", "Sources/A.swift"))
        #expect(try matches("Sources/**/*.swift", "Sources/x/y/z/A.swift"))
        #expect(try !matches("Sources/**/*.swift", "Tests/A.swift"))
        #expect(try matches("**", "a/b/c") && matches("**/**/x", "x") && matches("a/**/**/b", "a/b"))
        // Many `**` cannot make matching blow up.
        let pattern = Array(repeating: "**", count: 30).joined(separator: "/") + "/nomatch"
        #expect(try !matches(pattern, Array(repeating: "d", count: 60).joined(separator: "/")))
    }

    @Test func characterSetsAndEscapes() throws {
        #expect(try matches("[A-C]*.swift", "Bar.swift") && !matches("[A-C]*.swift", "Dar.swift"))
        #expect(try matches("[!A-C]*.swift", "Dar.swift") && !matches("[!A-C]*.swift", "Bar.swift"))
        #expect(try matches("[]x].txt", "].txt"))
        #expect(try matches("\\*.swift", "*.swift") && !matches("\\*.swift", "A.swift"))
        #expect(try matches("a\\[1\\]", "a[1]"))
        #expect(try matches("[a-]", "-"))
    }

    @Test func patternsAreNormalised() throws {
        #expect(try matches("./Sources/", "Sources"))
        #expect(try matches("Generated/", "Generated"))
    }

    @Test func badPatternsAreErrors() {
        for (pattern, fragment) in [
            ("", "the pattern is empty"), ("/abs", "remove the leading '/'"), ("./", "names no file"),
            ("a/../b", "'..' segments"), ("a/./b", "'.' segments"), ("a//b", "empty path segment"),
            ("a**", "whole path segment"), ("**b/c", "whole path segment"), ("[abc", "never closed"),
            ("[z-a]", "reversed"), ("{a,b}", "braces"), ("x\\", "escapes nothing"),
        ] {
            #expect(throws: Glob.Error.self, "\(pattern)") { _ = try Glob(pattern) }
            do {
                _ = try Glob(pattern)
            } catch {
                #expect(error.message.hasPrefix("bad glob '\(pattern)': ") && error.message.contains(fragment), "\(error)")
            }
        }
    }

    @Test func filterMatchesDirectoriesAndTheirContents() throws {
        let filter = PathFilter(include: [try Glob("Sources"), try Glob("App/**/*.swift")],
                                exclude: [try Glob("Sources/Generated"), try Glob("**/*Mock*.swift")])
        #expect(filter.includes("Sources/A/B.swift"))
        #expect(filter.includes("App/x/C.swift"))
        #expect(!filter.includes("Tests/T.swift"))
        #expect(filter.excludes("Sources/Generated/X.swift") && !filter.excludesItself("Sources/Generated/X.swift"))
        #expect(filter.excludesItself("Sources/Generated"))
        #expect(filter.excludesItself("Sources/UserMock.swift"))
        #expect(!filter.excludes("Sources/User.swift"))
        #expect(PathFilter(include: [], exclude: []).includes("anything"))
    }

    @Test func pathArithmetic() {
        #expect(PathName.normalize("/a/./b/../c//d/") == "/a/c/d")
        #expect(PathName.normalize("/../x") == "/x")
        #expect(PathName.normalize("../a/../../b") == "../../b")
        #expect(PathName.normalize("./") == ".")
        #expect(PathName.normalize("//") == "/" && PathName.normalize("") == "." && PathName.normalize("a/..") == ".")
        #expect(PathName.normalize("a/b/../../..") == ".." && PathName.normalize("../../x/./y/") == "../../x/y")
        #expect(PathName.normalize("/é/../ü//ñ.swift") == "/ü/ñ.swift" && PathName.normalize("..a/.b/...") == "..a/.b/...")
        #expect(PathName.absolute("Sources/A.swift", in: "/r") == "/r/Sources/A.swift")
        #expect(PathName.absolute("../x", in: "/r/s") == "/r/x")
        #expect(PathName.absolute("/abs//p", in: "/r") == "/abs/p")
        #expect(PathName.relative("/r/a/b", to: "/r") == "a/b")
        #expect(PathName.relative("/x/y", to: "/r/s") == "../../x/y")
        #expect(PathName.relative("/r", to: "/r") == ".")
        #expect(PathName.relative("/rx/a", to: "/r") == "../rx/a")
        #expect(PathName.inside("/r/a", "/r") == "a" && PathName.inside("/q/a", "/r") == nil)
        #expect(PathName.directory(of: "a/b/c") == "a/b" && PathName.directory(of: "c") == "." && PathName.directory(of: "/c") == "/")
        #expect(PathName.directory(of: "/é/ü/c.swift") == "/é/ü" && PathName.directory(of: "/") == "/")
        #expect(PathName.lastComponent("a/b/c.swift") == "c.swift")
    }
}
