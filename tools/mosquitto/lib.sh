# shellcheck shell=bash disable=SC2034 # variables are used by the scripts that source this file
# tools/mosquitto/lib.sh: shared helpers for tools/mosquitto/*.sh (sourced, not run).
#
# Paths are derived from this file's location: all state lives in <repo>/.tools/mosquitto/
# (data/ for the persistent sessions, mosquitto.conf, mosquitto.log, mosquitto.pid). The broker runs
# as the invoking user and never as a system service.
#
# Environment (all optional):
#   MOSQUITTO_PORT           TCP port on 127.0.0.1 (default 18830; not 1883, which a system broker may use)
#   MOSQUITTO_START_TIMEOUT  seconds to wait for the port to open (default 30)
#   MOSQUITTO_STOP_TIMEOUT   seconds to wait after SIGTERM before SIGKILL (default 30)
#   MOSQUITTO_LOG_TAIL       lines of mosquitto.log printed on failure (default 80; 200 when CI=true)

MOSQUITTO_TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$MOSQUITTO_TOOLS_DIR/../lib.sh"
REPO_ROOT="$(cd "$MOSQUITTO_TOOLS_DIR/../.." && pwd)"
MOSQUITTO_HOME="$REPO_ROOT/.tools/mosquitto"
MOSQUITTO_DATA="$MOSQUITTO_HOME/data"
MOSQUITTO_CONFIG="$MOSQUITTO_HOME/mosquitto.conf"
MOSQUITTO_LOG="$MOSQUITTO_HOME/mosquitto.log"
MOSQUITTO_PID_FILE="$MOSQUITTO_HOME/mosquitto.pid"
MOSQUITTO_HOST=127.0.0.1
MOSQUITTO_PORT="${MOSQUITTO_PORT:-18830}"
# Not named MQTT_URL: exported into a test shell, that would turn on the connector of every service started
# from it (and stop those without MQTT_TOPICS).
MOSQUITTO_URL="mqtt://$MOSQUITTO_HOST:$MOSQUITTO_PORT"
MOSQUITTO_START_TIMEOUT="${MOSQUITTO_START_TIMEOUT:-30}"
MOSQUITTO_STOP_TIMEOUT="${MOSQUITTO_STOP_TIMEOUT:-30}"
if [[ "${CI:-}" == "true" ]]; then MOSQUITTO_LOG_TAIL="${MOSQUITTO_LOG_TAIL:-200}"; else MOSQUITTO_LOG_TAIL="${MOSQUITTO_LOG_TAIL:-80}"; fi

mosquitto_log() { tool_log mosquitto "$@"; }
mosquitto_die() { tool_die mosquitto "$@"; }

mosquitto_log_tail() { tool_log_tail mosquitto "$MOSQUITTO_LOG" "$MOSQUITTO_LOG_TAIL"; }

# Serialises start/stop of this repo's broker (e.g. a test restarting it while another starts it).
mosquitto_lock() { tool_lock mosquitto "$MOSQUITTO_HOME" 120 7; }

# Sets MOSQUITTO_BIN, installing Debian's mosquitto package if it is missing.
mosquitto_find_bin() {
  MOSQUITTO_BIN="$(command -v mosquitto || true)"
  [[ -z "$MOSQUITTO_BIN" && -x /usr/sbin/mosquitto ]] && MOSQUITTO_BIN=/usr/sbin/mosquitto
  [[ -n "$MOSQUITTO_BIN" ]] && return 0
  tool_apt_install mosquitto mosquitto
  MOSQUITTO_BIN=/usr/sbin/mosquitto
}

# Prints the pid of this repo's broker if it is running (checks the command line, not just the pid).
mosquitto_pid() { tool_pid "$MOSQUITTO_PID_FILE" "-c $MOSQUITTO_CONFIG"; }

