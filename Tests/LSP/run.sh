#!/usr/bin/env bash
# End-to-end tests of `viewlint server` with real clients: the pytest-lsp suite (every message,
# UTF-16 conversions, malformed messages) and Neovim's built-in client, headless.
#   Tests/LSP/run.sh [path/to/viewlint]      (default: .build/debug/viewlint)
# Creates its virtualenv (.build/lsp-venv) and installs Debian's neovim when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
viewlint="$(realpath "${1:-.build/debug/viewlint}")"
venv="$(pwd)/.build/lsp-venv"
if [ ! -x "$venv/bin/pytest" ] || ! "$venv/bin/python" -c "import pytest_lsp, lsprotocol" 2>/dev/null; then
  python3 -m venv "$venv" || { apt-get update -qq && apt-get install -y -qq python3-venv && python3 -m venv "$venv"; }
  "$venv/bin/pip" install --quiet --disable-pip-version-check "pytest-lsp==1.0.1" "lsprotocol==2025.0.0"
fi
if ! command -v nvim > /dev/null; then
  apt-get update -qq && apt-get install -y -qq neovim > /dev/null
fi

started=$(date +%s)
(cd Tests/LSP && VIEWLINT="$viewlint" "$venv/bin/pytest" -q -p no:cacheprovider)

project="$(mktemp -d)"
trap 'rm -rf "$project"' EXIT
mkdir -p "$project/Sources"
printf '// swift-tools-version:6.0\n' > "$project/Package.swift"
cat > "$project/Sources/Card.swift" <<'SWIFT'
import SwiftUI

struct Card: View {
    let title: String
    /* 😀 */ let spare: Int
    var body: some View { label }
}
SWIFT
cat > "$project/Sources/Card+Title.swift" <<'SWIFT'
import SwiftUI

extension Card {
    var label: some View { Text(title) }
}
SWIFT
VIEWLINT="$viewlint" PROJECT="$project" timeout 60 nvim --headless -u NONE -i NONE -c "luafile Tests/LSP/neovim.lua" 2>&1
echo "LSP client tests took $(( $(date +%s) - started )) s"
