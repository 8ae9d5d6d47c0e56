#!/usr/bin/env bash
# `npm run cluster`: the cluster mode on one machine. Starts a real PostgreSQL and a real Kafka broker
# (tools/postgres, tools/kafka), builds, then runs the five services as separate processes:
#   gateway :3000 (GATEWAY_MODE=cluster, serves the web app, routes /api/*, hosts the simulator)
#   identity :3001  variables :3002  rules-engine :3003  valve-monitor :3004
# (CLUSTER_PORT_BASE moves them all: gateway on the base, the others on base+1..4).
# Logs go to .tools/cluster/<service>.log, each service's process id to .tools/cluster/pids (name pid,
# read by `npm run soak`). Ctrl-C stops the services (the servers keep running; stop them with
# tools/postgres/stop.sh and tools/kafka/stop.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
export NX_DAEMON=false NX_NO_CLOUD=true KAFKAJS_NO_PARTITIONER_WARNING=1
export "$(bash tools/postgres/start.sh)"
export "$(bash tools/kafka/start.sh)"
npx nx run-many -t build --output-style=static
logs=.tools/cluster
mkdir -p "$logs"

# One Ed25519 key pair and one service token for the whole cluster, made once: identity signs access
# tokens with the private key, every service verifies them with the public key (docs/security.md "Security").
keys=.tools/cluster/keys
if [ ! -f "$keys/signing-key.pem" ]; then
  mkdir -p "$keys" && chmod 700 "$keys"
  node -e '
    const { generateKeyPairSync, randomBytes } = require("node:crypto");
    const { writeFileSync } = require("node:fs");
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const dir = process.argv[1];
    writeFileSync(`${dir}/signing-key.pem`, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    writeFileSync(`${dir}/verify-key.pem`, publicKey.export({ type: "spki", format: "pem" }), { mode: 0o600 });
    writeFileSync(`${dir}/service-token`, randomBytes(32).toString("base64url"), { mode: 0o600 });
  ' "$keys"
fi
# The bearer token Prometheus scrapes every service's /metrics with (docs/operations.md "Metrics"); made on
# its own so that a keys directory from before it gets one too.
if [ ! -f "$keys/metrics-token" ]; then
  node -e 'require("node:fs").writeFileSync(process.argv[1], require("node:crypto").randomBytes(32).toString("base64url"), { mode: 0o600 })' "$keys/metrics-token"
fi
AUTH_VERIFY_KEY=$(cat "$keys/verify-key.pem")
SERVICE_TOKEN=$(cat "$keys/service-token")
METRICS_TOKEN=$(cat "$keys/metrics-token")
export AUTH_VERIFY_KEY SERVICE_TOKEN METRICS_TOKEN

base=${CLUSTER_PORT_BASE:-3000}
gateway_port=$base identity_port=$((base + 1)) variables_port=$((base + 2))
rules_port=$((base + 3)) valves_port=$((base + 4))
: >"$logs/pids"

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
  echo "$name $!" >>"$logs/pids"
}

identity_url=http://127.0.0.1:$identity_port variables_url=http://127.0.0.1:$variables_port
run identity "$identity_port" AUTH_SIGNING_KEY="$(cat "$keys/signing-key.pem")"
run variables "$variables_port" IDENTITY_URL="$identity_url"
run rules-engine "$rules_port" IDENTITY_URL="$identity_url" VARIABLES_URL="$variables_url"
run valve-monitor "$valves_port" IDENTITY_URL="$identity_url" VARIABLES_URL="$variables_url"
run gateway "$gateway_port" GATEWAY_MODE=cluster SIMULATOR_ENABLED="${SIMULATOR_ENABLED:-true}" \
  IDENTITY_URL="$identity_url" VARIABLES_URL="$variables_url" \
  RULES_URL="http://127.0.0.1:$rules_port" VALVES_URL="http://127.0.0.1:$valves_port"

for port in "$identity_port" "$variables_port" "$rules_port" "$valves_port" "$gateway_port"; do
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 && break
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 || {
    echo "service on :$port did not become ready; see $logs/" >&2
    exit 1
  }
done
echo "Plantlens cluster ready: http://localhost:$gateway_port (logs in $logs/, Ctrl-C to stop)"
echo "Sign in as admin; on the first start its password is printed once in $logs/identity.log (or set SUPERADMIN_PASSWORD)."
wait
