"""End-to-end tests of `viewlint server` with a real LSP client (pytest-lsp, on pygls and
lsprotocol), plus raw-wire tests for what a well-behaved client never sends.

Run by Tests/LSP/run.sh, which builds the venv; VIEWLINT is the binary under test.
"""

import asyncio
import atexit
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

VIEWLINT = os.environ.get("VIEWLINT", str(pathlib.Path(__file__).resolve().parents[2] / ".build/debug/viewlint"))

VIEW = """import SwiftUI

struct Card: View {
    let title: String
    /* 😀 */ let spare: Int
    var body: some View { label }
}
"""

EXTENSION = """import SwiftUI

extension Card {
    var label: some View { Text(title) }
}
"""


def make_project() -> pathlib.Path:
    root = pathlib.Path(tempfile.mkdtemp(prefix="viewlint-lsp-"))
    (root / "Sources").mkdir()
    (root / "Package.swift").write_text("// swift-tools-version:6.0\n")
    (root / "Sources/Card.swift").write_text(VIEW)
    (root / "Sources/Card+Title.swift").write_text(EXTENSION)
    return root


ROOT = make_project()
# Made once per session at import, so removed at exit rather than by a fixture.
atexit.register(shutil.rmtree, ROOT, ignore_errors=True)
CARD = ROOT / "Sources/Card.swift"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[VIEWLINT, "server"]))
async def client(lsp_client: LanguageClient):
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)
        return None

    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)))
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=ROOT.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=ROOT.as_uri(), name="root")]))
    lsp_client.initialize_result = result
    yield
    await lsp_client.shutdown_session()


