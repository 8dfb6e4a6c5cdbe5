-- :checkhealth agis — which agis-lsp the configs start for the current buffer, and whether it runs.
-- vim.health.start/ok/warn/error (0.10+), vim.health.report_* (0.8-0.9), health#report_* (0.7).
local M = {}

local function reporter()
  local h = vim.health or {}
  local function pick(new, old)
    return h[new] or h["report_" .. new] or function(msg) vim.fn["health#report_" .. new](msg) end
  end
  return pick("start"), pick("ok"), pick("warn"), pick("error"), pick("info")
end

function M.check()
  local start, ok, warn, error, info = reporter()
  local agis = require("agis")
  local file = vim.api.nvim_buf_get_name(0)
  start("agis-lsp")
  local cmd, source = agis.cmd(file)
  info(string.format("buffer: %s; project root: %s", file ~= "" and file or "(none)", agis.root(file ~= "" and file or vim.fn.getcwd() .. "/x")))
  local exe = vim.fn.exepath(cmd[1])
  if exe == "" then
    error(string.format("command %s (from %s) is not executable", table.concat(cmd, " "), source),
      { "make the project's venv: python3 -m venv .venv && .venv/bin/pip install agis-lsp (or the wheel)",
        "or set vim.g.agis_lsp_cmd = { '/path/to/agis-lsp' }" })
    return
  end
  ok(string.format("command (from %s): %s -> %s", source, table.concat(cmd, " "), exe))
  if #cmd == 1 then
    local version = vim.fn.system({ exe, "--version" })
    if vim.v.shell_error == 0 then ok("version: " .. vim.trim(version)) else warn("`" .. exe .. " --version` failed: " .. vim.trim(version)) end
  end
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  local running = {}
  for _, c in ipairs(get_clients()) do
    if c.name == "agis-lsp" or c.name == "agis_lsp" then table.insert(running, string.format("%s (id %d, root %s)", c.name, c.id, c.config.root_dir or "?")) end
  end
  if #running > 0 then ok("running: " .. table.concat(running, "; ")) else info("no agis-lsp client is running") end
end

return M
