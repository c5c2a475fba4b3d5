# viewlint: build, install and release. `make install` builds in release mode and installs the
# binary and the shell completions under PREFIX (default /usr/local), as SwiftLint and
# swift-format do; DESTDIR is honoured for staged installs (packaging).
#
#   make                     build (release)
#   make install             install into $(PREFIX); `sudo make install`, or PREFIX=~/.local
#   make uninstall           remove what install put there
#   make release             the release artifacts in dist/ (see Scripts/release.sh)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
SWIFT ?= swift
BUILD_FLAGS ?= -c release --product viewlint
# The version and home come from one place (see Sources/ViewLintCore/ViewLintProject.swift).
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/ViewLintCore/ViewLintProject.swift)

BIN_PATH = $(shell $(SWIFT) build $(BUILD_FLAGS) --show-bin-path)

.PHONY: all build install uninstall release version clean

all: build

build:
	$(SWIFT) build $(BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)/bash-completion/completions" \
		"$(DESTDIR)$(DATADIR)/zsh/site-functions" "$(DESTDIR)$(DATADIR)/fish/vendor_completions.d"
	install -m 755 "$(BIN_PATH)/viewlint" "$(DESTDIR)$(BINDIR)/viewlint"
	"$(BIN_PATH)/viewlint" completions bash > "$(DESTDIR)$(DATADIR)/bash-completion/completions/viewlint"
	"$(BIN_PATH)/viewlint" completions zsh > "$(DESTDIR)$(DATADIR)/zsh/site-functions/_viewlint"
	"$(BIN_PATH)/viewlint" completions fish > "$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/viewlint.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/viewlint" \
		"$(DESTDIR)$(DATADIR)/bash-completion/completions/viewlint" \
		"$(DESTDIR)$(DATADIR)/zsh/site-functions/_viewlint" \
		"$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/viewlint.fish"

release:
	Scripts/release.sh

version:
	@echo $(VERSION)

clean:
	rm -rf .build dist
