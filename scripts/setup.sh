#!/usr/bin/env bash
# Sets up a fresh machine: pnpm, Chromium (for the review page's browser test), and the project's
# dependencies from the lockfile. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=10.34.9
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null
fi

if ! command -v chromium >/dev/null 2>&1 && [ "${FORGE_SKIP_BROWSER:-0}" != "1" ]; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "setup: could not install chromium; the review-page browser test will fail (set FORGE_SKIP_BROWSER=1 to skip it)" >&2
  else
    echo "setup: chromium missing and not root; install Debian's chromium package for the browser test" >&2
  fi
fi

pnpm install --frozen-lockfile
