-- agis-lsp for Neovim 0.11+: vim.lsp.config + vim.lsp.enable. Put editors/nvim on 'runtimepath'
-- (for the `agis` filetype and lua/agis) and source this file from your init.lua:
--   vim.opt.rtp:append("/path/to/agis-lsp/editors/nvim")
--   dofile("/path/to/agis-lsp/editors/nvim/agis-0.11.lua")
-- Change anything later with vim.lsp.config("agis_lsp", { settings = { agis = { level = 2 } } }).
-- The command: vim.g.agis_lsp_cmd if set, else the project's .venv/bin/agis-lsp (searched upward
-- from the buffer), else agis-lsp on PATH; :checkhealth agis says which.
local agis = require("agis")

vim.lsp.config("agis_lsp", {
  -- a function: the command depends on the buffer's project (its .venv); vim.lsp.enable starts the
  -- client from the buffer being attached, which is the current one
  cmd = function(dispatchers)
    return vim.lsp.rpc.start((agis.cmd(vim.api.nvim_buf_get_name(0))), dispatchers)
  end,
  -- agis buffers, and toml/json/yaml ones whose name the server takes (endpoints/*.toml, *.mcp.json, ...)
  filetypes = { "agis", "toml", "json", "yaml" },
  root_dir = function(bufnr, on_dir)
    local file = vim.api.nvim_buf_get_name(bufnr)
    if vim.bo[bufnr].filetype == "agis" or agis.matches(file) then on_dir(agis.root(file)) end
  end,
  settings = agis.settings(),      -- answers workspace/configuration
  init_options = agis.settings(),  -- also read at initialize
  on_attach = function(client, bufnr)
    agis.configure_diagnostics(client.id)
    agis.on_attach(client, bufnr)   -- "Scan this server" lenses on MCP client configurations
  end,
})
vim.lsp.enable("agis_lsp")
