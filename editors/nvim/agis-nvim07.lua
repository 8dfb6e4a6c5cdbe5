-- agis-lsp for Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client); also works on
-- 0.8-0.10. Put editors/nvim on 'runtimepath' (for the `agis` filetype) and source this file:
--   vim.opt.rtp:append("/path/to/agis-lsp/editors/nvim")
--   dofile("/path/to/agis-lsp/editors/nvim/agis-nvim07.lua")
-- Options (set before sourcing): vim.g.agis_lsp_cmd = { "/path/to/python", "-m", "agis_lsp.lsp" }
--                                vim.g.agis_lsp_settings = { level = 2, severity = { AGIS104 = "off" } }
local cmd = vim.g.agis_lsp_cmd or { "agis-lsp" }
local settings = { agis = vim.g.agis_lsp_settings or vim.empty_dict() }
local root_markers = { ".agis-lint.toml", "pyproject.toml", ".git" }
local clients = {} -- root_dir -> client id
-- Diagnostics of this server show their rule code, in virtual text and in the float; the float also
-- gives the rule's documentation link (codeDescription). Per namespace: other servers are untouched.
local function with_code(d)
  local lsp = d.user_data and d.user_data.lsp or {}
  local code = d.code or lsp.code
  return code and string.format("%s: %s", code, d.message) or d.message
end
local function with_link(d)
  local lsp = d.user_data and d.user_data.lsp or {}
  local href = lsp.codeDescription and lsp.codeDescription.href
  return href and (with_code(d) .. "\n  " .. href) or with_code(d)
end
local diagnostic_opts = { virtual_text = { format = with_code }, float = { format = with_link } }
local function configure_diagnostics(id)
  vim.diagnostic.config(diagnostic_opts, vim.lsp.diagnostic.get_namespace(id))
  pcall(function()  -- 0.10+: pulled diagnostics have a namespace of their own
    vim.diagnostic.config(diagnostic_opts, vim.lsp.diagnostic.get_namespace(id, true))
  end)
end

local function root_dir(file)
  local dir = vim.fn.fnamemodify(file, ":p:h")
  for _, marker in ipairs(root_markers) do
    local found = vim.fn.findfile(marker, dir .. ";")
    if found == "" then found = vim.fn.finddir(marker, dir .. ";") end
    if found ~= "" then return (vim.fn.fnamemodify(found, ":p:h"):gsub("/%.git$", "")) end
  end
  return dir
end

local function attach(args)
  local bufnr = args.buf
  local root = root_dir(vim.api.nvim_buf_get_name(bufnr))
  local id = clients[root]
  if not id or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client({
      name = "agis-lsp",
      cmd = cmd,
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
      settings = settings,        -- answers workspace/configuration
      init_options = settings,    -- read at initialize (0.7 does not advertise workspace/configuration)
    })
    if not id then return end
    clients[root] = id
    configure_diagnostics(id)
  end
  vim.lsp.buf_attach_client(bufnr, id)
  -- 0.7 sets no omnifunc for a client started by hand: <C-x><C-o> asks the server
  vim.api.nvim_buf_set_option(bufnr, "omnifunc", "v:lua.vim.lsp.omnifunc")
end

local group = vim.api.nvim_create_augroup("agis_lsp", { clear = true })
vim.api.nvim_create_autocmd("FileType", { group = group, pattern = "agis", callback = attach })
-- AGTP-API deployment files keep filetype toml, the agent-interface formats json/yaml;
-- the server is attached to them by name.
vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
  group = group,
  pattern = { "*/endpoints/*.toml", "agtp-server.toml", "agtp-recipes.toml",
    -- A2T, ADP, AINP, MCP tool lists, agis.json (agis_lsp.formats.registry file globs;
    -- kept equal by tests/formats/test_editor_patterns.py)
    "*/.well-known/agis.json", "agis.json", "*.agis-wellknown.json", "*.a2t.json", "*.a2t.yaml",
    "*.a2t.yml", "a2t-tools.json", "a2t-tools.yaml", "*/.well-known/agent",
    "*/.well-known/agent.json", "*.adp.json", "*.adp.yaml", "agent-manifest.json",
    "*.adp-capability.json", "*.adp-capability.yaml", "*/api/capabilities/*.json",
    "*/.ainp/manifest", "*/.ainp/manifest.json", "*/.ainp/manifest.yaml",
    "*/.ainp/manifest.yml", "*.ainp.yaml", "*.ainp.yml", "*.ainp.json", "ainp-manifest.yaml",
    "ainp-manifest.json", "*.ainp-query.json", "*.ainp-execute.json", "*/.ainp/query.json",
    "*/.ainp/execute.json", "*.ainp-message.json",
    "*/.vscode/mcp.json", "*/.cursor/mcp.json", ".mcp.json", ".claude.json",
    "claude_desktop_config.json", "*/.codeium/windsurf/mcp_config.json", "*/.continue/config.yaml", "*/.continue/mcpServers/*.yaml",
    "*.mcp.json", "*.mcp.yaml", "*.mcp.yml",
    "mcp-tools.json", "mcp-tools.yaml", "tools-list.json", "*/mcp/tools.json", "*/mcp/tools" },
  callback = attach,
})
