#!/usr/bin/env bash
# Installs the pinned code-server (VS Code 1.100.3 for the browser) that the
# integration tests, the UI tests and the demo run the extension in.
#
# Target: test/host/code-server/node_modules/code-server (git-ignored). The
# version is pinned by test/host/code-server/package.json + package-lock.json,
# which are committed. A second run is a no-op while the installed version
# matches (set CODE_SERVER_REINSTALL=1 to force a fresh install).
#
# Why not a plain `npm install code-server`: its install script downloads a
# ripgrep binary from the internet, which this project's machines cannot reach.
# So every step of that script is done here by hand, offline, against Debian's
# ripgrep. Needs: node 20, npm, /usr/bin/rg (ripgrep), python3, make, g++ and
# krb5-config (libkrb5-dev) to build the native modules.
set -euo pipefail

VERSION=4.100.3
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
prefix="$here/code-server"
cs="$prefix/node_modules/code-server"
# Written as the very last step, so a half-finished install is never taken for a good one.
marker="$cs/.installed-version"

log() { printf '[code-server] %s\n' "$*"; }
step_started=$SECONDS
step() { log "$1 (+$((SECONDS - step_started)) s)"; }

if [ -z "${CODE_SERVER_REINSTALL:-}" ] && [ -f "$marker" ] && [ "$(cat "$marker")" = "$VERSION" ]; then
  log "code-server $VERSION already installed in $cs"
  exit 0
fi

# Fail early, with the fix, rather than deep inside node-gyp.
missing=()
for tool in node npm rg python3 make g++ krb5-config; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "missing tools: ${missing[*]}"
  log "install them with: apt-get install -y ripgrep python3 make g++ libkrb5-dev (and Node.js 20)"
  exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" != 20 ]; then
  log "code-server $VERSION needs Node.js 20; this is Node.js $(node --version)"
  exit 1
fi

# Quiet, offline-friendly npm: no audit or funding calls, and the answers to
# any prompt of a rebuild script (npx) are "yes" so nothing waits on a terminal.
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export npm_config_yes=true

log "installing code-server $VERSION into $prefix"
rm -f "$marker"

# 1. The package and its server-side dependencies, exactly as locked, without
#    running any install script (code-server's postinstall is the one that downloads).
(cd "$prefix" && npm ci --ignore-scripts --loglevel=error)
step "1/6 npm ci --ignore-scripts"

# 2. VS Code's own runtime dependencies (lib/vscode has its own shrinkwrap),
#    again without scripts: @vscode/ripgrep's script is the downloader.
(cd "$cs/lib/vscode" && npm install --omit=dev --ignore-scripts --loglevel=error)
step "2/6 lib/vscode: npm install --omit=dev --ignore-scripts"

# 3. Search in files needs ripgrep where @vscode/ripgrep would have put it:
#    point that path at Debian's binary instead of downloading one.
rg_dir="$cs/lib/vscode/node_modules/@vscode/ripgrep/bin"
mkdir -p "$rg_dir"
ln -sfn "$(command -v rg)" "$rg_dir/rg"
step "3/6 ripgrep -> $(command -v rg)"

# 4. Build the native modules (node-pty, spdlog, kerberos, watcher ...) for this
#    Node. With bin/rg present, @vscode/ripgrep's script has nothing to fetch.
(cd "$cs/lib/vscode" && npm rebuild --loglevel=error)
# argon2 (password hashing) is code-server's own native module; unused with
# --auth none, but code-server loads it at start.
(cd "$prefix" && npm rebuild argon2 --loglevel=error)
step "4/6 npm rebuild (native modules)"

# 5. The rest of code-server's postinstall.sh, by hand:
#    VS Code looks for some files under node_modules.asar; it is the same tree.
ln -sfn node_modules "$cs/lib/vscode/node_modules.asar"
#    The `code` CLI inside the integrated terminal and the browser helper.
ln -sfn code-linux.sh "$cs/lib/vscode/bin/remote-cli/code-server"
ln -sfn browser-linux.sh "$cs/lib/vscode/bin/helpers/browser.sh"
step "5/6 node_modules.asar and bin script links"

# 6. Runtime dependencies of the built-in extensions (git, markdown, json ...).
(cd "$cs/lib/vscode/extensions" && npm install --omit=dev --ignore-scripts --loglevel=error)
step "6/6 lib/vscode/extensions: npm install --omit=dev"

# A quick check that the server starts at all, before anyone relies on it.
"$cs/out/node/entry.js" --version >/dev/null
echo "$VERSION" >"$marker"
log "code-server $VERSION installed in $((SECONDS - step_started)) s"
