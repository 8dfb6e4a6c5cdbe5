-- Neovim end-to-end driver (run by test_neovim_e2e.py):
--   nvim --headless -u NONE -i NONE -n -c "luafile tests/editors/nvim_e2e.lua"
-- with AGIS_NVIM_RTP (editors/nvim), AGIS_NVIM_CONFIG (the config snippet to source),
-- AGIS_NVIM_CMD (JSON argv of the server), AGIS_NVIM_SETTINGS (JSON), AGIS_NVIM_FILE,
-- AGIS_NVIM_CODE, AGIS_NVIM_FIX (a quick fix title substring), AGIS_NVIM_RESULT; AGIS_NVIM_MODE=rename
-- with AGIS_NVIM_OLD and AGIS_NVIM_RENAME renames a method instead, then tries omni-completion;
-- AGIS_NVIM_MODE=codelens runs the "Scan this server" lens; AGIS_NVIM_MODE=health only runs :checkhealth agis
-- (AGIS_NVIM_HEALTH=1: after the quick fix).
-- Every wait is vim.wait with a timeout; the outcome goes to the RESULT file as JSON.
local env = function(name) return (assert(os.getenv(name), name .. " is not set")) end
local result = { ok = false, steps = {}, nvim = tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch }
local t0 = vim.loop.hrtime()
local function step(name) table.insert(result.steps, { name = name, ms = math.floor((vim.loop.hrtime() - t0) / 1e6) }) end
local code, fix_title = env("AGIS_NVIM_CODE"), env("AGIS_NVIM_FIX")
local nvim08 = vim.fn.has("nvim-0.8") == 1
local mode = os.getenv("AGIS_NVIM_MODE") or "fix"   -- "fix" (the quick fix) or "rename" (+ completion)
-- APIs renamed across versions: get_active_clients (0.7-0.10) / get_clients (0.10+); client methods
-- are called with ':' from 0.11 on (the '.' form still works before that).
local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
local function request_sync(client, method, params, timeout, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then return client:request_sync(method, params, timeout, bufnr) end
  return client.request_sync(method, params, timeout, bufnr)
end

local function write_result()
  local f = assert(io.open(env("AGIS_NVIM_RESULT"), "w"))
  f:write(vim.fn.json_encode(result))
  f:close()
end

local function codes(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(out, { code = d.code, lnum = d.lnum, col = d.col, message = d.message, source = d.source, severity = d.severity })
  end
  return out
end

local function has_code(bufnr)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code then return d end
  end
  return nil
end

-- The LSP form of a vim.diagnostic item (what textDocument/codeAction wants in its context).
local function to_lsp(d)
  local lsp = vim.deepcopy((d.user_data or {}).lsp or {})
  lsp.range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col } }
  lsp.message, lsp.code, lsp.source, lsp.severity = d.message, d.code, d.source, d.severity
  return lsp
end

local function fix_flow(client, bufnr)
  assert(vim.wait(60000, function() return has_code(bufnr) ~= nil end, 50),
    "no " .. code .. " diagnostic within 60 s; got " .. vim.inspect(codes(bufnr)))
  result.before = codes(bufnr)
  step("diagnostic received")

  local diag = has_code(bufnr)
  -- what the snippet configures: omni-completion and the rule code in virtual text and the float
  result.omnifunc = vim.bo[bufnr].omnifunc
  local cfg = vim.diagnostic.config(nil, vim.lsp.diagnostic.get_namespace(client.id)) or {}
  local vt, fl = type(cfg.virtual_text) == "table" and cfg.virtual_text.format, type(cfg.float) == "table" and cfg.float.format
  result.virtual_text = vt and vt(diag) or vim.NIL
  result.float = fl and fl(diag) or vim.NIL
  -- the syntax group under the defect (the ftdetect/syntax fallback of editors/nvim)
  result.syntax_at_defect = vim.fn.synIDattr(vim.fn.synID(diag.lnum + 1, diag.col + 1, 1), "name")
  -- what a user does: put the cursor on the defect and ask for code actions
  vim.api.nvim_win_set_cursor(0, { diag.lnum + 1, diag.col })
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = to_lsp(diag).range,
    context = { diagnostics = { to_lsp(diag) }, only = { "quickfix" } },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 15000)
  assert(responses, "textDocument/codeAction: no answer within 15 s")
  local chosen
  result.actions = {}
  for _, resp in pairs(responses) do
    assert(not resp.error, "textDocument/codeAction error: " .. vim.inspect(resp.error))
    for _, action in ipairs(resp.result or {}) do
      table.insert(result.actions, action.title)
      if not chosen and action.title:find(fix_title, 1, true) then chosen = action end
    end
  end
  assert(chosen, "no code action titled '" .. fix_title .. "' in " .. vim.inspect(result.actions))
  step("code action received")

  local before = vim.api.nvim_buf_get_changedtick(bufnr)
  if nvim08 then
    -- 0.8+: the user-facing call, applying the one action the filter leaves without a prompt
    result.applied_with = "vim.lsp.buf.code_action{apply=true}"
    vim.lsp.buf.code_action({
      context = { diagnostics = { to_lsp(diag) }, only = { "quickfix" } },
      filter = function(action) return action.title:find(fix_title, 1, true) ~= nil end,
      apply = true,
    })
    assert(vim.wait(15000, function() return vim.api.nvim_buf_get_changedtick(bufnr) ~= before end, 50),
      "vim.lsp.buf.code_action{apply=true} changed nothing within 15 s")
  else
    -- 0.7: no `apply`; request the action (above) and apply its workspace edit
    result.applied_with = "vim.lsp.util.apply_workspace_edit"
    if not chosen.edit and not chosen.command then   -- lazily resolved actions
      local resolved = request_sync(client, "codeAction/resolve", chosen, 15000, bufnr)
      assert(resolved and resolved.result, "codeAction/resolve failed: " .. vim.inspect(resolved))
      chosen = resolved.result
    end
    assert(chosen.edit, "the quick fix has no workspace edit: " .. vim.inspect(chosen))
    vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding or "utf-16")
    if chosen.command then request_sync(client, "workspace/executeCommand", chosen.command, 15000, bufnr) end
  end
  vim.cmd("write")
  step("fix applied and written")

  assert(vim.wait(30000, function() return has_code(bufnr) == nil end, 50),
    code .. " still reported 30 s after the fix: " .. vim.inspect(codes(bufnr)))
  result.after = codes(bufnr)
  step("diagnostic cleared")

  vim.cmd("edit!")   -- re-read from disk: the fix must be in the file, not only in the buffer
  result.text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
  result.ok = true
