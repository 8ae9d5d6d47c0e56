# shellcheck shell=bash disable=SC2034 # variables are used by the scripts that source this file
# tools/questdb/lib.sh: shared helpers for tools/questdb/*.sh (sourced, not run).
#
# QuestDB is the time-series database `npm run bench` measures the product against (docs/benchmarks.md); the
# product never uses it. All state lives in QUESTDB_HOME (default <repo>/.tools/questdb/): libs/ (the jar,
# fetched once with Maven), root/ (QuestDB's own root: conf/server.conf, regenerated on every start, and db/,
# the tables), questdb.log and questdb.pid.
#
# Environment (all optional):
#   QUESTDB_HOME            state directory (default <repo>/.tools/questdb)
#   QUESTDB_HTTP_PORT       HTTP (REST /exec, web console, HTTP line protocol) on 127.0.0.1 (default 9000)
#   QUESTDB_ILP_PORT        TCP InfluxDB line protocol (default 9009)
#   QUESTDB_PG_PORT         PostgreSQL wire protocol (default 8812)
#   QUESTDB_MIN_HTTP_PORT   health endpoint (default 9003)
#   QUESTDB_HEAP_OPTS       JVM heap (default "-Xms256m -Xmx1g"; QuestDB keeps its data off-heap, memory-mapped)
#   QUESTDB_WORKERS         shared worker threads (default 2, the machine's cores)
#   QUESTDB_JVM_OPTS        extra JVM options
#   QUESTDB_MVN_ARGS        extra arguments for the one-time `mvn` jar fetch (e.g. -o, -s settings.xml)
#   QUESTDB_START_TIMEOUT   seconds to wait for it to answer (default 60)
#   QUESTDB_STOP_TIMEOUT    seconds to wait after SIGTERM before SIGKILL (default 30)
#   QUESTDB_LOG_TAIL        lines of questdb.log printed on failure (default 80; 200 when CI=true)

QUESTDB_TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$QUESTDB_TOOLS_DIR/../lib.sh"
REPO_ROOT="$(cd "$QUESTDB_TOOLS_DIR/../.." && pwd)"
QUESTDB_HOME="${QUESTDB_HOME:-$REPO_ROOT/.tools/questdb}"
QUESTDB_LIBS="$QUESTDB_HOME/libs"
QUESTDB_ROOT="$QUESTDB_HOME/root"
QUESTDB_CONFIG="$QUESTDB_ROOT/conf/server.conf"
QUESTDB_LOG="$QUESTDB_HOME/questdb.log"
QUESTDB_PID_FILE="$QUESTDB_HOME/questdb.pid"
QUESTDB_HOST=127.0.0.1
QUESTDB_HTTP_PORT="${QUESTDB_HTTP_PORT:-9000}"
QUESTDB_ILP_PORT="${QUESTDB_ILP_PORT:-9009}"
QUESTDB_PG_PORT="${QUESTDB_PG_PORT:-8812}"
QUESTDB_MIN_HTTP_PORT="${QUESTDB_MIN_HTTP_PORT:-9003}"
QUESTDB_WORKERS="${QUESTDB_WORKERS:-2}"
QUESTDB_START_TIMEOUT="${QUESTDB_START_TIMEOUT:-60}"
QUESTDB_STOP_TIMEOUT="${QUESTDB_STOP_TIMEOUT:-30}"
if [[ "${CI:-}" == "true" ]]; then QUESTDB_LOG_TAIL="${QUESTDB_LOG_TAIL:-200}"; else QUESTDB_LOG_TAIL="${QUESTDB_LOG_TAIL:-80}"; fi

questdb_log() { tool_log questdb "$@"; }
questdb_die() { tool_die questdb "$@"; }

# Serialises start/stop of one QUESTDB_HOME's server.
questdb_lock() { tool_lock questdb "$QUESTDB_HOME" 120 6; }

questdb_require_java() { tool_require_java questdb "QuestDB $(questdb_version)"; }

# The QuestDB version pinned in tools/questdb/pom.xml.
questdb_version() {
  sed -n 's:.*<questdb.version>\(.*\)</questdb.version>.*:\1:p' "$QUESTDB_TOOLS_DIR/pom.xml" | head -n 1
}

questdb_jar() { printf '%s\n' "$QUESTDB_LIBS/questdb-$(questdb_version).jar"; }

# Fetches the server jar with Maven unless the pinned version is already in libs/.
questdb_ensure_jar() {
  [[ -f "$(questdb_jar)" ]] && return 0
  local version tmp
  version="$(questdb_version)"
  [[ -n "$version" ]] || questdb_die "could not read <questdb.version> from $QUESTDB_TOOLS_DIR/pom.xml"
  command -v mvn >/dev/null 2>&1 ||
    questdb_die "mvn not found on PATH: it is needed once to fetch the QuestDB jar (Debian: apt-get install -y maven)"
  tmp="$QUESTDB_LIBS.partial"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  questdb_log "fetching QuestDB $version from Maven Central into $QUESTDB_LIBS (one time) ..."
  # Maven's output goes to stderr (stdout of start.sh is only the QUESTDB_* settings), without the ANSI colour
  # codes Debian's Maven 3.8 prints even in batch mode; pipefail keeps mvn's status.
  # shellcheck disable=SC2086 # QUESTDB_MVN_ARGS is a list of words on purpose
  if ! mvn -B -q -Dstyle.color=never ${QUESTDB_MVN_ARGS:-} -f "$QUESTDB_TOOLS_DIR/pom.xml" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" 2>&1 |
    sed -u 's/\x1b\[[0-9;]*m//g' >&2; then
    rm -rf "$tmp"
    questdb_die "Maven could not fetch QuestDB $version (errors above). Is Maven Central reachable? Retry, or pass settings with QUESTDB_MVN_ARGS."
  fi
  [[ -f "$tmp/questdb-$version.jar" ]] || {
    rm -rf "$tmp"
    questdb_die "Maven finished but questdb-$version.jar is missing"
  }
  rm -rf "$QUESTDB_LIBS"
  mv "$tmp" "$QUESTDB_LIBS"
}

# Prints the pid of this QUESTDB_HOME's server if it is running (checks the command line, not just the pid).
questdb_pid() { tool_pid "$QUESTDB_PID_FILE" "io.questdb.ServerMain -d $QUESTDB_ROOT"; }
