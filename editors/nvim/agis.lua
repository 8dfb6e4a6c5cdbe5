-- agis-lsp for Neovim 0.8+ (vim.lsp.start on FileType). Put editors/nvim on 'runtimepath'
-- (for the `agis` filetype and lua/agis) and source this file from your init.lua, e.g.
--   vim.opt.rtp:append("/path/to/agis-lsp/editors/nvim")
--   dofile("/path/to/agis-lsp/editors/nvim/agis.lua")
-- On 0.11+ editors/nvim/agis-0.11.lua is the vim.lsp.config + vim.lsp.enable form of the same.
-- The command: vim.g.agis_lsp_cmd if set, else the project's .venv/bin/agis-lsp (searched upward
-- from the buffer), else agis-lsp on PATH; :checkhealth agis says which.
-- Options (set before sourcing): vim.g.agis_lsp_cmd = { "/path/to/python", "-m", "agis_lsp.lsp" }
--                                vim.g.agis_lsp_settings = { level = 2, severity = { AGIS104 = "off" } }
local agis = require("agis")

local function start(args)
  local file = vim.api.nvim_buf_get_name(args.buf)
  local settings = agis.settings()
  local id = vim.lsp.start({
    name = "agis-lsp",
    cmd = (agis.cmd(file)),
    root_dir = agis.root(file),
    settings = settings,        -- answers workspace/configuration
    init_options = settings,    -- also read at initialize
    on_attach = agis.on_attach, -- "Scan this server" lenses on MCP client configurations
  }, { bufnr = args.buf })
  if id then agis.configure_diagnostics(id) end  -- vim.lsp.start sets omnifunc itself (0.8+)
end

local group = vim.api.nvim_create_augroup("agis_lsp", { clear = true })
vim.api.nvim_create_autocmd("FileType", { group = group, pattern = "agis", callback = start })
vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
  group = group, pattern = agis.file_patterns, callback = start })
