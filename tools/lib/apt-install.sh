# Sourced by the ensure-*.sh scripts: installs Debian packages with apt-get,
# as root or through sudo, or explains why it cannot.
#   apt_install <log tag> <what is missing> <package>...
apt_install() {
  local tag="$1" missing="$2"
  shift 2
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "[$tag] $missing is missing and apt-get is not available: install $* by hand" >&2
    return 1
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "[$tag] not root and sudo is missing: cannot install $* with apt-get" >&2
      return 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  echo "[$tag] $missing is missing; running: ${sudo[*]:+${sudo[*]} }apt-get update"
  "${sudo[@]}" apt-get update || return 1
  echo "[$tag] running: ${sudo[*]:+${sudo[*]} }apt-get install -y --no-install-recommends $*"
  "${sudo[@]}" apt-get install -y --no-install-recommends "$@"
}
