#!/usr/bin/env bash
# `npm run cluster`: the cluster mode on one machine. Starts a real PostgreSQL and a real Kafka broker
# (tools/postgres, tools/kafka), builds, then runs the five services as separate processes:
#   gateway :3000 (GATEWAY_MODE=cluster, serves the web app, routes /api/*, hosts the simulator)
#   identity :3001  variables :3002  rules-engine :3003  valve-monitor :3004
# Logs go to .tools/cluster/<service>.log. Ctrl-C stops the services (the servers keep running;
# stop them with tools/postgres/stop.sh and tools/kafka/stop.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
export NX_DAEMON=false NX_NO_CLOUD=true KAFKAJS_NO_PARTITIONER_WARNING=1
export "$(bash tools/postgres/start.sh)"
export "$(bash tools/kafka/start.sh)"
npx nx run-many -t build --output-style=static
logs=.tools/cluster
mkdir -p "$logs"

pids=()
stop_services() {
  trap - INT TERM EXIT
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
  wait 2>/dev/null
}
trap stop_services INT TERM EXIT

run() {
  local name=$1 port=$2
  shift 2
  env PORT="$port" LOG_FORMAT="${LOG_FORMAT:-json}" "$@" node "apps/$name/dist/main.js" >"$logs/$name.log" 2>&1 &
  pids+=("$!")
}

run identity 3001
run variables 3002
run rules-engine 3003
run valve-monitor 3004
run gateway 3000 GATEWAY_MODE=cluster SIMULATOR_ENABLED="${SIMULATOR_ENABLED:-true}" \
  IDENTITY_URL=http://127.0.0.1:3001 VARIABLES_URL=http://127.0.0.1:3002 \
  RULES_URL=http://127.0.0.1:3003 VALVES_URL=http://127.0.0.1:3004

for port in 3001 3002 3003 3004 3000; do
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 && break
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 || {
    echo "service on :$port did not become ready; see $logs/" >&2
    exit 1
  }
done
echo "Plantlens cluster ready: http://localhost:3000 (logs in $logs/, Ctrl-C to stop)"
wait
