#!/usr/bin/env bash
# The server Playwright starts: a fresh database in .tmp/e2e, demo data, the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-.tmp/e2e}"
export PORT="${E2E_PORT:-3210}"
export HOST=127.0.0.1
export PUBLIC_URL="http://127.0.0.1:${PORT}"
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 LOG_LEVEL="${LOG_LEVEL:-warn}"
unset DATABASE_URL
rm -rf "$DATA_DIR"
node_modules/.bin/tsx scripts/prepare.ts --no-build
exec node --enable-source-maps .next/server/custom-server.mjs
