# shellcheck shell=bash disable=SC2034 # variables are used by the scripts that source this file
# tools/prometheus/lib.sh: shared helpers for tools/prometheus/*.sh (sourced, not run).
#
# All state lives in PROMETHEUS_HOME (default <repo>/.tools/prometheus/): prometheus.yml (regenerated on every
# start), metrics-token (the bearer token it scrapes with, mode 600), data/ (the TSDB), prometheus.log and
# prometheus.pid. Prometheus runs as the invoking user and never as a system service. A test gives its own
# PROMETHEUS_HOME and PROMETHEUS_PORT to run an instance of its own next to a developer's.
#
# Environment (all optional):
#   PROMETHEUS_HOME             state directory (default <repo>/.tools/prometheus)
#   PROMETHEUS_PORT             TCP port on 127.0.0.1 (default 9090)
#   PROMETHEUS_TARGETS          host:port of each service to scrape, separated by spaces or commas (default: the
#                               five processes of `npm run cluster`, 127.0.0.1:CLUSTER_PORT_BASE..+4)
#   CLUSTER_PORT_BASE           as for `npm run cluster` (default 3000)
#   METRICS_TOKEN               the services' /metrics bearer token (default: .tools/cluster/keys/metrics-token
#                               of `npm run cluster`, else the one of the last start)
#   PROMETHEUS_SCRAPE_INTERVAL  scrape and evaluation interval (default 5s)
#   PROMETHEUS_START_TIMEOUT    seconds to wait for /-/ready (default 30)
#   PROMETHEUS_STOP_TIMEOUT     seconds to wait after SIGTERM before SIGKILL (default 30)
#   PROMETHEUS_LOG_TAIL         lines of prometheus.log printed on failure (default 80; 200 when CI=true)

PROMETHEUS_TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$PROMETHEUS_TOOLS_DIR/../lib.sh"
REPO_ROOT="$(cd "$PROMETHEUS_TOOLS_DIR/../.." && pwd)"
PROMETHEUS_HOME="${PROMETHEUS_HOME:-$REPO_ROOT/.tools/prometheus}"
PROMETHEUS_DATA="$PROMETHEUS_HOME/data"
PROMETHEUS_CONFIG="$PROMETHEUS_HOME/prometheus.yml"
PROMETHEUS_TOKEN_FILE="$PROMETHEUS_HOME/metrics-token"
PROMETHEUS_LOG="$PROMETHEUS_HOME/prometheus.log"
PROMETHEUS_PID_FILE="$PROMETHEUS_HOME/prometheus.pid"
PROMETHEUS_HOST=127.0.0.1
PROMETHEUS_PORT="${PROMETHEUS_PORT:-9090}"
PROMETHEUS_URL="http://$PROMETHEUS_HOST:$PROMETHEUS_PORT"
PROMETHEUS_SCRAPE_INTERVAL="${PROMETHEUS_SCRAPE_INTERVAL:-5s}"
PROMETHEUS_START_TIMEOUT="${PROMETHEUS_START_TIMEOUT:-30}"
PROMETHEUS_STOP_TIMEOUT="${PROMETHEUS_STOP_TIMEOUT:-30}"
if [[ "${CI:-}" == "true" ]]; then PROMETHEUS_LOG_TAIL="${PROMETHEUS_LOG_TAIL:-200}"; else PROMETHEUS_LOG_TAIL="${PROMETHEUS_LOG_TAIL:-80}"; fi

prometheus_log() { tool_log prometheus "$@"; }
prometheus_die() { tool_die prometheus "$@"; }

prometheus_log_tail() { tool_log_tail prometheus "$PROMETHEUS_LOG" "$PROMETHEUS_LOG_TAIL"; }

# Serialises start/stop of one PROMETHEUS_HOME's instance.
prometheus_lock() { tool_lock prometheus "$PROMETHEUS_HOME" 120 7; }

# Sets PROMETHEUS_BIN, installing Debian's prometheus package if it is missing.
prometheus_find_bin() {
  PROMETHEUS_BIN="$(command -v prometheus || true)"
  [[ -n "$PROMETHEUS_BIN" ]] && return 0
  tool_apt_install prometheus prometheus
  PROMETHEUS_BIN=/usr/bin/prometheus
}

# Prints the pid of this PROMETHEUS_HOME's instance if it is running (checks the command line, not just the pid).
prometheus_pid() { tool_pid "$PROMETHEUS_PID_FILE" "--config.file=$PROMETHEUS_CONFIG"; }
