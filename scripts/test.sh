#!/usr/bin/env bash
# `npm test`: the static steps run while apt installs what the tests need (Chromium, bubblewrap);
# the unit/integration phase waits for that install (the local machines' tests need bubblewrap),
# then the end-to-end specs. Stops at the first phase that fails.
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

npm run test:unit && npm run test:e2e
