#!/usr/bin/env bash
# The server Playwright starts: a fresh database in .tmp/e2e, demo data, the production build.
# It serves this machine alone (HOST and PUBLIC_URL on loopback), which is what lets the demo people
# have the harness's DEMO_PASSWORD (playwright.config.ts passes tests/demo-password.ts).
# SEED_DEMO_MARKET comes from the project (e2e/origin.ts): the demo market only where a journey wants it.
set -euo pipefail
cd "$(dirname "$0")/.."
# The project's Node.js (node_modules/.bin/node, Node.js 24 from npm) also when this runs outside npm.
export PATH="$PWD/node_modules/.bin:$PATH"
: "${DEMO_PASSWORD:?set DEMO_PASSWORD to the journeys password (playwright.config.ts does)}"
export DEMO_PASSWORD
export DATA_DIR="${E2E_DATA_DIR:-.tmp/e2e}"
export PORT="${E2E_PORT:-3210}"
export HOST=127.0.0.1
export PUBLIC_URL="http://127.0.0.1:${PORT}"
unset TRUST_PROXY SEED_DEMO_DATA
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 LOG_LEVEL="${LOG_LEVEL:-warn}"
unset DATABASE_URL
# Playwright's request client (page.request, the journeys' API calls) keeps connections and does not
# send a request again when the server closed the idle connection it just reused (ECONNRESET, CI of
# ea17afe, after 5 s of browser work). Browsers do; the journeys' client gets a keep-alive longer
# than any journey instead. tests/api/http-timeouts.test.ts covers the production default.
export HTTP_KEEP_ALIVE_TIMEOUT_MS=600000
rm -rf "$DATA_DIR"
node_modules/.bin/tsx scripts/prepare.ts --no-build
# node's flags: lib/server/runtime/server-node-flags.ts (its test checks this line).
exec node --max-semi-space-size=16 .next/server/custom-server.mjs
