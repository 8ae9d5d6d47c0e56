# shellcheck shell=bash
# tools/lib.sh: helpers shared by the local servers' scripts (tools/postgres, tools/kafka, tools/mosquitto),
# sourced by their lib.sh. Each helper takes the server's name first: it prefixes every line printed.

tool_log() {
  local name="$1"
  shift
  printf '[%s] %s\n' "$name" "$*" >&2
}

tool_die() {
  local name="$1"
  shift
  printf '[%s] ERROR: %s\n' "$name" "$*" >&2
  exit 1
}

# tool_log_tail NAME LOG_FILE LINES: the end of a server's log on stderr, for failures.
tool_log_tail() {
  local name="$1" log="$2" lines="$3"
  if [[ -s "$log" ]]; then
    printf '[%s] ---- last %s lines of %s ----\n' "$name" "$lines" "$log" >&2
    tail -n "$lines" "$log" >&2
    printf '[%s] ---- end of %s ----\n' "$name" "$log" >&2
  else
    tool_log "$name" "(no log at $log)"
  fi
}

# tool_lock NAME DIR TIMEOUT_S FD: serialises start/stop of one server (parallel test workers, a test restarting
# it while another starts it). The lock is held on file descriptor FD until the calling script exits; a fixed
# number, because the server the script starts must be given `FD>&-` so as not to inherit it.
tool_lock() {
  local name="$1" dir="$2" timeout="$3" fd="$4"
  [[ "$fd" =~ ^[0-9]$ ]] || tool_die "$name" "tool_lock: bad file descriptor '$fd'"
  mkdir -p "$dir"
  eval "exec $fd>\"\$dir/.lock\""
  flock -w "$timeout" "$fd" ||
    tool_die "$name" "could not lock $dir/.lock within ${timeout}s (another start/stop hanging?)"
}

# True if something accepts TCP connections on host:port.
tool_port_open() {
  (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

# tool_apt_install NAME PACKAGE: installs a missing Debian package when running as root with apt-get, or
# dies saying how to install it.
tool_apt_install() {
  local name="$1" package="$2"
  if [[ "$(id -u)" -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    tool_die "$name" "$package is not installed. Install it (Debian: sudo apt-get install -y $package)."
  fi
  tool_log "$name" "$package is not installed; installing Debian's $package package (apt-get) ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2 || tool_die "$name" "apt-get update failed (output above)"
  apt-get install -y -q --no-install-recommends "$package" >&2 ||
    tool_die "$name" "apt-get install $package failed (output above)"
}