end

local function termcodes(keys) return vim.api.nvim_replace_termcodes(keys, true, false, true) end

-- Omni-completion as a user does it: a new line `text`, then A<C-x><C-o> in Insert mode. Insert mode
-- blocks this script ("x!"), so a timer polls complete_info() and leaves with <C-e><Esc> once the
-- server's items are in the menu (or after 15 s). Returns the menu's words.
local function omni_complete(bufnr, after_line, text)
  vim.api.nvim_buf_set_lines(bufnr, after_line, after_line, false, { text })
  vim.api.nvim_win_set_cursor(0, { after_line + 1, 0 })
  local items, polls = nil, 0
  local timer = vim.loop.new_timer()
  timer:start(100, 100, vim.schedule_wrap(function()
    if items then return end
    polls = polls + 1
    local info = vim.fn.complete_info({ "items" })
    if #info.items > 0 or polls > 150 then
      items = info.items
      timer:stop()
      timer:close()
      vim.api.nvim_feedkeys(termcodes("<C-e><Esc>"), "n", false)
    end
  end))
  vim.api.nvim_feedkeys(termcodes("A<C-x><C-o>"), "x!", false)   -- returns when Insert mode ends
  vim.api.nvim_buf_set_lines(bufnr, after_line, after_line + 1, false, {})   -- the line goes again
  return vim.tbl_map(function(i) return i.word end, items or {})
end

-- Rename a method (AGIS_NVIM_OLD -> AGIS_NVIM_RENAME) with vim.lsp.buf.rename, the user-facing call
-- on both 0.7 and 0.8+ (prepareRename, then rename, then the WorkspaceEdit applied); write the buffer.
-- Before that: prepareRename answers on the method and refuses a key; an invalid name is an error.
local function rename_flow(client, bufnr)
  local old_name, new_name = env("AGIS_NVIM_OLD"), env("AGIS_NVIM_RENAME")
  local uri = vim.uri_from_bufnr(bufnr)
  local mline, mcol, kline
  for i, l in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local s = l:find("method: " .. old_name, 1, true)
    if s and not mline then mline, mcol = i - 1, s - 1 + #"method: " end
    if l:find("^service:") then kline = i - 1 end
  end
  assert(mline and kline, "no 'method: " .. old_name .. "' or 'service:' line in the file")
  local function at(line, character) return { textDocument = { uri = uri }, position = { line = line, character = character } } end
  local prep = request_sync(client, "textDocument/prepareRename", at(mline, mcol + 1), 15000, bufnr)
  assert(prep and not prep.err, "prepareRename on the method failed: " .. vim.inspect(prep))
  result.prepare = prep.result
  local refused = request_sync(client, "textDocument/prepareRename", at(kline, 2), 15000, bufnr)
  assert(refused and not refused.err, "prepareRename on a key failed: " .. vim.inspect(refused))
  result.prepare_on_key = refused.result == nil and vim.NIL or refused.result
  local bad = vim.tbl_extend("force", at(mline, mcol), { newName = new_name .. "ING" })
  local invalid = request_sync(client, "textDocument/rename", bad, 15000, bufnr)
  result.invalid_name_error = invalid and invalid.err and invalid.err.message or vim.NIL
  step("prepareRename answered")

  vim.api.nvim_win_set_cursor(0, { mline + 1, mcol + 1 })
  local before = vim.api.nvim_buf_get_changedtick(bufnr)
  result.applied_with = "vim.lsp.buf.rename('" .. new_name .. "')"
  vim.lsp.buf.rename(new_name)
  assert(vim.wait(15000, function() return vim.api.nvim_buf_get_changedtick(bufnr) ~= before end, 50),
    "vim.lsp.buf.rename changed nothing within 15 s")
  vim.cmd("write")
  step("renamed and written")
  vim.cmd("edit!")   -- re-read from disk: the rename must be in the file
  result.text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")

  -- omni-completion on a new endpoint's method (after the rename: the buffer is not written again)
  local endpoints
  for i, l in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if l == "endpoints:" then endpoints = i end
  end
  result.completion = omni_complete(bufnr, endpoints, "  - method: F")
  step("omni-completion shown")
  result.ok = true
