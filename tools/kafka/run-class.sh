#!/usr/bin/env bash
# tools/kafka/run-class.sh: runs any Kafka CLI main class from the fetched jars against this
# repo's local broker, like Kafka's bin/kafka-run-class.sh. --bootstrap-server
# 127.0.0.1:$KAFKA_PORT is added unless the arguments already name one (or --no-bootstrap).
#
# Examples:
#   tools/kafka/run-class.sh org.apache.kafka.tools.consumer.group.ConsumerGroupCommand --list
#   tools/kafka/run-class.sh org.apache.kafka.tools.ProducerPerformance --no-bootstrap \
#     --topic perf --num-records 100000 --record-size 200 --throughput -1 \
#     --producer-props bootstrap.servers=127.0.0.1:9092
# Environment: KAFKA_PORT (9092), KAFKA_TOOLS_JVM_OPTS; see tools/kafka/lib.sh.
# Needs the jars fetched by tools/kafka/start.sh.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

(($# >= 1)) || kafka_die "usage: tools/kafka/run-class.sh <main class> [args...]"
kafka_jars_present || kafka_die "the Kafka jars are not in $KAFKA_LIBS yet: run tools/kafka/start.sh first"
kafka_require_java
[[ -f "$KAFKA_TOOLS_LOG4J" ]] || kafka_write_log4j

main_class="$1"
shift
add_bootstrap=true
args=()
for arg in "$@"; do
  case "$arg" in
    --bootstrap-server | --bootstrap-server=*) add_bootstrap=false ;;
    --no-bootstrap) add_bootstrap=false; continue ;;
  esac
  args+=("$arg")
done
if [[ "$add_bootstrap" == true ]]; then
  args=(--bootstrap-server "$KAFKA_BROKERS" "${args[@]}")
fi
kafka_run_tool "$main_class" "${args[@]}"
