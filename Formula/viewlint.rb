# Homebrew formula for viewlint, built from the release's source tarball with `swift build`.
# `brew install --build-from-source Formula/viewlint.rb`, or from a tap. Not exercised by CI
# (Homebrew and the release download need the network): at each release, set `url` to the
# new tag's tarball and `sha256` to its line in dist/SHA256SUMS (Scripts/release.sh).
class Viewlint < Formula
  desc "Static analyzer for SwiftUI view code: identity, invalidation and performance"
  homepage "https://github.com/viewlint/viewlint"
  url "https://github.com/viewlint/viewlint/releases/download/0.1.0/viewlint-0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/viewlint/viewlint.git", branch: "main"

  depends_on xcode: ["16.0", :build]

  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "viewlint"
    bin.install ".build/release/viewlint"
    generate_completions_from_executable(bin/"viewlint", "completions")
  end

  test do
    (testpath/"Header.swift").write <<~SWIFT
      import SwiftUI
      struct Header: View {
          let title: String
          let unused: Int
          var body: some View { Text(title) }
      }
    SWIFT
    assert_match "viewlint #{version}", shell_output("#{bin}/viewlint --version")
    assert_match "[unused_stored_input]", shell_output("#{bin}/viewlint lint --quiet Header.swift")
  end
end
