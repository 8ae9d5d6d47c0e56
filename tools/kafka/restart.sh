#!/usr/bin/env bash
# tools/kafka/restart.sh: stop.sh then start.sh; topics, messages and committed offsets in
# .tools/kafka/data are kept. Prints KAFKA_BROKERS=... like start.sh.
# Environment: as start.sh and stop.sh (see tools/kafka/lib.sh).
set -euo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$dir/stop.sh"
exec "$dir/start.sh"
