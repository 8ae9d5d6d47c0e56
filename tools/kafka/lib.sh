# shellcheck shell=bash disable=SC2034 # variables are used by the scripts that source this file
# tools/kafka/lib.sh: shared helpers for tools/kafka/*.sh (sourced, not run).
#
# Paths are derived from this file's location: all state lives in <repo>/.tools/kafka/
# (libs/, data/, server.properties, log4j2 configs, kafka.log, kafka.pid).
#
# Environment (all optional):
#   KAFKA_HOME             state directory (default <repo>/.tools/kafka): a second, independent broker
#                          (e.g. one a test kills) needs its own, with its own two ports
#   KAFKA_PORT             PLAINTEXT listener port on 127.0.0.1 (default 9092)
#   KAFKA_CONTROLLER_PORT  KRaft controller listener port on 127.0.0.1 (default 9093)
#   KAFKA_HEAP_OPTS        broker heap (default "-Xms256m -Xmx1g")
#   KAFKA_JVM_OPTS         extra JVM options for the broker
#   KAFKA_TOOLS_JVM_OPTS   JVM options for the CLI tools (default: small heap, fast startup)
#   KAFKA_MVN_ARGS         extra arguments for the one-time `mvn` jar fetch (e.g. -o, -s settings.xml)
#   KAFKA_START_TIMEOUT    seconds to wait for the broker to answer (default 120)
#   KAFKA_STOP_TIMEOUT     seconds to wait for a graceful stop before SIGKILL (default 60)
#   KAFKA_LOG_TAIL         lines of kafka.log printed on failure (default 80; 200 when CI=true)

KAFKA_TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$KAFKA_TOOLS_DIR/../lib.sh"
REPO_ROOT="$(cd "$KAFKA_TOOLS_DIR/../.." && pwd)"
KAFKA_HOME="${KAFKA_HOME:-$REPO_ROOT/.tools/kafka}"
# The jars are shared by every broker of this checkout.
KAFKA_LIBS="$REPO_ROOT/.tools/kafka/libs"
KAFKA_DATA="$KAFKA_HOME/data"
KAFKA_CONFIG="$KAFKA_HOME/server.properties"
KAFKA_LOG4J="$KAFKA_HOME/log4j2.properties"
KAFKA_TOOLS_LOG4J="$KAFKA_HOME/tools-log4j2.properties"
KAFKA_LOG="$KAFKA_HOME/kafka.log"
KAFKA_PID_FILE="$KAFKA_HOME/kafka.pid"
KAFKA_HOST=127.0.0.1
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
KAFKA_BROKERS="$KAFKA_HOST:$KAFKA_PORT"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-120}"
KAFKA_STOP_TIMEOUT="${KAFKA_STOP_TIMEOUT:-60}"
if [[ "${CI:-}" == "true" ]]; then KAFKA_LOG_TAIL="${KAFKA_LOG_TAIL:-200}"; else KAFKA_LOG_TAIL="${KAFKA_LOG_TAIL:-80}"; fi

kafka_log() { tool_log kafka "$@"; }
kafka_die() { tool_die kafka "$@"; }

kafka_log_tail() { tool_log_tail kafka "$KAFKA_LOG" "$KAFKA_LOG_TAIL"; }

# Serialises start/stop of this repo's broker (e.g. parallel test workers).
kafka_lock() { tool_lock kafka "$KAFKA_HOME" 600 9; }

kafka_require_java() {
  command -v java >/dev/null 2>&1 ||
    kafka_die "java not found on PATH: Kafka needs Java 17+ (Debian: apt-get install -y openjdk-17-jre-headless)"
  local line major
  line="$(java -version 2>&1 | head -n 1)"
  major="$(sed -E 's/^[^"]*"([0-9]+)(\.[^"]*)?".*$/\1/' <<<"$line")"
  if [[ "$major" =~ ^[0-9]+$ ]] && ((major < 17)); then
    kafka_die "Kafka 4.x needs Java 17+, found: $line"
  fi
}

# The Kafka version pinned in tools/kafka/pom.xml.
kafka_version() {
  sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$KAFKA_TOOLS_DIR/pom.xml" | head -n 1
}

