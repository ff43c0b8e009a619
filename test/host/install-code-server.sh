#!/usr/bin/env bash
# Installs the pinned code-server (VS Code 1.100.3 for the browser) that the
# integration tests, the UI tests and the demo run the extension in.
#
# Target: test/host/code-server/node_modules/code-server (git-ignored). The
# version is pinned by test/host/code-server/package.json + package-lock.json,
# which are committed. A second run is a no-op while the installed version
# matches (set CODE_SERVER_REINSTALL=1 to force a fresh install).
#
# Needs Node.js 20 and npm; no ripgrep, no Kerberos headers, no browser.
# code-server's own install script would download ripgrep and compile every
# native module, so its steps are done here by hand, without install scripts:
#   - argon2 (password hashing, loaded at start) is pinned by an override in
#     code-server/package.json to a release that ships prebuilt binaries;
#   - @parcel/watcher (file watching) ships prebuilt binaries as optional packages;
#   - @vscode/spdlog (VS Code's log files), node-pty (integrated terminal) and
#     native-watchdog are compiled when g++, make and python3 are there (Node's
#     own headers, as npm is set up to build addons); without them code-server
#     still starts, with no log files and no terminal, and one line says so;
#   - kerberos (proxy Kerberos authentication) is compiled only when its headers
#     (krb5-config) are there; nothing here needs it;
#   - search in files and Go to File use ripgrep only when `rg` is on the PATH.
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

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" != 20 ]; then
  log "code-server $VERSION needs Node.js 20; this is Node.js $(node --version)"
  exit 1
fi

# Quiet npm: no audit, funding or update calls, and never a script: every
# install script in code-server's tree either downloads or compiles.
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export npm_config_ignore_scripts=true

log "installing code-server $VERSION into $prefix (first time only: one to two minutes)"
rm -f "$marker"

# 1. The package and its server-side dependencies, exactly as locked.
(cd "$prefix" && npm ci --loglevel=error)
step "1/5 npm ci"

# 2. VS Code's own runtime dependencies (lib/vscode has its own shrinkwrap).
(cd "$cs/lib/vscode" && npm install --omit=dev --loglevel=error)
step "2/5 lib/vscode: npm install --omit=dev"

# 3. The rest of code-server's postinstall.sh, by hand:
#    VS Code looks for some files under node_modules.asar; it is the same tree.
ln -sfn node_modules "$cs/lib/vscode/node_modules.asar"
#    The `code` CLI inside the integrated terminal and the browser helper.
ln -sfn code-linux.sh "$cs/lib/vscode/bin/remote-cli/code-server"
ln -sfn browser-linux.sh "$cs/lib/vscode/bin/helpers/browser.sh"
#    Search in files runs ripgrep from where @vscode/ripgrep would have downloaded it.
if rg_path="$(command -v rg 2>/dev/null)"; then
  mkdir -p "$cs/lib/vscode/node_modules/@vscode/ripgrep/bin"
  ln -sfn "$rg_path" "$cs/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
  step "3/5 links (search in files uses $rg_path)"
else
  step "3/5 links (no rg on the PATH: search in files and Go to File are off, nothing else needs it)"
fi

# 4. Runtime dependencies of the built-in extensions (git, markdown, json ...).
(cd "$cs/lib/vscode/extensions" && npm install --omit=dev --loglevel=error)
step "4/5 lib/vscode/extensions: npm install --omit=dev"

# 5. Native modules, compiled for this Node with npm's own node-gyp and npm's
#    settings for Node's headers (nodedir), all at once.
node_gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
nodedir="$(npm config get nodedir 2>/dev/null || true)"
gyp_args=(rebuild --loglevel=error)
[ -n "$nodedir" ] && [ "$nodedir" != undefined ] && [ "$nodedir" != null ] && gyp_args+=("--nodedir=$nodedir")
native=(@vscode/spdlog node-pty native-watchdog)
command -v krb5-config >/dev/null 2>&1 && native+=(kerberos)
toolchain_missing=()
for tool in g++ make python3; do command -v "$tool" >/dev/null 2>&1 || toolchain_missing+=("$tool"); done
if [ "${#toolchain_missing[@]}" -gt 0 ] || [ ! -f "$node_gyp" ]; then
  log "no ${toolchain_missing[*]:-node-gyp}: VS Code's log files and the terminal are off (the log tests fail); to have them: apt-get install -y g++ make python3 && CODE_SERVER_REINSTALL=1 npm run setup:code-server"
else
  build_logs="$(mktemp -d)"
  pids=()
  for module in "${native[@]}"; do
    (cd "$cs/lib/vscode/node_modules/$module" && node "$node_gyp" "${gyp_args[@]}" >"$build_logs/${module//\//_}.log" 2>&1) &
    pids+=($!)
  done
  failed=()
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed+=("${native[$i]}"); done
  if [ "${#failed[@]}" -gt 0 ]; then
    for module in "${failed[@]}"; do tail -n 15 "$build_logs/${module//\//_}.log" >&2; done
    log "could not compile ${failed[*]} (output above): code-server starts without them; fix the build and run CODE_SERVER_REINSTALL=1 npm run setup:code-server"
  fi
  rm -rf "$build_logs"
  step "5/5 native modules: ${native[*]}"
fi

# A quick check that the server starts at all, before anyone relies on it
# (its own config file, so ~/.config/code-server is never written).
check_dir="$(mktemp -d)"
trap 'rm -rf "$check_dir"' EXIT
node "$cs/out/node/entry.js" --config "$check_dir/config.yaml" --version >/dev/null
echo "$VERSION" >"$marker"
log "code-server $VERSION installed in $((SECONDS - step_started)) s"
