#!/usr/bin/env bash
# tools/kafka/topics.sh: runs Kafka's own TopicCommand (org.apache.kafka.tools.TopicCommand,
# i.e. kafka-topics.sh) against this repo's local broker. Arguments are passed through;
# --bootstrap-server 127.0.0.1:$KAFKA_PORT is added unless you give one.
#
# Examples:
#   tools/kafka/topics.sh --list
#   tools/kafka/topics.sh --describe --topic measurements
#   tools/kafka/topics.sh --create --topic measurements --partitions 6 --replication-factor 1
# Environment: KAFKA_PORT (9092), KAFKA_TOOLS_JVM_OPTS; see tools/kafka/lib.sh.
# Needs the jars fetched by tools/kafka/start.sh.
set -euo pipefail

exec "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/run-class.sh" org.apache.kafka.tools.TopicCommand "$@"
