#!/usr/bin/env bash
# `bash tools/fuzz/run.sh [standalone|cluster|all]`: Schemathesis fuzzes every operation of the OpenAPI
# document at /api/docs/openapi.json (docs/api.md), signed in once as the administrator and once as a plain
# user: no answer may be a 5xx, and each must have a documented status, content type and body schema.
# Needs the build (`npm run build`); cluster mode also needs DATABASE_URL and KAFKA_BROKERS
# (tools/postgres/start.sh, tools/kafka/start.sh). Reports go to .tools/fuzz/; the last line printed is
# "fuzz: N passed, N failed" (operations without / with a failure, over every run). Exits 1 on any failure.
# FUZZ_PORT (3391; the cluster takes the five after it) and FUZZ_MAX_EXAMPLES bound it.
set -uo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-standalone}
port=${FUZZ_PORT:-3391}
max_examples=${FUZZ_MAX_EXAMPLES:-10}
out=.tools/fuzz
venv=.tools/fuzz-venv
admin_password=fuzz-admin1
plain_password=fuzz-plain1
rm -rf "$out" && mkdir -p "$out"

log() { printf '[fuzz] %s\n' "$*" >&2; }

pinned=$(grep -v '^#' tools/fuzz/requirements.txt)
if ! "$venv/bin/pip" freeze 2>/dev/null | grep -xF "$pinned" >/dev/null; then
  log "installing Schemathesis in $venv"
  { python3 -m venv "$venv" && "$venv/bin/pip" install -q -r tools/fuzz/requirements.txt; } || exit 1
fi
[ -f apps/gateway/dist/main.js ] || {
  log 'no build: run `npm run build` first'
  exit 1
}

pids=()
cleanups=()
stop_services() {
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
  wait 2>/dev/null
  pids=()
}
clean_up() {
  stop_services
  for step in "${cleanups[@]}"; do eval "$step"; done
}
trap clean_up EXIT

# start NAME PORT [-u NAME...] [SETTING=VALUE...]: a built service in the background; its log is .tools/fuzz/NAME.log.
start() {
  local name=$1 service_port=$2
  shift 2
  env "$@" PORT="$service_port" HOST=127.0.0.1 LOG_FORMAT=text SIMULATOR_ENABLED=false \
    node "apps/$name/dist/main.js" >>"$out/$name.log" 2>&1 &
  pids+=("$!")
}

wait_ready() {
  for _ in $(seq 1 240); do
    curl -fsS "$1/api/ready" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  log "$1 did not become ready; logs in $out/"
  return 1
}

# fuzz_as RUN URL TOKEN PHASES: one Schemathesis run; its JUnit report is .tools/fuzz/RUN.xml.
fuzz_as() {
  local run=$1 url=$2 token=$3 phases=$4
  log "$run: fuzzing every operation of $url/api/docs/openapi.json"
  # too_slow: how fast examples are generated depends on the box's load, not on the API.
  "$venv/bin/schemathesis" run "$url/api/docs/openapi.json" \
    --url "$url" \
    --header "X-Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --phases "$phases" \
    --max-examples "$max_examples" \
    --request-timeout 10 \
    --generation-database none \
    --suppress-health-check too_slow \
    --report junit --report-junit-path "$out/$run.xml" \
    --no-color >"$out/$run.txt" 2>&1
  tail -n 15 "$out/$run.txt" >&2
}

# fuzz_both PREFIX URL: as a new plain user made through the API, then as the administrator. Every operation
# is fuzzed, none left out: the super admin cannot be edited, disabled or deleted (403), and the plain user's
# run is over before the administrator's may disable it. The plain user, refused (403) by most routes
# before its input is read, skips the coverage phase (boundary values of every field) to save time.
fuzz_both() {
  local tokens
  tokens=$(node tools/fuzz/users.mjs "$2" admin "$admin_password" "$plain_password") || return 1
  fuzz_as "$1-plain" "$2" "$(sed -n 2p <<<"$tokens")" examples,fuzzing
  fuzz_as "$1-admin" "$2" "$(sed -n 1p <<<"$tokens")" examples,coverage,fuzzing
}