end

-- The "Scan this server" code lens on an MCP client configuration: shown without any request from
-- the test (the snippet asks for lenses on attach), then run with vim.lsp.codelens.run() on its line,
-- which scans that server; its findings (AGIS_NVIM_CODE) land on the buffer.
local function codelens_flow(client, bufnr)
  local lenses
  assert(vim.wait(60000, function()
    lenses = vim.lsp.codelens.get(bufnr)
    return #lenses > 0 and lenses[1].command ~= nil
  end, 100), "no code lens within 60 s")
  result.lenses = {}
  for _, l in ipairs(lenses) do
    table.insert(result.lenses, { title = l.command.title, command = l.command.command,
      line = l.range.start.line, name = l.command.arguments and l.command.arguments[2] })
  end
  step("code lens shown")
  vim.api.nvim_win_set_cursor(0, { lenses[1].range.start.line + 1, 0 })
  vim.lsp.codelens.run()
  assert(vim.wait(150000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do if d.code == code then return true end end
    return false
  end, 200), "no " .. code .. " on the buffer after the scan; got " .. vim.inspect(codes(bufnr)))
  result.after = codes(bufnr)
  step("scan findings shown")
  result.ok = true
end

-- :checkhealth agis, its report buffer's text
local function health()
  vim.cmd("checkhealth agis")
  result.health = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
end

-- AGIS_NVIM_MODE=health: no server is expected to start (its command is missing); open the file, give
-- the config the time to try, then :checkhealth agis.
local function health_flow()
  vim.cmd("edit " .. vim.fn.fnameescape(env("AGIS_NVIM_FILE")))
  vim.wait(3000, function() return false end, 100)
  result.clients = #get_clients()
  health()
  result.ok = true
end

local function run()
  vim.opt.rtp:prepend(env("AGIS_NVIM_RTP"))
  if env("AGIS_NVIM_CMD") ~= "" then vim.g.agis_lsp_cmd = vim.fn.json_decode(env("AGIS_NVIM_CMD")) end
  vim.g.agis_lsp_settings = vim.fn.json_decode(env("AGIS_NVIM_SETTINGS"))
  vim.cmd("filetype plugin indent on")
  vim.cmd("syntax on")
  dofile(env("AGIS_NVIM_CONFIG"))
  if mode == "health" then return health_flow() end
  vim.cmd("edit " .. vim.fn.fnameescape(env("AGIS_NVIM_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype
  result.syntax = vim.bo[bufnr].syntax
  step("file opened")

  local client
  assert(vim.wait(30000, function()
    client = get_clients()[1]
    return client ~= nil and client.initialized
  end, 50), "the agis-lsp client did not start and initialize within 30 s")
  result.client = client.name
  assert(vim.lsp.buf_is_attached(bufnr, client.id), "the client is not attached to the buffer")
  step("client initialized")

  if mode == "rename" then return rename_flow(client, bufnr) end
  if mode == "codelens" then return codelens_flow(client, bufnr) end
  fix_flow(client, bufnr)
  if os.getenv("AGIS_NVIM_HEALTH") == "1" then
    result.ok = false
    health()
    result.ok = true
  end
end

local ok, err = xpcall(run, debug.traceback)
if not ok then result.error = tostring(err) end
result.ms = math.floor((vim.loop.hrtime() - t0) / 1e6)
pcall(write_result)
vim.lsp.stop_client(vim.tbl_map(function(c) return c.id end, get_clients()))
vim.wait(3000, function() return #get_clients() == 0 end, 50)
vim.cmd("qa!")
