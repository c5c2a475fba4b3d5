#!/usr/bin/env bash
# Checks `viewlint graph` output with the real consumers: Graphviz's `dot` must accept the DOT
# output, and headless Chromium must load the HTML page from a file with the network disabled,
# log no console error, render every node, and highlight a node's neighbours when it is selected
# (through `#select=`, which runs the page's own click handler). Saves a screenshot.
#
#   Tests/Graph/browser-check.sh VIEWLINT_BINARY [SCREENSHOT.png]
# Needs `dot` (Debian: graphviz) and `chromium` (Debian: chromium).
set -euo pipefail
viewlint="$1"
screenshot="${2:-}"
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "graph check: error: $*" >&2; exit 1; }

"$viewlint" graph --no-config --format dot Fixtures/graph > "$work/graph.dot"
dot -Tsvg "$work/graph.dot" > "$work/graph.svg" || fail "dot rejected the DOT output"
grep -q "<svg" "$work/graph.svg" || fail "dot produced no SVG"
echo "dot: accepted $(grep -c -- ' -> ' "$work/graph.dot") edges"

"$viewlint" graph --no-config --format html --output "$work/graph.html" Fixtures/graph 2> /dev/null
nodes=$("$viewlint" graph --no-config --format json Fixtures/graph | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["nodes"]))')

browse() { # URL OUT ERR [extra flags]
  local url="$1" out="$2" err="$3"; shift 3
  # --proxy-server to a closed port: any network request the page made would fail (and log).
  timeout 90 chromium --headless --no-sandbox --disable-gpu --no-first-run --proxy-server=127.0.0.1:9 \
    --enable-logging=stderr --v=0 "$@" "$url" > "$out" 2> "$err" || fail "chromium failed on $url: $(tail -n 5 "$err")"
}
browse "file://$work/graph.html#select=ItemList" "$work/dom.html" "$work/console.txt" --dump-dom
if grep -E 'CONSOLE.*("Uncaught|Refused|Failed to load)' "$work/console.txt"; then fail "the page logged errors"; fi
grep -q "data-rendered=\"$nodes\"" "$work/dom.html" || fail "the page did not render $nodes nodes"
# grep -m 1, not `| head`: under pipefail an early-exiting reader fails the writer with SIGPIPE.
node_class() { grep -m 1 -o "<g class=\"node [^\"]*\" data-i=\"$1\"" "$work/dom.html"; }
index_of() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([n["name"] for n in d["nodes"]].index(sys.argv[2]))' "$work/graph.json" "$1"; }
"$viewlint" graph --no-config --format json Fixtures/graph > "$work/graph.json"
[[ "$(node_class "$(index_of ItemList)")" == *" sel"* ]] || fail "the selected node is not highlighted"
[[ "$(node_class "$(index_of RootView)")" == *" up"* ]] || fail "a dependent (RootView builds ItemList) is not highlighted"
[[ "$(node_class "$(index_of Row)")" == *" down"* ]] || fail "a dependency (ItemList builds Row) is not highlighted"
[[ "$(node_class "$(index_of Badge)")" == *" dim"* ]] || fail "an unrelated node is not dimmed"
echo "chromium: $nodes nodes rendered, no console errors, selecting ItemList highlights its neighbours"

# The check must be able to fail: a page with a script error is caught.
printf '<html><body><script>missingFunction()</script></body></html>' > "$work/broken.html"
browse "file://$work/broken.html" "$work/broken-dom.html" "$work/broken-console.txt" --dump-dom
grep -q 'CONSOLE.*"Uncaught' "$work/broken-console.txt" || fail "a console error went unnoticed: the check cannot fail"

if [ -n "$screenshot" ]; then
  browse "file://$work/graph.html#select=ItemList" "$work/shot.out" "$work/shot.err" --window-size=1400,800 \
    --screenshot="$work/shot.png"
  cp "$work/shot.png" "$screenshot.tmp" && mv "$screenshot.tmp" "$screenshot"
  echo "screenshot: $screenshot"
fi
