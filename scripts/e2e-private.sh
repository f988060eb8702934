#!/usr/bin/env bash
# Builds a private copy of the app and runs browser tests against it, so that several people (or agents)
# working in one checkout do not overwrite each other's dist/. Usage: scripts/e2e-private.sh NAME PORT [playwright args…]
set -euo pipefail
cd "$(dirname "$0")/.."
name="$1"; port="$2"; shift 2
WEB_OUTDIR="$PWD/apps/web/.dist-$name" npx vite build -c apps/web/vite.config.ts --logLevel warn
(cd apps/server && SERVER_OUTDIR=".dist-$name" node build.mjs)
cd apps/web && E2E_BUILD="$name" E2E_PORT="$port" npx playwright test -c e2e/playwright.config.ts "$@"
