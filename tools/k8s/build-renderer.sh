#!/usr/bin/env bash
# tools/k8s/build-renderer.sh: builds the kustomize renderer (main.go, the module sigs.k8s.io/kustomize/api of
# go.mod) once into <repo>/.tools/k8s/ and prints the binary's path on stdout. The name carries a hash of
# go.mod, go.sum and main.go, so a change to any of them builds anew and an unchanged tree reuses the binary
# (a cold build downloads the modules and takes a minute or two; later ones are instant).
# Needs Go 1.26+ (`go` on PATH or /usr/local/go/bin/go) and the Go module proxy.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out_dir="$(cd "$here/../.." && pwd)/.tools/k8s"
hash="$(cat "$here/go.mod" "$here/go.sum" "$here/main.go" | sha256sum | cut -c1-16)"
binary="$out_dir/kustomize-render-$hash"

if [[ ! -x "$binary" ]]; then
  go_bin="$(command -v go || echo /usr/local/go/bin/go)"
  [[ -x "$go_bin" ]] || { echo "[k8s] ERROR: Go 1.26+ is needed to build the kustomize renderer" >&2; exit 1; }
  mkdir -p "$out_dir"
  rm -f "$out_dir"/kustomize-render-*
  echo "[k8s] building the kustomize renderer into $binary" >&2
  # A temporary name first: a build cut short never leaves a binary that looks finished.
  (cd "$here" && GOTOOLCHAIN=local "$go_bin" build -trimpath -buildvcs=false -o "$binary.partial" .)
  mv "$binary.partial" "$binary"
fi
echo "$binary"
