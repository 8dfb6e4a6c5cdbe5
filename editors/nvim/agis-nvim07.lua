-- agis-lsp for Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client); also works on
-- 0.8-0.10. Put editors/nvim on 'runtimepath' (for the `agis` filetype) and source this file:
--   vim.opt.rtp:append("/path/to/agis-lsp/editors/nvim")
--   dofile("/path/to/agis-lsp/editors/nvim/agis-nvim07.lua")
-- The command: vim.g.agis_lsp_cmd if set, else the project's .venv/bin/agis-lsp (searched upward
-- from the buffer), else agis-lsp on PATH; :checkhealth agis says which.
-- Options (set before sourcing): vim.g.agis_lsp_cmd = { "/path/to/python", "-m", "agis_lsp.lsp" }
--                                vim.g.agis_lsp_settings = { level = 2, severity = { AGIS104 = "off" } }
local agis = require("agis")   -- editors/nvim/lua/agis: the command, the root, the file patterns
local clients = {} -- root_dir -> client id

local function attach(args)
  local bufnr = args.buf
  local file = vim.api.nvim_buf_get_name(bufnr)
  local root = agis.root(file)
  local settings = agis.settings()
  local id = clients[root]
  if not id or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client({
      name = "agis-lsp",
      cmd = (agis.cmd(file)),
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
      settings = settings,        -- answers workspace/configuration
      init_options = settings,    -- read at initialize (0.7 does not advertise workspace/configuration)
      on_attach = agis.on_attach, -- "Scan this server" lenses on MCP client configurations
    })
    if not id then return end
    clients[root] = id
    agis.configure_diagnostics(id)
  end
  vim.lsp.buf_attach_client(bufnr, id)
  -- 0.7 sets no omnifunc for a client started by hand: <C-x><C-o> asks the server
  vim.api.nvim_buf_set_option(bufnr, "omnifunc", "v:lua.vim.lsp.omnifunc")
end

local group = vim.api.nvim_create_augroup("agis_lsp", { clear = true })
vim.api.nvim_create_autocmd("FileType", { group = group, pattern = "agis", callback = attach })
vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
  group = group, pattern = agis.file_patterns, callback = attach })
