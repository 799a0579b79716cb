#!/usr/bin/env bash
# Every suite: lint and types, unit and web tests, server tests on PGlite (and on PostgreSQL when
# TEST_DATABASE_URL is set), then the browser tests against a built console.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.tmp/suites
rm -rf "$out" && mkdir -p "$out"

echo "== lint and types"
npm run -s lint
npm run -s typecheck

echo "== unit, web and server tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile="$out/vitest-pglite.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== server tests on PostgreSQL ($TEST_DATABASE_URL, a fresh database per test file)"
  npx vitest run --project server --reporter=default --reporter=json --outputFile="$out/vitest-postgres.json"
fi

echo "== browser tests (Chromium)"
npm run -s build
PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" npx playwright test --reporter=list,json

node scripts/check-suites.mjs