kafka_jars_present() {
  [[ -f "$KAFKA_LIBS/.fetched" && "$(cat "$KAFKA_LIBS/.fetched")" == "$(kafka_version)" ]]
}

# Fetches the broker jars with Maven unless the pinned version is already in libs/.
kafka_ensure_jars() {
  kafka_jars_present && return 0
  local version tmp
  version="$(kafka_version)"
  [[ -n "$version" ]] || kafka_die "could not read <kafka.version> from $KAFKA_TOOLS_DIR/pom.xml"
  command -v mvn >/dev/null 2>&1 ||
    kafka_die "mvn not found on PATH: it is needed once to fetch the Kafka jars (Debian: apt-get install -y maven)"
  tmp="$KAFKA_LIBS.partial"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  kafka_log "fetching Kafka $version jars from Maven Central into $KAFKA_LIBS (one time) ..."
  local started=$SECONDS
  # -q keeps the output short; Maven still prints [ERROR] lines for any download failure.
  # Its output goes to stderr (stdout of start.sh is only KAFKA_BROKERS=...), minus the ANSI
  # colour codes Debian's Maven 3.8 prints even in batch mode. pipefail keeps mvn's status.
  # shellcheck disable=SC2086 # KAFKA_MVN_ARGS is a list of words on purpose
  if ! mvn -B -q -Dstyle.color=never ${KAFKA_MVN_ARGS:-} -f "$KAFKA_TOOLS_DIR/pom.xml" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" 2>&1 |
    sed -u 's/\x1b\[[0-9;]*m//g' >&2; then
    rm -rf "$tmp"
    kafka_die "Maven could not fetch the Kafka $version jars (errors above). Is Maven Central reachable? Retry, or pass settings with KAFKA_MVN_ARGS."
  fi
  [[ -f "$tmp/kafka_2.13-$version.jar" && -f "$tmp/kafka-tools-$version.jar" ]] || {
    rm -rf "$tmp"
    kafka_die "Maven finished but kafka_2.13-$version.jar / kafka-tools-$version.jar are missing"
  }
  printf '%s\n' "$version" >"$tmp/.fetched"
  rm -rf "$KAFKA_LIBS"
  mv "$tmp" "$KAFKA_LIBS"
  kafka_log "fetched $(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars in $((SECONDS - started))s"
}

# Log4j2 configs: the broker logs to stdout (redirected to kafka.log); tools only warn, to stderr.
kafka_write_log4j() {
  mkdir -p "$KAFKA_HOME"
  cat >"$KAFKA_LOG4J" <<'EOF'
# Generated by tools/kafka/start.sh; edits are overwritten.
status = warn
name = plantlens-kafka
appender.out.type = Console
appender.out.name = OUT
appender.out.target = SYSTEM_OUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = OUT
logger.request.name = kafka.request.logger
logger.request.level = WARN
logger.authorizer.name = kafka.authorizer.logger
logger.authorizer.level = WARN
EOF
  cat >"$KAFKA_TOOLS_LOG4J" <<'EOF'
# Generated by tools/kafka/*.sh; edits are overwritten.
status = warn
name = plantlens-kafka-tools
appender.err.type = Console
appender.err.name = ERR
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.err.ref = ERR
EOF
}

# Runs a Java main class from the Kafka jars as a short-lived CLI tool.
kafka_run_tool() {
  local -a jvm
  # shellcheck disable=SC2206 # word splitting of the options string is intended
  jvm=(${KAFKA_TOOLS_JVM_OPTS:--Xms32m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1})
  java "${jvm[@]}" -Djava.awt.headless=true -Dlog4j2.configurationFile="$KAFKA_TOOLS_LOG4J" \
    -cp "$KAFKA_LIBS/*" "$@"
}

# Prints the pid of this repo's broker if it is running (checks the command line, not just the pid).
kafka_pid() {
  [[ -f "$KAFKA_PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$KAFKA_PID_FILE" 2>/dev/null)"
  [[ "$pid" =~ ^[0-9]+$ && -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "kafka.Kafka $KAFKA_CONFIG" || return 1
  printf '%s\n' "$pid"
}

