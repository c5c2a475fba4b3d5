#!/usr/bin/env bash
# Builds the release artifacts into dist/ (or $DIST), reproducibly:
#
#   viewlint-VERSION.tar.gz          the source tarball (git archive of HEAD), for Homebrew
#   viewlint.artifactbundle.zip      a SwiftPM artifact bundle: info.json and one variant per
#                                    triple built here (Linux: this machine's; macOS: universal)
#   viewlint-plugins/                the plugins-only package: the command and build tool plugins
#                                    with viewlint as a binaryTarget, so users' builds never compile it
#   SHA256SUMS                       checksums; the bundle's is also printed as
#                                    `swift package compute-checksum` reports it
#
# Reproducible: every file in the archives gets the time of the HEAD commit (SOURCE_DATE_EPOCH),
# entries are added in sorted order without extra attributes, and the tarball comes from git.
# Environment: DIST (output folder), BUNDLE_URL (the bundle's download URL for the published
# plugins package; without it the package refers to the bundle beside it, by path), SWIFT,
# SCRATCH_PATH (SwiftPM's build folder, default .build), BINARY (package this viewlint instead
# of building one: CI uses the binary it already built).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
swift="${SWIFT:-swift}"
dist="${DIST:-$root/dist}"
project="Sources/ViewLintCore/ViewLintProject.swift"
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$project")"
home="$(sed -n 's/.*static let home = "\(.*\)".*/\1/p' "$project")"
test -n "$version" && test -n "$home"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"
export TZ=UTC
stamp="$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y%m%d%H%M.%S 2>/dev/null || date -u -r "$SOURCE_DATE_EPOCH" +%Y%m%d%H%M.%S)"

rm -rf "$dist"
mkdir -p "$dist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

build=(-c release --product viewlint ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"})

# --- the binary, per triple -------------------------------------------------------------------
variants=()
if [ -n "${BINARY:-}" ]; then
  case "$(uname -s)" in
    Darwin) variants+=("macos-$(uname -m)|$BINARY|$(uname -m | sed 's/aarch64/arm64/')-apple-macosx") ;;
    *) variants+=("linux-$(uname -m)|$BINARY|$(uname -m)-unknown-linux-gnu") ;;
  esac
else
case "$(uname -s)" in
  Darwin)
    "$swift" build "${build[@]}" --arch arm64 --arch x86_64
    bin="$("$swift" build "${build[@]}" --arch arm64 --arch x86_64 --show-bin-path)/viewlint"
    variants+=("macos-universal|$bin|arm64-apple-macosx x86_64-apple-macosx")
    ;;
  Linux)
    # The Swift runtime linked in, so the binary runs without a toolchain installed.
    "$swift" build "${build[@]}" --static-swift-stdlib
    bin="$("$swift" build "${build[@]}" --static-swift-stdlib --show-bin-path)/viewlint"
    arch="$(uname -m)"
    variants+=("linux-$arch|$bin|$arch-unknown-linux-gnu")
    ;;
  *) echo "error: release builds on macOS or Linux only" >&2; exit 1 ;;
esac
fi

# --- the artifact bundle -----------------------------------------------------------------------
bundle="$work/viewlint.artifactbundle"
mkdir -p "$bundle"
entries=""
for variant in "${variants[@]}"; do
  IFS='|' read -r name binary triples <<< "$variant"
  folder="viewlint-$version-$name"
  mkdir -p "$bundle/$folder/bin"
  cp "$binary" "$bundle/$folder/bin/viewlint"
  strip "$bundle/$folder/bin/viewlint" 2>/dev/null || true
  list="$(printf '"%s", ' $triples)"
  entries="$entries${entries:+,
}        { \"path\": \"$folder/bin/viewlint\", \"supportedTriples\": [${list%, }] }"
done
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "viewlint": {
      "version": "$version",
      "type": "executable",
      "variants": [
$entries
      ]
    }
  }
}
JSON
find "$bundle" -exec touch -h -t "$stamp" {} +
(cd "$work" && find viewlint.artifactbundle -print | LC_ALL=C sort | zip -q -X -D -@ "$dist/viewlint.artifactbundle.zip")

# --- the plugins-only package ------------------------------------------------------------------
plugins="$dist/viewlint-plugins"
mkdir -p "$plugins/Plugins"
cp -R Sources/ViewLintCommandPlugin Sources/ViewLintBuildToolPlugin "$plugins/Plugins/"
checksum="$("$swift" package compute-checksum "$dist/viewlint.artifactbundle.zip")"
if [ -n "${BUNDLE_URL:-}" ]; then
  binary_target=".binaryTarget(name: \"viewlint\", url: \"$BUNDLE_URL\", checksum: \"$checksum\")"
else
  cp "$dist/viewlint.artifactbundle.zip" "$plugins/"
  binary_target='.binaryTarget(name: "viewlint", path: "viewlint.artifactbundle.zip")'
fi
sed -e "s|@BINARY_TARGET@|$binary_target|" -e "s|@VERSION@|$version|" -e "s|@HOME@|$home|" \
  Packaging/PluginsPackage.swift.in > "$plugins/Package.swift"

# --- the source tarball --------------------------------------------------------------------------
git archive --format=tar --prefix="viewlint-$version/" HEAD | gzip -n -9 > "$dist/viewlint-$version.tar.gz"

(cd "$dist" && sha256sum viewlint.artifactbundle.zip "viewlint-$version.tar.gz" > SHA256SUMS)
echo "viewlint $version release artifacts in $dist:"
cat "$dist/SHA256SUMS"
echo "artifact bundle checksum (swift package compute-checksum): $checksum"