run_standalone() {
  local data_dir
  data_dir=$(mktemp -d) && cleanups+=("rm -rf '$data_dir'")
  # Standalone means PGlite and the in-memory bus, whatever servers the calling shell points at.
  start gateway "$port" -u DATABASE_URL -u KAFKA_BROKERS -u MQTT_URL \
    DATA_DIR="$data_dir" SUPERADMIN_PASSWORD="$admin_password"
  wait_ready "http://127.0.0.1:$port" && fuzz_both standalone "http://127.0.0.1:$port"
  stop_services
}

run_cluster() {
  if [ -z "${DATABASE_URL:-}" ] || [ -z "${KAFKA_BROKERS:-}" ]; then
    log 'cluster mode needs DATABASE_URL and KAFKA_BROKERS (tools/postgres/start.sh, tools/kafka/start.sh)'
    return 1
  fi
  local database keys="$out/keys"
  database="plantlens_fuzz_$$"
  local database_url
  database_url=$(node tools/fuzz/cluster-database.mjs create "$database") || return 1
  cleanups+=("node tools/fuzz/cluster-database.mjs drop '$database'")
  mkdir -p "$keys" && chmod 700 "$keys"
  openssl genpkey -algorithm ed25519 -out "$keys/signing-key.pem" 2>/dev/null &&
    openssl pkey -in "$keys/signing-key.pem" -pubout -out "$keys/verify-key.pem" || return 1
  local -a shared=(DATABASE_URL="$database_url" KAFKA_BROKERS="$KAFKA_BROKERS" KAFKA_CLIENT_ID="fuzz-$$"
    AUTH_VERIFY_KEY="$(cat "$keys/verify-key.pem")" SERVICE_TOKEN="$(openssl rand -hex 32)")
  local identity="http://127.0.0.1:$((port + 1))" variables="http://127.0.0.1:$((port + 2))"
  local rules="http://127.0.0.1:$((port + 3))" valves="http://127.0.0.1:$((port + 4))"
  local gateway="http://127.0.0.1:$((port + 5))"
  start identity $((port + 1)) "${shared[@]}" AUTH_SIGNING_KEY="$(cat "$keys/signing-key.pem")" \
    SUPERADMIN_PASSWORD="$admin_password"
  start variables $((port + 2)) "${shared[@]}" IDENTITY_URL="$identity"
  start rules-engine $((port + 3)) "${shared[@]}" IDENTITY_URL="$identity" VARIABLES_URL="$variables"
  start valve-monitor $((port + 4)) "${shared[@]}" IDENTITY_URL="$identity" VARIABLES_URL="$variables"
  start gateway $((port + 5)) "${shared[@]}" GATEWAY_MODE=cluster IDENTITY_URL="$identity" \
    VARIABLES_URL="$variables" RULES_URL="$rules" VALVES_URL="$valves"
  local ready=true
  for url in "$identity" "$variables" "$rules" "$valves" "$gateway"; do
    wait_ready "$url" || ready=false
  done
  $ready && fuzz_both cluster "$gateway"
  stop_services
}

case "$mode" in
  standalone) run_standalone ;;
  cluster) run_cluster ;;
  all)
    run_standalone
    run_cluster
    ;;
  *)
    log 'usage: tools/fuzz/run.sh [standalone|cluster|all]'
    exit 2
    ;;
esac
expected=$([ "$mode" = all ] && echo standalone-plain standalone-admin cluster-plain cluster-admin ||
  echo "$mode-plain" "$mode-admin")
# shellcheck disable=SC2086 # one argument per expected run
"$venv/bin/python" tools/fuzz/summary.py "$out" $expected | tee "$out/summary.txt"
tail -n 1 "$out/summary.txt" | grep -q ', 0 failed$'
