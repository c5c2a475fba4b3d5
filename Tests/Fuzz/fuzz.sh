#!/usr/bin/env bash
# Fuzzes the whole pipeline (tokenize, parse, model, every rule, every formatter) with libFuzzer.
#
#   Tests/Fuzz/fuzz.sh [SECONDS] [extra libFuzzer arguments...]
#
# SECONDS defaults to 120 (what CI runs). Builds the fuzz binary under .build/fuzz (again only
# for the modules whose sources changed), seeds the corpus with every fixture, runs, and exits
# non-zero if libFuzzer found a crash, an invariant violation (see FuzzTarget.swift), a hang of
# more than 10 s, or an input that needs more than 2 GB. Crashing inputs land in
# .build/fuzz/crashes/; replay one with `SWIFT_BACKTRACE=enable=no .build/fuzz/viewlint-fuzz FILE`.
#
# SwiftPM cannot build this: `-sanitize=fuzzer` links libFuzzer's `main` into every executable
# of the package. So the library modules are compiled here with swiftc, one whole module at a
# time, in dependency order, with coverage instrumentation and AddressSanitizer; -O keeps the
# preconditions and bounds checks (only -Ounchecked drops them).
set -euo pipefail
cd "$(dirname "$0")/../.."
# The whole script is one block, read before it runs: editing it during a long run is safe.
{

seconds="${1:-120}"
shift || true

out=.build/fuzz
modules="$out/modules"
mkdir -p "$modules" "$out/corpus" "$out/crashes"
sanitize=(-sanitize=fuzzer,address)

# name:source directory:dependencies, in dependency order (as in Package.swift).
targets=(
  "ViewLintSyntax:Sources/ViewLintSyntax:"
  "ViewLintModel:Sources/ViewLintModel:ViewLintSyntax"
  "ViewLintCore:Sources/ViewLintCore:ViewLintModel ViewLintSyntax"
  "ViewLintRules:Rules:ViewLintCore ViewLintModel"
  "ViewLintEngine:Sources/ViewLintEngine:ViewLintRules ViewLintCore ViewLintModel ViewLintSyntax"
  "ViewLintFormatters:Sources/ViewLintFormatters:ViewLintCore"
)

# True when $1 is missing or older than any of the following files.
stale() {
  local output="$1"; shift
  [ -e "$output" ] || return 0
  local f
  for f in "$@"; do [ "$f" -nt "$output" ] && return 0; done
  return 1
}

started=$(date +%s)
objects=()
for entry in "${targets[@]}"; do
  IFS=: read -r name dir deps <<< "$entry"
  mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
  inputs=("${sources[@]}")
  for dep in $deps; do inputs+=("$modules/$dep.swiftmodule"); done
  object="$modules/$name.o"
  objects+=("$object")
  if stale "$object" "${inputs[@]}" "$0"; then
    echo "fuzz: compiling $name"
    swiftc -module-name "$name" -parse-as-library -O -wmo -num-threads 0 -gline-tables-only "${sanitize[@]}" \
      -I "$modules" -emit-module -emit-module-path "$modules/$name.swiftmodule" \
      -c "${sources[@]}" -o "$object"
    # swiftc leaves an output that came out byte-for-byte the same untouched; mark it fresh.
    touch "$modules/$name.swiftmodule" "$object"
  fi
done

binary="$out/viewlint-fuzz"
if stale "$binary" Tests/Fuzz/FuzzTarget.swift "${objects[@]}"; then
  echo "fuzz: linking $binary"
  swiftc -module-name ViewLintFuzz -parse-as-library -O -gline-tables-only "${sanitize[@]}" -use-ld=lld -I "$modules" \
    Tests/Fuzz/FuzzTarget.swift "${objects[@]}" -o "$binary"
fi
echo "fuzz: build took $(( $(date +%s) - started )) s"

# Seeds: every fixture (copied, so libFuzzer's additions to the corpus stay out of Fixtures/).
find Fixtures -name '*.swift' -print0 | while IFS= read -r -d '' fixture; do
  cp "$fixture" "$out/corpus/seed-$(echo "$fixture" | tr '/' '_')"
done

# SWIFT_BACKTRACE: the Swift runtime's backtracer reads the crashed thread's stack, which
# AddressSanitizer reports as an error of its own; libFuzzer prints the stack anyway.
export SWIFT_BACKTRACE=enable=no
# -detect_leaks=0: the Swift runtime keeps metadata caches and the like for the process's life,
# which LeakSanitizer would report at exit as leaks; viewlint itself frees what it allocates.
set +e
"$binary" "$out/corpus" \
  -dict=Tests/Fuzz/swift.dict \
  -max_total_time="$seconds" \
  -timeout=10 \
  -rss_limit_mb=2048 \
  -max_len=65536 \
  -detect_leaks=0 \
  -print_final_stats=1 \
  -artifact_prefix="$out/crashes/" \
  "$@"
status=$?
set -e
if [ "$status" -ne 0 ]; then
  echo "fuzz: libFuzzer exited with $status; the input is in $out/crashes/" >&2
  ls -t "$out/crashes/" | head -n 5 >&2
  exit 1
fi
echo "fuzz: no crash, hang or invariant violation in $seconds s"
exit 0
}
