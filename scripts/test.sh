#!/usr/bin/env bash
# `npm test`: the static steps run while apt installs what the tests need (Chromium, bubblewrap);
# then the unit/integration phase and the end-to-end specs run side by side (the local machines'
# tests need bubblewrap, the specs Chromium and the static steps' build). Each alone left a fifth of
# two cores idle, waiting on servers, shells and Chromium; side by side they take 579 s instead of
# 678 s on a 2-core machine. The unit output is shown as it comes, the specs' output when they end.
# Fails when the static steps fail (nothing else runs), or when either phase fails.
set -uo pipefail
cd "$(dirname "$0")/.."

packages_log="$(mktemp)"
bash scripts/system-packages.sh chromium >"$packages_log" 2>&1 &
packages=$!

npm run static
static_status=$?
wait "$packages"
cat "$packages_log"
rm -f "$packages_log"
[ "$static_status" -eq 0 ] || exit "$static_status"

e2e_log="$(mktemp)"
npm run test:e2e >"$e2e_log" 2>&1 &
e2e=$!
echo "(the end-to-end specs run beside the unit/integration phase; their output follows when they end)"
npm run test:unit
unit_status=$?
wait "$e2e"
e2e_status=$?
cat "$e2e_log"
rm -f "$e2e_log"
echo "unit/integration: exit $unit_status; end-to-end: exit $e2e_status"
[ "$unit_status" -eq 0 ] || exit "$unit_status"
exit "$e2e_status"
