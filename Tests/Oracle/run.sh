#!/usr/bin/env bash
# The tokenizer oracle: builds viewlint-oracle against the swift-syntax modules of the
# toolchain the `swift` in PATH belongs to, then runs it with the given arguments, e.g.
#
#   Tests/Oracle/run.sh Fixtures                 # compare every .swift file under Fixtures
#   Tests/Oracle/run.sh --stress 300 ~/src/App   # plus 300 generated files
#
# It is a script rather than a SwiftPM package because the compiler's host modules
# (lib/swift/host) sit at a toolchain-specific path that only -I/-L flags can name, and a
# package outside the main one must not make users depend on toolchain internals. The build
# lands in Tests/Oracle/.build and is redone only when a source is newer than the binary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

swift_bin="$(command -v swift || true)"
if [ -z "$swift_bin" ]; then echo "run.sh: no swift in PATH" >&2; exit 2; fi
toolchain="$(cd "$(dirname "$(readlink -f "$swift_bin")")/.." && pwd)"
host="$toolchain/lib/swift/host"
if [ ! -d "$host/SwiftParser.swiftmodule" ]; then
  echo "run.sh: $host has no SwiftParser module; this toolchain does not ship swift-syntax" >&2
  exit 2
fi
swiftc="$toolchain/bin/swiftc"

build="$here/.build"
binary="$build/viewlint-oracle"
lexer_sources=("$root"/Sources/ViewLintSyntax/*.swift)
oracle_sources=("$here"/Sources/*.swift)
# The binary links the host libraries dynamically: a different toolchain, or the same path
# upgraded in place, needs a rebuild.
stamp="$toolchain $("$swiftc" --version 2>/dev/null | head -n 1)"
stale=1
if [ -x "$binary" ] && [ "$(cat "$build/toolchain" 2>/dev/null)" = "$stamp" ]; then
  stale=0
  for source in "${lexer_sources[@]}" "${oracle_sources[@]}" "$0"; do
    if [ "$source" -nt "$binary" ]; then stale=1; break; fi
  done
fi
if [ "$stale" = 1 ]; then
  mkdir -p "$build"
  started=$(date +%s)
  # viewlint's syntax module on its own, so that its Lexer, Keyword and Parser never clash
  # with swift-syntax's names of the same spelling.
  "$swiftc" -O -parse-as-library -module-name ViewLintSyntax -emit-module -emit-module-path "$build/ViewLintSyntax.swiftmodule" \
    -emit-library -static -o "$build/libViewLintSyntax.a" "${lexer_sources[@]}"
  "$swiftc" -O -module-name ViewLintOracle -I "$build" -I "$host" -L "$build" -L "$host" \
    -lViewLintSyntax -lSwiftParser -lSwiftSyntax -Xlinker -rpath -Xlinker "$host" \
    "${oracle_sources[@]}" -o "$binary"
  echo "$stamp" > "$build/toolchain"
  echo "run.sh: built $binary in $(( $(date +%s) - started )) s" >&2
fi
exec "$binary" "$@"
