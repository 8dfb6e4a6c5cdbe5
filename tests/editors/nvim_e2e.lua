-- Neovim end-to-end driver (run by test_neovim_e2e.py):
--   nvim --headless -u NONE -i NONE -n -c "luafile tests/editors/nvim_e2e.lua"
-- with AGIS_NVIM_RTP (editors/nvim), AGIS_NVIM_CONFIG (the config snippet to source),
-- AGIS_NVIM_CMD (JSON argv of the server), AGIS_NVIM_SETTINGS (JSON), AGIS_NVIM_FILE,
-- AGIS_NVIM_CODE, AGIS_NVIM_FIX (a quick fix title substring), AGIS_NVIM_RESULT.
-- Every wait is vim.wait with a timeout; the outcome goes to the RESULT file as JSON.
local env = function(name) return (assert(os.getenv(name), name .. " is not set")) end
local result = { ok = false, steps = {}, nvim = tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch }
local t0 = vim.loop.hrtime()
local function step(name) table.insert(result.steps, { name = name, ms = math.floor((vim.loop.hrtime() - t0) / 1e6) }) end
local code, fix_title = env("AGIS_NVIM_CODE"), env("AGIS_NVIM_FIX")
local nvim08 = vim.fn.has("nvim-0.8") == 1
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

local function run()
  vim.opt.rtp:prepend(env("AGIS_NVIM_RTP"))
  vim.g.agis_lsp_cmd = vim.fn.json_decode(env("AGIS_NVIM_CMD"))
  vim.g.agis_lsp_settings = vim.fn.json_decode(env("AGIS_NVIM_SETTINGS"))
  vim.cmd("filetype plugin indent on")
  vim.cmd("syntax on")
  dofile(env("AGIS_NVIM_CONFIG"))
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

local ok, err = xpcall(run, debug.traceback)
if not ok then result.error = tostring(err) end
result.ms = math.floor((vim.loop.hrtime() - t0) / 1e6)
pcall(write_result)
vim.lsp.stop_client(vim.tbl_map(function(c) return c.id end, get_clients()))
vim.wait(3000, function() return #get_clients() == 0 end, 50)
vim.cmd("qa!")
