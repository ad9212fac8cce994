#!/usr/bin/env bash
# The server Playwright starts: a fresh database in .tmp/e2e, demo data, the production build.
# It serves this machine alone (HOST and PUBLIC_URL on loopback), which is what lets the demo people
# have the harness's DEMO_PASSWORD (playwright.config.ts passes tests/demo-password.ts).
# SEED_DEMO_MARKET comes from the project (e2e/origin.ts): the demo market only where a journey wants it.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DEMO_PASSWORD:?set DEMO_PASSWORD to the journeys password (playwright.config.ts does)}"
export DEMO_PASSWORD
export DATA_DIR="${E2E_DATA_DIR:-.tmp/e2e}"
export PORT="${E2E_PORT:-3210}"
export HOST=127.0.0.1
export PUBLIC_URL="http://127.0.0.1:${PORT}"
unset TRUST_PROXY SEED_DEMO_DATA
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 LOG_LEVEL="${LOG_LEVEL:-warn}"
unset DATABASE_URL
rm -rf "$DATA_DIR"
node_modules/.bin/tsx scripts/prepare.ts --no-build
exec node .next/server/custom-server.mjs