async def diagnostics_for(client: LanguageClient, uri: str, version=None, predicate=None, timeout=20.0):
    """Waits until the client has diagnostics for `uri` that satisfy `predicate`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = client.diagnostics.get(uri)
        if found is not None and (predicate is None or predicate(found)):
            return found
        await asyncio.sleep(0.01)
    raise AssertionError(f"no matching diagnostics for {uri}: {client.diagnostics.get(uri)}")


def open_document(client: LanguageClient, path: pathlib.Path, text: str, version: int = 1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=path.as_uri(), language_id="swift", version=version, text=text)))


def change(client: LanguageClient, path: pathlib.Path, version: int, start, end, text: str):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text)]))


def close(client: LanguageClient, path: pathlib.Path):
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri())))


@pytest.mark.asyncio
async def test_initialize_advertises_what_is_implemented(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert capabilities.text_document_sync.open_close
    assert capabilities.hover_provider
    assert list(capabilities.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    assert capabilities.completion_provider is None and capabilities.definition_provider is None
    assert client.initialize_result.server_info.name == "viewlint"
    # The client said it can register file watchers, so the server asks for them.
    deadline = time.monotonic() + 10
    while not client.registrations and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    watchers = client.registrations[0].register_options["watchers"]
    assert client.registrations[0].method == "workspace/didChangeWatchedFiles"
    assert [w["globPattern"] for w in watchers] == ["**/*.swift", "**/.lint.yml", "**/*.xcodeproj/project.pbxproj", "**/*.xcconfig"]


@pytest.mark.asyncio
async def test_diagnostics_have_context_codes_tags_and_utf16_ranges(client: LanguageClient):
    open_document(client, CARD, VIEW)
    found = await diagnostics_for(client, CARD.as_uri())
    # `title` is read in the extension in another file (not open): only `spare` is reported.
    assert [d.code for d in found] == ["unused_stored_input"]
    d = found[0]
    assert d.source == "viewlint"
    assert d.severity == types.DiagnosticSeverity.Warning
    assert list(d.tags) == [types.DiagnosticTag.Unnecessary]
    assert d.code_description.href.endswith("#unused_stored_input")
    assert "'spare'" in d.message
    # `    /* 😀 */ let spare`: the emoji is two UTF-16 units.
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (4, 17, 22)

    # Typing after the emoji (a second emoji, then text): the range moves by exactly those units.
    change(client, CARD, 2, (4, 9), (4, 9), "🎉é")
    moved = await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: ds and ds[0].range.start.character == 20)
    assert moved[0].range.end.character == 25
    # Reading `spare` removes the finding.
    change(client, CARD, 3, (5, 26), (5, 31), "label.id(spare)")
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 0)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=CARD.as_uri())))
    close(client, CARD)
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 0)


@pytest.mark.asyncio
async def test_hover_and_code_actions(client: LanguageClient):
    open_document(client, CARD, VIEW)
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 1)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=CARD.as_uri()), position=types.Position(4, 19)))
    assert "unused_stored_input" in hover.contents.value
    assert "A view stores an input that none of its members reads." in hover.contents.value
    assert (hover.range.start.character, hover.range.end.character) == (17, 22)
    nothing = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=CARD.as_uri()), position=types.Position(0, 2)))
    assert nothing is None

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=CARD.as_uri()),
        range=types.Range(start=types.Position(4, 0), end=types.Position(4, 0)),
        context=types.CodeActionContext(diagnostics=[])))
    titles = [a.title for a in actions]
    assert titles == ["Disable unused_stored_input for this line", "Disable unused_stored_input for this file"]
    for action in actions:
        assert action.kind == types.CodeActionKind.QuickFix
        assert action.diagnostics[0].code == "unused_stored_input"
    file_edit = actions[1].edit.changes[CARD.as_uri()][0]
    assert file_edit.new_text.startswith("// viewlint:disable-file unused_stored_input - ")
    line_edit = actions[0].edit.changes[CARD.as_uri()][0]
    assert line_edit.new_text.startswith("    // viewlint:disable-next-line unused_stored_input - ")
    # Applying the edit: the suppressed finding is not published.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=CARD.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=line_edit.range, text=line_edit.new_text)]))
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 0)
    close(client, CARD)


@pytest.mark.asyncio
async def test_dependents_watched_files_and_configuration(client: LanguageClient):
    extension = ROOT / "Sources/Card+Title.swift"
    open_document(client, CARD, VIEW)
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 1)
    # An unsaved edit in another open file changes this one's findings.
    open_document(client, extension, EXTENSION)
    change(client, extension, 2, (3, 32), (3, 37), '""')
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 2)
    close(client, extension)
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 1)

    # A file deleted outside the editor.
    saved = extension.read_text()
    extension.unlink()
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=extension.as_uri(), type=types.FileChangeType.Deleted)]))
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 2)
    extension.write_text(saved)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=extension.as_uri(), type=types.FileChangeType.Created)]))
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 1)

    # A broken .lint.yml: its problem is shown on it, with a range in UTF-16 units.
    config = ROOT / ".lint.yml"
    config.write_text("# é😀\nrules:\n  unused_stored_inpt: off\n")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Created)]))
    problems = await diagnostics_for(client, config.as_uri())
    assert len(problems) == 1 and "did you mean 'unused_stored_input'" in problems[0].message
    assert (problems[0].range.start.line, problems[0].range.start.character) == (2, 2)
    assert problems[0].severity == types.DiagnosticSeverity.Error
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 0)
    # Fixed, then raised to error through workspace/didChangeConfiguration.
    config.write_text("rules:\n  unused_stored_input: error\n")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={}))
    await diagnostics_for(client, config.as_uri(), predicate=lambda ds: len(ds) == 0)
    raised = await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 1)
    assert raised[0].severity == types.DiagnosticSeverity.Error
    config.unlink()
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Deleted)]))
    await diagnostics_for(client, CARD.as_uri(), predicate=lambda ds: len(ds) == 1 and ds[0].severity == types.DiagnosticSeverity.Warning)
    close(client, CARD)


@pytest.mark.asyncio
async def test_several_workspace_folders(client: LanguageClient):
    other = make_project()
    atexit.register(shutil.rmtree, other, ignore_errors=True)
    # In the second folder, the extension is gone: both properties are unused there.
    (other / "Sources/Card+Title.swift").unlink()
    client.workspace_did_change_workspace_folders(types.DidChangeWorkspaceFoldersParams(
        event=types.WorkspaceFoldersChangeEvent(added=[types.WorkspaceFolder(uri=other.as_uri(), name="other")], removed=[])))
    card = other / "Sources/Card.swift"
    open_document(client, card, VIEW)
    found = await diagnostics_for(client, card.as_uri())
    assert sorted(d.range.start.line for d in found) == [3, 4]
    open_document(client, CARD, VIEW)
    assert len(await diagnostics_for(client, CARD.as_uri())) == 1
    close(client, card)
    close(client, CARD)


# --- Raw wire: malformed messages, chunked frames, lone surrogates, cancellation ------------

class Wire:
    """A client that writes bytes, for messages a real client library refuses to send."""

    def __init__(self, env=None):
        self.process = subprocess.Popen([VIEWLINT, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.buffer = b""

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self) -> dict:
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += os.read(self.process.stdout.fileno(), 65536)
        header, rest = self.buffer.split(b"\r\n\r\n", 1)
        length = int(header.split(b":")[1])
        while len(rest) < length:
            rest += os.read(self.process.stdout.fileno(), 65536)
        self.buffer = rest[length:]
        return json.loads(rest[:length])

    def read_until(self, predicate):
        for _ in range(1000):
            message = self.read()
            if predicate(message):
                return message
        raise AssertionError("message not received")


def test_malformed_messages_get_errors_and_the_server_keeps_running():
    wire = Wire()
    wire.write(b"Content-Length: twelve\r\n\r\n")
    wire.write(b"Content-Length: 9\r\n\r\n{not json")
    wire.write(b"Content-Length: 7\r\n\r\n{\"\xff\":1}")
    wire.send({"jsonrpc": "2.0", "id": 5, "method": 12})
    wire.send({"jsonrpc": "1.0", "id": 6, "method": "initialize"})
    errors = [wire.read() for _ in range(5)]
    assert [e["error"]["code"] for e in errors] == [-32700, -32700, -32700, -32600, -32600]
    assert [e["id"] for e in errors] == [None, None, None, 5, 6]
    # Before initialize, requests are refused; a frame split into single bytes still reads.
    wire.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {}})
    assert wire.read()["error"]["code"] == -32002
    body = json.dumps({"jsonrpc": "2.0", "id": 8, "method": "initialize",
                       "params": {"capabilities": {}, "rootUri": ROOT.as_uri()}}).encode()
    for byte in b"Content-Length: %d\r\n\r\n" % len(body) + body:
        wire.write(bytes([byte]))
    assert wire.read()["result"]["capabilities"]["positionEncoding"] == "utf-16"
    wire.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    wire.send({"jsonrpc": "2.0", "id": 9, "method": "no/such/method", "params": {}})
    assert wire.read_until(lambda m: m.get("id") == 9)["error"]["code"] == -32601

    # A lone surrogate before the flagged name: the client counts it as one unit, and so must we.
    uri = (ROOT / "Sources/Lone.swift").as_uri()
    text = VIEW.replace("struct Card", "struct Lone").replace("/* 😀 */", "/* \ud800 */")
    wire.write(b"")
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "swift", "version": 1, "text": text}}}).encode()
    assert b"\\ud800" in body
    wire.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    published = wire.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    spare = [d for d in published["params"]["diagnostics"] if "'spare'" in d["message"]][0]
    # `    /* X */ let spare` with X one unit: 4 + 7 + 1 + 4 = 16.
    assert spare["range"]["start"] == {"line": 4, "character": 16}

    # A request waiting for a lint can be cancelled.
    wire.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "\n"}]}})
    wire.send({"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover",
               "params": {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 16}}})
    wire.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 10}})
    answer = wire.read_until(lambda m: m.get("id") == 10)
    # Either it was still waiting (cancelled) or the lint had already finished (answered).
    assert answer.get("error", {}).get("code", -32800) == -32800

    wire.send({"jsonrpc": "2.0", "id": 11, "method": "shutdown"})
    assert wire.read_until(lambda m: m.get("id") == 11)["result"] is None
    wire.send({"jsonrpc": "2.0", "method": "exit"})
    assert wire.process.wait(timeout=10) == 0


def test_exit_without_shutdown_and_end_of_input():
    wire = Wire()
    wire.send({"jsonrpc": "2.0", "method": "exit"})
    assert wire.process.wait(timeout=10) == 1
    gone = Wire()
    gone.process.stdin.close()
    assert gone.process.wait(timeout=10) == 1


# --- Crash isolation: a lint that traps costs one file, not the session ----------------------

def test_a_crash_while_linting_costs_one_file_and_the_session_goes_on():
    marker = "viewlint-test-crash-marker"
    # Fault injection: the worker traps when it lints a file that contains the marker.
    wire = Wire(env=dict(os.environ, VIEWLINT_TEST_CRASH_MARKER=marker))
    wire.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": ROOT.as_uri()}})
    assert wire.read_until(lambda m: m.get("id") == 1)["result"]["serverInfo"]["name"] == "viewlint"
    wire.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def did_open(path, text, version=1):
        wire.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": path.as_uri(), "languageId": "swift", "version": version, "text": text}}})

    def published(uri, predicate=lambda m: True):
        return wire.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                               and m["params"]["uri"] == uri and predicate(m))

    did_open(CARD, VIEW)
    assert [d["code"] for d in published(CARD.as_uri())["params"]["diagnostics"]] == ["unused_stored_input"]

    crashing = ROOT / "Sources/Crashing.swift"
    crashing_text = VIEW.replace("struct Card", "struct Crashing").replace("/* 😀 */", "/* " + marker + " */")
    did_open(crashing, crashing_text)
    # The supervisor says what happened; the file that crashed the worker says so instead of
    # findings; every other open file is linted again by the new worker, with its findings intact.
    # (The two publications may come in either order.)
    wanted = {
        "log": lambda m: m.get("method") == "window/logMessage" and "worker" in m["params"]["message"],
        "crash": lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == crashing.as_uri(),
        "card": lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == CARD.as_uri(),
    }
    seen = {}
    for _ in range(1000):
        if len(seen) == len(wanted):
            break
        message = wire.read()
        for name, predicate in wanted.items():
            if name not in seen and predicate(message):
                seen[name] = message
    log = seen["log"]["params"]["message"]
    assert "Crashing.swift" in log and "restarted" in log
    crash = seen["crash"]["params"]
    assert crash["version"] == 1 and len(crash["diagnostics"]) == 1
    assert "did not lint this file" in crash["diagnostics"][0]["message"]
    assert [d["code"] for d in seen["card"]["params"]["diagnostics"]] == ["unused_stored_input"]
    # ...and requests are answered.
    wire.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
               "params": {"textDocument": {"uri": CARD.as_uri()}, "position": {"line": 4, "character": 19}}})
    assert "unused_stored_input" in wire.read_until(lambda m: m.get("id") == 2)["result"]["contents"]["value"]

    # The next edit of the crashing file is linted again: without the marker it has findings.
    start = crashing_text.index(marker)
    line = crashing_text[:start].count("\n")
    character = len(crashing_text[:start].split("\n")[-1].encode("utf-16-le")) // 2
    wire.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": crashing.as_uri(), "version": 2},
        "contentChanges": [{"range": {"start": {"line": line, "character": character},
                                      "end": {"line": line, "character": character + len(marker)}}, "text": "fine"}]}})
    fixed = published(crashing.as_uri(), lambda m: m["params"].get("version") == 2)["params"]
    # `Crashing` has no extension reading `title`: both of its properties are reported.
    assert sorted((d["code"], d["range"]["start"]["line"]) for d in fixed["diagnostics"]) == [
        ("unused_stored_input", 3), ("unused_stored_input", 4)]

    wire.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    assert wire.read_until(lambda m: m.get("id") == 3)["result"] is None
    wire.send({"jsonrpc": "2.0", "method": "exit"})
    assert wire.process.wait(timeout=10) == 0
