# shellcheck shell=bash
# tools/lib.sh: helpers shared by the local servers' scripts (tools/postgres, tools/kafka, tools/questdb,
# tools/mosquitto, tools/prometheus), sourced by their lib.sh. Each helper that prints takes the server's name first: it
# prefixes every line printed.

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

# tool_pid PID_FILE NEEDLE: prints the pid PID_FILE names if that process runs and its command line contains
# NEEDLE (a pid reused by another program does not count).
tool_pid() {
  local pid_file="$1" needle="$2" pid
  [[ -f "$pid_file" ]] || return 1
  pid="$(cat "$pid_file" 2>/dev/null)"
  [[ "$pid" =~ ^[0-9]+$ && -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$needle" || return 1
  printf '%s\n' "$pid"
}

# tool_stop_process NAME PID TIMEOUT_VARIABLE: SIGTERM (a server's clean shutdown), SIGKILL when it still runs
# after $TIMEOUT_VARIABLE seconds; returns once it has exited.
tool_stop_process() {
  local name="$1" pid="$2" timeout_variable="$3"
  local timeout="${!timeout_variable}"
  tool_log "$name" "stopping $name (pid $pid) ..."
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + timeout))
  while [[ -e "/proc/$pid" ]] && ((SECONDS < deadline)); do sleep 0.1; done
  if [[ -e "/proc/$pid" ]]; then
    tool_log "$name" "still running after ${timeout}s ($timeout_variable); sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while [[ -e "/proc/$pid" ]]; do sleep 0.1; done
  fi
  tool_log "$name" "stopped"
}

# tool_wait_ready NAME PID TIMEOUT_VARIABLE LOG LOG_LINES WHAT PROBE...: waits until the command PROBE...
# succeeds. Dies, after the end of LOG, when the server PID exits, or after $TIMEOUT_VARIABLE seconds (then it
# stops the server); WHAT says what it did not do in time ("accept connections on host:port").
tool_wait_ready() {
  local name="$1" pid="$2" timeout_variable="$3" log="$4" lines="$5" what="$6"
  shift 6
  local timeout="${!timeout_variable}"
  local deadline=$((SECONDS + timeout))
  until "$@"; do
    if [[ ! -e "/proc/$pid" ]]; then
      tool_log_tail "$name" "$log" "$lines"
      tool_die "$name" "$name exited during startup; see the log above ($log)"
    fi
    if ((SECONDS >= deadline)); then
      tool_log_tail "$name" "$log" "$lines"
      kill -TERM "$pid" 2>/dev/null || true
      tool_die "$name" "$name did not $what within ${timeout}s ($timeout_variable); see the log above ($log)"
    fi
    sleep 0.1
  done
}

# tool_stop_arguments NAME ARGS...: the arguments of a stop.sh. Sets wipe (true with --wipe); -h or --help
# prints the script's header comment.
tool_stop_arguments() {
  local name="$1" arg
  shift
  wipe=false
  for arg in "$@"; do
    case "$arg" in
      --wipe) wipe=true ;;
      -h | --help)
        awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
        exit 0
        ;;
      *) tool_die "$name" "unknown argument: $arg (usage: $0 [--wipe])" ;;
    esac
  done
}

# Dies unless `java` on PATH is Java 17 or later (the Kafka broker and QuestDB): tool_require_java NAME WHAT.
tool_require_java() {
  local name=$1 what=$2 line major
  command -v java >/dev/null 2>&1 ||
    tool_die "$name" "java not found on PATH: $what needs Java 17+ (Debian: apt-get install -y openjdk-17-jre-headless)"
  line="$(java -version 2>&1 | head -n 1)"
  major="$(sed -E 's/^[^"]*"([0-9]+)(\.[^"]*)?".*$/\1/' <<<"$line")"
  if [[ "$major" =~ ^[0-9]+$ ]] && ((major < 17)); then
    tool_die "$name" "$what needs Java 17+, found: $line"
  fi
}
