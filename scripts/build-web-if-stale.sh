#!/usr/bin/env bash
# Builds the web app when apps/web/dist is missing or older than any of its
# inputs. The one place that decides staleness: the Makefile (make start / make
# test) and the e2e tests' global set-up both call it.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=apps/web/dist/index.html
# The web app also bundles the shared contract, the module forms and the tutorial markdown.
inputs=(apps/web/src apps/web/public apps/web/index.html apps/web/package.json apps/web/vite.config.ts apps/web/tsconfig.json packages/contract/src packages/modules docs/tutorial)
if [[ ! -f $stamp ]] || [[ -n $(find "${inputs[@]}" -newer "$stamp" -print -quit) ]]; then
  echo "[setup] building the web app"
  npm run build:web --silent
fi
