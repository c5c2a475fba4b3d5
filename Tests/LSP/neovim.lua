-- Neovim's built-in LSP client against `viewlint server`, headless (Debian's neovim, 0.7 on).
-- Opens a view, checks the diagnostic it receives (Neovim converts the UTF-16 range to byte
-- columns itself), edits after an emoji, asks for a hover and code actions, and fixes the
-- finding. Run by Tests/LSP/run.sh:
--   VIEWLINT=... PROJECT=... nvim --headless -u NONE -c "luafile Tests/LSP/neovim.lua"

local viewlint = assert(os.getenv("VIEWLINT"), "VIEWLINT is not set")
local root = assert(os.getenv("PROJECT"), "PROJECT is not set")
local file = root .. "/Sources/Card.swift"

local function fail(message)
  io.stderr:write("neovim: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function check(condition, message)
  if not condition then fail(message) end
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = "viewlint", cmd = { viewlint, "server" }, root_dir = root })
check(client_id ~= nil, "the client did not start")
vim.lsp.buf_attach_client(buf, client_id)

local function diagnostics() return vim.diagnostic.get(buf) end

local function wait_for(what, condition)
  if not vim.wait(20000, condition, 10) then
    fail("timed out waiting for " .. what .. "; diagnostics: " .. vim.inspect(diagnostics()))
  end
end

-- `    /* 😀 */ let spare: Int`: `spare` is UTF-16 character 17, byte column 19.
wait_for("the first diagnostics", function() return #diagnostics() == 1 end)
local d = diagnostics()[1]
check(d.source == "viewlint", "source is " .. tostring(d.source))
check(d.lnum == 4 and d.col == 19 and d.end_col == 24, "range is " .. vim.inspect({ d.lnum, d.col, d.end_col }))
check(d.severity == vim.diagnostic.severity.WARN, "severity is " .. tostring(d.severity))
check(d.message:find("'spare'", 1, true) ~= nil, "message is " .. d.message)

local position = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 4, character = 18 } }
local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", position, 10000)
local contents = hover and hover[client_id] and hover[client_id].result and hover[client_id].result.contents
check(contents and contents.value:find("unused_stored_input", 1, true), "hover is " .. vim.inspect(hover))

local range = { start = { line = 4, character = 0 }, ["end"] = { line = 4, character = 0 } }
local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction",
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = range, context = { diagnostics = {} } }, 10000)
local list = actions and actions[client_id] and actions[client_id].result or {}
check(#list == 2 and list[1].title == "Disable unused_stored_input for this line", "code actions are " .. vim.inspect(list))

-- Insert an emoji after the first one (byte column 11): the finding moves by four bytes.
vim.api.nvim_buf_set_text(buf, 4, 11, 4, 11, { "🎉" })
wait_for("the moved diagnostic", function()
  local now = diagnostics()
  return #now == 1 and now[1].col == 23
end)

-- Apply the "disable for this line" edit as the client would: the finding is not published.
vim.lsp.util.apply_workspace_edit(list[1].edit, "utf-16")
wait_for("the suppression to silence the finding", function() return #diagnostics() == 0 end)
check(vim.api.nvim_buf_get_lines(buf, 4, 5, false)[1]:find("viewlint:disable-next-line unused_stored_input", 1, true),
  "the suppression was not inserted")

vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 10)
io.stdout:write("neovim: diagnostics, hover, code actions and incremental edits work\n")
vim.cmd("qall!")
