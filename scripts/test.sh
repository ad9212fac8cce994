#!/usr/bin/env bash
# npm test: every check and every test, in the order that fails fastest.
#   lint → types → unit tests → production build → API tests against the real server (SQLite, then
#   PostgreSQL) → browser journeys
set -euo pipefail
cd "$(dirname "$0")/.."
# The project's Node.js (node_modules/.bin/node, Node.js 24 from npm) also when this runs outside npm.
export PATH="$PWD/node_modules/.bin:$PATH"
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
mkdir -p .tmp/reports
rm -f .tmp/reports/*.json

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

if [ ! -d node_modules ] || [ ! -d lib/generated/prisma ] || [ ! -d lib/generated/prisma-pg ]; then
  step "install (npm install)"
  npm install --no-audit --no-fund
fi
step "make sure Debian's Chromium is there"
bash scripts/ensure-chromium.sh

step "lint"
npx eslint --max-warnings=0 .
step "type-check"
npx tsc --noEmit

step "unit tests (Vitest)"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.tmp/reports/unit.json

step "production build"
npm run build
node_modules/.bin/tsx -e 'import { sourceStamp } from "./scripts/source-stamp.ts"; import { writeFileSync } from "node:fs"; writeFileSync(".next/source-stamp", sourceStamp(process.cwd()));'

step "API tests against the running server on SQLite (Vitest)"
npx vitest run --project api --reporter=default --reporter=json --outputFile.json=.tmp/reports/api.json

step "API trading tests with the built-in escrow over HTTP (SQLite)"
npx vitest run --project api-escrow-http --reporter=default --reporter=json --outputFile.json=.tmp/reports/api-escrow-http.json

step "API tests against the running server on PostgreSQL (Vitest)"
if postgres_url=$(bash scripts/ensure-postgres.sh); then
  TEST_POSTGRES_URL="$postgres_url" npx vitest run --project api --reporter=default --reporter=json --outputFile.json=.tmp/reports/api-postgres.json
else
  echo "skipped: no PostgreSQL available (see the message above)"
fi

step "browser journeys (Playwright, Debian's Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/reports/e2e.json npx playwright test --reporter=list,json

node_modules/.bin/tsx scripts/test-summary.ts
