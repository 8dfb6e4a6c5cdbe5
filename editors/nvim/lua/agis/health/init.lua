-- :checkhealth agis — for the buffer you were editing (not the health buffer, not Neovim's current
-- directory): its project root, the project's .venv/bin/agis-lsp, the command the configs start for it,
-- and the command each running agis-lsp client actually started.
-- vim.health.start/ok/warn/error (0.10+), vim.health.report_* (0.8-0.9), health#report_* (0.7).
local M = {}

local function reporter()
  local h = vim.health or {}
  local function pick(new)
    local f = h[new] or h["report_" .. new]
    if f then return f end
    return function(msg, advice)
      if advice then vim.fn["health#report_" .. new](msg, advice) else vim.fn["health#report_" .. new](msg) end
    end
  end
  return pick("start"), pick("ok"), pick("warn"), pick("error"), pick("info")
end

local function clients()
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  local out = {}
  for _, name in ipairs({ "agis-lsp", "agis_lsp" }) do
    local ok, found = pcall(get_clients, { name = name })
    for _, c in ipairs(ok and found or {}) do if c.name == name then table.insert(out, c) end end
  end
  return out
end

local function is_file(bufnr)
  return bufnr > 0 and vim.api.nvim_buf_is_valid(bufnr) and vim.bo[bufnr].buftype == ""
    and vim.api.nvim_buf_get_name(bufnr) ~= ""
end

-- The buffer the report is about: the one you came from (the alternate buffer of the health window),
-- else a buffer a running client is attached to, else the last file the configs started a server for.
local function subject(running)
  local alt = vim.fn.bufnr("#")
  if is_file(alt) then return vim.api.nvim_buf_get_name(alt) end
  for _, c in ipairs(running) do
    for bufnr in pairs(c.attached_buffers or {}) do
      if is_file(bufnr) then return vim.api.nvim_buf_get_name(bufnr) end
    end
  end
  local agis = require("agis")
  return agis.last and agis.last.file or ""
end

local function version_of(exe, ok, warn)
  local out = vim.fn.system({ exe, "--version" })
  if vim.v.shell_error == 0 then ok("version: " .. vim.trim(out)) else warn("`" .. exe .. " --version` failed: " .. vim.trim(out)) end
end

-- Advice that works while agis-lsp is not on the package index: a wheel built from a checkout, or the checkout itself.
local function advice(root)
  return {
    string.format("in the project (%s): python3 -m venv .venv && .venv/bin/pip install /path/to/agis_lsp-*.whl "
      .. "(the wheel `.venv/bin/python scripts/release.py` builds in a checkout of agis-lsp)", root),
    "or from a checkout of agis-lsp: python3 -m venv .venv && .venv/bin/pip install -e . , then "
      .. "vim.g.agis_lsp_cmd = { '/path/to/agis-lsp/.venv/bin/agis-lsp' }",
    "or pipx install /path/to/agis_lsp-*.whl (agis-lsp on PATH)",
  }
end

local function describe(cmd)
  if type(cmd) == "table" then return table.concat(cmd, " ") end
  return nil
end

function M.check()
  local start, ok, warn, error, info = reporter()
  local agis = require("agis")
  local running = clients()
  local file = subject(running)
  local root = agis.root(file ~= "" and file or vim.fn.getcwd() .. "/x")
  start("agis-lsp: the buffer's project")
  info(string.format("buffer: %s; project root: %s", file ~= "" and file or "(none)", root))
  local venv = vim.fn.findfile(".venv/bin/agis-lsp", vim.fn.fnamemodify(file ~= "" and file or root .. "/x", ":p:h") .. ";")
  if venv ~= "" and vim.fn.executable(vim.fn.fnamemodify(venv, ":p")) == 1 then
    ok("the project's server: " .. vim.fn.fnamemodify(venv, ":p"))
  else
    info("no .venv/bin/agis-lsp in " .. root .. " or above it")
  end
  local cmd, source = agis.resolve(file)
  local exe = vim.fn.exepath(cmd[1])
  if exe == "" then
    error(string.format("command %s (from %s) is not executable", table.concat(cmd, " "), source), advice(root))
  else
    ok(string.format("command (from %s): %s -> %s", source, table.concat(cmd, " "), exe))
    if #cmd == 1 then version_of(exe, ok, warn) end
  end

  start("agis-lsp: running clients")
  if #running == 0 then
    info("no agis-lsp client is running")
    return
  end
  for _, c in ipairs(running) do
    local started = describe(c.config.cmd)
    if not started then     -- a function (the 0.11 config): the command it started, as recorded by agis.cmd
      local rec = agis.started[c.config.root_dir or ""] or agis.last
      started = rec and table.concat(rec.cmd, " ") or "(a function; not recorded)"
    end
    ok(string.format("running: %s (id %d, root %s): %s", c.name, c.id, c.config.root_dir or "?", started))
    if exe ~= "" and started ~= table.concat(cmd, " ") then
      warn(string.format("this client started `%s`, this buffer's project would start `%s`", started,
        table.concat(cmd, " ")), { "restart the client (:LspRestart, or reopen the file) to use the project's server" })
    end
  end
end

return M
