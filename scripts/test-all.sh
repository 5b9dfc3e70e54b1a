#!/usr/bin/env bash
# The README's test command: every suite, then one line "N passed, N failed" summed over them.
#   1. Vitest: domain unit tests and API integration tests on PGlite
#   2. the API integration tests again on PostgreSQL, when one answers (DATABASE_URL, or 127.0.0.1:5432)
#   3. Playwright end-to-end tests in Debian's Chromium against the built server (npm run build: the compiled API and the storefront)
set -uo pipefail
cd "$(dirname "$0")/.."
results=test-results
rm -rf "$results" && mkdir -p "$results"
status=0
suites=(vitest-pglite) # the reports sum-results.mjs must find: a suite that did not run counts as failed

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Chromium absent : installation du paquet Debian chromium…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) || { echo "Échec de l'installation de chromium."; exit 1; }
  else
    echo "Les tests navigateur ont besoin de Chromium. Installez-le avec :"
    echo "  sudo apt-get update && sudo apt-get install -y chromium"
    exit 1
  fi
fi

echo "== Vitest (domaine + API sur PGlite) =="
DATABASE_URL= npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest-pglite.json" || status=1

pg_url="${DATABASE_URL:-}"
if [ -z "$pg_url" ] && node -e "require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" 2>/dev/null; then
  pg_url="postgres://$(id -un)@127.0.0.1:5432/postgres"
fi
if [ -n "$pg_url" ]; then
  echo "== Vitest (API sur PostgreSQL) =="
  suites+=(vitest-postgres)
  DATABASE_URL="$pg_url" npx vitest run --project api --reporter=default --reporter=json --outputFile="$results/vitest-postgres.json" || status=1
else
  echo "== PostgreSQL absent : tests API sur PostgreSQL non lancés (PGlite couvert ci-dessus) =="
fi

echo "== Construction (serveur compilé et boutique : npm run build) =="
npm run build --silent >"$results/build.log" 2>&1 || { cat "$results/build.log"; status=1; }
# No warning in the build's output: what `npm start` shows a newcomer is French lines (README, "Two commands").
node scripts/build-log-check.mjs "$results/build.log" || status=1

echo "== Playwright (Chromium) =="
suites+=(playwright)
CI=1 CHROMIUM_PATH="$chromium_path" npx playwright test -c apps/web/playwright.config.ts || status=1

node scripts/sum-results.mjs "$results" "${suites[@]}" || status=1
exit $status
