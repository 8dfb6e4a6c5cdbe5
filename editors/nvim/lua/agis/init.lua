-- agis-lsp for Neovim: what every config form shares (0.7 start_client, 0.8+ vim.lsp.start,
-- 0.11+ vim.lsp.config/enable, nvim-lspconfig): the files the server takes, the project root, and
-- the command, which is vim.g.agis_lsp_cmd if set, else the project's own .venv/bin/agis-lsp
-- (searched upward from the buffer), else agis-lsp on PATH. :checkhealth agis reports what was found.
local M = {}

M.root_markers = { ".agis-lint.toml", "pyproject.toml", ".git" }

-- AGTP-API deployment files keep filetype toml, the agent-interface formats json/yaml; the server is
-- attached to them by name (autocmd patterns: with a slash, matched against the full path).
M.file_patterns = { "*/endpoints/*.toml", "agtp-server.toml", "agtp-recipes.toml",
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
  -- MCP client configurations (mcp-client-config)
  "*/.vscode/mcp.json", "*/.cursor/mcp.json", ".mcp.json", ".claude.json",
  "claude_desktop_config.json", "*/.codeium/windsurf/mcp_config.json", "*/.continue/config.yaml",
  "*/.continue/mcpServers/*.yaml", "*.mcp.json", "*.mcp.yaml", "*.mcp.yml",
  "mcp-tools.json", "mcp-tools.yaml", "tools-list.json", "*/mcp/tools.json", "*/mcp/tools" }

-- MCP client configurations: the server puts a "Scan this server" code lens on each entry.
M.mcp_client_patterns = { "*/.vscode/mcp.json", "*/.cursor/mcp.json", ".mcp.json", ".claude.json",
  "claude_desktop_config.json", "*/.codeium/windsurf/mcp_config.json", "*/.continue/config.yaml",
  "*/.continue/mcpServers/*.yaml" }

local function matches_any(file, patterns)
  local tail = vim.fn.fnamemodify(file, ":t")
  for _, pattern in ipairs(patterns) do
    local subject = pattern:find("/", 1, true) and file or tail
    if vim.fn.match(subject, vim.fn.glob2regpat(pattern)) >= 0 then return true end
  end
  return false
end

--- Code lenses ("Scan this server") on an MCP client configuration: asked for when the client
-- attaches and again on BufEnter, InsertLeave and BufWritePost (Neovim shows lenses only when
-- asked: vim.lsp.codelens.refresh). Run the lens under the cursor with vim.lsp.codelens.run().
function M.enable_codelens(client, bufnr)
  local file = vim.api.nvim_buf_get_name(bufnr)
  local caps = client and (client.server_capabilities or client.resolved_capabilities) or {}
  if not matches_any(file, M.mcp_client_patterns) or not (caps.codeLensProvider or caps.code_lens) then
    return false
  end
  local function refresh()
    if vim.fn.has("nvim-0.10") == 1 then
      pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
    elseif vim.api.nvim_get_current_buf() == bufnr then
      pcall(vim.lsp.codelens.refresh)   -- 0.7-0.9: the current buffer
    end
  end
  local group = vim.api.nvim_create_augroup("agis_codelens_" .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "BufWritePost" },
    { group = group, buffer = bufnr, callback = refresh })
  refresh()
  return true
end

--- What every snippet does when the client attaches to a buffer.
function M.on_attach(client, bufnr)
  M.enable_codelens(client, bufnr)
end

--- Whether the server takes `file` by its name (for buffers whose filetype is not agis).
function M.matches(file)
  local tail = vim.fn.fnamemodify(file, ":t")
  for _, pattern in ipairs(M.file_patterns) do
    local subject = pattern:find("/", 1, true) and file or tail
    if vim.fn.match(subject, vim.fn.glob2regpat(pattern)) >= 0 then return true end
  end
  return false
end

--- The project root of `file`: the nearest directory upward with a root marker, else the file's directory.
function M.root(file)
  local dir = vim.fn.fnamemodify(file, ":p:h")
  for _, marker in ipairs(M.root_markers) do
    local found = vim.fn.findfile(marker, dir .. ";")
    if found == "" then found = vim.fn.finddir(marker, dir .. ";") end
    if found ~= "" then return (vim.fn.fnamemodify(found, ":p:h"):gsub("/%.git$", "")) end
  end
  return dir
end

--- The server command for `file` and where it came from ("vim.g.agis_lsp_cmd", ".venv", "PATH").
-- The nearest .venv/bin/agis-lsp upward from the file (the README's set-up puts it there), else PATH.
function M.resolve(file)
  if vim.g.agis_lsp_cmd then return vim.g.agis_lsp_cmd, "vim.g.agis_lsp_cmd" end
  local dir = vim.fn.fnamemodify(file ~= "" and file or vim.fn.getcwd() .. "/x", ":p:h")
  local venv = vim.fn.findfile(".venv/bin/agis-lsp", dir .. ";")
  if venv ~= "" and vim.fn.executable(vim.fn.fnamemodify(venv, ":p")) == 1 then
    return { vim.fn.fnamemodify(venv, ":p") }, ".venv"
  end
  return { "agis-lsp" }, "PATH"
end

--- resolve(file), recorded as the command a client is started with (for :checkhealth agis): the last
-- one, and the last one per project root.
M.last = nil
M.started = {}
function M.cmd(file)
  local cmd, source = M.resolve(file)
  M.last = { cmd = cmd, source = source, file = file }
  M.started[M.root(file ~= "" and file or vim.fn.getcwd() .. "/x")] = M.last
  return cmd, source
end

M.settings = function() return { agis = vim.g.agis_lsp_settings or vim.empty_dict() } end

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
function M.configure_diagnostics(id)
  vim.diagnostic.config(diagnostic_opts, vim.lsp.diagnostic.get_namespace(id))
  pcall(function()  -- 0.10+: pulled diagnostics have a namespace of their own
    vim.diagnostic.config(diagnostic_opts, vim.lsp.diagnostic.get_namespace(id, true))
  end)
end

return M
